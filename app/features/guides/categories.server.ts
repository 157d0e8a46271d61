// The guide categories (상세/심화 정보, docs/product.md §3 guides): filed and ordered as the reel
// categories are; a visitor sees a published category once it has a guide they can read.
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { ko } from "~/copy/ko";
import { koServer } from "~/copy/ko-server.server";
import { db } from "~/db/client.server";
import { guideCategories, guidePictures, guides, type GuideCategoryRow } from "~/db/schema";
import { contentChanged } from "~/lib/content-version.server";
import { AppError } from "~/lib/errors";
import { saveWithImage } from "~/lib/images.server";
import type { MoveDirection } from "~/lib/list-order";
import { moveInList, reorderList, shownOrder, topPosition } from "~/lib/list-order.server";
import { assertAdmin, type Admin } from "~/lib/session.server";
import { registerOnce, type RecordSubmission } from "~/lib/submissions.server";
import { deleteWithImages, uploadUrl } from "~/lib/uploads.server";
import type { GuideCategoryInput } from "./category-schema";
import { openToVisitors, picturesOnlyOf } from "./visibility.server";

/** docs/product.md §3 guide category, as lists and the API answer it: `count` is the guides a visitor can read. */
export type GuideCategoryItem = {
  index: number;
  categoryNm: string;
  title: string;
  description: string;
  image: string | null;
  isView: boolean;
  count: number;
};

function toItem(row: GuideCategoryRow, visible: number): GuideCategoryItem {
  return {
    index: row.id,
    categoryNm: row.name,
    title: row.name,
    description: row.description,
    image: uploadUrl(row.image),
    isView: row.isView,
    count: visible,
  };
}

/**
 * Visitors see published categories with a guide they can read now; the owner sees all, each with
 * the count visitors see. In the owner's order; optional keyword search on the name.
 */
export function listGuideCategories(admin: Admin | null, options: { keyword?: string; now?: Date } = {}) {
  return categoryItems(admin !== null, options);
}

function categoryItems(all: boolean, { keyword, now = new Date() }: { keyword?: string; now?: Date }) {
  const visible = sql<number>`count(${guides.id})`;
  const rows = db()
    .select({ category: guideCategories, visible })
    .from(guideCategories)
    .leftJoin(guides, and(eq(guides.categoryId, guideCategories.id), openToVisitors(now)))
    .where(
      and(
        all ? undefined : eq(guideCategories.isView, true),
        keyword ? sql`instr(lower(${guideCategories.name}), lower(${keyword})) > 0` : undefined,
      ),
    )
    .groupBy(guideCategories.id)
    .having(all ? undefined : sql`${visible} > 0`)
    .orderBy(...shownOrder(guideCategories))
    .all();
  return rows.map((row) => toItem(row.category, row.visible));
}

/** One category; a hidden or missing one is a 404 for visitors. */
export function getGuideCategory(admin: Admin | null, id: number): GuideCategoryItem {
  const row = db().select().from(guideCategories).where(eq(guideCategories.id, id)).get();
  if (!row || (!row.isView && !admin)) throw new AppError(404, "NOT_FOUND", koServer.reelsForm.categoryNotFound);
  return toItem(row, 0);
}

/** Every category, for the guide form's choice (the owner's). */
export function guideCategoryChoices(admin: Admin | null) {
  assertAdmin(admin);
  return db()
    .select({ index: guideCategories.id, categoryNm: guideCategories.name })
    .from(guideCategories)
    .orderBy(...shownOrder(guideCategories))
    .all();
}

export function saveGuideCategory(admin: Admin | null, input: GuideCategoryInput): Promise<GuideCategoryItem> {
  assertAdmin(admin);
  if (input.index) return writeCategory(input);
  return registerOnce("guide_categories", input.submissionId, findItem, (recordSubmission) => writeCategory(input, recordSubmission));
}

