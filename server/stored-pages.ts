// A rendered page as the page cache stores it (server/page-cache.ts): its compressed bodies, its
// headers with the nonce replaced by its inline scripts' hashes, its lifetime; the shelf that holds
// such entries within a byte limit; and the sending of one to a visitor.
import crypto from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Response as ExpressResponse } from "express";
import { BROTLI_WINDOW_BITS, preferredEncoding, type Encoding } from "./compress";
import { dropUnreadBody } from "./linger";
import { requestIdOf } from "./request-log";

/**
 * A CDN in front may keep a page for 5 s and serve it stale for 30 s more while it asks again;
 * browsers revalidate every time (a 304 when the ETag still matches).
 */
const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=5, stale-while-revalidate=30";

/** An inline script the browser runs: not one with a `src`, nor a data block such as JSON-LD (the policy does not govern those). */
const INLINE_SCRIPT = /<script\b(?![^>]*\s(?:src=|type="application\/ld\+json"))[^>]*>([\s\S]*?)<\/script>/gi;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type Kind = "page" | "query";

export type Entry = {
  version: number;
  /** Fresh until then; served while being renewed until `staleUntil`. */
  expires: number;
  staleUntil: number;
  bytes: number;
  etag: string;
  bodies: Record<Encoding, Buffer>;
  /**
   * Name, value, name, value…: the form Node writes without a second list. The last pair is
   * `X-Request-Id` with an empty value, which each answer fills with its own id (`withId`).
   */
  headers: Record<Encoding, string[]>;
  notModifiedHeaders: string[];
};

/**
 * The plain addresses are the few pages a shared link sends everyone to: the best compression
 * (about 15 ms for a 14 KB page) pays for itself there, on libuv's threads so that the stored pages
 * are not kept waiting. A search in a list or a later page is often asked once: brotli 5 and gzip 6
 * in one call on the main thread, 0.6 ms of CPU for a 17 KB page where the threads' streams cost
 * 1.0 ms for quality 6 and gzip 9, for 1% more bytes (docs/performance.md, "Route tree once").
 */
export const STORED_COMPRESSION = {
  page: { brotliQuality: zlib.constants.BROTLI_MAX_QUALITY, gzipLevel: zlib.constants.Z_BEST_COMPRESSION, onThreads: true },
  query: { brotliQuality: 5, gzipLevel: 6, onThreads: false },
} as const;
type StoredCompression = (typeof STORED_COMPRESSION)[Kind];

