import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { Selectable } from "~/components/ListDeletion";
import type { ListMode } from "~/components/ListModeBar";
import { PagedList } from "~/components/PagedList";
import { SearchBar } from "~/components/SearchBar";
import { ko } from "~/copy/ko";
import { PartnerAd } from "~/features/ads/components/PartnerAd";
import { CategoryListSummary } from "~/features/categories/components/CategoryListSummary";
import { categoryListMeta } from "~/features/categories/list-meta";
import { ReelCard } from "~/features/reels/components/ReelCard";
import { loadReelsListPage, reelsListPageAction } from "~/features/reels/list-page.server";
import { routeFacts } from "~/lib/route-facts";
import { categoryPath, editPath, reelPath, registerPath } from "~/lib/route-info";
import adsStyles from "~/styles/ads.css";
import listsStyles from "~/styles/lists.css";
import reelsStyles from "~/styles/reels.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: adsStyles },
  { rel: "stylesheet", href: reelsStyles },
  { rel: "stylesheet", href: listsStyles },
];

export const handle = routeFacts({ access: "public", cache: true, sitemap: true, section: "reels", jsBudgetKiB: 100 });

const DELETE_FORM = "reel-delete";

export const meta: MetaFunction<typeof loader> = (args) =>
  categoryListMeta(
    args,
    args.data
      ? { category: args.data.category, sectionDescription: ko.home.reelsDescription, path: categoryPath(args.data.category) }
      : null,
  );

export const loader = (args: LoaderFunctionArgs) => loadReelsListPage(args);

export const action = (args: ActionFunctionArgs) => reelsListPageAction(args);

/** Edit mode's rows, the owner's only: loaded when she opens it, never with a visitor's page. */
const ReelEditRows = lazy(() => import("~/features/reels/components/ReelEditRows"));

type Item = Awaited<ReturnType<typeof loader>>["page"]["items"][number];

/** docs/product.md §2 edit payload of a reel. */
function editHref(item: Item, editTag: string, title: string) {
  const payload = {
    id: item.id,
    mediaId: item.mediaId,
    reelsNm: item.reelsNm,
    instaRegDate: item.instaRegDate,
    image: item.image,
    reelsCategoryId: item.categoryId,
    title,
  };
  return editPath("reels-upsert", editTag, payload);
}

function ReelEntry({ item, mode }: { item: Item; mode: ListMode }) {
  const card = <ReelCard item={item} />;
  if (mode === "delete") {
    return (
      <Selectable formId={DELETE_FORM} id={item.id} label={item.reelsNm}>
        {card}
      </Selectable>
    );
  }
  return (
    <Link className="list-item-link list-item-link--plain" to={reelPath(item)}>
      {card}
    </Link>
  );
}

export default function ReelsList() {
  const data = useLoaderData<typeof loader>();
  const { mode, places, category, keyword, count, sideBySide, page, ad, editTag } = data;
  const location = useLocation();
  const basePath = location.pathname;
  const modePath = mode === "normal" ? basePath : `${basePath}?mode=${mode}`;
  // Edit mode's moves stay on the page the rows were shown on (page 2 too), as the review and its cancel do.
  const deleteAction = basePath + location.search;
  const nextPage = new URLSearchParams(location.search);
  if (page.next) nextPage.set("after", page.next);
  return (
    <div className={mode === "delete" ? "list-page list-page--deleting" : "list-page"}>
      <h1 className="page-title">{category.categoryNm}</h1>
      {category.description ? <p className="category-description">{category.description}</p> : null}
      <SearchBar
        label={ko.reels.listSearchLabel}
        placeholder={ko.reels.listSearchPlaceholder}
        defaultValue={keyword}
        hidden={mode === "normal" ? {} : { mode }}
        showAll={{ to: modePath, label: ko.reels.showAll }}
      />
      <CategoryListSummary
        page={data}
        registerHref={registerPath("reels-upsert", { title: category.categoryNm, reelsCategoryId: category.index })}
        deleteFormId={DELETE_FORM}
      />
      {count > 0 && mode === "edit" ? (
        <Suspense fallback={null}>
          <ReelEditRows
            items={page.items}
            places={places ?? []}
            action={deleteAction}
            editHref={(item) => editHref(item, editTag, category.categoryNm)}
            nextHref={page.next ? `?${nextPage}` : null}
            label={category.categoryNm}
          />
        </Suspense>
      ) : count > 0 ? (
        <PagedList
          page={page}
          className={sideBySide ? "reel-grid reel-grid--centered" : "reel-grid"}
          renderItem={(item) => <ReelEntry item={item} mode={mode} />}
        />
      ) : keyword ? (
        <p className="empty">{ko.reels.noMatch(keyword)}</p>
      ) : (
        <p className="empty">{ko.reels.noReels}</p>
      )}
      <PartnerAd ad={ad} />
    </div>
  );
}
