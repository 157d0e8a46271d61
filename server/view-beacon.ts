// The reel viewer's view beacon (decision 0007), answered like the page cache: before Express and
// Remix, since a wave of visitors sends one to every reel page the cache serves. It counts through
// the app's use case and sends a transparent 1×1 GIF, never stored by any cache.

import type { IncomingMessage, ServerResponse } from "node:http";
import type { ErrorLog } from "./error-log";
import { requestIdOf } from "./request-log";

const BEACON_PATH = /^\/seen\/reel\/([1-9]\d{0,14})$/;
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
  /** The client's address as Express reads it (TRUST_PROXY), so a visitor behind the proxy is not everyone. */
  clientAddressOf: (req: IncomingMessage) => string;
  logError: ErrorLog;
};

export function createViewBeacon({ countReelView, clientAddressOf, logError }: BeaconOptions) {
  /** Answers a beacon request; false hands any other request on. */
  return function answer(req: IncomingMessage, res: ServerResponse) {
    const match = BEACON_PATH.exec((req.url ?? "").split("?", 1)[0] ?? "");
    if (!match) return false;
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { ...HEADERS, Allow: "GET, HEAD", "Content-Length": 0 });
      res.end();
      return true;
    }
    const visit: Visit = {
      method: req.method,
      userAgent: req.headers["user-agent"] ?? "",
      cookie: req.headers.cookie ?? null,
      clientAddress: clientAddressOf(req),
    };
    countReelView(Number(match[1]), visit).then(
      (found) => {
        if (!found) {
          res.writeHead(404, { ...HEADERS, "Content-Length": 0 });
          res.end();
          return;
        }
        res.writeHead(200, { ...HEADERS, "Content-Type": "image/gif", "Content-Length": PIXEL.length });
        res.end(req.method === "HEAD" ? undefined : PIXEL);
      },
      (error) => {
        logError("view beacon failure", error, requestIdOf(req));
        res.writeHead(500, { ...HEADERS, "Content-Length": 0 });
        res.end();
      },
    );
    return true;
  };
}
