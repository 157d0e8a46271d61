import crypto from "node:crypto";
import { promisify } from "node:util";
import { config } from "./config.server";

const scrypt = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

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

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const { N, r, p } = hashParams();
  const key = await scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, {
    N,
    r,
    p,
    maxmem: maxmemFor(N, r),
  });
  return ["scrypt", N, r, p, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, expected] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !expected) return false;
  const expectedKey = Buffer.from(expected, "base64");
  const key = await scrypt(password.normalize("NFKC"), Buffer.from(salt, "base64"), expectedKey.length, {
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
  decoyHash ??= hashPassword(crypto.randomBytes(16).toString("hex"));
  return decoyHash;
}
