import { Link } from "@remix-run/react";
import { ko } from "~/copy/ko";
import { koAdmin } from "~/copy/ko-admin";
import type { Picture as Stored } from "~/lib/picture";
import { OrderButtons } from "./OrderButtons";
import { Picture } from "./Picture";

// A list in its edit mode, only ever loaded by the owner: the public list pages import it lazily
// (React.lazy), so visitors' JavaScript carries none of it (docs/architecture.md §7 budgets).

export type EditRow = {
  id: number;
  name: string;
  picture: Stored | null;
  editHref: string;
  /** Words after the name (숨김, 고정됨). */
  badges?: string[];
  /** Whether it can go up or down among its peers (its section, its pinned or unpinned group). */
  isFirst: boolean;
  isLast: boolean;
  /** Words of its own under the name (a group buy's state, window and clicks). */
  note?: React.ReactNode;
  /** Controls of its own, before 수정 (a reel's 고정). */
  extra?: React.ReactNode;
};

/** The thumbnail's width (app/styles/lists.css, .edit-row__thumb). */
const THUMBNAIL_SIZES = "56px";

/** A card's picture drawn as a thumbnail: the smallest size that fills 56 px, loaded as it comes into view. */
function thumbnailOf(picture: Stored): Stored {
  const { src, width, height } = picture.img;
  return {
    sources: picture.sources.map((source) => ({ ...source, sizes: THUMBNAIL_SIZES })),
    img: { src, width, height, loading: "lazy" },
  };
}

/**
 * The rows of a list in edit mode (docs/product.md §4): for each item a small thumbnail, its name,
 * 위로/아래로 and 수정, in one compact row, so moving an item means no long scrolling. Each row has
 * the id `item-{id}` the page comes back to after a move without JavaScript.
 */
export function EditRows({ action, rows, label }: { action: string; rows: EditRow[]; label: string }) {
  return (
    <ol className="edit-rows" aria-label={label}>
      {rows.map((row) => (
        <li key={row.id} id={`item-${row.id}`} className="edit-row">
          {row.picture ? (
            <Picture className="edit-row__thumb" picture={thumbnailOf(row.picture)} alt="" />
          ) : (
            <span className="edit-row__thumb image-placeholder" aria-hidden="true" />
          )}
          <p className="edit-row__name">
            {row.name}
            {row.badges?.map((badge) => (
              <span key={badge} className="badge">
                {badge}
              </span>
            ))}
          </p>
          {row.note ? <p className="edit-row__note">{row.note}</p> : null}
          <div className="edit-row__controls">
            <OrderButtons action={action} id={row.id} name={row.name} isFirst={row.isFirst} isLast={row.isLast} />
            {row.extra}
            <Link className="button button--small" to={row.editHref} aria-label={koAdmin.editRows.editOf(row.name)}>
              {ko.common.edit}
            </Link>
          </div>
        </li>
      ))}
    </ol>
  );
}

export default EditRows;
