import { count, eq, inArray } from "drizzle-orm";
import { ko } from "~/copy/ko";
import { db, type Db } from "~/db/client.server";
import type { guides, reels } from "~/db/schema";
import { AppError } from "~/lib/errors";
import type { CategoryTable } from "./rows.server";

// What deleting a reel category and deleting a guide category share; each area deletes what its
// categories hold in its own way (reels go to the inbox, guides go with their pictures).

/** What a category holds: its reels, its guides. */
type CategoryContents = typeof reels | typeof guides;

/** For a deletion's confirmation: each chosen category's name and how many of its `contents` go with it. */
export function categoriesToDelete(table: CategoryTable, contents: CategoryContents, ids: number[]) {
  if (ids.length === 0) throw new AppError(400, "NOTHING_SELECTED", ko.list.nothingToDelete);
  return db()
    .select({ name: table.name, contentsCount: count(contents.id) })
    .from(table)
    .leftJoin(contents, eq(contents.categoryId, table.id))
    .where(inArray(table.id, ids))
    .groupBy(table.id)
    .all();
}

/** Inside a deletion's transaction: deletes the chosen categories' rows, answering their pictures. */
export function deleteCategoryRows(database: Pick<Db, "delete">, table: CategoryTable, ids: number[]) {
  return database.delete(table).where(inArray(table.id, ids)).returning({ image: table.image }).all();
}
