// The Instagram Graph API client (Instagram API with Instagram Login, graph.instagram.com).
// Reads the account's media, keeps the long-lived token fresh, and never lets the token out:
// it is not logged, not returned, and only ever sent to INSTAGRAM_GRAPH_URL's origin.
// Authorization is the callers' job (the reels use cases check the admin first).
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { ko } from "~/copy/ko";
import { db } from "~/db/client.server";
import { settings } from "~/db/schema";
import { config } from "~/lib/config.server";
import { contentChanged } from "~/lib/content-version.server";
import { AppError } from "~/lib/errors";
import { formatKst, parseGraphTimestamp } from "~/lib/time";
import * as z from "~/lib/zod";

/** SPEC §3 "social media item from server", mapped for the reel screens and the API. */
export type InstaMedia = {
  id: string;
  mediaId: string;
  /** thumbnail_url (the poster); Instagram's CDN link, it expires. */
  image: string | null;
  /** When it was posted, 'yyyy-MM-dd HH:mm:ss' in Korea time. */
  instaRegDate: string;
  /** When it was posted, UTC ISO-8601. */
  timestamp: string;
  /** media_url (the video); absent when Instagram withholds it (copyrighted audio). */
  link: string | null;
  caption: string;
  permalink: string | null;
  /** Only videos (reels) can be registered; image and carousel posts cannot. */
  isVideo: boolean;
};

export type InstagramStatus = {
  configured: boolean;
  demo: boolean;
  username: string | null;
  expiresAt: string | null;
};

export type VideoFilter = { from?: Date; to?: Date; ascending?: boolean };

/** The token that makes the site read the sample feed in content/demo instead of Instagram. */
export const DEMO_TOKEN = "DEMO";

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
type SettingKey = (typeof KEY)[keyof typeof KEY];

const MEDIA_FIELDS = "id,caption,media_type,media_product_type,media_url,thumbnail_url,permalink,timestamp";
const PAGE_LIMIT = 50;
const MAX_PAGES = 40;
const REQUEST_TIMEOUT_MS = 10_000;
const MAX_POSTER_BYTES = 15 * 1024 * 1024;
/** A page of 50 media is about 60 KB; anything far larger is not a Graph answer. */
const MAX_GRAPH_RESPONSE_BYTES = 2 * 1024 * 1024;
const MAX_POSTER_REDIRECTS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Instagram refreshes a long-lived token only once it is a day old. */
const REFRESH_MIN_AGE_MS = DAY_MS;
/** Refresh when less than this is left (long-lived tokens last 60 days). */
const REFRESH_WHEN_LEFT_MS = 30 * DAY_MS;
/** After a refresh failed for another reason than 190, leave that token alone for a while. */
const REFRESH_RETRY_MS = 60 * 60 * 1000;
/** Graph error codes: 190 invalid or expired token, 100 invalid parameter / object does not exist. */
const CODE_TOKEN = 190;
const CODE_NOT_FOUND = 100;

// ---------------------------------------------------------------------------------------------
// Errors

function tokenExpired() {
  return new AppError(502, "INSTAGRAM_TOKEN_EXPIRED", ko.instagram.tokenExpired);
}
function notConfigured() {
  return new AppError(503, "INSTAGRAM_NOT_CONFIGURED", ko.instagram.notConfigured);
}
function unavailable() {
  return new AppError(502, "INSTAGRAM_UNAVAILABLE", ko.instagram.unavailable);
}

type GraphErrorBody = { message?: string; type?: string; code?: number; error_subcode?: number };

/** Instagram answered with its error envelope {"error": {...}}. */
class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly error: GraphErrorBody,
  ) {
    super(`Graph API error ${error.code ?? "?"} (HTTP ${status}): ${error.message ?? ""}`);
    this.name = "GraphError";
  }
}

/** Removes every spelling of the token from a text that might be logged. */
function redact(text: string, token: string | null | undefined) {
  if (!token) return text;
  let out = text;
  for (const form of new Set([token, encodeURIComponent(token), new URLSearchParams({ t: token }).toString().slice(2)])) {
    if (form) out = out.split(form).join("[token]");
  }
  return out.replace(/access_token=[^&\s"']+/g, "access_token=[token]");
}

function warn(reason: unknown, token: string | null) {
  const text = reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason);
  console.warn(`[instagram] ${redact(text, token).slice(0, 500)}`);
}

/** Any failure of a Graph call as the AppError the doors answer with. */
function toAppError(reason: unknown, token: string | null): AppError {
  if (reason instanceof AppError) return reason;
  if (reason instanceof GraphError && reason.error.code === CODE_TOKEN) return tokenExpired();
  warn(reason, token);
  return unavailable();
}

// ---------------------------------------------------------------------------------------------
// Token storage (settings table)

function readSettings(): Partial<Record<SettingKey, string>> {
  const rows = db()
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, Object.values(KEY)))
    .all();
  const out: Partial<Record<SettingKey, string>> = {};
  for (const row of rows) out[row.key as SettingKey] = row.value;
  return out;
}

