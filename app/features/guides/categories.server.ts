// The guide categories (상세/심화 정보, docs/product.md §3 guides): filed and ordered as the reel
// categories are; a visitor sees a published category once it has a guide they can read.
import { and, eq, inArray, sql } from "drizzle-orm";
import { koServer } from "~/copy/ko-server.server";
import { db } from "~/db/client.server";
import { guideCategories, guidePictures, guides, type GuideCategoryRow } from "~/db/schema";
import { categoriesToDelete, deleteCategoryRows } from "~/features/categories/deletion.server";
import { categoryAnswer, moveCategoryInList, writeCategoryRow, type CategoryAnswer } from "~/features/categories/rows.server";
import { AppError } from "~/lib/errors";
import type { MoveDirection } from "~/lib/list-order";
import { reorderList, shownOrder } from "~/lib/list-order.server";
import { assertAdmin, type Admin } from "~/lib/session.server";
import { registerOnce, type RecordSubmission } from "~/lib/submissions.server";
import { deleteWithImages } from "~/lib/uploads.server";
import type { GuideCategoryInput } from "./category-schema";
import { openToVisitors, picturesOnlyOf } from "./visibility.server";

/** docs/product.md §3 guide category, as lists and the API answer it: `count` is the guides a visitor can read. */
export type GuideCategoryItem = CategoryAnswer & { count: number };

function toItem(row: GuideCategoryRow, visible: number): GuideCategoryItem {
  return { ...categoryAnswer(row), count: visible };
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
  const row = await writeCategoryRow(guideCategories, input, {}, recordSubmission);
  return findItem(row.id) ?? toItem(row, 0);
}

export function moveGuideCategory(admin: Admin | null, id: number, direction: MoveDirection) {
  assertAdmin(admin);
  moveCategoryInList(guideCategories, id, direction);
}

export function reorderGuideCategories(admin: Admin | null, ids: number[]) {
  assertAdmin(admin);
  reorderList(guideCategories, ids);
}

/** For the delete confirmation: each chosen category and how many guides go with it. */
export function describeGuideCategoryDeletion(admin: Admin | null, ids: number[]): string[] {
  assertAdmin(admin);
  return categoriesToDelete(guideCategories, guides, ids).map((row) => koServer.guideForm.categoryDeleteLine(row.name, row.contentsCount));
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
      const categoryImages = deleteCategoryRows(tx, guideCategories, unique);
      return {
        deleted: categoryImages.length,
        images: [...categoryImages, ...guideImages].map((row) => row.image).concat(picturesOnlyOf(tx, textPictures)),
        result: { categories: categoryImages.length, guides: guideImages.length },
      };
    }),
  );
}
