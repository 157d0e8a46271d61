// The token's life: adopted from INSTAGRAM_ACCESS_TOKEN or pasted by the admin, kept in the settings
// table (never logged, never sent to a browser), refreshed before it expires, and turned into the
// client every Instagram read goes through. The admin's connection screen is its one door.
import crypto from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { koAdmin } from "~/copy/ko-admin";
import { db } from "~/db/client.server";
import { settings } from "~/db/schema";
import { config } from "~/lib/config.server";
import { contentChanged } from "~/lib/content-version.server";
import { AppError } from "~/lib/errors";
import { assertAdmin, type Admin } from "~/lib/session.server";
import { DEMO_TOKEN, demoClient, graphClient, notConfigured, warnInstagram, type InstagramClient } from "./client.server";
import type { InstagramStatus } from "./types";

/** The settings row that holds the token (the demo seed puts DEMO there). */
export const TOKEN_SETTING_KEY = "instagram.token";

const KEY = {
  token: TOKEN_SETTING_KEY,
  savedAt: "instagram.tokenSavedAt",
  expiresAt: "instagram.tokenExpiresAt",
  username: "instagram.username",
  /** SHA-256 of the INSTAGRAM_ACCESS_TOKEN last adopted, so a changed environment token is noticed. */
  envTokenHash: "instagram.envTokenHash",
} as const;

type StoredToken = { [field in keyof typeof KEY]: string | null };

/** All token settings in one read. */
export function readStoredToken(): StoredToken {
  const rows = db()
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, Object.values(KEY)))
    .all();
  const values = new Map(rows.map((row) => [row.key, row.value]));
  return Object.fromEntries(Object.entries(KEY).map(([field, key]) => [field, values.get(key) || null])) as StoredToken;
}

/** Writes several token settings at once; null deletes the setting. */
function writeStoredToken(values: Partial<StoredToken>) {
  const now = new Date().toISOString();
  db().transaction((tx) => {
    for (const [field, value] of Object.entries(values)) {
      const key = KEY[field as keyof StoredToken];
      if (value === null || value === undefined) {
        tx.delete(settings).where(eq(settings.key, key)).run();
      } else {
        tx.insert(settings)
          .values({ key, value, updatedAt: now })
          .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } })
          .run();
      }
    }
  });
  contentChanged();
}

function sha256(text: string) {
  return crypto.createHash("sha256").update(text).digest("hex");
}

/**
 * The token in use with what is known about it: the stored one, else INSTAGRAM_ACCESS_TOKEN
 * (stored on first use with savedAt now, so refreshes have somewhere to go). When the environment
 * token changes, the new one wins.
 */
