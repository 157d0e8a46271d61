import { useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { referrerHost } from "../visit-sources";

/**
 * The path of the last page counted: the document's own (counted by the server as it answered it,
 * decision 0009), then each page opened inside the site. Kept outside React so the error page,
 * which replaces the whole app, does not make the next page look like the first.
 */
let lastCounted: string | null = typeof window === "undefined" ? null : window.location.pathname;

/**
 * With JavaScript, opening another page of the site fetches its data, not the document, so the
 * server does not see the visit: this beacon tells it, with the host the visitor first came from
 * (`document.referrer` stays the arrival's for the whole visit). Nothing is sent for the owner.
 */
export function PageVisitBeacon({ isOwner }: { isOwner: boolean }) {
  const { pathname } = useLocation();
  useEffect(() => {
    // The address bar's path, encoded as the browser sent the document's (the router's may be decoded).
    const path = window.location.pathname;
    if (isOwner || path === lastCounted) return;
    lastCounted = path;
    const params = new URLSearchParams({ path });
    const from = referrerHost(document.referrer);
    if (from) params.set("from", from);
    new Image(1, 1).src = `/seen/page?${params}`;
  }, [isOwner, pathname]);
  return null;
}
