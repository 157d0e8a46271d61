import { and, count, desc, eq, gt, lte, or, sql, type Column, type SQL } from "drizzle-orm";
import { preparedPerShape, type Db } from "~/db/client.server";
import { guideCategories, guides, products, reelCategories, reels } from "~/db/schema";
import { toGuideItem, type GuideItem } from "~/features/guides/guides.server";
import { getHomeMenu } from "~/features/home/home.server";
import { toItem as toProductItem, type ProductItem } from "~/features/products/products.server";
import { toItem as toCategoryItem, type CategoryItem } from "~/features/reels/categories.server";
import { toItem as toReelItem, type ReelItem } from "~/features/reels/reel-lists.server";
import { shownOrder } from "~/lib/list-order.server";
import { SEARCH_GROUP_LIMIT } from "./limits";
import type { SearchQuery } from "./schema";

// Site search (issue 21): reels by title and caption, products and reel categories by name, guides
// by title, summary and text (issue 32), through the trigram FTS5 indexes of drizzle/0002_search.sql
// and 0011_guides.sql, which triggers keep in step with the tables.

/** A trigram index finds words of three characters or more; a shorter word is looked for by LIKE. */
const TRIGRAM_LENGTH = 3;

export type SearchGroup<T> = { items: T[]; more: boolean };

export type SearchResults = {
  reels: SearchGroup<ReelItem>;
  products: SearchGroup<ProductItem>;
  categories: SearchGroup<CategoryItem>;
  guides: SearchGroup<GuideItem>;
};

type Searched = { index: string; id: Column; columns: Column[] };

/** What a query's SQL depends on: whether a word is long enough for the index, and how many are not. */
type QueryShape = { indexed: boolean; short: number };

/** An FTS5 query of string phrases only, so nothing typed is read as FTS syntax (NEAR, *, OR, ^...). */
function ftsPhrases(words: string[]) {
  return words.map((word) => `"${word.replaceAll('"', '""')}"`).join(" ");
}

/** A LIKE pattern matching the word literally anywhere (with `ESCAPE '\'`). */
function likeAnywhere(word: string) {
  return `%${word.replace(/[\\%_]/g, "\\$&")}%`;
}

/** Every word appears in at least one of the searched columns: the indexed words as one MATCH, each short one by LIKE. */
function containsEveryWord({ indexed, short }: QueryShape, { index, id, columns }: Searched): SQL | undefined {
  const table = sql.identifier(index);
  return and(
    indexed ? sql`${id} IN (SELECT rowid FROM ${table} WHERE ${table} MATCH ${sql.placeholder("phrases")})` : undefined,
    ...Array.from({ length: short }, (_, at) =>
      or(...columns.map((column) => sql`${column} LIKE ${sql.placeholder(`short${at}`)} ESCAPE '\\'`)),
    ),
  );
}

/** The first SEARCH_GROUP_LIMIT rows, and whether more matched (one row past the limit is read). */
function group<Row, Item>(rows: Row[], toItem: (row: Row) => Item): SearchGroup<Item> {
  return { items: rows.slice(0, SEARCH_GROUP_LIMIT).map(toItem), more: rows.length > SEARCH_GROUP_LIMIT };
}

/** The three queries of one shape, with the words as parameters. */
function prepareSearch(database: Db, shape: QueryShape) {
  const limit = SEARCH_GROUP_LIMIT + 1;
  return {
    reels: database
      .select({ reel: reels })
      .from(reels)
      .innerJoin(reelCategories, eq(reelCategories.id, reels.categoryId))
      .where(
        and(
          eq(reelCategories.isView, true),
          containsEveryWord(shape, { index: "reels_search", id: reels.id, columns: [reels.name, reels.caption] }),
        ),
      )
      .orderBy(desc(reels.instaRegDate), desc(reels.id))
      .limit(limit)
      .prepare(),
    products: database
      .select()
      .from(products)
      .where(
        and(eq(products.isView, true), containsEveryWord(shape, { index: "products_search", id: products.id, columns: [products.name] })),
      )
      .orderBy(desc(products.id))
      .limit(limit)
      .prepare(),
    categories: database
      .select({ category: reelCategories, reelsCount: count(reels.id) })
      .from(reelCategories)
      .leftJoin(reels, eq(reels.categoryId, reelCategories.id))
      .where(
        and(
          eq(reelCategories.isView, true),
          containsEveryWord(shape, { index: "reel_categories_search", id: reelCategories.id, columns: [reelCategories.name] }),
        ),
      )
      .groupBy(reelCategories.id)
      // Visitors never see an empty category (issue 20), here as on /reels-category.
      .having(gt(count(reels.id), 0))
      .orderBy(...shownOrder(reelCategories))
      .limit(limit)
      .prepare(),
    // Guides a visitor may read now: published, from their minute on, in a published category.
    guides: database
      .select({ guide: guides })
      .from(guides)
      .innerJoin(guideCategories, eq(guideCategories.id, guides.categoryId))
      .where(
        and(
          eq(guides.isView, true),
          lte(guides.publishAt, sql.placeholder("now")),
          eq(guideCategories.isView, true),
          containsEveryWord(shape, { index: "guides_search", id: guides.id, columns: [guides.title, guides.summary, guides.body] }),
        ),
      )
      .orderBy(desc(guides.publishAt), desc(guides.id))
      .limit(limit)
      .prepare(),
  };
}

/**
 * Prepared once per connection and shape (at most 2 × (SEARCH_MAX_WORDS + 1) shapes): building the
 * SQL and preparing it cost more than running it (docs/performance.md, "Where a cache miss's time goes").
 */
const searchQueries = preparedPerShape(prepareSearch);

/**
 * What a visitor may see that contains every word of the query, newest first: reels of published
 * categories, published products, published categories, none of a menu section the owner hides
 * (DESIGN §10 "Hidden menus"). The admin gets the same answer (the search is the visitors' door;
 * hidden records are edited from their lists). No words, no query.
 */
export function searchSite({ words }: SearchQuery, now = new Date()): SearchResults {
  const none = { items: [], more: false };
  const shown = getHomeMenu().isViewFlags;
  if (words.length === 0 || (!shown.reels && !shown.products && !shown.detail))
    return { reels: none, products: none, categories: none, guides: none };
  const indexed = words.filter((word) => Array.from(word).length >= TRIGRAM_LENGTH);
  const short = words.filter((word) => Array.from(word).length < TRIGRAM_LENGTH);
  const queries = searchQueries({ indexed: indexed.length > 0, short: short.length });
  const params = Object.fromEntries([["phrases", ftsPhrases(indexed)], ...short.map((word, at) => [`short${at}`, likeAnywhere(word)])]);

  return {
    reels: shown.reels ? group(queries.reels.all(params), (row) => toReelItem(row.reel)) : none,
    products: shown.products ? group(queries.products.all(params), (row) => toProductItem(row)) : none,
    categories: shown.reels ? group(queries.categories.all(params), (row) => toCategoryItem(row.category, row.reelsCount)) : none,
    guides: shown.detail ? group(queries.guides.all({ ...params, now: now.toISOString() }), (row) => toGuideItem(row.guide, now)) : none,
  };
}