function loadToken(now: Date): StoredToken {
  const stored = readStoredToken();
  const envToken = config().INSTAGRAM_ACCESS_TOKEN;
  if (!envToken || stored.envTokenHash === sha256(envToken)) return stored;
  const adopted: StoredToken = {
    token: envToken,
    savedAt: now.toISOString(),
    expiresAt: null,
    username: null,
    envTokenHash: sha256(envToken),
  };
  writeStoredToken(adopted);
  return adopted;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Instagram refreshes a long-lived token only once it is a day old. */
const REFRESH_MIN_AGE_MS = DAY_MS;
/** Refresh when less than this is left (long-lived tokens last 60 days). */
const REFRESH_WHEN_LEFT_MS = 30 * DAY_MS;
/** After a refresh failed for another reason than an expired token, leave that token alone for a while. */
const REFRESH_RETRY_MS = 60 * 60 * 1000;

/** The token the next request uses, while a refresh is under way (one refresh at a time). */
let refreshing: Promise<string> | null = null;
let lastRefreshFailure: { tokenHash: string; at: number } | null = null;

/** The client a token reads with: the sample feed for DEMO_TOKEN, else the Graph API. Nothing else looks at the token's value. */
function clientFor(token: string): InstagramClient {
  return token === DEMO_TOKEN ? demoClient : graphClient(token);
}

export function instagramStatus(): InstagramStatus {
  const { token, username, expiresAt } = loadToken(new Date());
  const demo = token !== null && clientFor(token).isDemo;
  return { configured: token !== null, demo, username, expiresAt: token && !demo ? expiresAt : null };
}

/**
 * Verifies a long-lived token (GET /me) and stores it: pasted by the admin, or got by her Instagram
 * login, which knows when it expires (`expiresInSeconds`). A fresh long-lived token cannot be
 * refreshed before it is a day old, so no refresh is tried here; a pasted one's expiry is unknown until then.
 */
export async function saveInstagramToken(
  input: string,
  now = new Date(),
  expiresInSeconds: number | null = null,
): Promise<{ username: string | null }> {
  const token = input.trim();
  if (!token) throw new AppError(400, "INSTAGRAM_TOKEN_REQUIRED", koAdmin.instagram.tokenRequired);
  const username = await clientFor(token).username();
  const expiresAt = expiresInSeconds === null ? null : new Date(now.getTime() + expiresInSeconds * 1000).toISOString();
  writeStoredToken({ token, savedAt: now.toISOString(), expiresAt, username });
  return { username };
}

function refreshIsDue(stored: StoredToken & { token: string }, now: Date): boolean {
  const savedAt = Date.parse(stored.savedAt ?? "");
  if (Number.isNaN(savedAt)) {
    // Unknown age: start counting now rather than refreshing a token that may be minutes old.
    writeStoredToken({ savedAt: now.toISOString() });
    return false;
  }
  if (now.getTime() - savedAt < REFRESH_MIN_AGE_MS) return false;
  const expiresAt = Date.parse(stored.expiresAt ?? "");
  if (!Number.isNaN(expiresAt) && expiresAt - now.getTime() >= REFRESH_WHEN_LEFT_MS) return false;
  const failure = lastRefreshFailure;
  return !(failure && failure.tokenHash === sha256(stored.token) && now.getTime() - failure.at < REFRESH_RETRY_MS);
}

/** The renewed token, or the old one when renewing failed for any reason but an expired token. */
async function renew(client: InstagramClient, token: string, now: Date): Promise<string> {
  try {
    const renewed = await client.renewToken();
    writeStoredToken({
      token: renewed.token,
      savedAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + renewed.expiresInSeconds * 1000).toISOString(),
    });
    lastRefreshFailure = null;
    return renewed.token;
  } catch (error) {
    if (error instanceof AppError && error.code === "INSTAGRAM_TOKEN_EXPIRED") throw error;
    // The old token still works until it expires: note the failure and carry on with it.
    lastRefreshFailure = { tokenHash: sha256(token), at: now.getTime() };
    warnInstagram("instagram token refresh failed", error instanceof AppError ? error.code : error, token);
    return token;
  }
}

/**
 * The client for the stored token, refreshed first when it is at least a day old and its expiry is
 * unknown or less than 30 days away. An expired or revoked token throws INSTAGRAM_TOKEN_EXPIRED.
 */
async function freshClient(stored: StoredToken & { token: string }, now: Date): Promise<InstagramClient> {
  const client = clientFor(stored.token);
  if (client.isDemo) return client;
  if (!refreshing) {
    if (!refreshIsDue(stored, now)) return client;
    refreshing = renew(client, stored.token, now).finally(() => {
      refreshing = null;
    });
  }
  return clientFor(await refreshing);
}

/** The client every Instagram read goes through; the token settings are read once. */
export async function connectedClient(now = new Date()): Promise<InstagramClient> {
  const stored = loadToken(now);
  if (!stored.token) throw notConfigured();
  return freshClient({ ...stored, token: stored.token }, now);
}

/** Refreshes the token when due (see freshClient); nothing to do without a token. */
export async function refreshTokenIfDue(now = new Date()): Promise<void> {
  const stored = loadToken(now);
  if (stored.token) await freshClient({ ...stored, token: stored.token }, now);
}

// The admin's Instagram connection (the /instagram-token screen and the reel register page).

export function instagramConnection(admin: Admin | null) {
  assertAdmin(admin);
  return instagramStatus();
}

export async function connectInstagram(admin: Admin | null, token: string) {
  assertAdmin(admin);
  return saveInstagramToken(token);
}

/**
 * 연결 해제: forgets the token and what is known about it. INSTAGRAM_ACCESS_TOKEN, when set, is
 * marked as adopted, so it does not come back by itself (only when the environment names another).
 */
export function disconnectInstagram(admin: Admin | null) {
  assertAdmin(admin);
  const envToken = config().INSTAGRAM_ACCESS_TOKEN;
  writeStoredToken({ token: null, savedAt: null, expiresAt: null, username: null, envTokenHash: envToken ? sha256(envToken) : null });
}
