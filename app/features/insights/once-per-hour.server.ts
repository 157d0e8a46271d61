import crypto from "node:crypto";

// A view, click or page visit counts at most once per visitor, thing used and hour, and at most a few
// times per client address, thing used and hour, so one client cannot write the statistics by
// repeating itself, nor by changing its User-Agent for each request. The visitor is a keyed hash of
// the client address and the User-Agent; the key is random, lives only in this process's memory and
// is replaced every day, so what is kept cannot be turned back into an address, and nothing of it
// is ever stored. Everything remembered is a digest of fixed length, whatever the request sent, so
// the memory it takes is bounded in bytes by its number of entries (docs/architecture.md §7.3).

const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;
/** Uses remembered in one hour (of each of the three kinds below), far above what the site's visitors make; a flood stops at it. */
export const MAX_USES_PER_HOUR = 20_000;
/**
 * Visitors (address and browser) one address may count as for the same thing in an hour: a family
 * on one Wi-Fi, or phones behind one carrier address, are several people; a script changing its
 * User-Agent at each request is one.
 */
export const VISITORS_PER_ADDRESS = 3;
/**
 * Counted uses of one kind of thing (say, the reel viewer: any reel's address) one address may make
 * in an hour: a parent watching reel after reel stays far below; addresses made up to be counted stop here.
 */
export const USES_PER_ADDRESS_AND_GROUP = 60;

/** 128 bits of a digest in base64url: 22 characters, collisions negligible. */
const DIGEST_LENGTH = 22;

let salt = { day: Number.NaN, key: Buffer.alloc(0) };
let hour = emptyHour(Number.NaN);

function emptyHour(index: number) {
  return {
    index,
    /** Digests of (visitor, thing used). */
    uses: new Set<string>(),
    /** Digests of (address, thing used) → visitors counted. */
    byAddress: new Map<string, number>(),
    /** Digests of (address, group) → uses counted. */
    byGroup: new Map<string, number>(),
  };
}

function keyedDigest(...parts: string[]) {
  return crypto.createHmac("sha256", salt.key).update(parts.join("\n")).digest("base64url").slice(0, DIGEST_LENGTH);
}

function renewSalt(now: Date) {
  const day = Math.floor(now.getTime() / DAY_MS);
  if (day !== salt.day) salt = { day, key: crypto.randomBytes(32) };
}

/** The visitor's key for today (UTC days): the address and the User-Agent, hashed with the day's key. */
export function visitorKeyOf(visitor: { clientAddress: string; userAgent: string }, now: Date) {
  renewSalt(now);
  return keyedDigest(visitor.clientAddress, visitor.userAgent);
}

export type Use = {
  /** The visitor's key (`visitorKeyOf`). */
  visitorKey: string;
  clientAddress: string;
  /** The thing used, e.g. "reel:12", "page:/product-list". */
  used: string;
  /** What the thing is one of, for the cap per address (e.g. "page:/reels-content/:info"); none: the thing alone. */
  group?: string;
};

/**
 * Whether this use counts, remembering it: the visitor's first use of the thing in the current
 * hour, among the first VISITORS_PER_ADDRESS visitors of its address to use it, and within its
 * address's USES_PER_ADDRESS_AND_GROUP for the group. Once a kind of memory holds
 * MAX_USES_PER_HOUR (a flood), nothing new counts until the next hour. Hours fall inside UTC days,
 * so a new salt always comes with an empty hour.
 */
export function isFirstUseThisHour({ visitorKey, clientAddress, used, group }: Use, now: Date) {
  renewSalt(now);
  const index = Math.floor(now.getTime() / HOUR_MS);
  if (index !== hour.index) hour = emptyHour(index);
  const use = keyedDigest(used, visitorKey);
  if (hour.uses.has(use) || hour.uses.size >= MAX_USES_PER_HOUR) return false;
  const address = keyedDigest(clientAddress, used);
  if (!hasRoom(hour.byAddress, address, VISITORS_PER_ADDRESS)) return false;
  const inGroup = group === undefined ? undefined : keyedDigest(clientAddress, group);
  if (inGroup !== undefined && !hasRoom(hour.byGroup, inGroup, USES_PER_ADDRESS_AND_GROUP)) return false;
  hour.uses.add(use);
  take(hour.byAddress, address);
  if (inGroup !== undefined) take(hour.byGroup, inGroup);
  return true;
}

function hasRoom(counts: Map<string, number>, key: string, most: number) {
  const count = counts.get(key);
  return count === undefined ? counts.size < MAX_USES_PER_HOUR : count < most;
}

function take(counts: Map<string, number>, key: string) {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}
