import { eq } from "drizzle-orm";
import { koServer } from "~/copy/ko-server.server";
import { db } from "~/db/client.server";
import type { guideCategories, reelCategories } from "~/db/schema";
import { contentChanged } from "~/lib/content-version.server";
import { AppError } from "~/lib/errors";
import { saveWithImage } from "~/lib/images.server";
import type { MoveDirection } from "~/lib/list-order";
import { insertOnTop, moveInList } from "~/lib/list-order.server";
import type { RecordSubmission } from "~/lib/submissions.server";
import { uploadUrl } from "~/lib/uploads.server";
import type { CategoryFieldsInput } from "./category-schema";

// What a reel category and a guide category share (docs/product.md §3): the same columns, one table
// each, answered, written and moved alike. Each area keeps its own lists, counts, words and
// register-once kind; deletion.server.ts has what their deletions share.

// Drizzle's builders take the union of the two tables, not a table of a generic type: each function
// reads and writes through `target` and answers with its own table's row type.
export type CategoryTable = typeof reelCategories | typeof guideCategories;

/** What both kinds of category answer alike (lists, pages and the API's categoryFields), in this order. */
export type CategoryAnswer = {
  index: number;
  categoryNm: string;
  title: string;
  description: string;
  image: string | null;
  isView: boolean;
};

export function categoryAnswer(row: CategoryTable["$inferSelect"]): CategoryAnswer {
  return {
    index: row.id,
    categoryNm: row.name,
    title: row.name,
    description: row.description,
    image: uploadUrl(row.image),
    isView: row.isView,
  };
}

/**
 * Writes the category `input.index` names (gone since: a 404), or a new one on top of its list,
 * recorded as its form's register, with the form's fields and its picture stored, replaced or
 * dropped; then tells the page cache. `own` is what only its table has (a reel category's hashtag
 * rule); a column it leaves out keeps its value.
 */
export async function writeCategoryRow<T extends CategoryTable>(
  table: T,
  input: CategoryFieldsInput,
  own: Omit<T["$inferInsert"], keyof typeof guideCategories.$inferInsert>,
  recordSubmission?: RecordSubmission,
): Promise<T["$inferSelect"]> {
  const target: CategoryTable = table;
  const existing = input.index ? db().select().from(target).where(eq(target.id, input.index)).get() : undefined;
  if (input.index && !existing) throw new AppError(404, "NOT_FOUND", koServer.reelsForm.categoryNotFound);
  const row = await saveWithImage(
    {
      file: input.imageFile,
      current: () =>
        existing ? (db().select({ image: table.image }).from(table).where(eq(table.id, existing.id)).get()?.image ?? null) : null,
      drop: input.removeImage === true || input.hasImage === false,
    },
    (image) => {
      const values = {
        ...own,
        name: input.categoryNm,
        description: input.description?.trim() ?? "",
        image,
        isView: input.isView,
        updatedAt: new Date().toISOString(),
      };
      const written = existing
        ? db().update(target).set(values).where(eq(table.id, existing.id)).returning().get()
        : insertOnTop(target, values, recordSubmission);
      if (!written) throw new AppError(404, "NOT_FOUND", koServer.reelsForm.categoryNotFound);
      return written;
    },
  );
  contentChanged();
  return row;
}

/** Moves a category one step up or down its list; at either end nothing moves. */
export function moveCategoryInList(table: CategoryTable, id: number, direction: MoveDirection) {
  moveInList(table, id, direction, koServer.reelsForm.categoryNotFound);
}
