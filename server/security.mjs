// Request guards that must run before Remix sees a request: no action may run for a forged POST.

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

export const FORBIDDEN_MESSAGE = "허용되지 않은 요청입니다. 사이트에서 다시 시도해 주세요.";

export function originGuard(publicOrigin) {
  return (req, res, next) => {
    if (!isForgedRequest(req, publicOrigin)) return next();
    res.status(403).set("Cache-Control", "no-store");
    if (req.path.startsWith("/api/")) {
      res.json({ errMsg: FORBIDDEN_MESSAGE, errCode: "FORBIDDEN_ORIGIN" });
    } else {
      res
        .type("html")
        .send(
          `<!doctype html><html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>요청 거부</title></head><body><main><h1>요청이 거부되었습니다</h1><p>${FORBIDDEN_MESSAGE}</p><p><a href="/">홈으로</a></p></main></body></html>`,
        );
    }
  };
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
