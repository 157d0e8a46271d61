import { useLocation } from "@remix-run/react";
import { useEffect } from "react";

/**
 * The path of the last page seen: the document's own (counted by the server as it answered it,
 * decision 0009), then each page opened inside the site. Kept outside React so the error page,
 * which replaces the whole app, does not make the next page look like the first.
 */
let lastSeen: string | undefined = globalThis.location?.pathname;

/**
 * With JavaScript, opening another page of the site fetches its data, not the document, so the
 * server does not see the visit: this beacon tells it, with the address the visitor first came from
 * (`document.referrer` stays the arrival's for the whole visit; the server keeps only its host, for
 * the moment it takes to name the source).
 * The server counts only public pages, and never the signed-in owner. Kept this small because every
 * page's first load carries it (the public pages' 100 KiB budget).
 */
export function PageVisitBeacon() {
  const location = useLocation();
  useEffect(() => {
    // The address bar's path, encoded as the browser sent the document's (the router's may be decoded).
    const path = window.location.pathname;
    if (path === lastSeen) return;
    lastSeen = path;
    new Image().src = `/seen/page?path=${encodeURIComponent(path)}&from=${encodeURIComponent(document.referrer)}`;
  }, [location]);
  return null;
}
