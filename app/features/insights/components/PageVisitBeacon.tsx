import { useLocation, useMatches } from "@remix-run/react";
import { useEffect } from "react";
import type { RouteFacts } from "~/lib/route-facts";
import { referrerHost } from "../visit-sources";

/**
 * The path of the last page seen: the document's own (counted by the server as it answered it,
 * decision 0009), then each page opened inside the site. Kept outside React so the error page,
 * which replaces the whole app, does not make the next page look like the first.
 */
let lastSeen: string | null = typeof window === "undefined" ? null : window.location.pathname;

/**
 * With JavaScript, opening another page of the site fetches its data, not the document, so the
 * server does not see the visit: this beacon tells it, with the host the visitor first came from
 * (`document.referrer` stays the arrival's for the whole visit). Only for a visitor on a public
 * page: the owner and the login screen are not visits.
 */
export function PageVisitBeacon({ isOwner }: { isOwner: boolean }) {
  const { pathname } = useLocation();
  const leaf = useMatches().at(-1)?.handle as { routeFacts?: RouteFacts } | undefined;
  const isPublicPage = leaf?.routeFacts?.access === "public";
  useEffect(() => {
    // The address bar's path, encoded as the browser sent the document's (the router's may be decoded).
    const path = window.location.pathname;
    if (path === lastSeen) return;
    lastSeen = path;
    if (isOwner || !isPublicPage) return;
    const params = new URLSearchParams({ path });
    const from = referrerHost(document.referrer);
    if (from) params.set("from", from);
    new Image(1, 1).src = `/seen/page?${params}`;
  }, [isOwner, isPublicPage, pathname]);
  return null;
}
