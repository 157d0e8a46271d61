// The Instagram client and its HTTP: what the site asks of Instagram (InstagramClient), answered by
// the Graph API for a token or by the sample feed for DEMO_TOKEN; the HTTP that keeps the token on
// INSTAGRAM_GRAPH_URL's origin; the Graph media JSON mapped to what the site shows; and how a
// failure reaches the doors (an AppError) and the log (a warning without the token).
import fs from "node:fs/promises";
import path from "node:path";
import { koServer } from "~/copy/ko-server.server";
import { config } from "~/lib/config.server";
import { AppError } from "~/lib/errors";
import { importedText } from "~/lib/input-rules";
import { logWarning, withoutSecrets } from "~/lib/log.server";
import { formatKst, parseGraphTimestamp } from "~/lib/time";
import * as z from "~/lib/zod";
import type { InstaMedia } from "./types";

/** The token that makes the site read the sample feed in content/demo instead of Instagram. */
export const DEMO_TOKEN = "DEMO";

type RenewedToken = { token: string; expiresInSeconds: number };

/** Every method fails with an AppError the doors can answer with. */
export interface InstagramClient {
  /** The sample feed: its token is never checked with Instagram and never expires. */
  readonly isDemo: boolean;
  /** The account's username; INSTAGRAM_TOKEN_INVALID when Instagram refuses the token. */
  username(): Promise<string | null>;
  /** A new long-lived token in exchange for this one (Instagram's refresh_access_token). */
  renewToken(): Promise<RenewedToken>;
  /** The account's media, page by page, newest first. */
  mediaPages(): AsyncIterable<MediaItem[]>;
  /** One media by id; null when Instagram has no such media. */
  media(mediaId: string): Promise<MediaItem | null>;
}

// Failures: each door answers an AppError; the log gets the reason without the token.

/** Graph error codes: 190 invalid or expired token, 100 invalid parameter / object does not exist. */
const CODE_TOKEN = 190;
const CODE_NOT_FOUND = 100;

