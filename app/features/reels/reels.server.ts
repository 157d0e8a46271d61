import { and, asc, count, desc, eq, gt, inArray, lt, or, sql, type Placeholder } from "drizzle-orm";
import { ko } from "~/copy/ko";
import { koAdmin } from "~/copy/ko-admin";
import { db, preparedPerConnection, preparedPerShape, type Db } from "~/db/client.server";
import { ignoredMedia, reelCategories, reelInbox, reels, type ReelRow } from "~/db/schema";
import { fetchPosterBytes } from "~/features/instagram/posters.server";
import type { InstaMedia } from "~/features/instagram/types";
import { getInstagramMedia, listInstagramVideos } from "~/features/instagram/videos.server";
import { contentChanged } from "~/lib/content-version.server";
import { AppError, isAppError } from "~/lib/errors";
import { storeImage, storeShareImage } from "~/lib/images.server";
import type { Picture } from "~/lib/picture";
import { pictureOf, type PictureLayout } from "~/lib/pictures.server";
import { assertAdmin, type Admin } from "~/lib/session.server";
import { formatKst, kstDayRange } from "~/lib/time";
import { deleteWithImages, removeUploads, uploadIsMissing, uploadUrl } from "~/lib/uploads.server";
import { containsText, getCategory, type Category } from "./categories.server";
import type { InstaFilter, ReelInput } from "./schema";

/** docs/architecture.md §5: Instagram's CDN links expire; a link older than a day is refreshed by media id. */
export const LINK_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** A video that failed to play may ask for a fresh link, at most this often. */
const FORCED_REFRESH_MIN_MS = 5 * 60 * 1000;

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
 * The items with whether each one's poster file is gone (a stat each, in parallel) and, when it is
 * not, the poster as a page shows it (pictureOf, the `firstCount` first at once and first).
 */
export async function withPosters<T extends { image: string | null }>(
  items: T[],
  layout: PictureLayout,
  firstCount: number,
): Promise<(T & { posterMissing: boolean; picture: Picture | null })[]> {
  return Promise.all(
    items.map(async (item, at) => {
      const posterMissing = await uploadIsMissing(item.image);
      const picture = item.image && !posterMissing ? await pictureOf(item.image, layout, at < firstCount) : null;
      return { ...item, posterMissing, picture };
    }),
  );
}

export function getReel(admin: Admin | null, id: number): ReelItem {
  assertAdmin(admin);
  const row = db().select().from(reels).where(eq(reels.id, id)).get();
  if (!row) throw new AppError(404, "NOT_FOUND", koAdmin.reelsForm.reelNotFound);
  return toItem(row);
}

/** An Instagram video in the register picker, with the categories it is already filed in (by name). */
export type PickerMedia = InstaMedia & { filedIn: string[] };

/** Each filed media id with the names of the categories holding it. */
function filedCategoryNames() {
  const rows = db()
    .select({ mediaId: reels.mediaId, categoryNm: reelCategories.name })
    .from(reels)
    .innerJoin(reelCategories, eq(reels.categoryId, reelCategories.id))
    .orderBy(asc(reelCategories.id))
    .all();
  const names = new Map<string, string[]>();
  for (const row of rows) {
    const list = names.get(row.mediaId) ?? [];
    if (!list.includes(row.categoryNm)) list.push(row.categoryNm);
    names.set(row.mediaId, list);
  }
  return names;
}

/**
 * Instagram videos to register from, with the docs/product.md §7 filters. `filedCount` counts the videos in
 * the date range that are filed (in any category): exactly those "이미 등록된 릴스 제외" leaves out.
 */
export async function listInstaMedia(admin: Admin | null, filter: InstaFilter): Promise<{ media: PickerMedia[]; filedCount: number }> {
  assertAdmin(admin);
  const { from, to } = kstDayRange(filter.regDateFilter, filter.endDateFilter);
  const videos = await listInstagramVideos({ from, to, ascending: filter.checkedAscFilter });
  const filed = filedCategoryNames();
  const marked = videos.map((item) => ({ ...item, filedIn: filed.get(item.mediaId) ?? [] }));
  const unfiled = marked.filter((item) => item.filedIn.length === 0);
  return { media: filter.checkedFilter ? unfiled : marked, filedCount: marked.length - unfiled.length };
}

