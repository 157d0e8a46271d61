import { config } from "./config.server";

/** The site's public origin for absolute URLs (share links, previews): PUBLIC_ORIGIN, else the request's. */
export function siteOrigin(request: Request) {
  return config().PUBLIC_ORIGIN ?? new URL(request.url).origin;
}
