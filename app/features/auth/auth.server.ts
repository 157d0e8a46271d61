import crypto from "node:crypto";
import { and, eq, gt, inArray, lt, ne, sql } from "drizzle-orm";
import { ko } from "~/copy/ko";
import { db } from "~/db/client.server";
import { admins, loginFailures, sessions } from "~/db/schema";
import { config } from "~/lib/config.server";
import { AppError } from "~/lib/errors";
import { decoyPasswordHash, hashPassword, hashSlotAvailable, passwordWeakness, verifyPassword } from "~/lib/password.server";
import { endSession, startSession } from "~/lib/session.server";
import { isValidLoginId, type LoginInput } from "./schema";

/**
 * docs/architecture.md §5: at most 10 failed attempts per 15 minutes per client address and per (id, address).
 * Nothing counts per id alone, so guessing from one place never locks the owner out of another.
 */
const MAX_FAILURES = 10;
const FAILURE_WINDOW_MS = 15 * 60 * 1000;

function throttleKeys(loginId: string, clientAddress: string) {
  return [`id:${loginId.toLowerCase()}@${clientAddress}`, `ip:${clientAddress}`];
}

function isThrottled(keys: string[], now: number) {
  const since = new Date(now - FAILURE_WINDOW_MS).toISOString();
  const rows = db()
    .select({ key: loginFailures.throttleKey, count: sql<number>`count(*)` })
    .from(loginFailures)
    .where(and(inArray(loginFailures.throttleKey, keys), gt(loginFailures.failedAt, since)))
    .groupBy(loginFailures.throttleKey)
    .all();
  return rows.some((row) => row.count >= MAX_FAILURES);
}

function recordFailure(keys: string[], now: number) {
  const failedAt = new Date(now).toISOString();
  db().transaction((tx) => {
    tx.insert(loginFailures)
      .values(keys.map((throttleKey) => ({ throttleKey, failedAt })))
      .run();
    tx.delete(loginFailures)
      .where(lt(loginFailures.failedAt, new Date(now - FAILURE_WINDOW_MS).toISOString()))
      .run();
  });
}

export async function login(input: LoginInput, request: Request, clientAddress: string) {
  const now = Date.now();
  const keys = throttleKeys(input.id, clientAddress);
  if (isThrottled(keys, now)) throw new AppError(429, "TOO_MANY_ATTEMPTS", ko.login.throttled);
  const admin = db().select().from(admins).where(eq(admins.loginId, input.id)).get();
  const lane = admin ? "account" : "decoy";
  // A flood is turned away before it is counted or hashed: pages and files stay fast meanwhile.
  if (!hashSlotAvailable(lane)) throw new AppError(503, "LOGIN_BUSY", ko.login.busy);
  // Counted as a failure before the slow hash check (check and count run with no await between),
  // so a burst of parallel guesses cannot slip past the limit; a success clears the count.
  recordFailure(keys, now);

  // An unknown id is checked against a decoy hash so it takes as long as a wrong password.
  const matches = await verifyPassword(input.pw, admin?.passwordHash ?? (await decoyPasswordHash()), lane);
  if (!admin || !matches) throw new AppError(401, "LOGIN_FAILED", ko.login.failed);
  db().delete(loginFailures).where(inArray(loginFailures.throttleKey, keys)).run();
  const setCookie = await startSession(request, admin.id, input.isPersonal);
  return { admin: { id: admin.id, loginId: admin.loginId }, setCookie };
}

export function logout(request: Request) {
  return endSession(request);
}

/**
 * At start: ADMIN_ID/ADMIN_PASSWORD create or reset the admin; with neither and no admin yet,
 * one is created with a random password that is printed once.
 */
export async function ensureAdminAccount(log: (line: string) => void = console.log) {
  const { ADMIN_ID, ADMIN_PASSWORD } = config();
  if (ADMIN_ID || ADMIN_PASSWORD) {
    if (!ADMIN_ID || !ADMIN_PASSWORD) throw new Error("Set both ADMIN_ID and ADMIN_PASSWORD, or neither.");
    if (!isValidLoginId(ADMIN_ID) || !isValidLoginId(ADMIN_PASSWORD)) {
      throw new Error(
        "ADMIN_ID and ADMIN_PASSWORD may not contain Hangul, '_' or control characters, nor be over 100 characters (the login form refuses them).",
      );
    }
    const weakness = passwordWeakness(ADMIN_PASSWORD, ADMIN_ID);
    if (weakness) throw new Error(`ADMIN_PASSWORD is too weak: ${weakness}. Choose another and start again.`);
    // ADMIN_ID names the one admin: any other account (an earlier ADMIN_ID) goes, with its sessions.
    const replaced = db().select({ loginId: admins.loginId }).from(admins).where(ne(admins.loginId, ADMIN_ID)).all();
    if (replaced.length > 0) {
      db().transaction((tx) => {
        tx.delete(sessions)
          .where(inArray(sessions.adminId, tx.select({ id: admins.id }).from(admins).where(ne(admins.loginId, ADMIN_ID))))
          .run();
        tx.delete(admins).where(ne(admins.loginId, ADMIN_ID)).run();
      });
      log(
        `Admin account(s) ${replaced.map((row) => `"${row.loginId}"`).join(", ")} removed: ADMIN_ID names "${ADMIN_ID}"; their sessions ended.`,
      );
    }
    const existing = db().select().from(admins).where(eq(admins.loginId, ADMIN_ID)).get();
    if (!existing) {
      db()
        .insert(admins)
        .values({ loginId: ADMIN_ID, passwordHash: await hashPassword(ADMIN_PASSWORD) })
        .run();
      log(`Admin account "${ADMIN_ID}" created from ADMIN_ID/ADMIN_PASSWORD.`);
    } else if (!(await verifyPassword(ADMIN_PASSWORD, existing.passwordHash))) {
      const passwordHash = await hashPassword(ADMIN_PASSWORD);
      db().transaction((tx) => {
        tx.update(admins).set({ passwordHash, updatedAt: new Date().toISOString() }).where(eq(admins.id, existing.id)).run();
        tx.delete(sessions).where(eq(sessions.adminId, existing.id)).run();
      });
      log(`Admin account "${ADMIN_ID}": password reset from ADMIN_PASSWORD; old sessions ended.`);
    }
    return;
  }
  if (db().select({ id: admins.id }).from(admins).limit(1).get()) return;
  const password = crypto.randomBytes(12).toString("base64url").replaceAll("_", "x");
  db()
    .insert(admins)
    .values({ loginId: "admin", passwordHash: await hashPassword(password) })
    .run();
  log(
    [
      "────────────────────────────────────────────────────────",
      ` Admin account created. id: admin   password: ${password}`,
      " This is shown once. Set ADMIN_ID/ADMIN_PASSWORD to choose your own.",
      "────────────────────────────────────────────────────────",
    ].join("\n"),
  );
}
