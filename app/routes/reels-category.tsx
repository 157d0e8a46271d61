import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { lazy, Suspense } from "react";
import type { ListMode } from "~/components/ListModeBar";
import { ko } from "~/copy/ko";
import { CategoryCard } from "~/features/categories/components/CategoryCard";
import { CategoryEntry } from "~/features/categories/components/CategoryEntry";
import { CategoryListPage } from "~/features/categories/components/CategoryListPage";
import { categoryListPageAction, loadCategoryListPage, type CategoryListItem } from "~/features/reels/category-list-page.server";
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

function ReelCategoryEntry({ item, mode }: { item: CategoryListItem; mode: ListMode }) {
  const card = (
    <CategoryCard
      item={item}
      count={ko.reels.reelsCount(item.reelsCount)}
      emptyBadge={item.reelsCount === 0 ? ko.reels.noReelsBadge : null}
      description={item.description}
    />
  );
  return <CategoryEntry item={item} deleteFormId={mode === "delete" ? DELETE_FORM : null} href={categoryPath(item)} card={card} />;
}

export default function ReelsCategory() {
  const page = useLoaderData<typeof loader>();
  const { title, isAdmin, mode, items, editTag } = page;
  return (
    <CategoryListPage
      page={page}
      path="/reels-category"
      registerHref={registerPath("reels-category-upsert")}
      deleteFormId={DELETE_FORM}
      ownerLink={
        isAdmin && mode === "normal" ? (
          <p className="reels-inbox-link">
            <Link to="/reels-inbox">{ko.navi.links.reelsInbox}</Link>
          </p>
        ) : null
      }
      editRows={
        mode === "edit" ? (
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
        ) : null
      }
    >
      {items.map((item) => (
        <li key={item.index}>
          <ReelCategoryEntry item={item} mode={mode} />
        </li>
      ))}
    </CategoryListPage>
  );
}
