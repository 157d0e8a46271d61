// Requests answered before anything else reads them (issue 19): targets the app cannot read, methods
// it never serves, and paths that are not in their normal form. After this, every part of the server
// (beacon, page cache, guards, Remix) sees one path, the one Remix would resolve it to.
import type { IncomingMessage, ServerResponse } from "node:http";
import { boundedMemo } from "../app/lib/bounded-memo";
import { PAGE_PATH_MAX } from "../app/lib/route-info";
import { dropUnreadBody } from "./linger";
import { normalPathOf } from "./request";
import { idHeader } from "./request-log";
import { sendBarePlainError } from "./security";

/**
 * The normal form of a path, or null when its escapes do not decode; remembered for 1,000 paths as
 * long as a page's (2 MB at most): a shared reel's address, escaped from end to end, costs its
 * reading once, not at every visit (docs/performance.md, "Stored pages at the machine's limit").
 */
const readableNormalPathOf = boundedMemo(
  (rawPath) => {
    try {
      const normalPath = normalPathOf(rawPath);
      if (normalPath.includes("%")) decodeURIComponent(normalPath);
      return normalPath;
    } catch {
      return null;
    }
  },
  { maxKeys: 1000, maxKeyLength: PAGE_PATH_MAX },
);

/** Methods that would echo a request back (cookies included) and that no page or API serves (Node's parser already answers TRACK 400). */
const REFUSED_METHODS = new Set(["TRACE", "TRACK"]);

/**
 * Answers a request the app must not see; false hands it on. Not origin-form (`GET http://a/`,
 * `OPTIONS *`), or a path whose percent-escapes do not decode (`/%E0%A4%A`, it names no page or
 * file): 400. TRACE/TRACK: 405. A path that is not its normal form: GET and HEAD are sent
 * there with a permanent redirect (query kept); any other method gets 404, so no action runs under
 * another path than the one the guards checked.
 */
export function answerUnreadableRequest(req: IncomingMessage, res: ServerResponse) {
  const url = req.url ?? "";
  if (!url.startsWith("/")) {
    sendBarePlainError(req, res, 400, "/");
    return true;
  }
  const queryStart = url.indexOf("?");
  const rawPath = queryStart === -1 ? url : url.slice(0, queryStart);
  const normalPath = readableNormalPathOf(rawPath);
  if (normalPath === null) {
    sendBarePlainError(req, res, 400, rawPath);
    return true;
  }
  if (REFUSED_METHODS.has(req.method ?? "")) {
    sendBarePlainError(req, res, 405, normalPath, { Allow: "GET, HEAD, POST" });
    return true;
  }
  if (normalPath === rawPath) return false;
  if (req.method !== "GET" && req.method !== "HEAD") {
    sendBarePlainError(req, res, 404, normalPath);
    return true;
  }
  dropUnreadBody(req);
  res.writeHead(301, { ...idHeader(req), Location: normalPath + (queryStart === -1 ? "" : url.slice(queryStart)), "Content-Length": 0 });
  res.end();
  return true;
}
