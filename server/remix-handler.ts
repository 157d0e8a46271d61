// Between Express and Remix, on @remix-run/node's public stream helpers: the Request Remix handles
// (its body the counted one of `bodyLimits`, never the raw socket; its URL's origin PUBLIC_ORIGIN
// when set, else the request's own, checked beforehand), and the Response written back.
import type { Readable } from "node:stream";
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@remix-run/node";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { compressDocument } from "./compress";
import { dropUnreadBody } from "./linger";

function fetchHeaders(incoming: ExpressRequest["headers"]) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    if (Array.isArray(value)) for (const each of value) headers.append(name, each);
    else if (value) headers.set(name, value);
  }
  return headers;
}

/** The Fetch Request Remix handles for an Express request. */
export function remixRequest(req: ExpressRequest, res: ExpressResponse, publicOrigin: string | undefined) {
  const origin = publicOrigin ?? `${req.protocol}://${req.get("host")}`;
  const controller = new AbortController();
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers: fetchHeaders(req.headers), signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    const body: Readable = res.locals.body ?? req;
    init.body = createReadableStreamFromReadable(body);
    init.duplex = "half";
  }
  // Loaders and actions are aborted when the client goes away before the answer is complete.
  let finished = false;
  res.on("finish", () => (finished = true));
  res.on("close", () => finished || controller.abort());
  // Concatenated, not resolved: a path such as "//other.example/x" must stay a path.
  return new Request(new URL(`${origin}${req.originalUrl}`).href, init);
}

/**
 * Writes Remix's answer. Pages the admin sees carry admin controls, and responses that set cookies
 * are personal: neither may be kept by any cache (`personal`: the request carries a session cookie).
 */
export async function sendRemixResponse(req: ExpressRequest, res: ExpressResponse, response: Response, personal: boolean) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  // The app's own header replaces the edge's (one Referrer-Policy on an outbound redirect); cookies add up.
  for (const [name, value] of response.headers) {
    if (name === "set-cookie") res.append(name, value);
    else res.setHeader(name, value);
  }
  if (personal || response.headers.has("set-cookie")) res.setHeader("Cache-Control", "private, no-store");
  dropUnreadBody(req);
  if (!response.body) res.end();
  else if (/^text\/html/i.test(response.headers.get("content-type") ?? "")) await sendPage(req, res, response);
  else await writeReadableStreamToWritable(response.body, res);
}

/**
 * A page is complete when Remix hands it over (React renders it whole: no page streams a part that
 * waits), so it is compressed in one call, not piece by piece (server/compress.ts).
 */
async function sendPage(req: ExpressRequest, res: ExpressResponse, response: Response) {
  const { body, encoding } = compressDocument(Buffer.from(await response.arrayBuffer()), req.headers["accept-encoding"]);
  res.vary("Accept-Encoding");
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.end(body);
}
