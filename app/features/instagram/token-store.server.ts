// The long-lived token and what is known about it, in the settings table. The token is never
// logged and never returned to a browser.
import crypto from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { db } from "~/db/client.server";
import { settings } from "~/db/schema";
import { config } from "~/lib/config.server";
import { contentChanged } from "~/lib/content-version.server";

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

export type StoredToken = { [field in keyof typeof KEY]: string | null };

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
export function writeStoredToken(values: Partial<StoredToken>) {
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
export function loadToken(now: Date): StoredToken {
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

export function tokenHash(token: string) {
  return sha256(token);
}
