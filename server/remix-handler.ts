// The Request Remix handles, built as @remix-run/express builds it except for two things it cannot
// be told: the body Remix reads is the counted one of `bodyLimits` (never the raw socket), and the
// URL's origin is PUBLIC_ORIGIN when set (links, cookies' Secure flag), else the request's own,
// checked beforehand. The package's entry exports only createRequestHandler; its helpers live here.
import remixExpress from "@remix-run/express/dist/server.js";
import { createReadableStreamFromReadable } from "@remix-run/node";

const { createRemixHeaders } = remixExpress;

/** The Fetch Request Remix handles for an Express request (body: the counted one; origin: PUBLIC_ORIGIN when set). */
export function remixRequest(req, res, publicOrigin) {
  const origin = publicOrigin ?? `${req.protocol}://${req.get("host")}`;
  const controller = new AbortController();
  const init = { method: req.method, headers: createRemixHeaders(req.headers), signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(res.locals.body ?? req);
    init.duplex = "half";
  }
  // Loaders and actions are aborted when the client goes away before the answer is complete.
  let finished = false;
  res.on("finish", () => (finished = true));
  res.on("close", () => finished || controller.abort());
  // Concatenated, not resolved: a path such as "//other.example/x" must stay a path.
  return new Request(new URL(`${origin}${req.originalUrl}`).href, init);
}
