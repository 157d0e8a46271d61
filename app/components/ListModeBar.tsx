import { Link } from "@remix-run/react";
import { ko } from "~/copy/ko";

/** docs/architecture.md §3 list modes, kept in the URL so they work without JavaScript. */
export type ListMode = "normal" | "edit" | "delete";

export function listModeOf(request: Request, isAdmin: boolean): ListMode {
  if (!isAdmin) return "normal";
  const mode = new URL(request.url).searchParams.get("mode");
  return mode === "edit" || mode === "delete" ? mode : "normal";
}

/**
 * The admin's bar above a list: 등록 / 수정 / 삭제 in normal mode; 수정 중 with 취소 in edit mode;
 * 삭제 중 with 삭제 (submits the selection form) and 취소 in delete mode. In delete mode the bar
 * floats above the bottom navigation, within reach however long the list, with the ticked count
 * (a CSS counter, `main::after` in lists.css: live with or without JavaScript, and no script on
 * visitors' pages); the selection form's error floats just above it.
 */
export function ListModeBar({
  mode,
  basePath,
  registerHref,
  deleteFormId,
}: {
  mode: ListMode;
  basePath: string;
  registerHref: string;
  deleteFormId: string;
}) {
  const search = (next: ListMode) => (next === "normal" ? basePath : `${basePath}?mode=${next}`);
  return (
    <div className={`list-mode-bar list-mode-bar--${mode}`} role="toolbar" aria-label={ko.list.adminActions}>
      {mode === "normal" ? (
        <>
          <Link className="button button--small button--primary" to={registerHref}>
            {ko.common.register}
          </Link>
          <Link className="button button--small" to={search("edit")} preventScrollReset>
            {ko.common.edit}
          </Link>
          <Link className="button button--small" to={search("delete")} preventScrollReset>
            {ko.common.delete}
          </Link>
        </>
      ) : (
        <>
          <strong className="list-mode-bar__label" role="status">
            {mode === "edit" ? ko.list.editing : ko.list.deleting}
          </strong>
          {mode === "delete" ? (
            <button type="submit" form={deleteFormId} name="intent" value="review" className="button button--small button--danger">
              {ko.common.delete}
            </button>
          ) : null}
          <Link className="button button--small" to={search("normal")} preventScrollReset>
            {ko.common.cancel}
          </Link>
        </>
      )}
    </div>
  );
}

/** A list item as a link to its edit screen (edit mode); its visible text stays its accessible name. */
export function EditLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Link className="list-item-link" to={to}>
      <span className="visually-hidden">{ko.common.edit}: </span>
      {children}
    </Link>
  );
}
