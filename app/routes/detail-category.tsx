import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { DeleteConfirmation, DeleteSelectionForm, Selectable } from "~/components/ListDeletion";
import { EditLink, ListModeBar, type ListMode } from "~/components/ListModeBar";
import { OrderButtons } from "~/components/OrderButtons";
import { SearchBar } from "~/components/SearchBar";
import { ko } from "~/copy/ko";
import { PartnerAd } from "~/features/ads/components/PartnerAd";
import { guideCategoryPageAction, loadGuideCategoryPage, type GuideCategoryListItem } from "~/features/guides/category-list-page.server";
import { GuideCategoryCard } from "~/features/guides/components/GuideCategoryCard";
import { GUIDE_CATEGORY_EDIT_PATH, guideCategoryPath } from "~/features/guides/paths";
import { routeFacts } from "~/lib/route-facts";
import { editPath, registerPath } from "~/lib/route-info";
import { pageMeta } from "~/lib/seo";
import adsStyles from "~/styles/ads.css";
import listsStyles from "~/styles/lists.css";
import reelsStyles from "~/styles/reels.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: adsStyles },
  { rel: "stylesheet", href: reelsStyles },
  { rel: "stylesheet", href: listsStyles },
];

export const handle = routeFacts({ access: "public", cache: true, sitemap: true, section: "detail", jsBudgetKiB: 100 });

const DELETE_FORM = "guide-category-delete";
const DELETE_ACTION = "/detail-category?mode=delete";

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, { title: args.data?.title, description: args.data?.description });

export const loader = (args: LoaderFunctionArgs) => loadGuideCategoryPage(args);

export const action = (args: ActionFunctionArgs) => guideCategoryPageAction(args);

function CategoryEntry({
  item,
  mode,
  editTag,
  place,
}: {
  item: GuideCategoryListItem;
  mode: ListMode;
  editTag: string;
  place: { isFirst: boolean; isLast: boolean };
}) {
  if (mode === "edit") {
    const payload = { index: item.index, categoryNm: item.categoryNm };
    return (
      <>
        <EditLink to={editPath("detail-category-upsert", editTag, payload)}>
          <GuideCategoryCard item={item} />
        </EditLink>
        <OrderButtons action={GUIDE_CATEGORY_EDIT_PATH} id={item.index} name={item.categoryNm} {...place} />
      </>
    );
  }
  if (mode === "delete") {
    return (
      <Selectable formId={DELETE_FORM} id={item.index} label={item.categoryNm}>
        <GuideCategoryCard item={item} />
      </Selectable>
    );
  }
  return (
    <Link className="list-item-link list-item-link--plain" to={guideCategoryPath(item)} prefetch="intent">
      <GuideCategoryCard item={item} />
    </Link>
  );
}

/** /detail-category: the guides' categories, titled with the owner's name for the section (detailMenuNm). */
export default function DetailCategory() {
  const { title, isAdmin, mode, keyword, items, ad, editTag } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const listClass = ["card-grid", mode === "edit" ? "card-grid--editing" : "", items.length === 0 ? "card-grid--empty" : ""].join(" ");
  return (
    <div className={mode === "delete" ? "list-page list-page--deleting" : "list-page"}>
      <h1 className="page-title">{title}</h1>
      <SearchBar
        label={ko.reels.searchLabel}
        placeholder={ko.reels.searchPlaceholder}
        defaultValue={keyword}
        hidden={mode === "normal" ? {} : { mode }}
        showAll={{ to: mode === "normal" ? "/detail-category" : `/detail-category?mode=${mode}`, label: ko.reels.showAllCategories }}
      />
      {isAdmin ? (
        <ListModeBar
          mode={mode}
          basePath="/detail-category"
          registerHref={registerPath("detail-category-upsert")}
          deleteFormId={DELETE_FORM}
        />
      ) : null}
      {mode === "delete" ? <DeleteSelectionForm id={DELETE_FORM} action={DELETE_ACTION} error={actionData?.formError} /> : null}
      {actionData?.review ? <DeleteConfirmation review={actionData.review} action={DELETE_ACTION} /> : null}
      {items.length === 0 ? (
        <p className={`empty ${listClass}`}>{keyword ? ko.reels.noSearchResult : ko.reels.noCategories}</p>
      ) : (
        <ul className={listClass}>
          {items.map((item, at) => (
            <li key={item.index}>
              <CategoryEntry item={item} mode={mode} editTag={editTag} place={{ isFirst: at === 0, isLast: at === items.length - 1 }} />
            </li>
          ))}
          <li className="card-grid__ad">
            <PartnerAd ad={ad} />
          </li>
        </ul>
      )}
    </div>
  );
}
