import { Link } from "@remix-run/react";
import { ko } from "~/copy/ko";

/**
 * What the owner reads at the top of a page of a menu she hid on /home-update: visitors get the 404
 * page there (DESIGN §10 "Hidden menus"), and the link takes her to where she shows it again.
 */
export function HiddenSectionNotice({ hidden }: { hidden: boolean }) {
  if (!hidden) return null;
  return (
    <p className="hidden-section-notice" role="note">
      <strong className="hidden-section-notice__badge">{ko.hiddenSection.badge}</strong> {ko.hiddenSection.notice}{" "}
      <Link to="/home-update">{ko.hiddenSection.edit}</Link>
    </p>
  );
}
