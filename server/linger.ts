// Refusals a client can read (issue 28, point 8). A browser, Node's `fetch()` and nginx send the whole
// body before they read an answer: a server that answers early (a 413, a forged origin's 403, a
// visitor sent away from an admin form) and then closes the connection under a body still arriving
// turns its answer into a reset (ECONNRESET, EPIPE). So the rest of such a body is read and dropped,
// as nginx's lingering close does: for at most LINGER_MS in all and LINGER_IDLE_MS without a byte,
// and at most LINGER_MAX_BYTES (or twice the route's limit, if larger); past any of them the
// connection is closed. Once the body has ended the connection is kept alive as usual. A lingering
// socket has no request under way, so it is the first to give its place when the server is full
// (server/connections.ts).
import type { IncomingMessage } from "node:http";

export const LINGER_MS = 30_000;
const LINGER_IDLE_MS = 5_000;
export const LINGER_MAX_BYTES = 256 * 1024 * 1024;

/** Requests whose body someone reads or drops: the edge's counted body (server/edge.ts), or a linger under way. */
const bodiesTakenCareOf = new WeakSet<IncomingMessage>();
const lingering = new WeakSet<IncomingMessage>();

export function hasBody(req: IncomingMessage) {
  return req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
}

/** The edge reads this body (and lingers on it itself if it answers early). */
export function takeCareOfBody(req: IncomingMessage) {
  bodiesTakenCareOf.add(req);
}

/** Reads and drops the rest of the body, `alreadyRead` bytes of it already read, within the bounds above. */
export function lingerOn(req: IncomingMessage, { maxBytes = LINGER_MAX_BYTES, alreadyRead = 0 } = {}) {
  if (lingering.has(req) || req.complete) return;
  lingering.add(req);
  bodiesTakenCareOf.add(req);
  let dropped = alreadyRead;
  const hangUp = () => req.socket.destroy();
  const tooLong = setTimeout(hangUp, LINGER_MS).unref();
  const tooQuiet = setTimeout(hangUp, LINGER_IDLE_MS).unref();
  const stop = () => {
    clearTimeout(tooLong);
    clearTimeout(tooQuiet);
  };
  req.once("end", stop);
  req.once("close", stop);
  req.on("data", (chunk: Buffer) => {
    dropped += chunk.length;
    tooQuiet.refresh();
    if (dropped > maxBytes) hangUp();
  });
  req.resume();
}

/**
 * Called by everything that answers a request (before its headers): a body nobody has read or is
 * reading is dropped while the answer goes out. A request without a body has nothing left (a stored
 * page is answered while Node has not yet marked its GET `complete`).
 */
export function dropUnreadBody(req: IncomingMessage) {
  if (hasBody(req) && !req.complete && !bodiesTakenCareOf.has(req)) lingerOn(req);
}
