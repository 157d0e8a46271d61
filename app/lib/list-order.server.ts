import { asc, desc, eq, min } from "drizzle-orm";
import { ko } from "~/copy/ko";
import { koServer } from "~/copy/ko-server.server";
import { db } from "~/db/client.server";
import type { guideCategories, partnerAds, products, reelCategories } from "~/db/schema";
import { failedToast, saved } from "./admin-form.server";
import { parseFormData } from "./api.server";
import { contentChanged } from "./content-version.server";
import { AppError } from "./errors";
import { listMoveSchema, type MoveDirection } from "./list-order";
import type { RecordSubmission } from "./submissions.server";

/**
 * The order a list takes from an API call: exactly the ids it has now, each once, or a 400 that
 * changes nothing (the caller checks inside the transaction that writes).
 */
export function checkFullOrder(current: readonly number[], ids: readonly number[]): number[] {
  if (new Set(ids).size !== ids.length) throw new AppError(400, "ORDER_DUPLICATED", koServer.list.orderDuplicated);
  const known = new Set(current);
  if (ids.length !== current.length || ids.some((id) => !known.has(id))) {
    throw new AppError(400, "ORDER_MISMATCH", koServer.list.orderMismatch);
  }
  return [...ids];
}

/**
 * The order after one row swaps with its neighbour among `peers` (its section, or the whole list).
 * At either end nothing moves; an id not in the list is the caller's 404.
 */
export function orderAfterMove(ordered: readonly number[], peers: readonly number[], id: number, direction: MoveDirection): number[] {
  const from = peers.indexOf(id);
  const neighbour = peers[direction === "up" ? from - 1 : from + 1];
  const next = [...ordered];
  if (from < 0 || neighbour === undefined) return next;
  const a = next.indexOf(id);
  const b = next.indexOf(neighbour);
  [next[a], next[b]] = [neighbour, id];
  return next;
}

type OrderedTable = typeof products | typeof reelCategories | typeof partnerAds | typeof guideCategories;

/**
 * Swaps a row with its neighbour in its whole list (at either end nothing moves); a row not in the
 * list is a 404 with `notFound`, its list's own words.
 */
export function moveInList(table: OrderedTable, id: number, direction: MoveDirection, notFound: string) {
  saveOrder(table, (ordered) => {
    if (!ordered.includes(id)) throw new AppError(404, "NOT_FOUND", notFound);
    return orderAfterMove(ordered, ordered, id, direction);
  });
}

/** Puts every row of a list in the given order (all of them, each once), or changes nothing (400). */
export function reorderList(table: OrderedTable, ids: readonly number[]) {
  saveOrder(table, (ordered) => checkFullOrder(ordered, ids));
}

/** The order a list is shown in: ascending position, the newer first on a tie. */
export function shownOrder(table: OrderedTable) {
  return [asc(table.position), desc(table.id)] as const;
}

/** Where a new row goes: above every other, so it shows on top. */
export function topPosition(table: OrderedTable): number {
  const lowest = db()
    .select({ position: min(table.position) })
    .from(table)
    .get()?.position;
  return lowest === null || lowest === undefined ? 0 : lowest - 1;
}

/**
 * Inserts a row on top of its list and, in the same transaction, records the register it answers
 * (lib/submissions.server.ts): a retry of that register then finds the row instead of adding another.
 */
export function insertOnTop<T extends OrderedTable>(
  table: T,
  values: Omit<T["$inferInsert"], "position">,
  recordSubmission: RecordSubmission | undefined,
): T["$inferSelect"] {
  return db().transaction(() => {
    // Drizzle types an insert by one table; over the union of lists it needs to be told the row's shape.
    const inserted = db()
      .insert(table)
      .values({ ...values, position: topPosition(table) } as T["$inferInsert"])
      .returning()
      .get() as T["$inferSelect"];
    recordSubmission?.(inserted.id);
    return inserted;
  });
}

/**
 * Rewrites a list's positions in one transaction: `plan` gets the ids in their current order and
 * answers the new order (or throws, and nothing changes). Renumbered from 0, so positions stay distinct.
 */
export function saveOrder(table: OrderedTable, plan: (ordered: number[]) => number[]) {
  db().transaction((tx) => {
    const ordered = tx
      .select({ id: table.id })
      .from(table)
      .orderBy(...shownOrder(table))
      .all()
      .map((row) => row.id);
    plan(ordered).forEach((id, position) => tx.update(table).set({ position }).where(eq(table.id, id)).run());
  });
  contentChanged();
}

/**
 * Where a list's button comes back to (issue 33, point 8): without JavaScript, the list at the row
 * it moved (`#item-{id}`, the row's id), so the page returns to it; a fetcher's post (`inPlace`,
 * components/OrderButtons) comes back as it was, and the page keeps its place itself.
 */
export function backToRow(backTo: string, form: FormData, id: number) {
  return form.get("inPlace") === "true" ? backTo : `${backTo}#item-${id}`;
}

/**
 * The page door of a list's "위로"/"아래로" (a plain form post, or a fetcher's): moves the row and
 * comes back to `backTo` (the list's edit mode; `pageOf` names the page of a paged list the row is
 * on now) at the row, with what happened, or why not, as the toast.
 */
export async function moveFromPage(
  form: FormData,
  backTo: string,
  move: (id: number, direction: MoveDirection) => void,
  pageOf: (id: number) => string = () => backTo,
) {
  let moved: number;
  try {
    const { id, direction } = parseFormData(form, listMoveSchema);
    move(id, direction);
    moved = id;
  } catch (error) {
    return failedToast(backTo, error);
  }
  return saved(backToRow(pageOf(moved), form, moved), ko.list.moved);
}
