// What must hold before Remix sees a request (DESIGN §5 "bounded input at the edge"): request
// bodies counted while they stream, hosts that parse, no legacy `?_data=` calls, HSTS behind https,
// and caps on connections and slow clients.
import { Transform } from "node:stream";
import { sendPlainError } from "./security.mjs";

const KIB = 1024;
const MIB = 1024 * KIB;
/** JSON and urlencoded bodies anywhere: the longest form (a product) is far below this. */
const FORM_BODY_LIMIT = 64 * KIB;
/** Login, consent and cookie-check forms carry a few short fields. */
const SMALL_FORM_BODY_LIMIT = 4 * KIB;
/** Multipart framing and text fields beside the files of an upload. */
const MULTIPART_MARGIN = 1 * MIB;
/** After a 413, at most this much of the rest is read (and dropped) so the client reads the answer. */
const MIN_DRAIN_BYTES = 1 * MIB;

const SMALL_FORM_PATHS = new Set(["/api/login", "/admin-login", "/api/cookie/check", "/ai", "/logout", "/api/logout"]);

/**
 * The largest body a request may send: uploads (multipart, on an upload route, from someone who
 * carries a session cookie; the use case checks the session itself) get UPLOAD_MAX_MB per file
 * the route accepts and the upload's own "file too large" answer, everything else a small form limit.
 */
export function bodyLimitFor(req, { uploadRoutes, uploadMaxBytes, uploadTooLarge, sessionCookieName }) {
  const multipart = /^multipart\/form-data/i.test(req.get("content-type") ?? "");
  const hasSession = (req.get("cookie") ?? "").includes(`${sessionCookieName}=`);
  if (multipart && hasSession) {
    const route = uploadRoutes.find(({ pattern }) => pattern.test(req.path));
    if (route) return { limit: uploadMaxBytes * route.files + MULTIPART_MARGIN, reason: uploadTooLarge };
  }
  return { limit: SMALL_FORM_PATHS.has(req.path) ? SMALL_FORM_BODY_LIMIT : FORM_BODY_LIMIT };
}

function hasBody(req) {
  return req.get("transfer-encoding") !== undefined || Number(req.get("content-length") ?? 0) > 0;
}

/**
 * Counts every request body against `limitFor(req).limit` before anything buffers it. The body Remix
 * reads is `res.locals.body`, a pass-through that stops at the limit. Over the limit the answer is
 * 413 in Korean; the rest of the body is then read and dropped up to a cap (so `fetch()` clients and
 * browsers, which send the whole body before reading, see the answer), and past the cap the
 * connection is closed. The same holds when Remix answers before reading a body to its end (an
 * upload refused part-way, a visitor sent away before the form is read).
 */
export function bodyLimits(limitFor) {
  return (req, res, next) => {
    if (!hasBody(req)) return next();
    const { limit, reason } = limitFor(req);
    const declared = Number(req.get("content-length") ?? Number.NaN);
    if (declared > limit) {
      refuseOversizedBody(req, res, { limit, reason, alreadyRead: 0 });
      return;
    }
    let received = 0;
    const counted = new Transform({
      transform(chunk, _encoding, done) {
        received += chunk.length;
        if (received <= limit) return done(null, chunk);
        req.unpipe(counted);
        refuseOversizedBody(req, res, { limit, reason, alreadyRead: received });
        done(new PayloadTooLargeError());
      },
    });
    // The refusal above ends the Remix side of the body; its failure is not a fault of the server.
    counted.on("error", () => {});
    res.locals.body = req.pipe(counted);
    res.once("finish", () => {
      if (req.complete || received > limit) return;
      req.unpipe(counted);
      discardRest(req, { limit, alreadyRead: received });
    });
    next();
  };
}

class PayloadTooLargeError extends Error {
  status = 413;
}

function drainCapFor(limit) {
  return Math.max(2 * limit, MIN_DRAIN_BYTES);
}

function refuseOversizedBody(req, res, { limit, reason, alreadyRead }) {
  const declared = Number(req.get("content-length") ?? Number.NaN);
  if (!res.headersSent) {
    res.setHeader("Connection", "close");
    sendPlainError(req, res, 413, reason);
  }
  if (declared > drainCapFor(limit)) {
    // Nothing the client could still read: end the connection once the answer is out.
    res.once("finish", () => req.socket.destroy());
    return;
  }
  discardRest(req, { limit, alreadyRead });
}

/** Reads and drops the rest of a body that was answered early, up to a cap; past it, hangs up. */
function discardRest(req, { limit, alreadyRead }) {
  let drained = alreadyRead;
  req.on("data", (chunk) => {
    drained += chunk.length;
    if (drained > drainCapFor(limit)) req.socket.destroy();
  });
  req.resume();
}

const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * Requests Remix must never see: a `Host` that is not a host (it would become the page's links
 * when PUBLIC_ORIGIN is unset), and `?_data=` calls, which this single-fetch app never makes and
 * which Remix would log with a stack trace. Both answer 400 in Korean, with nothing logged.
 */
export function rejectMalformedRequests({ publicOrigin }) {
  return (req, res, next) => {
    if (!publicOrigin && !HOST.test(req.get("host") ?? "")) return sendPlainError(req, res, 400);
    if (Object.hasOwn(req.query ?? {}, "_data")) return sendPlainError(req, res, 400);
    next();
  };
}

const LOGIN_PATHS = ["/api/login", "/admin-login"];

/**
 * While every password-hash slot and queue place is taken, a login is answered 503 here, before its
 * body is read or Remix runs: such a flood then costs the server almost nothing beyond the one hash
 * it runs. (A flood of made-up ids fills only the decoy queue, and is turned away by the login itself.)
 */
export function refuseLoginsWhenBusy({ isBusy, reason }) {
  return (req, res, next) => {
    if (req.method === "POST" && LOGIN_PATHS.includes(req.path) && isBusy()) return sendPlainError(req, res, 503, reason);
    next();
  };
}

/** Behind https (PUBLIC_ORIGIN), browsers are told to come back over https only. */
export function strictTransportSecurity(httpsOnly) {
  return (_req, res, next) => {
    if (httpsOnly) res.setHeader("Strict-Transport-Security", "max-age=15552000");
    next();
  };
}

/**
 * Caps on the HTTP server: open connections, time to send the headers and the whole request (a
 * slow upload from a phone still fits), idle keep-alive.
 */
export function applyConnectionLimits(server, { maxConnections, headersTimeoutMs, requestTimeoutMs }) {
  server.maxConnections = maxConnections;
  server.headersTimeout = headersTimeoutMs;
  server.requestTimeout = requestTimeoutMs;
  server.keepAliveTimeout = 5_000;
  return server;
}