function tokenExpired() {
  return new AppError(502, "INSTAGRAM_TOKEN_EXPIRED", koServer.instagramErrors.tokenExpired);
}
export function notConfigured() {
  return new AppError(503, "INSTAGRAM_NOT_CONFIGURED", koServer.instagramErrors.notConfigured);
}
export function unavailable() {
  return new AppError(502, "INSTAGRAM_UNAVAILABLE", koServer.instagramErrors.unavailable);
}
function tokenInvalid() {
  return new AppError(400, "INSTAGRAM_TOKEN_INVALID", koServer.instagramErrors.tokenInvalid);
}
export function posterRefused() {
  return new AppError(400, "INSTAGRAM_POSTER_REFUSED", koServer.instagramErrors.mediaNotFound);
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

type Secrets = string | null | undefined | (string | null | undefined)[];
/** Removes every spelling of the token (or tokens, codes), and of the app's secret, from a text that might be logged. */
function redact(text: string, tokens: Secrets) {
  let out = text;
  for (const secret of [tokens, config().instagramApp?.secret].flat()) {
    if (!secret) continue;
    for (const form of new Set([secret, encodeURIComponent(secret), new URLSearchParams({ t: secret }).toString().slice(2)])) {
      if (form) out = out.split(form).join("[token]");
    }
  }
  return out.replace(/access_token=[^&\s"']+/g, "access_token=[token]");
}

/** An Instagram failure the site answered (unavailable, the stored link kept): a warning line, the token blanked. */
export function warnInstagram(what: string, reason: unknown, token: Secrets) {
  const text = reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason);
  logWarning(what, { reason: withoutSecrets(redact(text, token)).slice(0, 500) });
}

/** Any failure of a Graph call as the AppError the doors answer with. */
function toAppError(reason: unknown, token: string | null): AppError {
  if (reason instanceof AppError) return reason;
  if (reason instanceof GraphError && reason.error.code === CODE_TOKEN) return tokenExpired();
  warnInstagram("instagram call failed", reason, token);
  return unavailable();
}

// HTTP to the Graph API: the token goes only to INSTAGRAM_GRAPH_URL's origin, never through a
// redirect, and no answer is read past its size cap.

export const REQUEST_TIMEOUT_MS = 10_000;
/** A page of 50 media is about 60 KB; anything far larger is not a Graph answer. */
const MAX_GRAPH_RESPONSE_BYTES = 2 * 1024 * 1024;

export function graphBase() {
  return new URL(config().INSTAGRAM_GRAPH_URL);
}

/** An endpoint under INSTAGRAM_GRAPH_URL (which may carry a version path such as /v21.0), or under another base. */
export function graphUrl(pathname: string, params: Record<string, string> = {}, base = graphBase()) {
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
  const { status, ok, body } = await instagramJson(target);
  const envelope = z.object({ error: z.looseObject({}) }).safeParse(body);
  if (envelope.success) throw new GraphError(status, envelope.data.error as GraphErrorBody);
  if (!ok) throw new Error(`HTTP ${status} from ${url.pathname}`);
  return body;
}

/**
 * One call to Instagram and its JSON answer: no redirect followed, at most REQUEST_TIMEOUT_MS, the
 * answer read up to `max` bytes. A failure's message names the origin and path, never the query or
 * the body (where tokens, codes and the app secret go).
 */
export async function instagramJson(
  url: URL,
  init: { method?: "GET" | "POST"; body?: URLSearchParams } = {},
  max = MAX_GRAPH_RESPONSE_BYTES,
) {
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      ...init,
      headers: { Accept: "application/json" },
      redirect: "error",
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    text = (await readLimited(response, max)).toString("utf8");
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
  return { status: response.status, ok: response.ok, body };
}

/** A response body read up to `max` bytes; a larger one is cut off and refused. */
export async function readLimited(response: Response, max: number): Promise<Buffer> {
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

// The Graph API's media JSON (from Instagram or the sample feed) mapped to what the site shows,
// with every link checked before it may go into a page.

const MEDIA_FIELDS = "id,caption,media_type,media_product_type,media_url,thumbnail_url,permalink,timestamp";

/**
 * Instagram's own caption limit (developers.facebook.com, IG User Media: "Maximum 2200 characters"):
 * a longer caption, which Instagram itself would not publish, is cut there (docs/product.md §5).
 */
const CAPTION_MAX = 2200;

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

/** A media with its posting time in milliseconds, for filtering and sorting. */
export type MediaItem = { media: InstaMedia; at: number };

const INSTAGRAM_PAGE_HOST = /(^|\.)(instagram\.com|facebook\.com)$/;
export const INSTAGRAM_CDN_HOST = /(^|\.)(cdninstagram\.com|fbcdn\.net)$/;

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

/** One Graph media; null when its timestamp cannot be read. */
function toMediaItem(raw: GraphMedia): MediaItem | null {
  const date = parseGraphTimestamp(raw.timestamp);
  if (!date) return null;
  return {
    at: date.getTime(),
    media: {
      id: raw.id,
      mediaId: raw.id,
      image: mediaFileUrl(raw.thumbnail_url),
      instaRegDate: formatKst(date),
      timestamp: date.toISOString(),
      link: mediaFileUrl(raw.media_url),
      // Imported, not typed: a control character is dropped rather than failing the whole import.
      caption: importedText(raw.caption ?? "", CAPTION_MAX),
      permalink: instagramPageUrl(raw.permalink),
      isVideo: raw.media_type === "VIDEO",
    },
  };
}

/** The readable media of a page; malformed entries are left out. */
function mediaItemsOf(page: GraphPage): MediaItem[] {
  const out: MediaItem[] = [];
  for (const item of page.data) {
    const raw = graphMedia.safeParse(item);
    if (!raw.success) continue;
    const parsed = toMediaItem(raw.data);
    if (parsed) out.push(parsed);
  }
  return out;
}

// The Graph API (Instagram API with Instagram Login, graph.instagram.com) for one token.

const PAGE_LIMIT = 50;
const MAX_PAGES = 40;

const meResponse = z.object({ username: z.string().optional() });

const refreshResponse = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.coerce.number().positive(),
});

/** paging.next only when it stays on the Graph API's origin: the token goes nowhere else. */
function nextPageUrl(next: string | undefined, origin: string): URL | null {
  if (!next) return null;
  try {
    const url = new URL(next);
    if (url.origin !== origin || (url.protocol !== "https:" && url.protocol !== "http:")) {
      logWarning("instagram paging.next on another origin not followed", { origin: url.origin });
      return null;
    }
    return url;
  } catch {
    return null;
  }
}

export function graphClient(token: string): InstagramClient {
  return {
    isDemo: false,

    async username() {
      try {
        const parsed = meResponse.safeParse(await graphGet(graphUrl("/me", { fields: "user_id,username" }), token));
        return parsed.success ? (parsed.data.username ?? null) : null;
      } catch (error) {
        if (error instanceof GraphError && (error.error.code === CODE_TOKEN || error.error.type === "OAuthException")) {
          throw tokenInvalid();
        }
        throw toAppError(error, token);
      }
    },

    async renewToken() {
      try {
        const body = await graphGet(graphUrl("/refresh_access_token", { grant_type: "ig_refresh_token" }), token);
        const parsed = refreshResponse.safeParse(body);
        if (!parsed.success) throw new Error("refresh_access_token answered without access_token/expires_in");
        return { token: parsed.data.access_token, expiresInSeconds: parsed.data.expires_in };
      } catch (error) {
        throw toAppError(error, token);
      }
    },

    /** Follows paging.next (40 pages at most). */
    async *mediaPages() {
      let url: URL | null = graphUrl("/me/media", { fields: MEDIA_FIELDS, limit: String(PAGE_LIMIT) });
      const origin = graphBase().origin;
      for (let count = 0; url && count < MAX_PAGES; count++) {
        let page: z.infer<typeof graphPage>;
        try {
          const parsed = graphPage.safeParse(await graphGet(url, token));
          if (!parsed.success) throw new Error("/me/media answered without a data array");
          page = parsed.data;
        } catch (error) {
          throw toAppError(error, token);
        }
        yield mediaItemsOf(page);
        url = nextPageUrl(page.paging?.next, origin);
      }
    },

    async media(mediaId) {
      try {
        const body = await graphGet(graphUrl(`/${mediaId}`, { fields: MEDIA_FIELDS }), token);
        const raw = graphMedia.safeParse(body);
        if (!raw.success) throw new Error("/{media-id} answered without id/timestamp");
        return toMediaItem(raw.data);
      } catch (error) {
        if (error instanceof GraphError && error.error.code === CODE_NOT_FOUND) return null;
        throw toAppError(error, token);
      }
    },
  };
}

// The sample feed (content/demo/instagram-media.json, pages in the Graph API's own JSON shape), so
// the demo site and a fresh install show reels without an Instagram account.

async function readDemoFeed(): Promise<MediaItem[][]> {
  try {
    const file = path.resolve(process.cwd(), "content/demo/instagram-media.json");
    const pages = z.array(graphPage).parse(JSON.parse(await fs.readFile(file, "utf8")));
    return pages.map(mediaItemsOf);
  } catch (error) {
    warnInstagram("instagram sample feed unreadable", error, null);
    throw unavailable();
  }
}

export const demoClient: InstagramClient = {
  isDemo: true,
  username: async () => null,
  renewToken: () => Promise.reject(new Error("the sample feed's token never expires")),
  async *mediaPages() {
    yield* await readDemoFeed();
  },
  async media(mediaId) {
    return (await readDemoFeed()).flat().find((item) => item.media.id === mediaId) ?? null;
  },
};
