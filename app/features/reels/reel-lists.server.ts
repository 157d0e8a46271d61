// Reading reels as visitors and the owner see them: a category's list page by page, a reel's
// neighbours in it, one reel for its edit form, and whether a reel may be opened at all.
import { and, asc, count, desc, eq, gt, lt, or, sql, type Placeholder } from "drizzle-orm";
import { koServer } from "~/copy/ko-server.server";
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
  /** One of the (at most three) reels she pinned to the top of its category. */
  isPinned: boolean;
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
    isPinned: row.isPinned,
  };
}

/** Reels a list page shows at once; the next ones follow through a cursor link (`?after=`). */
export const REELS_PAGE_SIZE = 24;

/**
 * Where a page of a list ends: the last reel's keys in REEL_ORDER (pinned, position, stored Instagram
 * date, id), so paging stays exact when reels share a place or a date and when reels before it are
 * deleted (no OFFSET).
 */
export type ReelCursor = { pinned: boolean; position: number; instaRegDate: string; id: number };

const CURSOR = /^([01])_(-?\d{1,15})_([^_]{1,40})_(\d{1,15})$/;

/** The `after` of a list URL; anything unusable (an old link's date_id among them) means the first page. */
export function parseReelCursor(raw: string | null | undefined): ReelCursor | null {
  const match = raw ? CURSOR.exec(raw) : null;
  return match ? { pinned: match[1] === "1", position: Number(match[2]), instaRegDate: match[3]!, id: Number(match[4]) } : null;
}

export function formatReelCursor(row: Pick<ReelRow, "isPinned" | "position" | "instaRegDate" | "id">) {
  return `${row.isPinned ? 1 : 0}_${row.position}_${row.instaRegDate}_${row.id}`;
}

export type ReelListQuery = { keyword?: string; after?: ReelCursor | null; limit?: number };

/**
 * The order of a category's reels, for visitors and the owner alike (docs/product.md §2): the ones
 * she pinned first, then her order (positions are all 0 until she moves one), then newest on
 * Instagram; the id breaks the last tie.
 */
export const REEL_ORDER = [desc(reels.isPinned), asc(reels.position), desc(reels.instaRegDate), desc(reels.id)] as const;
const REVERSED_ORDER = [asc(reels.isPinned), desc(reels.position), asc(reels.instaRegDate), asc(reels.id)] as const;

/** A cursor's keys, as values or as the placeholders of a prepared query. */
type CursorKeys = { [K in keyof ReelCursor]: ReelCursor[K] | Placeholder };

/** The reels that come after (or before) the cursor in REEL_ORDER. */
function beyond(cursor: CursorKeys, side: "after" | "before") {
  const [pinned, position, date, id] = side === "after" ? ([lt, gt, lt, lt] as const) : ([gt, lt, gt, gt] as const);
  const samePin = eq(reels.isPinned, cursor.pinned);
  const samePlace = and(samePin, eq(reels.position, cursor.position));
  const sameDate = and(samePlace, eq(reels.instaRegDate, cursor.instaRegDate));
  return or(
    pinned(reels.isPinned, cursor.pinned),
    and(samePin, position(reels.position, cursor.position)),
    and(samePlace, date(reels.instaRegDate, cursor.instaRegDate)),
    and(sameDate, id(reels.id, cursor.id)),
  );
}

/** What a list query's SQL depends on: whether it searches, starts after a cursor, stops at a limit. */
type ReelListShape = { keyword: boolean; after: boolean; limit: boolean };

function prepareReelList(database: Db, shape: ReelListShape) {
  const matching = and(
    eq(reels.categoryId, sql.placeholder("categoryId")),
    shape.keyword ? containsText(reels.name, sql.placeholder("keyword")) : undefined,
  );
  const afterCursor = shape.after
    ? beyond(
        {
          pinned: sql.placeholder("afterPinned"),
          position: sql.placeholder("afterPosition"),
          instaRegDate: sql.placeholder("afterDate"),
          id: sql.placeholder("afterId"),
        },
        "after",
      )
    : undefined;
  const page = database
    .select()
    .from(reels)
    .where(and(matching, afterCursor))
    .orderBy(...REEL_ORDER);
  return {
    page: (shape.limit ? page.limit(sql.placeholder("limit")) : page).prepare(),
    total: database.select({ total: count() }).from(reels).where(matching).prepare(),
  };
}

