// Request guards and headers that must apply before Remix sees a request: no action may run for a
// forged POST, and every response (pages, redirects, errors, static files) gets the same headers.
import crypto from "node:crypto";
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import type { ErrorRequestHandler, Request, RequestHandler, Response } from "express";
import { ko } from "../app/copy/ko";
import { koServer } from "../app/copy/ko-server.server";
import type { RouteFacts } from "../app/lib/route-facts";
import type { RouteTable } from "../app/lib/route-table.server";
import type { ErrorLog } from "./error-log";
import { dropUnreadBody } from "./linger";
import { cookiesOf } from "./request";
import { idHeader, requestIdOf } from "./request-log";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The origin this request was addressed to, as the browser saw it. */
export function ownOrigin(req: Request) {
  return `${req.protocol}://${req.get("host")}`;
}

/**
 * docs/architecture.md §5: a non-GET request marked cross-site by the browser, or whose Origin names another
 * site than ours (or PUBLIC_ORIGIN), is refused with 403 before any handler runs.
 */
export function isForgedRequest(req: Request, publicOrigin?: string) {
  if (SAFE_METHODS.has(req.method)) return false;
  if (req.get("sec-fetch-site") === "cross-site") return true;
  const origin = req.get("origin");
  if (origin === undefined) return false;
  return origin !== ownOrigin(req) && origin !== publicOrigin;
}

/** A refusal worded more precisely than its status alone. */
export type Reason = { message: string; code: string };

type PlainStatus = 400 | 401 | 403 | 404 | 405 | 413 | 431 | 503 | 500;

const errors = { ...ko.errors, ...koServer.errors };
const PLAIN_ANSWERS: Record<PlainStatus, { title: string; message: string; code: string }> = {
  400: { title: errors.badRequestTitle, message: errors.badRequest, code: "BAD_REQUEST" },
  401: { title: errors.loginAgainTitle, message: errors.loginAgain, code: "UNAUTHORIZED" },
  403: { title: errors.forbiddenTitle, message: errors.forbidden, code: "FORBIDDEN_ORIGIN" },
  404: { title: errors.notFoundTitle, message: errors.notFound, code: "NOT_FOUND" },
  405: { title: errors.badRequestTitle, message: errors.methodNotAllowed, code: "METHOD_NOT_ALLOWED" },
  413: { title: errors.tooLargeTitle, message: errors.tooLarge, code: "PAYLOAD_TOO_LARGE" },
  431: { title: errors.tooLongTitle, message: errors.tooLong, code: "REQUEST_TOO_LONG" },
  503: { title: errors.busyTitle, message: errors.busy, code: "BUSY" },
  500: { title: errors.serverTitle, message: errors.server, code: "SERVER_ERROR" },
};

function plainAnswer(status: number) {
  if (status in PLAIN_ANSWERS) return PLAIN_ANSWERS[status as PlainStatus];
  return PLAIN_ANSWERS[status < 500 ? 400 : 500];
}

/**
 * The Korean body of a plain answer: JSON under /api, a small page elsewhere; both name the
 * request's id (only the characters `requestIdFor` lets through), for the owner to quote.
 */
function plainBody(pathname: string, status: number, requestId: string | undefined, reason?: Reason, backTo?: string) {
  const answer = plainAnswer(status);
  const message = reason?.message ?? answer.message;
  if (pathname.startsWith("/api/")) {
    return {
      type: "application/json; charset=utf-8",
      body: JSON.stringify({ errMsg: message, errCode: reason?.code ?? answer.code, requestId }),
    };
  }
  const quoted = requestId ? `<p>${ko.errors.requestId(requestId)}</p>` : "";
  const back = backTo ? `<a href="${escapeHtml(backTo)}">${koServer.errors.backToForm}</a>` : "";
  // Her login expired on a form (a plain post: with JavaScript the form says it itself). Logging in
  // again brings her back to the form; in a new tab, so that this tab's Back still finds the form as
  // she typed it, which the browser keeps in its history (docs/product.md §8).
  const logIn =
    status === 401
      ? `<a href="/admin-login${backTo ? `?redirectTo=${encodeURIComponent(backTo)}` : ""}" target="_blank">${koServer.errors.logIn}</a>`
      : "";
  const keepsForm = status === 401 && backTo ? `<p>${koServer.errors.loginAgainKeepsForm}</p>` : "";
  return {
    type: "text/html; charset=utf-8",
    body: `<!doctype html><html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${answer.title}</title><style>${PLAIN_PAGE_STYLE}</style></head><body><main><h1>${answer.title}</h1><p>${message}</p>${keepsForm}${quoted}<p>${logIn}${back}<a href="/">${ko.common.goHome}</a></p></main></body></html>`,
  };
}

