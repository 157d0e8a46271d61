import { and, count, desc, eq, gt, or, sql, type Column, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { products, reelCategories, reels } from "~/db/schema";
import { toItem as toProductItem, type ProductItem } from "~/features/products/products.server";
import { toItem as toCategoryItem, type CategoryItem } from "~/features/reels/categories.server";
import { toItem as toReelItem, type ReelItem } from "~/features/reels/reels.server";
import { shownOrder } from "~/lib/list-order.server";
import { SEARCH_GROUP_LIMIT } from "./limits";
import type { SearchQuery } from "./schema";

// Site search (issue 21): reels by title and caption, products and reel categories by name, through
// the trigram FTS5 indexes of drizzle/0002_search.sql, which triggers keep in step with the tables.

/** A trigram index finds words of three characters or more; a shorter word is looked for by LIKE. */
const TRIGRAM_LENGTH = 3;

export type SearchGroup<T> = { items: T[]; more: boolean };

export type SearchResults = {
  reels: SearchGroup<ReelItem>;
  products: SearchGroup<ProductItem>;
  categories: SearchGroup<CategoryItem>;
};

type Searched = { index: string; id: Column; columns: Column[] };

/** An FTS5 query of string phrases only, so nothing typed is read as FTS syntax (NEAR, *, OR, ^...). */
function ftsPhrases(words: string[]) {
  return words.map((word) => `"${word.replaceAll('"', '""')}"`).join(" ");
}

/** A LIKE pattern matching the word literally anywhere (with `ESCAPE '\'`). */
function likeAnywhere(word: string) {
  return `%${word.replace(/[\\%_]/g, "\\$&")}%`;
}

/** Every word appears in at least one of the searched columns. */
function containsEveryWord(words: string[], { index, id, columns }: Searched): SQL | undefined {
  const indexed = words.filter((word) => Array.from(word).length >= TRIGRAM_LENGTH);
  const short = words.filter((word) => Array.from(word).length < TRIGRAM_LENGTH);
  const table = sql.identifier(index);
  return and(
    indexed.length ? sql`${id} IN (SELECT rowid FROM ${table} WHERE ${table} MATCH ${ftsPhrases(indexed)})` : undefined,
    ...short.map((word) => or(...columns.map((column) => sql`${column} LIKE ${likeAnywhere(word)} ESCAPE '\\'`))),
  );
}

/** The first SEARCH_GROUP_LIMIT rows, and whether more matched (one row past the limit is read). */
function group<Row, Item>(rows: Row[], toItem: (row: Row) => Item): SearchGroup<Item> {
  return { items: rows.slice(0, SEARCH_GROUP_LIMIT).map(toItem), more: rows.length > SEARCH_GROUP_LIMIT };
}

/**
 * What a visitor may see that contains every word of the query, newest first: reels of published
 * categories, published products, published categories. The admin gets the same answer (the
 * search is the visitors' door; hidden records are edited from their lists). No words, no query.
 */
export function searchSite({ words }: SearchQuery): SearchResults {
  if (words.length === 0) {
    const none = { items: [], more: false };
    return { reels: none, products: none, categories: none };
  }
  const limit = SEARCH_GROUP_LIMIT + 1;

  const reelRows = db()
    .select({ reel: reels })
    .from(reels)
    .innerJoin(reelCategories, eq(reelCategories.id, reels.categoryId))
    .where(
      and(
        eq(reelCategories.isView, true),
        containsEveryWord(words, { index: "reels_search", id: reels.id, columns: [reels.name, reels.caption] }),
      ),
    )
    .orderBy(desc(reels.instaRegDate), desc(reels.id))
    .limit(limit)
    .all();

  const productRows = db()
    .select()
    .from(products)
    .where(
      and(eq(products.isView, true), containsEveryWord(words, { index: "products_search", id: products.id, columns: [products.name] })),
    )
    .orderBy(desc(products.id))
    .limit(limit)
    .all();

  const categoryRows = db()
    .select({ category: reelCategories, reelsCount: count(reels.id) })
    .from(reelCategories)
    .leftJoin(reels, eq(reels.categoryId, reelCategories.id))
    .where(
      and(
        eq(reelCategories.isView, true),
        containsEveryWord(words, { index: "reel_categories_search", id: reelCategories.id, columns: [reelCategories.name] }),
      ),
    )
    .groupBy(reelCategories.id)
    // Visitors never see an empty category (issue 20), here as on /reels-category.
    .having(gt(count(reels.id), 0))
    .orderBy(...shownOrder(reelCategories))
    .limit(limit)
    .all();

  return {
    reels: group(reelRows, (row) => toReelItem(row.reel)),
    products: group(productRows, toProductItem),
    categories: group(categoryRows, (row) => toCategoryItem(row.category, row.reelsCount)),
  };
}
