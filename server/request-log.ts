// One JSON line per request (docs/operations.md §8), whoever answers it: the unreadable-target
// guard, the view beacon, the page cache or Express and Remix. Each request gets an id first, sent
// back as `X-Request-Id` and shown on error pages and in API errors, so the owner can quote it.
import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import pino, { type Logger } from "pino";
import type { ProxyTrust } from "./request";

/** How a page was answered: from the page cache, rendered for it (and stored when it may be), or not a cached page. */
export type CacheOutcome = "hit" | "stale" | "miss" | "none";

type RequestRecord = { requestId: string; cache: CacheOutcome; started: number };

/**
 * The record rides on the request itself, under a key no one else uses. Kept in a WeakMap instead,
 * every request added an entry the garbage collector must trace as an ephemeron: stored pages
 * answered about 4% fewer requests a second (docs/performance.md, "Stored pages at the machine's limit").
 */
const RECORD = Symbol("request record");
type RecordedRequest = IncomingMessage & { [RECORD]?: RequestRecord };

function recordOf(req: IncomingMessage) {
  return (req as RecordedRequest)[RECORD];
}

/** What a proxy's id may look like (nginx's `$request_id`, a UUID, …): nothing that could break a line or a page. */
const WELL_FORMED_ID = /^[A-Za-z0-9._:-]{8,128}$/;
/** Query parameter names kept in a line (their values never are), each cut to this length. */
const MAX_QUERY_KEYS = 10;
const MAX_KEY_LENGTH = 40;
const MAX_PATH_LENGTH = 512;

/**
 * The request's id: the one a trusted proxy (TRUST_PROXY) sent in `X-Request-Id`, when well formed,
 * so that the proxy's log and ours share it; otherwise a new random UUID. Anyone else's header is
 * ignored: a visitor cannot make their line look like another request's.
 */
export function requestIdFor(req: IncomingMessage, trust: ProxyTrust) {
  const incoming = req.headers["x-request-id"];
  if (typeof incoming === "string" && WELL_FORMED_ID.test(incoming) && trust(req.socket.remoteAddress ?? "", 0)) return incoming;
  return crypto.randomUUID();
}

/** The id given to this request by `startRequestLog` (undefined only for a request the server never saw). */
export function requestIdOf(req: IncomingMessage) {
  return recordOf(req)?.requestId;
}

/** The `X-Request-Id` header of an answer to `req`, for the headers its sender writes. */
export function idHeader(req: IncomingMessage): { "X-Request-Id"?: string } {
  const requestId = requestIdOf(req);
  return requestId === undefined ? {} : { "X-Request-Id": requestId };
}

/** Records how the page cache answered (the request line's `cache`). */
export function noteCacheOutcome(req: IncomingMessage, cache: CacheOutcome) {
  const record = recordOf(req);
  if (record) record.cache = cache;
}

/**
 * The fields a request's line may carry about its target: the path (cut at 512 characters) and the
 * names of its query parameters, never their values (a search word, a token in a link).
 */
export function targetFields(url: string) {
  const queryStart = url.indexOf("?");
  const path = (queryStart === -1 ? url : url.slice(0, queryStart)).slice(0, MAX_PATH_LENGTH);
  if (queryStart === -1) return { path };
  const names = new Set<string>();
  for (const name of new URLSearchParams(url.slice(queryStart + 1)).keys()) {
    if (names.size === MAX_QUERY_KEYS) break;
    names.add(name.slice(0, MAX_KEY_LENGTH));
  }
  return { path, queryKeys: [...names] };
}

/**
 * Gives the request its id (also as the `X-Request-Id` answer header, set before any answer is
 * written) and, when `info` lines are on, writes its line once the answer is done or the client gone:
 * method, path, query names, status, duration in ms, cache outcome. Nothing else of the request is
 * read: no header, no cookie, no body, no client address (decision 0007 keeps nothing about a person).
 * Every request pays for this, stored pages included (docs/performance.md, "Stored pages at the
 * machine's limit"): one record, one listener shared by all requests, no object built but the line's.
 */
export function createRequestLog({ log, trust }: { log: Logger; trust: ProxyTrust }) {
  const writesLines = log.isLevelEnabled("info");
  // pino's own stream (its batches, its flush at exit), written the line pino would write for
  // `log.info({ requestId, method, path, queryKeys?, status, ms, cache, aborted? }, "request")`:
  // built as one string, with the time's text made once a millisecond, it costs a third of pino's
  // formatting of an object (docs/performance.md, "Stored pages at the machine's limit").
  const stream = (log as unknown as Record<symbol, { write(line: string): void }>)[pino.symbols.streamSym]!;
  let timeMs = Number.NaN;
  let timeText = "";

  function writeLine(this: ServerResponse) {
    const record = recordOf(this.req);
    if (!record) return;
    const now = Date.now();
    if (now !== timeMs) [timeMs, timeText] = [now, new Date(now).toISOString()];
    const url = this.req.url ?? "";
    const queryStart = url.indexOf("?");
    const path = JSON.stringify((queryStart === -1 ? url : url.slice(0, queryStart)).slice(0, MAX_PATH_LENGTH));
    const queryKeys = queryStart === -1 ? "" : `,"queryKeys":${JSON.stringify(targetFields(url).queryKeys)}`;
    const ms = Math.round((performance.now() - record.started) * 10) / 10;
    // The client went away before the whole answer was written.
    const aborted = this.writableFinished ? "" : ',"aborted":true';
    // The id, the method and the outcome need no escaping: a well-formed id or a UUID, an HTTP token, a word.
    stream.write(
      `{"level":"info","time":"${timeText}","requestId":"${record.requestId}","method":"${this.req.method}","path":${path}${queryKeys},"status":${this.statusCode},"ms":${ms},"cache":"${record.cache}"${aborted},"msg":"request"}\n`,
    );
  }

  /**
   * The request's record. Whoever answers sends the id as `X-Request-Id` with its own headers
   * (`idHeader`); a header set here, before, would make Node copy every header of a stored page
   * into a second list for each answer.
   */
  return function startRequestLog(req: IncomingMessage, res: ServerResponse) {
    const record: RequestRecord = { requestId: requestIdFor(req, trust), cache: "none", started: writesLines ? performance.now() : 0 };
    (req as RecordedRequest)[RECORD] = record;
    // `on`, not `once`: "close" comes once, and `once` would wrap the listener anew for each request.
    if (writesLines) res.on("close", writeLine);
  };
}
