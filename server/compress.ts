// How the server compresses what it sends itself: stored pages (server/page-cache.ts) and pages
// rendered for one visitor (server/remix-handler.ts). Everything else goes through Express's
// `compression` (server/app.ts).
import zlib from "node:zlib";
import { boundedMemo } from "../app/lib/bounded-memo";

export type Encoding = "br" | "gzip" | "identity";

/**
 * Brotli's window: 64 KiB, larger than any page, so the bytes are the same as with the default 4 MiB
 * window, whose encoder memory made V8 run a full garbage collection every few renders (a search
 * that missed the cache cost about 3 times the CPU; docs/performance.md, "Where a cache miss's time goes").
 */
export const BROTLI_WINDOW_BITS = 16;

/** Smaller bodies are sent as they are, as `compression` does (its threshold, 1 KiB). */
const MIN_COMPRESSED_BYTES = 1024;

/**
 * A page rendered for one visitor: brotli and gzip at their fastest. A 17.7 KB search page: brotli 1
 * 6.0 KB in 0.08 ms, against `compression`'s quality 4, 5.4 KB in 0.23 ms; either is well inside the
 * first round trip (TCP's initial 14 KB), so the larger one arrives no later on a phone, and a
 * cache miss costs a twentieth less CPU. Stored pages are compressed harder, once (server/page-cache.ts).
 */
const DOCUMENT_BROTLI = {
  params: {
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_QUALITY]: 1,
    [zlib.constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS,
  },
};
const DOCUMENT_GZIP_LEVEL = 1;

/** Browsers send a handful of Accept-Encoding values, in a few spellings: 100 of at most 100 characters remembered. */
const encodingFor = boundedMemo(chooseEncoding, { maxKeys: 100, maxKeyLength: 100 });

/** br, else gzip, else identity, honouring `;q=0` refusals. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  return acceptEncoding ? encodingFor(acceptEncoding) : "identity";
}

function chooseEncoding(acceptEncoding: string): Encoding {
  const accepted = new Set<string | undefined>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [coding, ...params] = part.split(";").map((piece) => piece.trim());
    const quality = params.find((param) => param.startsWith("q="));
    if (!quality || Number(quality.slice(2)) > 0) accepted.add(coding);
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip") || accepted.has("*")) return "gzip";
  return "identity";
}

/**
 * A whole rendered page, compressed in one call on the main thread. Streamed through `compression`
 * instead, a page went to zlib in about 11 pieces, each a job on libuv's threads with its stream
 * callbacks, about twice the CPU of this one call (docs/performance.md).
 */
export function compressDocument(html: Buffer, acceptEncoding: string | undefined): { body: Buffer; encoding: Encoding } {
  const encoding = html.length < MIN_COMPRESSED_BYTES ? "identity" : preferredEncoding(acceptEncoding);
  if (encoding === "br") return { body: zlib.brotliCompressSync(html, DOCUMENT_BROTLI), encoding };
  if (encoding === "gzip") return { body: zlib.gzipSync(html, { level: DOCUMENT_GZIP_LEVEL }), encoding };
  return { body: html, encoding };
}
