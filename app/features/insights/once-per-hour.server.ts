import crypto from "node:crypto";

// A view, click or page visit counts at most once per visitor, thing used and hour, so one client
// cannot write the statistics by repeating itself. The visitor is a keyed hash of the client
// address and the User-Agent; the key is random, lives only in this process's memory and is
// replaced every day, so what is kept cannot be turned back into an address, and nothing of it is
// ever stored.

const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;
/** Uses remembered in one hour, far above what the site's visitors make; a flood stops at it. */
export const MAX_USES_PER_HOUR = 20_000;

let salt = { day: Number.NaN, key: Buffer.alloc(0) };
let hour = { index: Number.NaN, uses: new Set<string>() };

/** The visitor's key for today (UTC days): 128 bits of the hash, so collisions are negligible and each remembered use stays small. */
export function visitorKeyOf(visitor: { clientAddress: string; userAgent: string }, now: Date) {
  const day = Math.floor(now.getTime() / DAY_MS);
  if (day !== salt.day) salt = { day, key: crypto.randomBytes(32) };
  return crypto.createHmac("sha256", salt.key).update(`${visitor.clientAddress}\n${visitor.userAgent}`).digest("base64url").slice(0, 22);
}

/**
 * Whether this is the visitor's first use of `used` (e.g. "reel:12", "page:/product-list") in the
 * current hour; remembers it. Once the hour's bound is reached (a flood), nothing more counts until
 * the next hour. Hours fall inside UTC days, so a new salt always comes with an empty hour.
 */
export function isFirstUseThisHour(visitorKey: string, used: string, now: Date) {
  const index = Math.floor(now.getTime() / HOUR_MS);
  if (index !== hour.index) hour = { index, uses: new Set() };
  const use = `${used}\n${visitorKey}`;
  if (hour.uses.has(use) || hour.uses.size >= MAX_USES_PER_HOUR) return false;
  hour.uses.add(use);
  return true;
}
