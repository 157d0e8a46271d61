// Reading reels as visitors and the owner see them: a category's list page by page, a reel's
// neighbours in it, one reel for its edit form, and whether a reel may be opened at all.
import { and, asc, count, desc, eq, gt, lt, or, sql, type Placeholder } from "drizzle-orm";
import { koAdmin } from "~/copy/ko-admin";
import { db, preparedPerConnection, preparedPerShape, type Db } from "~/db/client.server";
import { reelCategories, reels, type ReelRow } from "~/db/schema";
import { AppError } from "~/lib/errors";
import type { Picture } from "~/lib/picture";
import { pictureOf, type PictureLayout } from "~/lib/pictures.server";
import { assertAdmin, type Admin } from "~/lib/session.server";
import { formatKst } from "~/lib/time";
import { uploadIsMissing, uploadUrl } from "~/lib/uploads.server";
import { containsText, getCategory, type Category } from "./categories.server";

/** A reel in a list (docs/product.md §3 reel list item; the API door renames a few fields, see api.server.ts). */
export type ReelItem = {
  id: number;
  reelsNm: string;
  title: string;
  image: string | null;
  instaRegDate: string;
  mediaId: string;
  caption: string;
  categoryId: number;
  permalink: string | null;
};

export function toItem(row: ReelRow): ReelItem {
  return {
    id: row.id,
    reelsNm: row.name,
    title: row.name,
    image: uploadUrl(row.image),
    instaRegDate: formatKst(row.instaRegDate),
    mediaId: row.mediaId,
    caption: row.caption,
    categoryId: row.categoryId,
    permalink: row.permalink,
  };
}

/** Reels a list page shows at once; the next ones follow through a cursor link (`?after=`). */
export const REELS_PAGE_SIZE = 24;

/**
 * Where a page of a list ends: the last reel's stored Instagram date and id, the order's two keys,
 * so paging stays exact when reels share a date and when reels before it are deleted (no OFFSET).
 */
export type ReelCursor = { instaRegDate: string; id: number };

const CURSOR = /^(.{1,40})_(\d{1,15})$/;

/** The `after` of a list URL; anything unusable means the first page. */
export function parseReelCursor(raw: string | null | undefined): ReelCursor | null {
  const match = raw ? CURSOR.exec(raw) : null;
  return match ? { instaRegDate: match[1]!, id: Number(match[2]) } : null;
}

function formatReelCursor(row: ReelRow) {
  return `${row.instaRegDate}_${row.id}`;
}

export type ReelListQuery = { keyword?: string; after?: ReelCursor | null; limit?: number };

/** The order visitors see a category's reels in: newest on Instagram first, id as tie-break. */
const NEWEST_FIRST = [desc(reels.instaRegDate), desc(reels.id)] as const;

/** A cursor's two keys, as values or as the placeholders of a prepared query. */
type CursorKeys = { instaRegDate: string | Placeholder; id: number | Placeholder };

/** The reels that come after the cursor in NEWEST_FIRST. */
function listedAfter(cursor: CursorKeys) {
  return or(lt(reels.instaRegDate, cursor.instaRegDate), and(eq(reels.instaRegDate, cursor.instaRegDate), lt(reels.id, cursor.id)));
}

/** The reels that come before the cursor in NEWEST_FIRST. */
function listedBefore(cursor: CursorKeys) {
  return or(gt(reels.instaRegDate, cursor.instaRegDate), and(eq(reels.instaRegDate, cursor.instaRegDate), gt(reels.id, cursor.id)));
}

/** What a list query's SQL depends on: whether it searches, starts after a cursor, stops at a limit. */
type ReelListShape = { keyword: boolean; after: boolean; limit: boolean };

function prepareReelList(database: Db, shape: ReelListShape) {
  const matching = and(
    eq(reels.categoryId, sql.placeholder("categoryId")),
    shape.keyword ? containsText(reels.name, sql.placeholder("keyword")) : undefined,
  );
  const afterCursor = shape.after ? listedAfter({ instaRegDate: sql.placeholder("afterDate"), id: sql.placeholder("afterId") }) : undefined;
  const page = database
    .select()
    .from(reels)
    .where(and(matching, afterCursor))
    .orderBy(...NEWEST_FIRST);
  return {
    page: (shape.limit ? page.limit(sql.placeholder("limit")) : page).prepare(),
    total: database.select({ total: count() }).from(reels).where(matching).prepare(),
  };
}

/** Every list page a visitor opens, each search word and later page: at most 8 shapes per connection. */
const reelListQueries = preparedPerShape(prepareReelList);

