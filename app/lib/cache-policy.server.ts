import { hasSessionCookie } from "./session.server";

/**
 * Pages seen by the admin carry admin controls, and responses that set cookies are personal:
 * neither may be stored by any cache.
 */
export function applyCachePolicy(request: Request, headers: Headers) {
  if (hasSessionCookie(request) || headers.has("Set-Cookie")) {
    headers.set("Cache-Control", "private, no-store");
  }
}
