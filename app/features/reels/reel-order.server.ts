// The owner's order of a category's reels (issue 33, point 6): one step up or down, a whole order
// from the API, and pins (at most three a category), all in REEL_ORDER (reel-lists.server.ts).
import { and, count, eq, min } from "drizzle-orm";
import { koServer } from "~/copy/ko-server.server";
import { db, type Db } from "~/db/client.server";
import { reels } from "~/db/schema";
import { contentChanged } from "~/lib/content-version.server";
import { AppError } from "~/lib/errors";
import type { MoveDirection } from "~/lib/list-order";
import { checkFullOrder, orderAfterMove } from "~/lib/list-order.server";
import { assertAdmin, type Admin } from "~/lib/session.server";
import { getCategory } from "./categories.server";
import { MAX_PINNED } from "./pins";
import { REEL_ORDER } from "./reel-lists.server";

type Tx = Pick<Db, "select" | "update">;

/**
 * Where a reel new to a category goes (registered, imported, filed from the inbox, moved there): the
 * place of the top of her order, where it stands among the reels there by its Instagram date
 * (REEL_ORDER). A category she never reordered (every position 0) stays newest first; in one she
 * did, a new post goes on top, and an older video she files goes just below the reels newer than it.
 */
export function newReelPosition(categoryId: number, tx: Tx = db()): number {
  return (
    tx
      .select({ position: min(reels.position) })
      .from(reels)
      .where(eq(reels.categoryId, categoryId))
      .get()?.position ?? 0
  );
}

function reelIn(tx: Tx, id: number) {
  const reel = tx.select({ categoryId: reels.categoryId, isPinned: reels.isPinned }).from(reels).where(eq(reels.id, id)).get();
  if (!reel) throw new AppError(404, "NOT_FOUND", koServer.reelsForm.reelNotFound);
  return reel;
}

/** A category's reels as her lists show them. */
function shownIn(tx: Tx, categoryId: number) {
  return tx
    .select({ id: reels.id, isPinned: reels.isPinned, position: reels.position })
    .from(reels)
    .where(eq(reels.categoryId, categoryId))
    .orderBy(...REEL_ORDER)
    .all();
}

/** Writes the category's positions as `ids` orders them (0, 1, 2...), only where one changes. */
function renumber(tx: Tx, shown: { id: number; position: number }[], ids: number[]) {
  const was = new Map(shown.map((reel) => [reel.id, reel.position]));
  ids.forEach((id, position) => {
    if (was.get(id) !== position) tx.update(reels).set({ position }).where(eq(reels.id, id)).run();
  });
}

/** Moves a reel one step up or down among its category's pinned reels, or among the others; at either end nothing moves. */
export function moveReel(admin: Admin | null, id: number, direction: MoveDirection) {
  assertAdmin(admin);
  db().transaction((tx) => {
    const reel = reelIn(tx, id);
    const shown = shownIn(tx, reel.categoryId);
    const peers = shown.filter((other) => other.isPinned === reel.isPinned).map((other) => other.id);
    renumber(
      tx,
      shown,
      orderAfterMove(
        shown.map((other) => other.id),
        peers,
        id,
        direction,
      ),
    );
  });
  contentChanged();
}

/** Puts every reel of a category in the given order (all of them, each once); pinned ones stay first, in this order. */
export function reorderReels(admin: Admin | null, categoryId: number, ids: number[]) {
  assertAdmin(admin);
  getCategory(admin, categoryId);
  db().transaction((tx) => {
    const shown = shownIn(tx, categoryId);
    renumber(
      tx,
      shown,
      checkFullOrder(
        shown.map((reel) => reel.id),
        ids,
      ),
    );
  });
  contentChanged();
}

/** Pins a reel to the top of its category, or lets it go back among the others; a fourth pin is refused. */
export function pinReel(admin: Admin | null, id: number, pinned: boolean): { categoryId: number } {
  assertAdmin(admin);
  const categoryId = db().transaction((tx) => {
    const reel = reelIn(tx, id);
    if (pinned && !reel.isPinned) {
      const already = tx
        .select({ n: count() })
        .from(reels)
        .where(and(eq(reels.categoryId, reel.categoryId), eq(reels.isPinned, true)))
        .get()!.n;
      if (already >= MAX_PINNED) throw new AppError(409, "PIN_LIMIT", koServer.reelsOrder.pinLimit(MAX_PINNED));
    }
    tx.update(reels).set({ isPinned: pinned }).where(eq(reels.id, id)).run();
    return reel.categoryId;
  });
  contentChanged();
  return { categoryId };
}