/**
 * Copies the poster into uploads, so the reel keeps its picture after Instagram's link expires, and
 * makes its 2:1 share image beside it. A share image that cannot be made costs the reel nothing:
 * its page names the poster instead, as for reels copied before share images existed.
 */
export async function copyPoster(media: InstaMedia) {
  if (!media.image) return null;
  const bytes = await fetchPosterBytes(media.image);
  const poster = await storeImage(new Blob([new Uint8Array(bytes)]), { field: "mediaId" });
  await storeShareImage(poster.name).catch((error: unknown) => console.warn(`[reels] share image of ${poster.name} not made:`, error));
  return poster;
}

/** Registers an Instagram video into a category: the media is re-read from Instagram by id. */
export async function registerReel(admin: Admin | null, input: ReelInput): Promise<ReelItem> {
  assertAdmin(admin);
  const { reelsCategoryID: categoryId, mediaId } = input;
  if (!categoryId) throw new AppError(400, "VALIDATION", koAdmin.reelsForm.categoryNotFound);
  if (!mediaId) throw new AppError(400, "VALIDATION", koAdmin.reelsForm.chooseItem, { mediaId: [koAdmin.reelsForm.chooseItem] });
  getCategory(admin, categoryId);
  const duplicate = db()
    .select({ id: reels.id })
    .from(reels)
    .where(and(eq(reels.categoryId, categoryId), eq(reels.mediaId, mediaId)))
    .get();
  if (duplicate)
    throw new AppError(409, "ALREADY_REGISTERED", koAdmin.reelsForm.alreadyRegistered, { mediaId: [koAdmin.reelsForm.alreadyRegistered] });

  const media = await getInstagramMedia(mediaId);
  if (!media) throw new AppError(404, "NOT_FOUND", koAdmin.instagram.mediaNotFound, { mediaId: [koAdmin.instagram.mediaNotFound] });
  if (!media.isVideo) throw new AppError(400, "NOT_A_VIDEO", koAdmin.reelsForm.notAVideo, { mediaId: [koAdmin.reelsForm.notAVideo] });
  const poster = await copyPoster(media);
  try {
    const row = db()
      .insert(reels)
      .values({
        categoryId,
        name: input.reelsNm,
        mediaId: media.mediaId,
        permalink: media.permalink,
        image: poster?.name ?? null,
        link: media.link,
        linkCheckedAt: new Date().toISOString(),
        caption: media.caption,
        instaRegDate: media.timestamp,
      })
      .returning()
      .get();
    contentChanged();
    await removeFromInbox(media.mediaId);
    return toItem(row);
  } catch (error) {
    await removeUploads([poster?.name]);
    if (error instanceof Error && /UNIQUE/.test(error.message)) {
      throw new AppError(409, "ALREADY_REGISTERED", koAdmin.reelsForm.alreadyRegistered);
    }
    // The category was deleted while Instagram was being asked.
    if (error instanceof Error && /FOREIGN KEY/.test(error.message)) {
      throw new AppError(404, "NOT_FOUND", koAdmin.reelsForm.categoryNotFound);
    }
    throw error;
  }
}

/** A reel registered by hand leaves the inbox, if the import had put it there. */
async function removeFromInbox(mediaId: string) {
  const removed = db().delete(reelInbox).where(eq(reelInbox.mediaId, mediaId)).returning({ image: reelInbox.image }).all();
  await removeUploads(removed.map((row) => row.image));
}

/** Renames a reel (and may move it to another category). */
export function updateReel(admin: Admin | null, input: ReelInput): ReelItem {
  assertAdmin(admin);
  const { index: id, reelsCategoryID } = input;
  if (!id) throw new AppError(400, "VALIDATION", koAdmin.reelsForm.reelNotFound);
  const existing = db().select().from(reels).where(eq(reels.id, id)).get();
  if (!existing) throw new AppError(404, "NOT_FOUND", koAdmin.reelsForm.reelNotFound);
  const categoryId = reelsCategoryID ?? existing.categoryId;
  if (categoryId !== existing.categoryId) getCategory(admin, categoryId);
  try {
    const row = db()
      .update(reels)
      .set({ name: input.reelsNm, categoryId, updatedAt: new Date().toISOString() })
      .where(eq(reels.id, existing.id))
      .returning()
      .get();
    if (!row) throw new AppError(404, "NOT_FOUND", koAdmin.reelsForm.reelNotFound);
    contentChanged();
    return toItem(row);
  } catch (error) {
    if (error instanceof Error && /UNIQUE/.test(error.message)) {
      throw new AppError(409, "ALREADY_REGISTERED", koAdmin.reelsForm.alreadyRegistered);
    }
    throw error;
  }
}