function findItem(id: number): GuideCategoryItem | undefined {
  return categoryItems(true, {}).find((item) => item.index === id);
}

async function writeCategory(input: GuideCategoryInput, recordSubmission?: RecordSubmission): Promise<GuideCategoryItem> {
  const existing = input.index ? db().select().from(guideCategories).where(eq(guideCategories.id, input.index)).get() : undefined;
  if (input.index && !existing) throw new AppError(404, "NOT_FOUND", koServer.reelsForm.categoryNotFound);
  const row = await saveWithImage(
    {
      file: input.imageFile,
      current: () =>
        existing
          ? (db().select({ image: guideCategories.image }).from(guideCategories).where(eq(guideCategories.id, existing.id)).get()?.image ??
            null)
          : null,
      drop: input.removeImage === true || input.hasImage === false,
    },
    (image) => {
      const values = {
        name: input.categoryNm,
        description: input.description?.trim() ?? "",
        image,
        isView: input.isView,
        updatedAt: new Date().toISOString(),
      };
      const written = existing
        ? db().update(guideCategories).set(values).where(eq(guideCategories.id, existing.id)).returning().get()
        : db().transaction(() => {
            const inserted = db()
              .insert(guideCategories)
              .values({ ...values, position: topPosition(guideCategories) })
              .returning()
              .get();
            recordSubmission?.(inserted.id);
            return inserted;
          });
      if (!written) throw new AppError(404, "NOT_FOUND", koServer.reelsForm.categoryNotFound);
      return written;
    },
  );
  contentChanged();
  return findItem(row.id) ?? toItem(row, 0);
}

export function moveGuideCategory(admin: Admin | null, id: number, direction: MoveDirection) {
  assertAdmin(admin);
  moveInList(guideCategories, id, direction, koServer.reelsForm.categoryNotFound);
}

export function reorderGuideCategories(admin: Admin | null, ids: number[]) {
  assertAdmin(admin);
  reorderList(guideCategories, ids);
}

/** For the delete confirmation: each chosen category and how many guides go with it. */
export function describeGuideCategoryDeletion(admin: Admin | null, ids: number[]): string[] {
  assertAdmin(admin);
  if (ids.length === 0) throw new AppError(400, "NOTHING_SELECTED", ko.list.nothingToDelete);
  return db()
    .select({ name: guideCategories.name, guidesCount: count(guides.id) })
    .from(guideCategories)
    .leftJoin(guides, eq(guides.categoryId, guideCategories.id))
    .where(inArray(guideCategories.id, ids))
    .groupBy(guideCategories.id)
    .all()
    .map((row) => koServer.guideForm.categoryDeleteLine(row.name, row.guidesCount));
}

/** Deletes categories with their guides, then every picture that went only with them. */
export async function deleteGuideCategories(admin: Admin | null, ids: number[]) {
  assertAdmin(admin);
  return deleteWithImages(ids, koServer.reelsForm.categoryNotFound, (unique) =>
    db().transaction((tx) => {
      const guideIds = tx
        .select({ id: guides.id })
        .from(guides)
        .where(inArray(guides.categoryId, unique))
        .all()
        .map((row) => row.id);
      const textPictures = guideIds.length
        ? tx.delete(guidePictures).where(inArray(guidePictures.guideId, guideIds)).returning({ image: guidePictures.image }).all()
        : [];
      const guideImages = tx.delete(guides).where(inArray(guides.categoryId, unique)).returning({ image: guides.image }).all();
      const categoryImages = tx
        .delete(guideCategories)
        .where(inArray(guideCategories.id, unique))
        .returning({ image: guideCategories.image })
        .all();
      return {
        deleted: categoryImages.length,
        images: [...categoryImages, ...guideImages].map((row) => row.image).concat(picturesOnlyOf(tx, textPictures)),
        result: { categories: categoryImages.length, guides: guideImages.length },
      };
    }),
  );
}
