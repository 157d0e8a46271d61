// The media ids the import never brings back: the reels she deleted and the inbox reels she hid.
import type { Db } from "~/db/client.server";
import { ignoredMedia } from "~/db/schema";

type Transaction = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Keeps the media ids as tombstones, inside the transaction that removes their rows. */
export function ignoreMedia(tx: Transaction, rows: { mediaId: string }[], reason: "deleted" | "hidden") {
  if (rows.length === 0) return;
  tx.insert(ignoredMedia)
    .values(rows.map((row) => ({ mediaId: row.mediaId, reason })))
    .onConflictDoNothing()
    .run();
}