/** Writes several settings at once; null deletes the key. */
function writeSettings(values: Partial<Record<SettingKey, string | null>>) {
  const now = new Date().toISOString();
  db().transaction((tx) => {
    for (const [key, value] of Object.entries(values)) {
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
 * The token in use: the stored one, else INSTAGRAM_ACCESS_TOKEN (stored on first use with savedAt
 * now, so refreshes have somewhere to go). When the environment token changes, the new one wins.
 */
export function currentToken(now = new Date()): string | null {
  const stored = readSettings();
  const envToken = config().INSTAGRAM_ACCESS_TOKEN;
  if (envToken && stored[KEY.envTokenHash] !== sha256(envToken)) {
    writeSettings({
      [KEY.token]: envToken,
      [KEY.savedAt]: now.toISOString(),
      [KEY.expiresAt]: null,
      [KEY.username]: null,
      [KEY.envTokenHash]: sha256(envToken),
    });
    return envToken;
  }
  return stored[KEY.token] || null;
}

export function instagramStatus(): InstagramStatus {
  const token = currentToken();
  const stored = readSettings();
  return {
    configured: token !== null,
    demo: token === DEMO_TOKEN,
    username: stored[KEY.username] ?? null,
    expiresAt: token && token !== DEMO_TOKEN ? (stored[KEY.expiresAt] ?? null) : null,
  };
}

/**
 * Verifies a pasted long-lived token with GET /me and stores it. A fresh long-lived token cannot be
 * refreshed before it is a day old, so no refresh is tried here; its expiry is unknown until then.
 */
export async function saveInstagramToken(input: string, now = new Date()): Promise<{ username: string | null }> {
  const token = input.trim();
  if (!token) throw new AppError(400, "INSTAGRAM_TOKEN_REQUIRED", ko.instagram.tokenRequired);
  let username: string | null = null;
  if (token !== DEMO_TOKEN) {
    try {
      const me = await graphGet(graphUrl("/me", { fields: "user_id,username" }), token);
      const parsed = z.object({ username: z.string().optional() }).safeParse(me);
      username = parsed.success ? (parsed.data.username ?? null) : null;
    } catch (error) {
      if (error instanceof GraphError && (error.error.code === CODE_TOKEN || error.error.type === "OAuthException")) {
        throw new AppError(400, "INSTAGRAM_TOKEN_INVALID", ko.instagram.tokenInvalid);
      }
      throw toAppError(error, token);
    }
  }
  writeSettings({
    [KEY.token]: token,
    [KEY.savedAt]: now.toISOString(),
    [KEY.expiresAt]: null,
    [KEY.username]: username,
  });
  return { username };
}

// ---------------------------------------------------------------------------------------------
// Token refresh

let refreshing: Promise<void> | null = null;
let lastRefreshFailure: { tokenHash: string; at: number } | null = null;

function refreshIsDue(now: Date): string | null {
  const token = currentToken(now);
  if (!token || token === DEMO_TOKEN) return null;
  const stored = readSettings();
  const savedAt = Date.parse(stored[KEY.savedAt] ?? "");
  if (Number.isNaN(savedAt)) {
    // Unknown age: start counting now rather than refreshing a token that may be minutes old.
    writeSettings({ [KEY.savedAt]: now.toISOString() });
    return null;
  }
  if (now.getTime() - savedAt < REFRESH_MIN_AGE_MS) return null;
  const expiresAt = Date.parse(stored[KEY.expiresAt] ?? "");
  if (!Number.isNaN(expiresAt) && expiresAt - now.getTime() >= REFRESH_WHEN_LEFT_MS) return null;
  if (
    lastRefreshFailure &&
    lastRefreshFailure.tokenHash === sha256(token) &&
    now.getTime() - lastRefreshFailure.at < REFRESH_RETRY_MS
  ) {
    return null;
  }
  return token;
}

const refreshResponse = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.coerce.number().positive(),
});

async function refreshNow(token: string, now: Date) {
  try {
    const body = await graphGet(graphUrl("/refresh_access_token", { grant_type: "ig_refresh_token" }), token);
    const parsed = refreshResponse.safeParse(body);
    if (!parsed.success) throw new Error("refresh_access_token answered without access_token/expires_in");
    writeSettings({
      [KEY.token]: parsed.data.access_token,
      [KEY.savedAt]: now.toISOString(),
      [KEY.expiresAt]: new Date(now.getTime() + parsed.data.expires_in * 1000).toISOString(),
    });
    lastRefreshFailure = null;
  } catch (error) {
    if (error instanceof GraphError && error.error.code === CODE_TOKEN) throw tokenExpired();
    // The old token still works until it expires: note the failure and carry on with it.
    lastRefreshFailure = { tokenHash: sha256(token), at: now.getTime() };
    warn(error instanceof AppError ? `token refresh failed: ${error.code}` : error, token);
  }
}

/**
 * Refreshes the long-lived token when it is at least a day old and its expiry is unknown or less
 * than 30 days away. An expired or revoked token (190) throws INSTAGRAM_TOKEN_EXPIRED; any other
 * failure is swallowed, since the current token still works.
 */
export async function refreshTokenIfDue(now = new Date()): Promise<void> {
  if (refreshing) return refreshing;
  const token = refreshIsDue(now);
  if (!token) return;
  refreshing = refreshNow(token, now).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

// ---------------------------------------------------------------------------------------------
// HTTP

function graphBase() {
  return new URL(config().INSTAGRAM_GRAPH_URL);
}

/** An endpoint under INSTAGRAM_GRAPH_URL (which may carry a version path such as /v21.0). */
function graphUrl(pathname: string, params: Record<string, string> = {}) {
  const base = graphBase();
  const url = new URL(base.origin);
  url.pathname = `${base.pathname.replace(/\/+$/, "")}${pathname}`;
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url;
}

/** GET a Graph URL with the token; the token goes only to INSTAGRAM_GRAPH_URL's origin. */
async function graphGet(url: URL, token: string): Promise<unknown> {
  if (url.origin !== graphBase().origin) throw new Error(`refused to send the token to ${url.origin}`);
  const target = new URL(url);
  target.searchParams.set("access_token", token);
  let response: Response;
  let text: string;
  try {
    response = await fetch(target, {
      headers: { Accept: "application/json" },
      redirect: "error",
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    text = (await readLimited(response, MAX_GRAPH_RESPONSE_BYTES)).toString("utf8");
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : "";
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    throw new Error(`request to ${url.origin}${url.pathname} failed: ${reason}${cause}`);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`non-JSON answer (HTTP ${response.status}) from ${url.pathname}`);
  }
  const envelope = z.object({ error: z.looseObject({}) }).safeParse(body);
  if (envelope.success) throw new GraphError(response.status, envelope.data.error as GraphErrorBody);
  if (!response.ok) throw new Error(`HTTP ${response.status} from ${url.pathname}`);
  return body;
}

// ---------------------------------------------------------------------------------------------
// Media

const graphMedia = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  caption: z.string().nullish(),
  media_type: z.string().nullish(),
  media_product_type: z.string().nullish(),
  media_url: z.string().nullish(),
  thumbnail_url: z.string().nullish(),
  permalink: z.string().nullish(),
  timestamp: z.string(),
});
type GraphMedia = z.infer<typeof graphMedia>;

const graphPage = z.object({
  data: z.array(z.unknown()),
  paging: z.looseObject({ next: z.string().optional() }).optional(),
});
type GraphPage = z.infer<typeof graphPage>;

type Parsed = { raw: GraphMedia; media: InstaMedia; at: number };

const INSTAGRAM_PAGE_HOST = /(^|\.)(instagram\.com|facebook\.com)$/;
const INSTAGRAM_CDN_HOST = /(^|\.)(cdninstagram\.com|fbcdn\.net)$/;

function parseHttpsUrl(value: string | null | undefined): URL | null {
  if (!value || value.length > 4096) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && !url.username && !url.password ? url : null;
  } catch {
    return null;
  }
}

/** A permalink is shown as a link on the site: only https pages on Instagram or Facebook. */
function instagramPageUrl(value: string | null | undefined): string | null {
  const url = parseHttpsUrl(value);
  return url && INSTAGRAM_PAGE_HOST.test(url.hostname.toLowerCase()) ? url.href : null;
}

/**
 * A video or poster link goes into the page: only https on Instagram's CDNs, the configured Graph
 * API origin (a stand-in in tests), or the sample feed's own '/demo/...' files.
 */
function mediaFileUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  if (/^\/demo\/[A-Za-z0-9._/-]+$/.test(value) && !value.includes("..")) return value;
  try {
    if (new URL(value).origin === graphBase().origin) return value;
  } catch {
    return null;
  }
  const url = parseHttpsUrl(value);
  return url && INSTAGRAM_CDN_HOST.test(url.hostname.toLowerCase()) ? url.href : null;
}

