// What must hold before Remix sees a request (docs/architecture.md §5 "bounded input at the edge"): request
// bodies counted while they stream, hosts that parse, no legacy `?_data=` calls, HSTS behind https.
// (Connections and slow clients: server/connections.ts.)
import { Transform } from "node:stream";
import type { Request, RequestHandler, Response } from "express";
import type { RouteTable } from "../app/lib/route-table.server";
import { uploadBodyLimit } from "../app/lib/upload-limits";
import { hasBody, lingerOn, LINGER_MAX_BYTES, takeCareOfBody } from "./linger";
import { hasSessionCookie, sendPlainError, type Reason } from "./security";

const KIB = 1024;
/** JSON and urlencoded bodies anywhere: the longest form (a product) is far below this. */
const FORM_BODY_LIMIT = 64 * KIB;
/** Login, consent and cookie-check forms carry a few short fields. */
const SMALL_FORM_BODY_LIMIT = 4 * KIB;

export type BodyLimit = { limit: number; reason?: Reason };

export type UploadSettings = { uploadMaxBytes: number; uploadTooLarge: Reason; sessionCookieName: string };

/**
 * An upload to an owner's route from someone not logged in (never, or her login expired while she
 * was choosing a picture) is answered 401 at once, before its body is read, whatever its size: the
 * answer says to log in again, not that the file is too large (docs/architecture.md §5). The use
 * case still checks the session itself; this only answers first. The rest of the body is dropped.
 */
export function refuseUploadsWithoutSession(
  routes: RouteTable,
  { isLoggedIn, reason }: { isLoggedIn: (cookieHeader: string | null) => Promise<boolean>; reason: Reason },
): RequestHandler {
  return (req, res, next) => {
    const body = req.method === "POST" ? routes.factsOf(req.path)?.body : undefined;
    if (!body || body === "small" || !/^multipart\/form-data/i.test(req.get("content-type") ?? "")) return next();
    isLoggedIn(req.headers.cookie ?? null).then((loggedIn) => (loggedIn ? next() : sendPlainError(req, res, 401, reason)), next);
  };
}

/**
 * The largest body a request may send, as its route declares it (`body` in its facts): uploads
 * (multipart, on an upload route, from someone who carries a session cookie; the use case checks
 * the session itself) get `uploadBodyLimit` (UPLOAD_MAX_MB per file the route accepts and room for one
 * picture over it, which the app reads and drops to answer with the form kept) and the upload's own
 * "file too large" answer; small forms 4 KiB; everything else a form's 64 KiB.
 */
export function bodyLimitFor(
  req: Request,
  routes: RouteTable,
  { uploadMaxBytes, uploadTooLarge, sessionCookieName }: UploadSettings,
): BodyLimit {
  const body = routes.factsOf(req.path)?.body;
  if (body === "small") return { limit: SMALL_FORM_BODY_LIMIT };
  const multipart = /^multipart\/form-data/i.test(req.get("content-type") ?? "");
  if (body && multipart && hasSessionCookie(req, sessionCookieName)) {
    return { limit: uploadBodyLimit(uploadMaxBytes, body.uploads), reason: uploadTooLarge };
  }
  return { limit: FORM_BODY_LIMIT };
}

/**
 * Counts every request body against `limitFor(req).limit` before anything buffers it. The body Remix
 * reads is `res.locals.body`, a pass-through that stops at the limit. Over the limit the answer is
 * 413 in Korean, and the rest of the body is dropped as it arrives (server/linger.ts: `fetch()`
 * clients and browsers send the whole body before they read the answer). The same holds when Remix
 * answers before reading a body to its end (an upload refused part-way, a visitor sent away before
 * the form is read).
 */
export function bodyLimits(limitFor: (req: Request) => BodyLimit): RequestHandler {
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
      transform(chunk: Buffer, _encoding, done) {
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
    takeCareOfBody(req);
    res.once("finish", () => {
      if (req.complete || received > limit) return;
      req.unpipe(counted);
      lingerOn(req, { maxBytes: lingerCapFor(limit), alreadyRead: received });
    });
    next();
  };
}

class PayloadTooLargeError extends Error {
  status = 413;
}

/** An upload route's limit may be above the usual linger cap: a body of twice the limit is still read for its answer. */
function lingerCapFor(limit: number) {
  return Math.max(2 * limit, LINGER_MAX_BYTES);
}

type Refusal = BodyLimit & { alreadyRead: number };

function refuseOversizedBody(req: Request, res: Response, { limit, reason, alreadyRead }: Refusal) {
  lingerOn(req, { maxBytes: lingerCapFor(limit), alreadyRead });
  if (!res.headersSent) sendPlainError(req, res, 413, reason);
}

const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * Requests Remix must never see: a `Host` that is not a host (it would become the page's links
 * when PUBLIC_ORIGIN is unset), and `?_data=` calls, which this single-fetch app never makes and
 * which Remix would log with a stack trace. Both answer 400 in Korean, with nothing logged.
 */
export function rejectMalformedRequests({ publicOrigin }: { publicOrigin: string | undefined }): RequestHandler {
  return (req, res, next) => {
    if ((!publicOrigin && !HOST.test(req.get("host") ?? "")) || Object.hasOwn(req.query, "_data")) sendPlainError(req, res, 400);
    else next();
  };
}

/**
 * While every password-hash slot and queue place is taken, a login is answered 503 here, before its
 * body is read or Remix runs: such a flood then costs the server almost nothing beyond the one hash
 * it runs. (A flood of made-up ids fills only the decoy queue, and is turned away by the login itself.)
 */
export function refuseLoginsWhenBusy(routes: RouteTable, { isBusy, reason }: { isBusy: () => boolean; reason: Reason }): RequestHandler {
  return (req, res, next) => {
    const facts = req.method === "POST" ? routes.factsOf(req.path) : undefined;
    if (facts?.login && isBusy()) sendPlainError(req, res, 503, reason);
    else next();
  };
}

/** Behind https (PUBLIC_ORIGIN), browsers are told to come back over https only. */
export function strictTransportSecurity(httpsOnly: boolean): RequestHandler {
  return (_req, res, next) => {
    if (httpsOnly) res.setHeader("Strict-Transport-Security", "max-age=15552000");
    next();
  };
}
