import crypto from "node:crypto";
import { promisify } from "node:util";
import { ko } from "~/copy/ko";
import { config } from "./config.server";
import { AppError } from "./errors";

const scryptNow = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/**
 * One scrypt run at a time (each takes 128 MiB and one of libuv's four threads, which static files
 * and uploads need too), with short queues; past them, an attempt is refused without hashing.
 * Checks against a real account wait in their own queue and go first, so a flood of made-up ids
 * (checked against the decoy) cannot keep the owner from logging in.
 */
export type HashLane = "account" | "decoy";
const HASH_CONCURRENCY = 1;
const QUEUE_MAX: Record<HashLane, number> = { account: 4, decoy: 8 };
const queues: Record<HashLane, (() => void)[]> = { account: [], decoy: [] };
let hashesRunning = 0;

/** Whether a password check in this lane asked for now would run or be queued rather than refused. */
export function hashSlotAvailable(lane: HashLane) {
  return hashesRunning < HASH_CONCURRENCY || queues[lane].length < QUEUE_MAX[lane];
}

async function scrypt(lane: HashLane, ...args: Parameters<typeof scryptNow>): Promise<Buffer> {
  if (hashesRunning >= HASH_CONCURRENCY) {
    if (queues[lane].length >= QUEUE_MAX[lane]) throw new AppError(503, "LOGIN_BUSY", ko.login.busy);
    await new Promise<void>((resolve) => queues[lane].push(resolve));
  } else {
    hashesRunning++;
  }
  try {
    return await scryptNow(...args);
  } finally {
    // The slot passes straight to the next waiter, so the count only drops when nobody waits.
    const next = queues.account.shift() ?? queues.decoy.shift();
    if (next) next();
    else hashesRunning--;
  }
}

// OWASP Password Storage Cheat Sheet: scrypt N=2^17, r=8, p=1 (128 MiB a hash).
const PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
// The test suite hashes through this same code with 128 times less work; only a NODE_ENV=test process may ask.
const TEST_PARAMS = { N: 2 ** 10, r: 8, p: 1 } as const;

function hashParams() {
  const { NODE_ENV, TEST_CHEAP_PASSWORD_HASH } = config();
  return NODE_ENV === "test" && TEST_CHEAP_PASSWORD_HASH === "1" ? TEST_PARAMS : PARAMS;
}

function maxmemFor(N: number, r: number) {
  return 128 * N * r * 2;
}

export async function hashPassword(password: string, lane: HashLane = "account"): Promise<string> {
  const salt = crypto.randomBytes(16);
  const { N, r, p } = hashParams();
  const key = await scrypt(lane, password.normalize("NFKC"), salt, KEY_LENGTH, {
    N,
    r,
    p,
    maxmem: maxmemFor(N, r),
  });
  return ["scrypt", N, r, p, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string, lane: HashLane = "account"): Promise<boolean> {
  const [scheme, n, r, p, salt, expected] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !expected) return false;
  const expectedKey = Buffer.from(expected, "base64");
  const key = await scrypt(lane, password.normalize("NFKC"), Buffer.from(salt, "base64"), expectedKey.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: maxmemFor(Number(n), Number(r)),
  });
  return crypto.timingSafeEqual(key, expectedKey);
}

let decoyHash: Promise<string> | undefined;

/** A hash to verify against when the id is unknown, so a missing account costs as much as a wrong password. */
export function decoyPasswordHash(): Promise<string> {
  // Not kept when it failed (the hash queue was full): the next unknown id tries again.
  decoyHash ??= hashPassword(crypto.randomBytes(16).toString("hex"), "decoy").catch((error: unknown) => {
    decoyHash = undefined;
    throw error;
  });
  return decoyHash;
}

const COMMON_PASSWORDS = new Set([
  "1234567890",
  "0123456789",
  "12345678910",
  "1q2w3e4r5t",
  "qwertyuiop",
  "asdfghjkl;",
  "password12",
  "password123",
  "password1234",
  "passw0rd12",
  "iloveyou12",
  "admin12345",
  "administrator",
  "letmein123",
  "changeme123",
]);

/** Why a password chosen for the admin is too weak to start with, or null when it will do. */
export function passwordWeakness(password: string, loginId: string): string | null {
  if (password.length < 10) return "it must be at least 10 characters long";
  if (new Set(password).size < 4) return "it repeats too few different characters";
  const lower = password.toLowerCase();
  if (lower.includes(loginId.toLowerCase())) return "it contains ADMIN_ID";
  if (COMMON_PASSWORDS.has(lower)) return "it is one of the most common passwords";
  return null;
}
