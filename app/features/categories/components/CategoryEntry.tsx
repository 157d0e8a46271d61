import { Link } from "@remix-run/react";
import { Selectable } from "~/components/ListDeletion";

/** A category's card in its list: a link to the category's own list, or in delete mode a box to tick. */
export function CategoryEntry({
  item,
  deleteFormId,
  href,
  card,
}: {
  item: { index: number; categoryNm: string };
  /** Set in delete mode: the form the box belongs to. */
  deleteFormId: string | null;
  href: string;
  card: React.ReactNode;
}) {
  if (deleteFormId) {
    return (
      <Selectable formId={deleteFormId} id={item.index} label={item.categoryNm}>
        {card}
      </Selectable>
    );
  }
  return (
    <Link className="list-item-link list-item-link--plain" to={href} prefetch="intent">
      {card}
    </Link>
  );
}
