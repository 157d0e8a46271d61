import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { Selectable } from "~/components/ListDeletion";
import { EditLink, type ListMode } from "~/components/ListModeBar";
import { SearchBar } from "~/components/SearchBar";
import { ko } from "~/copy/ko";
import { koGuides } from "~/copy/ko-guides";
import { PartnerAd } from "~/features/ads/components/PartnerAd";
import { CategoryListSummary } from "~/features/categories/components/CategoryListSummary";
import { categoryListMeta } from "~/features/categories/list-meta";
import { GuideCard } from "~/features/guides/components/GuideCard";
import { guideListPageAction, loadGuideListPage } from "~/features/guides/list-page.server";
import { guideCategoryPath, guidePath } from "~/features/guides/paths";
import { routeFacts } from "~/lib/route-facts";
import { editPath, registerPath } from "~/lib/route-info";
import adsStyles from "~/styles/ads.css";
import guidesStyles from "~/styles/guides.css";
import listsStyles from "~/styles/lists.css";
import reelsStyles from "~/styles/reels.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: adsStyles },
  { rel: "stylesheet", href: reelsStyles },
  { rel: "stylesheet", href: guidesStyles },
  { rel: "stylesheet", href: listsStyles },
];

export const handle = routeFacts({ access: "public", cache: true, sitemap: true, section: "detail", jsBudgetKiB: 100 });

const DELETE_FORM = "guide-delete";

export const meta: MetaFunction<typeof loader> = (args) =>
  categoryListMeta(
    args,
    args.data
      ? { category: args.data.category, sectionDescription: args.data.description, path: guideCategoryPath(args.data.category) }
      : null,
  );

export const loader = (args: LoaderFunctionArgs) => loadGuideListPage(args);

export const action = (args: ActionFunctionArgs) => guideListPageAction(args);

type Item = Awaited<ReturnType<typeof loader>>["page"]["items"][number];

function GuideEntry({ item, mode, editTag, categoryNm }: { item: Item; mode: ListMode; editTag: string; categoryNm: string }) {
  const card = <GuideCard item={item} />;
  if (mode === "edit") {
    return (
      <EditLink
        to={editPath("detail-list-upsert", editTag, { index: item.index, detailCategoryId: item.detailCategoryId, title: categoryNm })}
      >
        {card}
      </EditLink>
    );
  }
  if (mode === "delete") {
    return (
      <Selectable formId={DELETE_FORM} id={item.index} label={item.detailNm}>
        {card}
      </Selectable>
    );
  }
  return (
    <Link className="list-item-link list-item-link--plain" to={guidePath(item)} prefetch="intent">
      {card}
    </Link>
  );
}

function nextPagePath(search: string, next: string) {
  const query = new URLSearchParams(search);
  query.set("after", next);
  return `?${query}`;
}

/** /detail-list/:id/:title: one category's guides, newest first, searched and paged as the reel lists are. */
export default function DetailList() {
  const data = useLoaderData<typeof loader>();
  const { mode, category, keyword, count, page, ad, editTag } = data;
  const location = useLocation();
  const basePath = location.pathname;
  const modePath = mode === "normal" ? basePath : `${basePath}?mode=${mode}`;
  return (
    <div className={mode === "delete" ? "list-page list-page--deleting" : "list-page"}>
      <h1 className="page-title">{category.categoryNm}</h1>
      {category.description ? <p className="lead">{category.description}</p> : null}
      <SearchBar
        label={koGuides.listSearchLabel}
        placeholder={ko.reels.listSearchPlaceholder}
        defaultValue={keyword}
        hidden={mode === "normal" ? {} : { mode }}
        showAll={{ to: modePath, label: koGuides.showAll }}
      />
      <CategoryListSummary
        page={data}
        registerHref={registerPath("detail-list-upsert", { detailCategoryId: category.index, title: category.categoryNm })}
        deleteFormId={DELETE_FORM}
      />
      {count > 0 ? (
        <>
          <ul className="guide-list">
            {page.items.map((item) => (
              <li key={item.index}>
                <GuideEntry item={item} mode={mode} editTag={editTag} categoryNm={category.categoryNm} />
              </li>
            ))}
          </ul>
          {/* The next page (`?after=`), a plain link: a category holds tens of guides, not the hundreds of reels PagedList appends. */}
          {page.next ? (
            <Link className="button more-link" to={nextPagePath(location.search, page.next)}>
              {ko.list.more}
            </Link>
          ) : null}
        </>
      ) : keyword ? (
        <p className="empty">{koGuides.noMatch(keyword)}</p>
      ) : (
        <p className="empty">{koGuides.noGuides}</p>
      )}
      <PartnerAd ad={ad} />
    </div>
  );
}
