import { and, asc, count, desc, eq, gt, lt, or, sql } from "drizzle-orm";
import { koServer } from "~/copy/ko-server.server";
// Reading guides as visitors and the owner see them: a category's list page by page, one guide with
// its rendered text and neighbours, one guide for its edit form, and the lists of the feed and the
// sitemap. Visitors see only what visibility.server.ts lets them.
import { db } from "~/db/client.server";
import { guideCategories, guides, type GuideRow } from "~/db/schema";
import { AppError } from "~/lib/errors";
import { formatKstMinute, kstMinuteInputValue } from "~/lib/minute-time";
import { assertAdmin, type Admin } from "~/lib/session.server";
import { uploadUrl } from "~/lib/uploads.server";
import { getGuideCategory, type GuideCategoryItem } from "./categories.server";
import type { TocEntry } from "./markdown.server";
import { guideState, openToVisitors, openWithCategory, type GuideState } from "./visibility.server";

/** docs/product.md §3 guide list item (the API's `detailLists`), with what the owner sees beside it. */
export type GuideItem = {
  index: number;
  detailNm: string;
  summary: string;
  image: string | null;
  /** Korea time, `yyyy-MM-dd HH:mm`. */
  publishAt: string;
  updatedAt: string;
  detailCategoryId: number;
  isView: boolean;
  readingMinutes: number;
  state: GuideState;
};

export function toGuideItem(row: GuideRow, now: Date): GuideItem {
  return {
    index: row.id,
    detailNm: row.title,
    summary: row.summary,
    image: uploadUrl(row.image),
    publishAt: formatKstMinute(row.publishAt),
    updatedAt: formatKstMinute(row.updatedAt),
    detailCategoryId: row.categoryId,
    isView: row.isView,
    readingMinutes: row.readingMinutes,
    state: guideState(row, now),
  };
}

/** Guides a list page shows at once; the next ones follow through a cursor link (`?after=`). */
export const GUIDES_PAGE_SIZE = 20;

/** Where a page of a list ends: the last guide's publish time and id (the order's two keys). */
type GuideCursor = { publishAt: string; id: number };
const CURSOR = /^(\d{4}-\d{2}-\d{2}T[\d:.]{5,12}Z)_(\d{1,15})$/;

export function parseGuideCursor(raw: string | null | undefined): GuideCursor | null {
  const match = raw ? CURSOR.exec(raw) : null;
  return match ? { publishAt: match[1]!, id: Number(match[2]) } : null;
}

/** Newest first: the latest published on top, id as tie-break. */
const NEWEST_FIRST = [desc(guides.publishAt), desc(guides.id)] as const;

function after(cursor: GuideCursor) {
  return or(lt(guides.publishAt, cursor.publishAt), and(eq(guides.publishAt, cursor.publishAt), lt(guides.id, cursor.id)));
}

function before(cursor: GuideCursor) {
  return or(gt(guides.publishAt, cursor.publishAt), and(eq(guides.publishAt, cursor.publishAt), gt(guides.id, cursor.id)));
}

export type GuideListQuery = { keyword?: string; after?: GuideCursor | null; limit?: number; now?: Date };

/**
 * One category with its guides, newest first, optionally searched by title, one page at a time when
 * a limit is given (`next`: the following page's cursor). `count` is the whole (searched) list.
 */
export function listGuides(
  admin: Admin | null,
  categoryId: number,
  { keyword, after: cursor, limit, now = new Date() }: GuideListQuery = {},
): { category: GuideCategoryItem; count: number; guides: GuideItem[]; next: string | null } {
  const category = getGuideCategory(admin, categoryId);
  const matching = and(
    eq(guides.categoryId, categoryId),
    admin ? undefined : openToVisitors(now),
    keyword ? sql`instr(lower(${guides.title}), lower(${keyword})) > 0` : undefined,
  );
  const query = db()
    .select()
    .from(guides)
    .where(and(matching, cursor ? after(cursor) : undefined))
    .orderBy(...NEWEST_FIRST);
  const rows = limit ? query.limit(limit + 1).all() : query.all();
  const pageRows = limit ? rows.slice(0, limit) : rows;
  const hasMore = rows.length > pageRows.length;
  const total = cursor || hasMore ? (db().select({ n: count() }).from(guides).where(matching).get()?.n ?? 0) : pageRows.length;
  const last = pageRows.at(-1);
  return {
    category: { ...category, count: total },
    count: total,
    guides: pageRows.map((row) => toGuideItem(row, now)),
    next: hasMore && last ? `${last.publishAt}_${last.id}` : null,
  };
}