function toInstaMedia(raw: GraphMedia): Parsed | null {
  const date = parseGraphTimestamp(raw.timestamp);
  if (!date) return null;
  return {
    raw,
    at: date.getTime(),
    media: {
      id: raw.id,
      mediaId: raw.id,
      image: mediaFileUrl(raw.thumbnail_url),
      instaRegDate: formatKst(date),
      timestamp: date.toISOString(),
      link: mediaFileUrl(raw.media_url),
      caption: raw.caption ?? "",
      permalink: instagramPageUrl(raw.permalink),
      isVideo: raw.media_type === "VIDEO",
    },
  };
}

function parseItems(page: GraphPage): Parsed[] {
  const out: Parsed[] = [];
  for (const item of page.data) {
    const raw = graphMedia.safeParse(item);
    if (!raw.success) continue;
    const parsed = toInstaMedia(raw.data);
    if (parsed) out.push(parsed);
  }
  return out;
}

function demoFeedPath() {
  return path.resolve(process.cwd(), "content/demo/instagram-media.json");
}

/** The sample feed: an array of pages in the Graph API's own JSON shape. */
async function readDemoPages(): Promise<GraphPage[]> {
  try {
    const pages = z.array(graphPage).parse(JSON.parse(await fs.readFile(demoFeedPath(), "utf8")));
    return pages;
  } catch (error) {
    warn(error, null);
    throw unavailable();
  }
}

