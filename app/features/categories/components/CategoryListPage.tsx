import { useActionData } from "@remix-run/react";
import { DeleteConfirmation, DeleteSelectionForm } from "~/components/ListDeletion";
import { ListModeBar, type ListMode } from "~/components/ListModeBar";
import { SearchBar } from "~/components/SearchBar";
import { ko } from "~/copy/ko";
import type { PartnerAd as PartnerAdItem } from "~/features/ads/ads.server";
import { PartnerAd } from "~/features/ads/components/PartnerAd";
import type { DeleteReview } from "~/lib/list-delete.server";

/**
 * A section's categories (/reels-category, /detail-category): its title, the search, the owner's
 * modes and deletion, then the cards (`children`, each an `<li>`) with a partner banner last. `path`
 * is the page's own address; `ownerLink` stands under the modes; `editRows`, in edit mode, stands
 * in place of the cards (the reel categories' compact rows).
 */
export function CategoryListPage({
  page: { title, isAdmin, mode, keyword, items, ad },
  path,
  registerHref,
  deleteFormId,
  ownerLink = null,
  editRows = null,
  children,
}: {
  /** What the page's loader answers. */
  page: { title: string; isAdmin: boolean; mode: ListMode; keyword: string; items: unknown[]; ad: PartnerAdItem | null };
  path: string;
  registerHref: string;
  deleteFormId: string;
  ownerLink?: React.ReactNode;
  editRows?: React.ReactNode;
  children: React.ReactNode;
}) {
  const actionData = useActionData<{ formError?: string | null; review?: DeleteReview | null } | undefined>();
  const empty = items.length === 0;
  const deleteAction = `${path}?mode=delete`;
  const listClass = ["card-grid", mode === "edit" ? "card-grid--editing" : "", empty ? "card-grid--empty" : ""].join(" ");
  return (
    <div className={mode === "delete" ? "list-page list-page--deleting" : "list-page"}>
      <h1 className="page-title">{title}</h1>
      <SearchBar
        label={ko.reels.searchLabel}
        placeholder={ko.reels.searchPlaceholder}
        defaultValue={keyword}
        hidden={mode === "normal" ? {} : { mode }}
        showAll={{ to: mode === "normal" ? path : `${path}?mode=${mode}`, label: ko.reels.showAllCategories }}
      />
      {isAdmin ? <ListModeBar mode={mode} basePath={path} registerHref={registerHref} deleteFormId={deleteFormId} /> : null}
      {ownerLink}
      {mode === "delete" ? <DeleteSelectionForm id={deleteFormId} action={deleteAction} error={actionData?.formError} /> : null}
      {actionData?.review ? <DeleteConfirmation review={actionData.review} action={deleteAction} /> : null}
      {empty ? (
        <p className={`empty ${listClass}`}>{keyword ? ko.reels.noSearchResult : ko.reels.noCategories}</p>
      ) : (
        (editRows ?? (
          <ul className={listClass}>
            {children}
            <li className="card-grid__ad">
              <PartnerAd ad={ad} />
            </li>
          </ul>
        ))
      )}
    </div>
  );
}
