// Request guards and headers that must apply before Remix sees a request: no action may run for a
// forged POST, and every response (pages, redirects, errors, static files) gets the same headers.

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The origin this request was addressed to, as the browser saw it. */
export function ownOrigin(req) {
  return `${req.protocol}://${req.get("host")}`;
}

/**
 * DESIGN §5: a non-GET request marked cross-site by the browser, or whose Origin names another
 * site than ours (or PUBLIC_ORIGIN), is refused with 403 before any handler runs.
 */
export function isForgedRequest(req, publicOrigin) {
  if (SAFE_METHODS.has(req.method)) return false;
  if (req.get("sec-fetch-site") === "cross-site") return true;
  const origin = req.get("origin");
  if (origin === undefined) return false;
  return origin !== ownOrigin(req) && origin !== publicOrigin;
}

const MESSAGES = {
  403: ["요청이 거부되었습니다", "허용되지 않은 요청입니다. 사이트에서 다시 시도해 주세요.", "FORBIDDEN_ORIGIN"],
  400: ["요청을 처리할 수 없습니다", "요청 주소나 내용이 올바르지 않습니다. 주소를 확인해 주세요.", "BAD_REQUEST"],
  413: ["요청이 너무 큽니다", "보낸 내용이 너무 큽니다. 크기를 줄여 다시 시도해 주세요.", "PAYLOAD_TOO_LARGE"],
  503: ["잠시 후 다시 시도해 주세요", "지금 요청이 많습니다. 잠시 후 다시 시도해 주세요.", "BUSY"],
  500: ["일시적인 오류가 발생했습니다", "잠시 후 다시 시도해 주세요. 문제가 계속되면 관리자에게 알려 주세요.", "SERVER_ERROR"],
};

/**
 * A Korean answer for failures that happen before Remix (JSON under /api, a small page elsewhere);
 * `reason` words it more precisely than the status alone ({message, code}).
 */
export function sendPlainError(req, res, status, reason) {
  const [title, statusMessage, statusCode] = MESSAGES[status] ?? MESSAGES[status < 500 ? 400 : 500];
  const message = reason?.message ?? statusMessage;
  const code = reason?.code ?? statusCode;
  res.status(status).set("Cache-Control", "no-store");
  if (req.path.startsWith("/api/")) return res.json({ errMsg: message, errCode: code });
  res
    .type("html")
    .send(
      `<!doctype html><html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title></head><body><main><h1>${title}</h1><p>${message}</p><p><a href="/">홈으로</a></p></main></body></html>`,
    );
}

export function originGuard(publicOrigin) {
  return (req, res, next) => (isForgedRequest(req, publicOrigin) ? sendPlainError(req, res, 403) : next());
}

export function securityHeaders(contentSecurityPolicy) {
  return (req, res, next) => {
    res.locals.cspNonce = crypto.randomUUID().replaceAll("-", "");
    res.set({
      "Content-Security-Policy": contentSecurityPolicy(res.locals.cspNonce),
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "X-Frame-Options": "DENY",
      "Cross-Origin-Opener-Policy": "same-origin-allow-popups",
      "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
    });
    next();
  };
}

/**
 * Pages the admin sees carry admin controls, and responses that set cookies are personal: neither
 * may be kept by any cache. Decided when the headers are sent, so redirects are covered too.
 */
export function privateCachePolicy(sessionCookieName) {
  return (req, res, next) => {
    const hasSession = (req.get("cookie") ?? "").includes(`${sessionCookieName}=`);
    beforeHeaders(res, () => {
      if (hasSession || res.getHeader("set-cookie")) res.setHeader("Cache-Control", "private, no-store");
    });
    next();
  };
}

/** Runs `adjust` just before the status line and headers go out, whoever sends them. */
function beforeHeaders(res, adjust) {
  const writeHead = res.writeHead;
  res.writeHead = function (...args) {
    adjust();
    return writeHead.apply(this, args);
  };
}

/**
 * A request answered before its body was read (a 413 for an upload that is too large) must not
 * leave the rest of the body on a kept-alive connection, where the next request would stall
 * behind it: such a connection is closed after the answer.
 */
export function closeUnreadBodies() {
  return (req, res, next) => {
    beforeHeaders(res, () => {
      if (!req.complete) res.setHeader("Connection", "close");
    });
    next();
  };
}

/** Express's own failures (a malformed URL, a body it cannot read) answered in Korean; only 5xx are logged. */
export function errorHandler() {
  // Express recognises an error handler by its four parameters.
  return (error, req, res, _next) => {
    const status = Number(error?.status ?? error?.statusCode ?? 500);
    if (status >= 500) console.error(error);
    if (res.headersSent) return res.end();
    sendPlainError(req, res, status >= 400 && status < 600 ? status : 500);
  };
}
