// When a visitor may read a guide (docs/product.md §3 guides): published (`isView`), from its
// `publishAt` minute on, in a published category, and while the section is shown (isViewFlags.detail).
// The owner reads every guide, with 비공개 or 예약됨 beside the ones visitors cannot.
import { and, eq, gt, inArray, lte, min, sql, type SQL } from "drizzle-orm";
import { db, type Db } from "~/db/client.server";
import { guideCategories, guidePictures, guides, type GuideRow } from "~/db/schema";
import { getHomeMenu } from "~/features/home/home.server";
import { uploadUrl } from "~/lib/uploads.server";

/** A guide row a visitor may read at `now` (its category's own flag is checked where the category is joined). */
export function openToVisitors(now: Date): SQL {
  return and(eq(guides.isView, true), lte(guides.publishAt, now.toISOString()))!;
}

/** The same, with its category published (for queries that join guide_categories). */
export function openWithCategory(now: Date): SQL {
  return and(openToVisitors(now), eq(guideCategories.isView, true))!;
}

/** Whether visitors see the section at all (/home-update's 상세/심화 정보 row). */
export function sectionShown(): boolean {
  return getHomeMenu().isViewFlags.detail;
}

export type GuideState = "published" | "hidden" | "scheduled";

/** What the owner sees beside a guide: 비공개, 예약됨, or nothing. */
export function guideState(row: Pick<GuideRow, "isView" | "publishAt">, now: Date): GuideState {
  if (!row.isView) return "hidden";
  return row.publishAt > now.toISOString() ? "scheduled" : "published";
}

/**
 * The next moment a guide appears to visitors with no write (the earliest future `publishAt` of a
 * published guide, of one category or of all), for pageChangesAt; null when none is scheduled.
 */
export function nextPublishAt(now: Date, categoryId?: number): number | null {
  const row = db()
    .select({ at: min(guides.publishAt) })
    .from(guides)
    .where(
      and(eq(guides.isView, true), gt(guides.publishAt, now.toISOString()), categoryId ? eq(guides.categoryId, categoryId) : undefined),
    )
    .get();
  return row?.at ? Date.parse(row.at) : null;
}

/**
 * Of the text pictures of guides being deleted, the ones no other guide's text still shows (a picture
 * may have been pasted into two guides): those go with them.
 */
export function picturesOnlyOf(database: Pick<Db, "select">, pictures: { image: string }[]): string[] {
  return pictures
    .map((picture) => picture.image)
    .filter((image) => {
      const url = uploadUrl(image);
      return !database
        .select({ id: guides.id })
        .from(guides)
        .where(sql`instr(${guides.body}, ${url}) > 0`)
        .get();
    });
}

/** The text pictures that went with guides, for `inArray` deletes. */
export function picturesOfGuides(database: Pick<Db, "delete">, guideIds: number[]) {
  return guideIds.length
    ? database.delete(guidePictures).where(inArray(guidePictures.guideId, guideIds)).returning({ image: guidePictures.image }).all()
    : [];
}

/** A guide a visitor may read now (its category published, the section shown): only such reads are counted. */
export function isReadableGuide(id: number, now = new Date()): boolean {
  if (!sectionShown()) return false;
  return (
    db()
      .select({ id: guides.id })
      .from(guides)
      .innerJoin(guideCategories, eq(guideCategories.id, guides.categoryId))
      .where(and(eq(guides.id, id), openWithCategory(now)))
      .get() !== undefined
  );
}
