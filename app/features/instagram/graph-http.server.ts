// HTTP to the Graph API: the token goes only to INSTAGRAM_GRAPH_URL's origin, never through a
// redirect, and no answer is read past its size cap.
import { config } from "~/lib/config.server";
import * as z from "~/lib/zod";
import { GraphError, type GraphErrorBody } from "./errors.server";

export const REQUEST_TIMEOUT_MS = 10_000;
/** A page of 50 media is about 60 KB; anything far larger is not a Graph answer. */
const MAX_GRAPH_RESPONSE_BYTES = 2 * 1024 * 1024;

export function graphBase() {
  return new URL(config().INSTAGRAM_GRAPH_URL);
}

/** An endpoint under INSTAGRAM_GRAPH_URL (which may carry a version path such as /v21.0). */
export function graphUrl(pathname: string, params: Record<string, string> = {}) {
  const base = graphBase();
  const url = new URL(base.origin);
  url.pathname = `${base.pathname.replace(/\/+$/, "")}${pathname}`;
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url;
}

/** GET a Graph URL with the token; the token goes only to INSTAGRAM_GRAPH_URL's origin. */
export async function graphGet(url: URL, token: string): Promise<unknown> {
  if (url.origin !== graphBase().origin) throw new Error(`refused to send the token to ${url.origin}`);
  const target = new URL(url);
  target.searchParams.set("access_token", token);
  let response: Response;
  let text: string;
  try {
    response = await fetch(target, {
      headers: { Accept: "application/json" },
      redirect: "error",
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    text = (await readLimited(response, MAX_GRAPH_RESPONSE_BYTES)).toString("utf8");
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : "";
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    throw new Error(`request to ${url.origin}${url.pathname} failed: ${reason}${cause}`);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`non-JSON answer (HTTP ${response.status}) from ${url.pathname}`);
  }
  const envelope = z.object({ error: z.looseObject({}) }).safeParse(body);
  if (envelope.success) throw new GraphError(response.status, envelope.data.error as GraphErrorBody);
  if (!response.ok) throw new Error(`HTTP ${response.status} from ${url.pathname}`);
  return body;
}

/** A response body read up to `max` bytes; a larger one is cut off and refused. */
export async function readLimited(response: Response, max: number): Promise<Buffer> {
  const declared = Number(response.headers.get("Content-Length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > max) {
    await response.body?.cancel();
    throw new Error(`answer larger than ${max} bytes`);
  }
  if (!response.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let total = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel();
      throw new Error(`answer larger than ${max} bytes`);
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks);
}
