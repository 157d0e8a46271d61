import { and, count, eq, gt, inArray, sql, type Placeholder } from "drizzle-orm";
import { koServer } from "~/copy/ko-server.server";
import { db, preparedPerConnection } from "~/db/client.server";
import { reelCategories, reelInbox, reels, type ReelCategoryRow } from "~/db/schema";
import { categoriesToDelete, deleteCategoryRows } from "~/features/categories/deletion.server";
import { categoryAnswer, moveCategoryInList, writeCategoryRow, type CategoryAnswer } from "~/features/categories/rows.server";
import { AppError } from "~/lib/errors";
import type { MoveDirection } from "~/lib/list-order";
import { reorderList, shownOrder } from "~/lib/list-order.server";
import { assertAdmin, type Admin } from "~/lib/session.server";
import { registerOnce, type RecordSubmission } from "~/lib/submissions.server";
import { deleteWithImages } from "~/lib/uploads.server";
import type { CategoryInput } from "./schema";

/** docs/product.md §3 reels category. */
export type Category = CategoryAnswer & {
  /** The hashtag rule new reels are filed by, as stored (normalised: "#a #b"); empty when none. */
  hashtags: string;
};

/** A category as lists and the API answer it: with the count of its reels. */
export type CategoryItem = Category & { reelsCount: number };

export function toItem(row: ReelCategoryRow, reelsCount: number): CategoryItem {
  return { ...toCategory(row), reelsCount };
}

function toCategory(row: ReelCategoryRow): Category {
  return { ...categoryAnswer(row), hashtags: row.hashtags };
}

/** Text search without LIKE wildcards: what the visitor typed is matched literally. */
export function containsText(column: typeof reelCategories.name | typeof reels.name, keyword: string | Placeholder) {
  return sql`instr(lower(${column}), lower(${keyword})) > 0`;
}

/**
 * Visitors see published categories that have reels; the admin sees all (an empty one marked as
 * such by its count). In the owner's order. Optional keyword search on the name.
 */
export function listCategories(admin: Admin | null, keyword?: string): CategoryItem[] {
  const conditions = [
    admin ? undefined : eq(reelCategories.isView, true),
    keyword ? containsText(reelCategories.name, keyword) : undefined,
  ].filter((condition) => condition !== undefined);
  const rows = db()
    .select({ category: reelCategories, reelsCount: count(reels.id) })
    .from(reelCategories)
    .leftJoin(reels, eq(reels.categoryId, reelCategories.id))
    .where(conditions.length ? and(...conditions) : undefined)
    .groupBy(reelCategories.id)
    .having(admin ? undefined : gt(count(reels.id), 0))
    .orderBy(...shownOrder(reelCategories))
    .all();
  return rows.map((row) => toItem(row.category, row.reelsCount));
}

/** Every category in the owner's order, for the import's hashtag rules (the first match wins) and the inbox's choice. */
export function categoriesInOwnerOrder(): ReelCategoryRow[] {
  return db()
    .select()
    .from(reelCategories)
    .orderBy(...shownOrder(reelCategories))
    .all();
}

/** Every list page and reel viewer asks. */
const categoryQuery = preparedPerConnection((database) =>
  database
    .select()
    .from(reelCategories)
    .where(eq(reelCategories.id, sql.placeholder("id")))
    .prepare(),
);

/** One category, without counting its reels (no page that shows one category shows that count); a hidden one exists only for the admin. */
export function getCategory(admin: Admin | null, id: number): Category {
  const row = categoryQuery().get({ id });
  if (!row || (!row.isView && !admin)) throw new AppError(404, "NOT_FOUND", koServer.reelsForm.categoryNotFound);
  return toCategory(row);
}

/** Registers or edits a category; answered as the API's list item, with its reels' count. */
export function saveCategory(admin: Admin | null, input: CategoryInput): Promise<CategoryItem> {
  assertAdmin(admin);
  if (input.index) return writeCategory(input);
  return registerOnce("reel_categories", input.submissionId, findCategoryItem, (recordSubmission) =>
    writeCategory(input, recordSubmission),
  );
}

function findCategoryItem(id: number): CategoryItem | undefined {
  const row = db().select().from(reelCategories).where(eq(reelCategories.id, id)).get();
  return row ? toItem(row, db().select({ n: count() }).from(reels).where(eq(reels.categoryId, id)).get()?.n ?? 0) : undefined;
}

async function writeCategory(input: CategoryInput, recordSubmission?: RecordSubmission): Promise<CategoryItem> {
  // An API call that does not name the rule leaves it as it is.
  const row = await writeCategoryRow(
    reelCategories,
    input,
    input.hashtags === undefined ? {} : { hashtags: input.hashtags },
    recordSubmission,
  );
  return findCategoryItem(row.id) ?? toItem(row, 0);
}

/** Moves a category one step up or down the list; at either end nothing moves. */
export function moveCategory(admin: Admin | null, id: number, direction: MoveDirection) {
  assertAdmin(admin);
  moveCategoryInList(reelCategories, id, direction);
}

/** Puts every category in the given order (all of them, each once). */
export function reorderCategories(admin: Admin | null, ids: number[]) {
  assertAdmin(admin);
  reorderList(reelCategories, ids);
}

/** For the delete confirmation: each chosen category and how many reels go with it. */
export function describeCategoryDeletion(admin: Admin | null, ids: number[]): string[] {
  assertAdmin(admin);
  return categoriesToDelete(reelCategories, reels, ids).map((row) => koServer.reelsForm.categoryDeleteLine(row.name, row.contentsCount));
}

/**
 * Deletes categories, then their images. Their reels are not lost (issue 33, point 6): each goes to
 * the inbox with its name and poster, to be filed again, unless the same video is still filed in a
 * category that stays or is already in the inbox (then it goes, with its poster).
 */
export async function deleteCategories(admin: Admin | null, ids: number[]) {
  assertAdmin(admin);
  return deleteWithImages(ids, koServer.reelsForm.categoryNotFound, (unique) =>
    db().transaction((tx) => {
      const orphans = tx.delete(reels).where(inArray(reels.categoryId, unique)).returning().all();
      const gone: (string | null)[] = [];
      for (const reel of orphans) {
        const kept = tx.select({ id: reels.id }).from(reels).where(eq(reels.mediaId, reel.mediaId)).get();
        const waiting =
          !kept &&
          tx
            .insert(reelInbox)
            .values({
              mediaId: reel.mediaId,
              name: reel.name,
              permalink: reel.permalink,
              image: reel.image,
              link: reel.link,
              linkCheckedAt: reel.linkCheckedAt,
              caption: reel.caption,
              instaRegDate: reel.instaRegDate,
            })
            .onConflictDoNothing()
            .run().changes > 0;
        if (!waiting) gone.push(reel.image);
      }
      const categoryImages = deleteCategoryRows(tx, reelCategories, unique);
      return {
        deleted: categoryImages.length,
        images: [...categoryImages.map((row) => row.image), ...gone],
        result: { categories: categoryImages.length, reels: orphans.length },
      };
    }),
  );
}
