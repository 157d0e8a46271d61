import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { EditLink, type ListMode } from "~/components/ListModeBar";
import { OrderButtons } from "~/components/OrderButtons";
import { koGuides } from "~/copy/ko-guides";
import { CategoryCard } from "~/features/categories/components/CategoryCard";
import { CategoryEntry } from "~/features/categories/components/CategoryEntry";
import { CategoryListPage } from "~/features/categories/components/CategoryListPage";
import { guideCategoryPageAction, loadGuideCategoryPage, type GuideCategoryListItem } from "~/features/guides/category-list-page.server";
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

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, { title: args.data?.title, description: args.data?.description });

export const loader = (args: LoaderFunctionArgs) => loadGuideCategoryPage(args);

export const action = (args: ActionFunctionArgs) => guideCategoryPageAction(args);

function GuideCategoryEntry({
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
  const card = (
    <CategoryCard item={item} count={koGuides.guidesCount(item.count)} emptyBadge={item.count === 0 ? koGuides.noGuidesBadge : null} />
  );
  if (mode === "edit") {
    const payload = { index: item.index, categoryNm: item.categoryNm };
    return (
      <>
        <EditLink to={editPath("detail-category-upsert", editTag, payload)}>{card}</EditLink>
        <OrderButtons action={GUIDE_CATEGORY_EDIT_PATH} id={item.index} name={item.categoryNm} {...place} />
      </>
    );
  }
  return <CategoryEntry item={item} deleteFormId={mode === "delete" ? DELETE_FORM : null} href={guideCategoryPath(item)} card={card} />;
}

/** /detail-category: the guides' categories, titled with the owner's name for the section (detailMenuNm). */
export default function DetailCategory() {
  const page = useLoaderData<typeof loader>();
  const { mode, items, editTag } = page;
  return (
    <CategoryListPage page={page} path="/detail-category" registerHref={registerPath("detail-category-upsert")} deleteFormId={DELETE_FORM}>
      {items.map((item, at) => (
        <li key={item.index}>
          <GuideCategoryEntry item={item} mode={mode} editTag={editTag} place={{ isFirst: at === 0, isLast: at === items.length - 1 }} />
        </li>
      ))}
    </CategoryListPage>
  );
}
