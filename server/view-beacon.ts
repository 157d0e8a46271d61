// The view beacons (decisions 0007 and 0009), answered like the page cache: before Express and
// Remix, since a wave of visitors sends one with every page the cache serves. `/seen/reel/{id}` and
// `/seen/guide/{id}` count a view through the app's use cases; `/seen/page?path=…&from=…` a page opened inside
// the site with JavaScript. Both send a transparent 1×1 GIF, never stored by any cache.

import type { IncomingMessage, ServerResponse } from "node:http";
import type { ErrorLog } from "./error-log";
import { idHeader, requestIdOf } from "./request-log";

const VIEW_BEACON = /^\/seen\/(reel|guide)\/([1-9]\d{0,14})$/;
const PAGE_BEACON = "/seen/page";
const BEACON_PREFIX = "/seen/";
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
const HEADERS = {
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex",
  "X-Content-Type-Options": "nosniff",
};

type Visit = { method: string; userAgent: string; cookie: string | null; clientAddress: string };

type BeaconOptions = {
  /** Counts a visitor's view; resolves to false when no visible reel has that id. */
  countReelView: (id: number, visit: Visit) => Promise<boolean>;
  /** The same for a guide a visitor can read now (`/seen/guide/{id}`). */
  countGuideView: (id: number, visit: Visit) => Promise<boolean>;
  /** Counts a page opened inside the site (server/page-visits.ts), when it is a public page. */
  countNavigation: (req: IncomingMessage, params: URLSearchParams) => void;
  /** The client's address as Express reads it (TRUST_PROXY), so a visitor behind the proxy is not everyone. */
  clientAddressOf: (req: IncomingMessage) => string;
  logError: ErrorLog;
};

export function createViewBeacon({ countReelView, countGuideView, countNavigation, clientAddressOf, logError }: BeaconOptions) {
  /** Answers a beacon request; false hands any other request on. */
  return function answer(req: IncomingMessage, res: ServerResponse) {
    if (!req.url?.startsWith(BEACON_PREFIX)) return false;
    const [pathname = "", query = ""] = req.url.split("?", 2);
    const view = VIEW_BEACON.exec(pathname);
    if (!view && pathname !== PAGE_BEACON) return false;
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { ...HEADERS, ...idHeader(req), Allow: "GET, HEAD", "Content-Length": 0 });
      res.end();
      return true;
    }
    if (!view) {
      countNavigation(req, new URLSearchParams(query));
      answerPixel(req, res, true);
      return true;
    }
    const visit: Visit = {
      method: req.method,
      userAgent: req.headers["user-agent"] ?? "",
      cookie: req.headers.cookie ?? null,
      clientAddress: clientAddressOf(req),
    };
    const count = view[1] === "guide" ? countGuideView : countReelView;
    count(Number(view[2]), visit).then(
      (found) => answerPixel(req, res, found),
      (error) => {
        logError("view beacon failure", error, requestIdOf(req));
        res.writeHead(500, { ...HEADERS, ...idHeader(req), "Content-Length": 0 });
        res.end();
      },
    );
    return true;
  };
}

/** The pixel, or an empty 404 when there was nothing to count. */
function answerPixel(req: IncomingMessage, res: ServerResponse, found: boolean) {
  if (!found) {
    res.writeHead(404, { ...HEADERS, ...idHeader(req), "Content-Length": 0 });
    res.end();
    return;
  }
  res.writeHead(200, { ...HEADERS, ...idHeader(req), "Content-Type": "image/gif", "Content-Length": PIXEL.length });
  res.end(req.method === "HEAD" ? undefined : PIXEL);
}
