import crypto from "node:crypto";
import type { CountKind } from "./pending-counts";

// A view or click counts at most once per visitor, record and hour, so one client cannot write the
// statistics by repeating itself. The visitor is a keyed hash of the client address and the
// User-Agent; the key is random, lives only in this process's memory and is replaced every day, so
// what is kept cannot be turned back into an address, and nothing of it is ever stored.

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Uses remembered in one hour, far above what the site's visitors make; a flood stops at it. */
export const MAX_USES_PER_HOUR = 20_000;

let salt = { day: Number.NaN, key: Buffer.alloc(0) };
let hour = { index: Number.NaN, uses: new Set<string>() };

/**
 * Whether this is the first use of the record by this visitor in the current hour; remembers it.
 * Once the hour's bound is reached (a flood), nothing more counts until the next hour.
 */
export function isFirstUseThisHour(visitor: { clientAddress: string; userAgent: string }, kind: CountKind, targetId: number, now: Date) {
  const time = now.getTime();
  // Hours fall inside UTC days, so a new salt always comes with an empty hour.
  const day = Math.floor(time / DAY_MS);
  if (day !== salt.day) salt = { day, key: crypto.randomBytes(32) };
  const index = Math.floor(time / HOUR_MS);
  if (index !== hour.index) hour = { index, uses: new Set() };

  const visitorKey = crypto.createHmac("sha256", salt.key).update(`${visitor.clientAddress}\n${visitor.userAgent}`).digest("base64url");
  // 128 bits of the hash: collisions are negligible, and each remembered use stays small.
  const use = `${kind}:${targetId}:${visitorKey.slice(0, 22)}`;
  if (hour.uses.has(use) || hour.uses.size >= MAX_USES_PER_HOUR) return false;
  hour.uses.add(use);
  return true;
}
