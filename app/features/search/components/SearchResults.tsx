import { Link } from "@remix-run/react";
import { ko } from "~/copy/ko";
import { koSearch } from "~/copy/ko-search";
import type { GuideItem } from "~/features/guides/guides.server";
import { guidePath } from "~/features/guides/paths";
import type { ProductItem } from "~/features/products/products.server";
import type { CategoryItem } from "~/features/reels/categories.server";
import type { ReelItem } from "~/features/reels/reel-lists.server";
import { categoryPath, productPath, reelPath } from "~/lib/route-info";
import { markWords } from "../highlight";
import { SEARCH_GROUP_LIMIT } from "../limits";
import type { SearchGroup } from "../search.server";

/** The text with the searched words in <mark>. */
export function Marked({ text, words }: { text: string; words: string[] }) {
  return <>{markWords(text, words).map((piece, index) => (piece.marked ? <mark key={index}>{piece.text}</mark> : piece.text))}</>;
}

function Group<T>({
  id,
  title,
  group,
  render,
}: {
  id: string;
  title: string;
  group: SearchGroup<T>;
  render: (item: T) => React.ReactNode;
}) {
  if (group.items.length === 0) return null;
  return (
    <section className="search-group" aria-labelledby={id}>
      <h2 id={id} className="search-group__title">
        {title} <span className="search-group__count">{koSearch.count(group.items.length)}</span>
      </h2>
      <ul className="search-group__list">{group.items.map(render)}</ul>
      {group.more ? <p className="search-group__more">{koSearch.more(SEARCH_GROUP_LIMIT)}</p> : null}
    </section>
  );
}

export type SearchResultsProps = {
  words: string[];
  reels: SearchGroup<ReelItem>;
  products: SearchGroup<ProductItem>;
  categories: SearchGroup<CategoryItem>;
  guides: SearchGroup<GuideItem>;
};

/** The matches in four groups (guides, reels, products, categories), each linking to its page; or the 'no results' line. */
export function SearchResults({ words, reels, products, categories, guides }: SearchResultsProps) {
  if (reels.items.length + products.items.length + categories.items.length + guides.items.length === 0) {
    return (
      <p className="search-empty" role="status">
        {koSearch.noResults(words.join(" "))}
      </p>
    );
  }
  return (
    <>
      <Group
        id="search-guides"
        title={koSearch.guides}
        group={guides}
        render={(guide) => (
          <li key={guide.index}>
            <Link className="search-result" to={guidePath(guide)}>
              <span className="search-result__name">
                <Marked text={guide.detailNm} words={words} />
              </span>
              {guide.summary ? (
                <span className="search-result__text">
                  <Marked text={guide.summary} words={words} />
                </span>
              ) : null}
              <span className="search-result__meta">{guide.publishAt.slice(0, 10)}</span>
            </Link>
          </li>
        )}
      />
      <Group
        id="search-reels"
        title={koSearch.reels}
        group={reels}
        render={(reel) => (
          <li key={reel.id}>
            <Link className="search-result" to={reelPath(reel)}>
              <span className="search-result__name">
                <Marked text={reel.reelsNm} words={words} />
              </span>
              {reel.caption ? (
                <span className="search-result__text">
                  <Marked text={reel.caption} words={words} />
                </span>
              ) : null}
              <span className="search-result__meta">
                {ko.reels.instaRegDate} {reel.instaRegDate}
              </span>
            </Link>
          </li>
        )}
      />
      <Group
        id="search-products"
        title={koSearch.products}
        group={products}
        render={(product) => (
          <li key={product.index}>
            <Link className="search-result" to={productPath(product.index)}>
              <span className="search-result__name">
                <Marked text={product.productNm} words={words} />
              </span>
              <span className="search-result__meta">{product.isGroupBuy ? ko.products.groupBuy : ko.products.recommend}</span>
            </Link>
          </li>
        )}
      />
      <Group
        id="search-categories"
        title={koSearch.categories}
        group={categories}
        render={(category) => (
          <li key={category.index}>
            <Link className="search-result" to={categoryPath(category)}>
              <span className="search-result__name">
                <Marked text={category.categoryNm} words={words} />
              </span>
              <span className="search-result__meta">{koSearch.reelsCount(category.reelsCount)}</span>
            </Link>
          </li>
        )}
      />
    </>
  );
}