/** The pages of /me/media, newest first, from Instagram or from the sample feed. */
async function* mediaPages(token: string): AsyncGenerator<GraphPage> {
  if (token === DEMO_TOKEN) {
    yield* await readDemoPages();
    return;
  }
  let url: URL | null = graphUrl("/me/media", { fields: MEDIA_FIELDS, limit: String(PAGE_LIMIT) });
  const origin = graphBase().origin;
  for (let count = 0; url && count < MAX_PAGES; count++) {
    const parsed = graphPage.safeParse(await graphGet(url, token));
    if (!parsed.success) throw new Error("/me/media answered without a data array");
    yield parsed.data;
    url = nextPageUrl(parsed.data.paging?.next, origin);
  }
}

/** paging.next only when it stays on the Graph API's origin: the token goes nowhere else. */
function nextPageUrl(next: string | undefined, origin: string): URL | null {
  if (!next) return null;
  try {
    const url = new URL(next);
    if (url.origin !== origin || (url.protocol !== "https:" && url.protocol !== "http:")) {
      console.warn(`[instagram] paging.next on another origin (${url.origin}) not followed`);
      return null;
    }
    return url;
  } catch {
    return null;
  }
}

function requireToken(): string {
  const token = currentToken();
  if (!token) throw notConfigured();
  return token;
}

/**
 * The account's videos (reels; image and carousel posts are left out), posted within [from, to],
 * newest first unless ascending. Follows paging to the end (40 pages at most) and stops early once
 * the feed, which comes newest first, is older than `from`.
 */
export async function listInstagramVideos(filter: VideoFilter = {}): Promise<InstaMedia[]> {
  requireToken();
  await refreshTokenIfDue();
  const token = requireToken();
  const from = filter.from?.getTime();
  const to = filter.to?.getTime();
  const seen = new Set<string>();
  const found: Parsed[] = [];
  try {
    for await (const page of mediaPages(token)) {
      const items = parseItems(page);
      for (const item of items) {
        if (item.raw.media_type !== "VIDEO" || seen.has(item.media.id)) continue;
        if (from !== undefined && item.at < from) continue;
        if (to !== undefined && item.at > to) continue;
        seen.add(item.media.id);
        found.push(item);
      }
      if (from !== undefined && items.some((item) => item.at < from)) break;
    }
  } catch (error) {
    throw toAppError(error, token);
  }
  found.sort((a, b) => (filter.ascending ? a.at - b.at : b.at - a.at));
  return found.map((item) => item.media);
}

