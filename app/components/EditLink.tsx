import { Link } from "@remix-run/react";
import { ko } from "~/copy/ko";

/** A list item as a link to its edit screen (edit mode); its visible text stays its accessible name. */
export function EditLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Link className="list-item-link" to={to}>
      <span className="visually-hidden">{ko.common.edit}: </span>
      {children}
    </Link>
  );
}