async function compressStored(identity: Buffer, { brotliQuality, gzipLevel, onThreads }: StoredCompression) {
  const brotliOptions = {
    params: {
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      [zlib.constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS,
    },
  };
  if (!onThreads) return [zlib.brotliCompressSync(identity, brotliOptions), zlib.gzipSync(identity, { level: gzipLevel })] as const;
  return Promise.all([brotli(identity, brotliOptions), gzip(identity, { level: gzipLevel })]);
}

/** Entries up to `maxBytes`, each until it is past `staleUntil`; insertion order is age order, for eviction. */
export function createShelf(maxBytes: number) {
  const entries = new Map<string, Entry>();
  let storedBytes = 0;

  function forget(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    storedBytes -= entry.bytes;
  }

  return {
    get(key: string) {
      const entry = entries.get(key);
      if (entry && entry.staleUntil <= Date.now()) {
        forget(key);
        return undefined;
      }
      return entry;
    },
    set(key: string, entry: Entry) {
      forget(key);
      entries.set(key, entry);
      storedBytes += entry.bytes;
      // Oldest first: the ones past being served stale (all entries live equally long), then as many as the byte cap asks.
      const now = Date.now();
      for (const [oldestKey, oldest] of entries) {
        if (storedBytes <= maxBytes && oldest.staleUntil > now) break;
        forget(oldestKey);
      }
    },
    clear() {
      entries.clear();
      storedBytes = 0;
    },
  };
}

/**
 * How long a stored page lives: the cache's TTL (and as long again served while renewed), but never
 * past the moment the page changes by itself (a banner's turn, a group buy's start or end, a
 * scheduled guide): from then on, the next visitor renders it anew.
 */
export type Lifetime = { ttlMs: number; changesAt: number };

/** The stored form of a rendered page, or null when the response is not one every visitor may get. */
export async function toEntry(
  response: Response,
  res: ExpressResponse,
  nonce: string | undefined,
  version: number,
  { ttlMs, changesAt }: Lifetime,
  compression: StoredCompression,
): Promise<Entry | null> {
  if (response.status !== 200 || response.headers.has("set-cookie")) return null;
  // A page rendered for this visitor (a consented /ai) says so; it is never anyone else's page.
  if (/\b(?:private|no-store)\b/i.test(`${response.headers.get("cache-control") ?? ""},${String(res.getHeader("cache-control") ?? "")}`)) {
    return null;
  }
  if (!/^text\/html/i.test(response.headers.get("content-type") ?? "")) return null;
  const html = (await response.clone().text()).replaceAll(` nonce="${nonce}"`, "");
  // A nonce left anywhere else would be handed to every visitor: such a page is not stored.
  if (!nonce || html.includes(nonce)) return null;

  const hashes = [...html.matchAll(INLINE_SCRIPT)].map(
    ([, script = ""]) => `'sha256-${crypto.createHash("sha256").update(script).digest("base64")}'`,
  );
  const renderedPolicy = String(res.getHeader("content-security-policy") ?? "");
  const identity = Buffer.from(html);
  const [br, gz] = await compressStored(identity, compression);
  const etag = `W/"${crypto.createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`;

  // The headers the Express stack set for this request (security headers) and Remix's own.
  const common: OutgoingHttpHeaders = { ...res.getHeaders(), ...Object.fromEntries(response.headers) };
  delete common["content-length"];
  delete common["content-encoding"];
  // The rendering request's own id; every later visitor's answer carries theirs.
  delete common["x-request-id"];
  Object.assign(common, {
    "content-security-policy": renderedPolicy.replace(`'nonce-${nonce}'`, hashes.join(" ")),
    "cache-control": PUBLIC_CACHE_CONTROL,
    etag,
    vary: "Accept-Encoding, Cookie",
  });
  const bodies = { br, gzip: gz, identity };
  const withBody = (encoding: Encoding): OutgoingHttpHeaders => ({
    ...common,
    ...(encoding === "identity" ? {} : { "content-encoding": encoding }),
    "content-length": bodies[encoding].length,
  });
  const notModifiedHeaders = { ...common };
  delete notModifiedHeaders["content-type"];
  const headers = { br: flat(withBody("br")), gzip: flat(withBody("gzip")), identity: flat(withBody("identity")) };
  const now = Date.now();
  return {
    version,
    expires: Math.min(now + ttlMs, changesAt),
    staleUntil: Math.min(now + 2 * ttlMs, changesAt),
    bytes:
      br.length +
      gz.length +
      identity.length +
      [...Object.values(headers), flat(notModifiedHeaders)].reduce((sum, each) => sum + headerBytes(each), 0),
    etag,
    bodies,
    headers,
    notModifiedHeaders: flat(notModifiedHeaders),
  };
}

function flat(headers: OutgoingHttpHeaders) {
  const pairs = Object.entries(headers).flatMap(([name, value]) =>
    Array.isArray(value) ? value.flatMap((each) => [name, each]) : [name, String(value)],
  );
  return pairs.concat("X-Request-Id", "");
}

export function sendEntry(req: IncomingMessage, res: ServerResponse, entry: Entry) {
  dropUnreadBody(req);
  if (matchesEtag(req.headers["if-none-match"], entry.etag)) {
    res.writeHead(304, withId(entry.notModifiedHeaders, req));
    res.end();
    return;
  }
  const encoding = preferredEncoding(req.headers["accept-encoding"]);
  res.writeHead(200, withId(entry.headers[encoding], req));
  res.end(req.method === "HEAD" ? undefined : entry.bodies[encoding]);
}

function matchesEtag(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  const opaque = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((candidate) => {
    const tag = candidate.trim();
    return tag === "*" || tag.replace(/^W\//, "") === opaque;
  });
}

/**
 * The entry's own list with this request's id in its last slot: Node serializes the list in
 * `writeHead` before anything else runs, so the next answer may fill the slot again. A copy of the
 * list for every answer cost stored pages about 2% of their rate in garbage.
 */
function withId(headers: string[], req: IncomingMessage) {
  headers[headers.length - 1] = requestIdOf(req) ?? "";
  return headers;
}

function headerBytes(headers: string[]) {
  return headers.reduce((sum, each) => sum + Buffer.byteLength(each), 0);
}