/** One guide as its page and the API show it: the list fields, the text, its rendering, and its category. */
export type GuideContent = GuideItem & {
  body: string;
  html: string;
  toc: TocEntry[];
  categoryNm: string;
  /** UTC ISO-8601, for JSON-LD and the feed. */
  publishedIso: string;
  updatedIso: string;
};

function parseToc(text: string): TocEntry[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as TocEntry[]) : [];
  } catch {
    return [];
  }
}

/** A guide a visitor may read now (its category published); the owner reads any. Else 404. */
export function getGuideContent(admin: Admin | null, id: number, now = new Date()): GuideContent {
  const row = db()
    .select({ guide: guides, categoryNm: guideCategories.name })
    .from(guides)
    .innerJoin(guideCategories, eq(guideCategories.id, guides.categoryId))
    .where(and(eq(guides.id, id), admin ? undefined : openWithCategory(now)))
    .get();
  if (!row) throw new AppError(404, "NOT_FOUND", koServer.guideForm.notFound);
  return {
    ...toGuideItem(row.guide, now),
    body: row.guide.body,
    html: row.guide.html,
    toc: parseToc(row.guide.toc),
    categoryNm: row.categoryNm,
    publishedIso: row.guide.publishAt,
    updatedIso: row.guide.updatedAt,
  };
}

/** What a link to a guide needs. */
export type GuideLink = { index: number; detailNm: string };

/** The guides just before and after this one in its category's list as visitors see it (newest first). */
export function getGuideNeighbours(id: number, now = new Date()): { previous: GuideLink | null; next: GuideLink | null } {
  const guide = db().select({ categoryId: guides.categoryId, publishAt: guides.publishAt }).from(guides).where(eq(guides.id, id)).get();
  if (!guide) return { previous: null, next: null };
  const cursor = { publishAt: guide.publishAt, id };
  const target = { index: guides.id, detailNm: guides.title };
  const inCategory = and(eq(guides.categoryId, guide.categoryId), openToVisitors(now));
  const previous = db()
    .select(target)
    .from(guides)
    .where(and(inCategory, before(cursor)))
    .orderBy(asc(guides.publishAt), asc(guides.id))
    .limit(1)
    .get();
  const next = db()
    .select(target)
    .from(guides)
    .where(and(inCategory, after(cursor)))
    .orderBy(...NEWEST_FIRST)
    .limit(1)
    .get();
  return { previous: previous ?? null, next: next ?? null };
}

/** The guide as its edit form shows it (the owner's): the list fields, the text and the time as the field takes it. */
export function getGuideForEdit(admin: Admin | null, id: number) {
  assertAdmin(admin);
  const row = db().select().from(guides).where(eq(guides.id, id)).get();
  if (!row) throw new AppError(404, "NOT_FOUND", koServer.guideForm.notFound);
  return { ...toGuideItem(row, new Date()), body: row.body, publishAtInput: kstMinuteInputValue(row.publishAt) };
}

/** The newest guides visitors may read now, in published categories (the feed's, the sitemap's). */
export function publishedGuides(now: Date, limit?: number) {
  const query = db()
    .select({ guide: guides, categoryNm: guideCategories.name })
    .from(guides)
    .innerJoin(guideCategories, eq(guideCategories.id, guides.categoryId))
    .where(openWithCategory(now))
    .orderBy(...NEWEST_FIRST);
  return (limit ? query.limit(limit) : query).all();
}