/** One media by id (to refresh a reel's expiring video link); null when Instagram has no such media. */
export async function getInstagramMedia(mediaId: string): Promise<InstaMedia | null> {
  // Media ids are numeric; anything else could only be a path trick.
  if (!/^\d{1,40}$/.test(mediaId)) return null;
  requireToken();
  await refreshTokenIfDue();
  const token = requireToken();
  try {
    if (token === DEMO_TOKEN) {
      for (const page of await readDemoPages()) {
        const item = parseItems(page).find((candidate) => candidate.media.id === mediaId);
        if (item) return item.media;
      }
      return null;
    }
    const body = await graphGet(graphUrl(`/${mediaId}`, { fields: MEDIA_FIELDS }), token);
    const raw = graphMedia.safeParse(body);
    if (!raw.success) throw new Error("/{media-id} answered without id/timestamp");
    return toInstaMedia(raw.data)?.media ?? null;
  } catch (error) {
    if (error instanceof GraphError && error.error.code === CODE_NOT_FOUND) return null;
    throw toAppError(error, token);
  }
}

// ---------------------------------------------------------------------------------------------
// Posters

/** Hosts a poster may be copied from: Instagram's CDNs and the configured Graph API origin. */
function posterHostAllowed(url: URL) {
  if (url.origin === graphBase().origin) return true;
  return url.protocol === "https:" && !url.username && !url.password && INSTAGRAM_CDN_HOST.test(url.hostname.toLowerCase());
}

function posterRefused() {
  return new AppError(400, "INSTAGRAM_POSTER_REFUSED", ko.instagram.mediaNotFound);
}

/** A response body read up to `max` bytes; a larger one is cut off and refused. */
async function readLimited(response: Response, max: number): Promise<Buffer> {
  const declared = Number(response.headers.get("Content-Length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > max) {
    await response.body?.cancel();
    throw new Error(`answer larger than ${max} bytes`);
  }
  if (!response.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let total = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel();
      throw new Error(`answer larger than ${max} bytes`);
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks);
}

/**
 * The bytes of a poster, to copy it into uploads: an Instagram CDN URL is fetched (10 s, 15 MB at
 * most); a site-relative '/demo/...' URL (the sample feed) is read from public/demo.
 */
export async function fetchPosterBytes(url: string): Promise<Buffer> {
  if (typeof url !== "string" || url.length > 4096) throw posterRefused();
  if (url.startsWith("/") && !url.startsWith("//")) return readDemoPoster(url);
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw posterRefused();
  }
  if ((target.protocol !== "https:" && target.protocol !== "http:") || target.username || target.password) {
    throw posterRefused();
  }
  if (!posterHostAllowed(target)) throw posterRefused();
  try {
    const response = await fetchPosterFollowingAllowedRedirects(target);
    if (!response.ok) throw new Error(`poster answered HTTP ${response.status}`);
    return await readLimited(response, MAX_POSTER_BYTES);
  } catch (error) {
    warn(error, readSettings()[KEY.token] ?? null);
    throw unavailable();
  }
}

/** Redirects are followed by hand, so every hop is checked before anything is requested from it. */
async function fetchPosterFollowingAllowedRedirects(start: URL): Promise<Response> {
  const signal = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  let target = start;
  for (let hop = 0; ; hop++) {
    const response = await fetch(target, { signal, redirect: "manual" });
    const location = response.headers.get("Location");
    if (response.status < 300 || response.status >= 400 || !location) return response;
    await response.body?.cancel();
    if (hop >= MAX_POSTER_REDIRECTS) throw new Error("poster redirected too many times");
    target = new URL(location, target);
    if (!posterHostAllowed(target)) throw new Error(`poster redirected to ${target.origin}, not followed`);
  }
}

async function readDemoPoster(url: string): Promise<Buffer> {
  const pathname = url.split(/[?#]/)[0] ?? "";
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    throw posterRefused();
  }
  if (
    !decoded.startsWith("/demo/") ||
    decoded.includes("..") ||
    decoded.includes("\\") ||
    decoded.includes("\0") ||
    !/^\/demo\/[A-Za-z0-9._/-]+$/.test(decoded)
  ) {
    throw posterRefused();
  }
  const root = path.resolve(process.cwd(), "public", "demo");
  const file = path.resolve(process.cwd(), "public", `.${decoded}`);
  if (!file.startsWith(root + path.sep)) throw posterRefused();
  try {
    const stat = await fs.stat(file);
    if (!stat.isFile() || stat.size > MAX_POSTER_BYTES) throw new Error("not a poster file");
    return await fs.readFile(file);
  } catch (error) {
    warn(error, null);
    throw unavailable();
  }
}
