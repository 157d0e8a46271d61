// Page visits counted at the edge (decision 0009, docs/architecture.md §7): every public page the
// server answers, from the page cache or from a render, is seen here on its way out, with the
// Referer and User-Agent the browser sent with the document. The count itself is the app's use case
// (`countPageVisit`), in memory: a visit costs no database write.
import type { IncomingMessage, ServerResponse } from "node:http";
import { isBrowser } from "../app/features/insights/browsers";
import type { PageVisit } from "../app/features/insights/page-visits.server";
import { referrerHost } from "../app/features/insights/referrer-host";
import { PAGE_PATH_MAX } from "../app/lib/route-info";
import type { RouteTable } from "../app/lib/route-table.server";
import type { ErrorLog } from "./error-log";
import { requestIdOf } from "./request-log";

type PageVisitOptions = {
  countPageVisit: (visit: PageVisit) => Promise<void>;
  routes: RouteTable;
  /** PUBLIC_ORIGIN: its host is the site's own, whatever Host a request names. */
  publicOrigin: string | undefined;
  clientAddressOf: (req: IncomingMessage) => string;
  logError: ErrorLog;
};

/** A page was seen: 200, or 304 for a browser that still holds it (a reload, the back button). */
const SEEN = new Set([200, 304]);

export function createPageVisits({ countPageVisit, routes, publicOrigin, clientAddressOf, logError }: PageVisitOptions) {
  const publicHost = publicOrigin ? new URL(publicOrigin).hostname : null;

  /**
   * The route pattern of a public page at `pathname`, or undefined: resource routes, the admin's
   * screens, the 404 page and Remix's `.data` requests (a prefetch is not a visit) are not pages a
   * visitor opened. The pattern, not the path, is what is stored, so made-up paths add no rows.
   */
  function visitedPageOf(pathname: string) {
    if (pathname.endsWith(".data")) return undefined;
    const route = routes.routeOf(pathname);
    return route?.isPage && route.facts.access === "public" && !route.path.includes("*") ? route.path : undefined;
  }

  function visitOf(req: IncomingMessage, page: string, path: string, referrer: string | null): PageVisit {
    const ownHost = referrerHost(`http://${req.headers.host ?? ""}`);
    return {
      method: req.method ?? "",
      userAgent: req.headers["user-agent"] ?? "",
      cookie: req.headers.cookie ?? null,
      clientAddress: clientAddressOf(req),
      page,
      path,
      referrer,
      siteHosts: [ownHost, publicHost].filter((host): host is string => host !== null),
    };
  }

  function count(req: IncomingMessage, visit: PageVisit) {
    countPageVisit(visit).catch((error: unknown) => logError("page visit count failure", error, requestIdOf(req)));
  }

  /**
   * A document request: counted once it was answered as a page (not a 404, a redirect or an error).
   * What no count would take (a HEAD, a tool or a crawler) is left at once: every stored page pays
   * for this test (docs/performance.md, "Stored pages at the machine's limit").
   */
  function countWhenAnswered(req: IncomingMessage, res: ServerResponse) {
    if (req.method !== "GET" || !isBrowser(req.headers["user-agent"] ?? "")) return;
    const url = req.url ?? "";
    const queryStart = url.indexOf("?");
    const path = queryStart === -1 ? url : url.slice(0, queryStart);
    const page = visitedPageOf(path);
    if (!page) return;
    res.once("finish", () => {
      if (SEEN.has(res.statusCode)) count(req, visitOf(req, page, path, referrerHost(req.headers.referer)));
    });
  }

  /**
   * The navigation beacon (`/seen/page?path=…&from=…`): a page opened inside the site with
   * JavaScript, which fetches data, not the document. `from` is the document's referrer, which the
   * beacon's own Referer (the page) does not tell; only its host is read. A path that is no public
   * page (the login screen), or longer than any the site makes, is answered alike and counts nothing.
   */
  function countNavigation(req: IncomingMessage, params: URLSearchParams) {
    const path = params.get("path") ?? "";
    if (path.length > PAGE_PATH_MAX) return;
    const page = visitedPageOf(path);
    if (page && req.method === "GET") count(req, visitOf(req, page, path, referrerHost(params.get("from"))));
  }

  return { countWhenAnswered, countNavigation };
}