/**
 * One category with its reels (newest on Instagram first), optionally searched by name, one page
 * at a time when a limit is given: `next` is the cursor of the following page, null on the last.
 * `count` is always the whole (searched) list. A hidden or missing category is a 404 for visitors.
 */
export function listReels(
  admin: Admin | null,
  categoryId: number,
  { keyword, after, limit }: ReelListQuery = {},
): { category: Category; count: number; reels: ReelItem[]; next: string | null } {
  const category = getCategory(admin, categoryId);
  const queries = reelListQueries({ keyword: Boolean(keyword), after: Boolean(after), limit: Boolean(limit) });
  const values = { categoryId, keyword, afterDate: after?.instaRegDate, afterId: after?.id };
  // One row past the page tells whether another page follows.
  const rows = queries.page.all({ ...values, limit: limit ? limit + 1 : undefined });
  const pageRows = limit ? rows.slice(0, limit) : rows;
  const hasMore = rows.length > pageRows.length;
  const total = after || hasMore ? queries.total.get(values)!.total : pageRows.length;
  return {
    category,
    count: total,
    reels: pageRows.map(toItem),
    next: hasMore ? formatReelCursor(pageRows.at(-1)!) : null,
  };
}

/** What a link to a reel's viewer needs (reelPath). */
export type ReelLinkTarget = { id: number; mediaId: string; reelsNm: string };

/**
 * The reels just before and after this one in its category's list, as visitors see it (NEWEST_FIRST):
 * the viewer's "이전 릴스" / "다음 릴스". Only filed reels are in `reels`, so inbox (unfiled or hidden)
 * reels are never neighbours; the viewer itself is a 404 for visitors when the category is hidden.
 */
export function getReelNeighbours(id: number): { previous: ReelLinkTarget | null; next: ReelLinkTarget | null } {
  const reel = db().select({ categoryId: reels.categoryId, instaRegDate: reels.instaRegDate }).from(reels).where(eq(reels.id, id)).get();
  if (!reel) return { previous: null, next: null };
  const cursor = { instaRegDate: reel.instaRegDate, id };
  const target = { id: reels.id, mediaId: reels.mediaId, reelsNm: reels.name };
  const inCategory = eq(reels.categoryId, reel.categoryId);
  const previous = db()
    .select(target)
    .from(reels)
    .where(and(inCategory, listedBefore(cursor)))
    .orderBy(asc(reels.instaRegDate), asc(reels.id))
    .limit(1)
    .get();
  const next = db()
    .select(target)
    .from(reels)
    .where(and(inCategory, listedAfter(cursor)))
    .orderBy(...NEWEST_FIRST)
    .limit(1)
    .get();
  return { previous: previous ?? null, next: next ?? null };
}

/**
 * The items with their posters as a page shows them (pictureOf, the `firstCount` first at once and
 * first), or null for a poster whose file is gone (a stat each, in parallel): the page then says so.
 */
export async function withPosters<T extends { image: string | null }>(
  items: T[],
  layout: PictureLayout,
  firstCount: number,
): Promise<(T & { picture: Picture | null })[]> {
  return Promise.all(
    items.map(async (item, at) => {
      const missing = await uploadIsMissing(item.image);
      return { ...item, picture: item.image && !missing ? await pictureOf(item.image, layout, at < firstCount) : null };
    }),
  );
}

export function getReel(admin: Admin | null, id: number): ReelItem {
  assertAdmin(admin);
  const row = db().select().from(reels).where(eq(reels.id, id)).get();
  if (!row) throw new AppError(404, "NOT_FOUND", koAdmin.reelsForm.reelNotFound);
  return toItem(row);
}

/** Every reel view asks. */
const visibleReelQuery = preparedPerConnection((database) =>
  database
    .select({ id: reels.id, mediaId: reels.mediaId, reelsNm: reels.name })
    .from(reels)
    .innerJoin(reelCategories, eq(reelCategories.id, reels.categoryId))
    .where(and(eq(reels.id, sql.placeholder("id")), eq(reelCategories.isView, true)))
    .prepare(),
);

/** A reel a visitor can open (its category is published), with what its address is made of; else undefined. */
export function findVisibleReel(id: number): { id: number; mediaId: string; reelsNm: string } | undefined {
  return visibleReelQuery().get({ id });
}

/** A reel a visitor can open: only such views are counted. */
export function isVisibleReel(id: number): boolean {
  return findVisibleReel(id) !== undefined;
}