/** Every list page a visitor opens, each search word and later page: at most 8 shapes per connection. */
const reelListQueries = preparedPerShape(prepareReelList);

/** Every later page asks where its first reel's predecessor stands now. */
const anchorQuery = preparedPerConnection((database) =>
  database
    .select({ pinned: reels.isPinned, position: reels.position, instaRegDate: reels.instaRegDate, id: reels.id })
    .from(reels)
    .where(and(eq(reels.id, sql.placeholder("id")), eq(reels.categoryId, sql.placeholder("categoryId"))))
    .prepare(),
);

/**
 * Where a page starts: after the cursor's reel as it stands now (she may have moved reels since the
 * link was made, which renumbers positions), or after the cursor's keys when that reel is gone.
 */
export function pageStart(categoryId: number, after: ReelCursor): ReelCursor {
  return anchorQuery().get({ id: after.id, categoryId }) ?? after;
}

/**
 * One category with its reels (in REEL_ORDER: pinned first), optionally searched by name, one page
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
  if (after) after = pageStart(categoryId, after);
  const values = {
    categoryId,
    keyword,
    // A placeholder is bound as it is: SQLite's own 1 or 0 for the boolean column.
    afterPinned: after ? Number(after.pinned) : undefined,
    afterPosition: after?.position,
    afterDate: after?.instaRegDate,
    afterId: after?.id,
  };
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

/** Whether `a` comes before `b` in REEL_ORDER. */
function precedes(a: ReelCursor, b: ReelCursor) {
  if (a.pinned !== b.pinned) return a.pinned;
  if (a.position !== b.position) return a.position < b.position;
  if (a.instaRegDate !== b.instaRegDate) return a.instaRegDate > b.instaRegDate;
  return a.id > b.id;
}

/**
 * The `after` of the edit mode's page that shows this reel now (issue 33, point 8: after a move she
 * comes back to it): the page she was on (`after`, its cursor renewed) while the reel is still on
 * it, else a page that starts with the reel just above it. Null is the first page.
 */
export function editPageAfter(categoryId: number, id: number, after: ReelCursor | null): string | null {
  const shown = db()
    .select({ pinned: reels.isPinned, position: reels.position, instaRegDate: reels.instaRegDate, id: reels.id })
    .from(reels)
    .where(eq(reels.categoryId, categoryId))
    .orderBy(...REEL_ORDER)
    .all();
  const at = shown.findIndex((reel) => reel.id === id);
  const start = after ? pageStart(categoryId, after) : null;
  const first = start ? shown.filter((reel) => reel.id === start.id || precedes(reel, start)).length : 0;
  if (at >= first && at < first + REELS_PAGE_SIZE) return first > 0 ? formatReelCursor(toCursorRow(shown[first - 1]!)) : null;
  return at < 2 ? null : formatReelCursor(toCursorRow(shown[at - 2]!));
}

function toCursorRow(reel: ReelCursor) {
  return { isPinned: reel.pinned, position: reel.position, instaRegDate: reel.instaRegDate, id: reel.id };
}

/** What a link to a reel's viewer needs (reelPath). */
export type ReelLinkTarget = { id: number; mediaId: string; reelsNm: string };

/**
 * The reels just before and after this one in its category's list, as visitors see it (REEL_ORDER):
 * the viewer's "이전 릴스" / "다음 릴스". Only filed reels are in `reels`, so inbox (unfiled or hidden)
 * reels are never neighbours; the viewer itself is a 404 for visitors when the category is hidden.
 */
export function getReelNeighbours(id: number): { previous: ReelLinkTarget | null; next: ReelLinkTarget | null } {
  const reel = db().select().from(reels).where(eq(reels.id, id)).get();
  if (!reel) return { previous: null, next: null };
  const cursor = { pinned: reel.isPinned, position: reel.position, instaRegDate: reel.instaRegDate, id };
  const target = { id: reels.id, mediaId: reels.mediaId, reelsNm: reels.name };
  const inCategory = eq(reels.categoryId, reel.categoryId);
  const previous = db()
    .select(target)
    .from(reels)
    .where(and(inCategory, beyond(cursor, "before")))
    .orderBy(...REVERSED_ORDER)
    .limit(1)
    .get();
  const next = db()
    .select(target)
    .from(reels)
    .where(and(inCategory, beyond(cursor, "after")))
    .orderBy(...REEL_ORDER)
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
  if (!row) throw new AppError(404, "NOT_FOUND", koServer.reelsForm.reelNotFound);
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
