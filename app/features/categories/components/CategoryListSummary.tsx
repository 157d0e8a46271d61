import { useActionData, useLocation } from "@remix-run/react";
import { DeleteConfirmation, DeleteSelectionForm } from "~/components/ListDeletion";
import { ListModeBar, type ListMode } from "~/components/ListModeBar";
import { ko } from "~/copy/ko";
import type { DeleteReview } from "~/lib/list-delete.server";

/**
 * Over one category's list (its reels, its guides): how many it holds, the owner's modes, and in
 * delete mode the form its boxes belong to and the confirmation, both posting to the page as it is
 * (page 2 too), where the review and its cancel stay.
 */
export function CategoryListSummary({
  page: { count, isAdmin, mode },
  registerHref,
  deleteFormId,
}: {
  /** What the page's loader answers. */
  page: { count: number; isAdmin: boolean; mode: ListMode };
  registerHref: string;
  deleteFormId: string;
}) {
  const location = useLocation();
  const basePath = location.pathname;
  const deleteAction = basePath + location.search;
  const actionData = useActionData<{ formError?: string | null; review?: DeleteReview | null } | undefined>();
  return (
    <>
      <div className="list-summary">
        <p className="list-total" aria-live="polite">
          {ko.reels.total(count)}
        </p>
        {isAdmin ? <ListModeBar mode={mode} basePath={basePath} registerHref={registerHref} deleteFormId={deleteFormId} /> : null}
      </div>
      {mode === "delete" ? <DeleteSelectionForm id={deleteFormId} action={deleteAction} error={actionData?.formError} /> : null}
      {actionData?.review ? <DeleteConfirmation review={actionData.review} action={deleteAction} /> : null}
    </>
  );
}
