// Shared helpers for the integration suites (not a test file: only *.test.ts run).
import http from "node:http";
import path from "node:path";
import Database from "better-sqlite3";
import { expect, vi } from "vitest";
import { BANNER_TURN_MS } from "~/features/ads/ads.server";
import { reelPath } from "~/lib/route-info";
import { ADMIN_ID, ADMIN_PASSWORD, type TestApp } from "../support/app";
import { Client } from "../support/http";
import type { LogEntry } from "../support/log-guard";

export const EVIL_ORIGIN = "http://evil.example";
export const SESSION_COOKIE = "ot_sid";
export const HANGUL = /[\uAC00-\uD7AF]/;

/** Where an app keeps its files: a started app (TestApp) or this file's own directories (`thisFile` in _direct.ts). */
export type AppFiles = Pick<TestApp, "dataDir" | "uploadsDir">;

/**
 * A stored page lives until the partner banners' next turn (every BANNER_TURN_MS on the clock): a
 * test that compares a stored page with its render starts clear of a turn, so both fall in one.
 * Near a turn, the in-process app's clock (Date only, as tests/integration/render-queue.test.ts
 * moves it) jumps just past it instead of the test waiting up to `margin` for it; the caller puts
 * the clock back with `vi.useRealTimers()`.
 */
export function clearOfBannerTurn(margin = 30_000) {
  const untilTurn = BANNER_TURN_MS - (Date.now() % BANNER_TURN_MS);
  if (untilTurn < margin) vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + untilTurn + 100, shouldAdvanceTime: true });
}

/** A second connection to the app's database, for checking and arranging state directly. */
export function openDb(app: AppFiles) {
  return new Database(path.join(app.dataDir, "app.db"));
}

/** One row read through a second connection to the app's database. */
export function queryOneIn<T>(app: AppFiles, sql: string, ...params: unknown[]): T {
  const db = openDb(app);
  try {
    return db.prepare(sql).get(...params) as T;
  } finally {
    db.close();
  }
}

/** A reel's one address, as its links give it (any other payload is a redirect to it). */
export function reelPathIn(app: AppFiles, id: number) {
  const reel = queryOneIn<{ id: number; mediaId: string; reelsNm: string }>(
    app,
    "SELECT id, media_id AS mediaId, name AS reelsNm FROM reels WHERE id = ?",
    id,
  );
  return reelPath(reel);
}

/** An answer's bytes as sent (fetch would decompress them on its own). */
export function rawGet(app: TestApp, pathname: string, headers: Record<string, string>) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(app.url(pathname), { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

export type HomeMenuRow = {
  home_menu_nm: string;
  reels_menu_nm: string;
  products_menu_nm: string;
  detail_menu_nm: string;
  view_home: number;
  view_reels: number;
  view_products: number;
  view_detail: number;
  updated_at: string;
};

export function readHomeMenu(app: AppFiles): HomeMenuRow {
  const db = openDb(app);
  try {
    return db.prepare("SELECT * FROM home_menu WHERE id = 1").get() as HomeMenuRow;
  } finally {
    db.close();
  }
}

/** Logs in through the JSON API and returns a client that carries the session cookie. */
export async function adminClient(app: TestApp, { isPersonal = false } = {}) {
  const client = new Client(app.origin);
  const response = await client.fetch("/api/login", { json: { id: ADMIN_ID, pw: ADMIN_PASSWORD, isPersonal } });
  expect(response.status, `admin login failed: ${await response.text()}`).toBe(200);
  expect(client.cookies.has(SESSION_COOKIE), "login must set the session cookie").toBeTruthy();
  return client;
}

/** Set-Cookie lines of a response for one cookie name. */
export function setCookiesNamed(response: Response, name: string) {
  return response.headers.getSetCookie().filter((line) => line.startsWith(`${name}=`));
}

/** The value part of a Set-Cookie line. */
export function cookieValue(line: string) {
  const pair = line.split(";")[0]!;
  return pair.slice(pair.indexOf("=") + 1);
}

/** Everything a visitor sees: the HTML before the hydration scripts. */
export function visibleHtml(html: string) {
  const end = html.indexOf("<script");
  return end === -1 ? html : html.slice(0, end);
}

/** A console.error made for a 4xx answered on purpose (Remix's ErrorResponse or Express's URIError). */
export function isClientErrorLog({ args = [] }: LogEntry) {
  const first = (args as unknown[])[0] as { status?: unknown; internal?: unknown; name?: unknown } | string | undefined;
  if (first && typeof first === "object") {
    if (typeof first.status === "number" && first.status >= 400 && first.status < 500) return true;
    if (first instanceof URIError) return true;
  }
  return typeof first === "string" && /^URIError: Failed to decode param/.test(first);
}

export function formatLogs(logs: readonly LogEntry[]) {
  return logs.map((entry) => entry.line).join("\n---\n");
}
