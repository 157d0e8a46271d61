import { getAdmin } from "~/lib/session.server";
import { countUse, isCountableRequest } from "./counts.server";
import type { CountKind } from "./pending-counts";

/** The headers of every counting answer: never stored, never indexed. */
const UNCACHED = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };

/**
 * Sends a visitor on to a stored link and counts the click (not the owner's). The partner learns
 * nothing about the page the visitor came from (as with the `noreferrer` link it replaces).
 */
export async function outboundRedirect(request: Request, kind: Exclude<CountKind, "reel">, id: number, link: string) {
  if (await isVisitorUse(request)) countUse(kind, id);
  return new Response(null, { status: 302, headers: { ...UNCACHED, Location: link, "Referrer-Policy": "no-referrer" } });
}

/** A use to count: a visitor's browser, not a crawler, a HEAD or the logged-in owner. */
export async function isVisitorUse(request: Request) {
  return isCountableRequest(request) && !(await getAdmin(request));
}

/** A transparent 1×1 GIF: the answer to a reel page's view beacon. */
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

export function viewPixel() {
  return new Response(PIXEL, { headers: { ...UNCACHED, "Content-Type": "image/gif" } });
}