export function describeReelDeletion(admin: Admin | null, ids: number[]): string[] {
  assertAdmin(admin);
  if (ids.length === 0) throw new AppError(400, "NOTHING_SELECTED", ko.list.nothingToDelete);
  return db()
    .select({ name: reels.name })
    .from(reels)
    .where(inArray(reels.id, ids))
    .orderBy(asc(reels.id))
    .all()
    .map((row) => row.name);
}

export async function deleteReels(admin: Admin | null, ids: number[]) {
  assertAdmin(admin);
  return deleteWithImages(ids, koAdmin.reelsForm.reelNotFound, (unique) => {
    const deleted = db().transaction((tx) => {
      const rows = tx.delete(reels).where(inArray(reels.id, unique)).returning({ image: reels.image, mediaId: reels.mediaId }).all();
      rememberDeletedMedia(tx, rows);
      return rows;
    });
    return { deleted: deleted.length, images: deleted.map((row) => row.image), result: deleted.length };
  });
}

type Transaction = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** A reel she deleted is never imported again: its media id is kept as a tombstone. */
export function rememberDeletedMedia(tx: Transaction, rows: { mediaId: string }[]) {
  if (rows.length === 0) return;
  tx.insert(ignoredMedia)
    .values(rows.map((row) => ({ mediaId: row.mediaId, reason: "deleted" as const })))
    .onConflictDoNothing()
    .run();
}

/** docs/product.md §3 reel for the viewer (renamed for the API in api.server.ts). `link` is null when Instagram withholds the video. */
export type ReelContent = {
  id: number;
  mediaId: string;
  reelsNm: string;
  image: string | null;
  link: string | null;
  caption: string;
  permalink: string | null;
  instaRegDate: string;
  categoryId: number;
};

/**
 * The reel a visitor opens. A video link older than a day (or reported failing) is refreshed from
 * Instagram by media id first; if Instagram cannot be asked, the stored link is used as it is.
 */
export async function getReelContent(admin: Admin | null, id: number, { linkFailed = false } = {}): Promise<ReelContent> {
  const found = db()
    .select({ reel: reels, categoryVisible: reelCategories.isView })
    .from(reels)
    .innerJoin(reelCategories, eq(reelCategories.id, reels.categoryId))
    .where(eq(reels.id, id))
    .get();
  if (!found || (!found.categoryVisible && !admin)) throw new AppError(404, "NOT_FOUND", ko.reels.notExist);
  let row = found.reel;
  const checkedAt = row.linkCheckedAt ? Date.parse(row.linkCheckedAt) : 0;
  const age = Date.now() - checkedAt;
  if (age > LINK_MAX_AGE_MS || (linkFailed && age > FORCED_REFRESH_MIN_MS)) {
    row = await refreshLink(row);
  }
  return {
    id: row.id,
    mediaId: row.mediaId,
    reelsNm: row.name,
    image: uploadUrl(row.image),
    link: row.link,
    caption: row.caption,
    permalink: row.permalink,
    instaRegDate: formatKst(row.instaRegDate),
    categoryId: row.categoryId,
  };
}

async function refreshLink(row: ReelRow): Promise<ReelRow> {
  let media: InstaMedia | null;
  try {
    media = await getInstagramMedia(row.mediaId);
  } catch (error) {
    if (isAppError(error)) return row; // Instagram unreachable or token trouble: keep what we have
    throw error;
  }
  // A media Instagram no longer knows keeps its last link; one it still knows but withholds
  // (copyrighted audio) has no media_url, and the viewer shows the poster with a link instead.
  const link = media ? media.link : row.link;
  const refreshed = db()
    .update(reels)
    .set({ link, permalink: media?.permalink ?? row.permalink, linkCheckedAt: new Date().toISOString() })
    .where(eq(reels.id, row.id))
    .returning()
    .get();
  contentChanged();
  return refreshed ?? row;
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
