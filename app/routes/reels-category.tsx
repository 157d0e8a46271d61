import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { DeleteConfirmation, DeleteSelectionForm, Selectable } from "~/components/ListDeletion";
import { ListModeBar, type ListMode } from "~/components/ListModeBar";
import { SearchBar } from "~/components/SearchBar";
import { ko } from "~/copy/ko";
import { PartnerAd } from "~/features/ads/components/PartnerAd";
import { categoryListPageAction, loadCategoryListPage, type CategoryListItem } from "~/features/reels/category-list-page.server";
import { CategoryCard } from "~/features/reels/components/CategoryCard";
import { CATEGORY_EDIT_PATH } from "~/features/reels/paths";
import { routeFacts } from "~/lib/route-facts";
import { categoryPath, editPath, registerPath } from "~/lib/route-info";
import { pageMeta } from "~/lib/seo";
import adsStyles from "~/styles/ads.css";
import listsStyles from "~/styles/lists.css";
import reelsStyles from "~/styles/reels.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: adsStyles },
  { rel: "stylesheet", href: reelsStyles },
  { rel: "stylesheet", href: listsStyles },
];

export const handle = routeFacts({ access: "public", cache: true, sitemap: true, section: "reels", jsBudgetKiB: 100 });

const DELETE_FORM = "category-delete";
const DELETE_ACTION = "/reels-category?mode=delete";

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, { title: args.data?.title, description: ko.home.reelsDescription });

export const loader = (args: LoaderFunctionArgs) => loadCategoryListPage(args);

export const action = (args: ActionFunctionArgs) => categoryListPageAction(args);

/** Edit mode's rows, the owner's only: loaded when she opens it, never with a visitor's page. */
const EditRows = lazy(() => import("~/components/EditRows"));

/** docs/product.md §2 edit payload of a category. */
function editHref(item: CategoryListItem, editTag: string) {
  const payload = { index: item.index, categoryNm: item.categoryNm, description: item.description, image: item.image, isView: item.isView };
  return editPath("reels-category-upsert", editTag, payload);
}

function CategoryEntry({ item, mode }: { item: CategoryListItem; mode: ListMode }) {
  if (mode === "delete") {
    return (
      <Selectable formId={DELETE_FORM} id={item.index} label={item.categoryNm}>
        <CategoryCard item={item} />
      </Selectable>
    );
  }
  return (
    <Link className="list-item-link list-item-link--plain" to={categoryPath(item)} prefetch="intent">
      <CategoryCard item={item} />
    </Link>
  );
}

export default function ReelsCategory() {
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
        showAll={{ to: mode === "normal" ? "/reels-category" : `/reels-category?mode=${mode}`, label: ko.reels.showAllCategories }}
      />
      {isAdmin ? (
        <ListModeBar
          mode={mode}
          basePath="/reels-category"
          registerHref={registerPath("reels-category-upsert")}
          deleteFormId={DELETE_FORM}
        />
      ) : null}
      {isAdmin && mode === "normal" ? (
        <p className="reels-inbox-link">
          <Link to="/reels-inbox">{ko.navi.links.reelsInbox}</Link>
        </p>
      ) : null}
      {mode === "delete" ? <DeleteSelectionForm id={DELETE_FORM} action={DELETE_ACTION} error={actionData?.formError} /> : null}
      {actionData?.review ? <DeleteConfirmation review={actionData.review} action={DELETE_ACTION} /> : null}
      {items.length === 0 ? (
        <p className={`empty ${listClass}`}>{keyword ? ko.reels.noSearchResult : ko.reels.noCategories}</p>
      ) : mode === "edit" ? (
        <Suspense fallback={null}>
          <EditRows
            action={CATEGORY_EDIT_PATH}
            label={title}
            rows={items.map((item, at) => ({
              id: item.index,
              name: item.categoryNm,
              picture: item.picture,
              editHref: editHref(item, editTag),
              badges: [...(item.isView ? [] : [ko.list.hidden]), ...(item.reelsCount === 0 ? [ko.reels.noReelsBadge] : [])],
              isFirst: at === 0,
              isLast: at === items.length - 1,
            }))}
          />
        </Suspense>
      ) : (
        <ul className={listClass}>
          {items.map((item) => (
            <li key={item.index}>
              <CategoryEntry item={item} mode={mode} />
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