/** The site's look on a page answered before Remix (no stylesheet of the build is known there): its colours, type and buttons. */
const PLAIN_PAGE_STYLE =
  'body{margin:0;background:#fff8f0;color:#2b2118;font-family:-apple-system,BlinkMacSystemFont,"Apple SD Gothic Neo","Noto Sans KR",system-ui,sans-serif;line-height:1.6}' +
  "main{max-width:690px;margin:0 auto;padding:32px 16px}h1{font-size:1.375rem;margin:0 0 12px}" +
  "a{display:inline-block;margin:4px 8px 0 0;padding:10px 16px;border-radius:16px;border:1px solid #eadfd3;background:#fff;color:#8a3c00;font-weight:600;text-decoration:none}" +
  "a:first-child{background:#b45309;border-color:#b45309;color:#fff}";

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * A Korean answer for failures that happen before Remix (JSON under /api, a small page elsewhere);
 * `reason` words it more precisely than the status alone. A refused form post (a photo far over the
 * limit, a forged origin) offers the way back to its form beside the way home.
 */
export function sendPlainError(req: Request, res: Response, status: number, reason?: Reason) {
  const backTo = req.method === "POST" ? req.path.replace(/\.data$/, "") : undefined;
  const { type, body } = plainBody(req.path, status, requestIdOf(req), reason, backTo);
  dropUnreadBody(req);
  res.status(status).set("Cache-Control", "no-store").type(type).send(body);
}

/** Headers of an answer sent before Express runs (its security headers are not set yet): nothing on it may run or be framed. */
const BARE_ANSWER_HEADERS = {
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Cache-Control": "no-store",
};

/** `sendPlainError` for a request Express never sees (`pathname`: the path it is worded for). */
export function sendBarePlainError(req: IncomingMessage, res: ServerResponse, status: number, pathname: string, headers = {}) {
  const { type, body } = plainBody(pathname, status, requestIdOf(req));
  dropUnreadBody(req);
  res.writeHead(status, {
    ...BARE_ANSWER_HEADERS,
    ...idHeader(req),
    ...headers,
    "Content-Type": type,
    "Content-Length": Buffer.byteLength(body),
  });
  res.end(req.method === "HEAD" ? undefined : body);
}

/**
 * A request Node's own parser refuses never reaches the handler: a request line or headers over
 * Node's 16 KiB (a 2,000-word search address), or a line it cannot read (TRACK). Node would answer a
 * bare 400 without a body; this is the same Korean answer as the edge's (JSON when the request line
 * names /api/), then the connection is closed. A connection that timed out or was reset is only closed.
 */
export function answerUnparsedRequest(error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex) {
  if (!socket.writable || !error.code?.startsWith("HPE_")) return void socket.destroy();
  const status = error.code === "HPE_HEADER_OVERFLOW" ? 431 : 400;
  const requestLine = error.rawPacket?.subarray(0, 64).toString("latin1") ?? "";
  const { type, body } = plainBody(/^[A-Z]+ \/api\//.test(requestLine) ? "/api/" : "/", status, undefined);
  const headers = { ...BARE_ANSWER_HEADERS, "Content-Type": type, "Content-Length": Buffer.byteLength(body), Connection: "close" };
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head.join("")}\r\n${body}`);
}

export function originGuard(publicOrigin: string | undefined): RequestHandler {
  return (req, res, next) => (isForgedRequest(req, publicOrigin) ? sendPlainError(req, res, 403) : next());
}

export function securityHeaders(contentSecurityPolicy: (nonce: string, facts?: RouteFacts) => string, routes: RouteTable): RequestHandler {
  return (req, res, next) => {
    const nonce = crypto.randomUUID().replaceAll("-", "");
    res.locals.cspNonce = nonce;
    res.set({
      "Content-Security-Policy": contentSecurityPolicy(nonce, routes.factsOf(req.path)),
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "X-Frame-Options": "DENY",
      "Cross-Origin-Opener-Policy": "same-origin-allow-popups",
      "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
    });
    next();
  };
}

/** The request carries the admin's session cookie, as the app reads cookies (whether valid is for the app to say). */
export function hasSessionCookie(req: IncomingMessage, sessionCookieName: string) {
  return cookiesOf(req)[sessionCookieName] !== undefined;
}

/**
 * Express's own failures (a malformed URL, a body it cannot read) answered in Korean; only 5xx are
 * logged, through the rate-limited log (one flood of one failure is not a line per request).
 */
export function errorHandler(logError: ErrorLog): ErrorRequestHandler {
  // Express recognises an error handler by its four parameters.
  return (error: { status?: unknown; statusCode?: unknown } | undefined, req, res, _next) => {
    const status = Number(error?.status ?? error?.statusCode ?? 500);
    if (status >= 500) logError(`${status} ${kindOf(error)}`, error, requestIdOf(req));
    if (res.headersSent) {
      res.end();
      return;
    }
    sendPlainError(req, res, status >= 400 && status < 600 ? status : 500);
  };
}

function kindOf(error: unknown) {
  if (!(error instanceof Error)) return "non-Error failure";
  return `${error.name}: ${error.message.split("\n", 1)[0]}`.slice(0, 200);
}
