import { countUse, isVisitorUse, visitOf } from "./counts.server";
import type { CountKind } from "./pending-counts";

/**
 * Sends a visitor on to a stored link and counts the click (not the owner's). The partner learns
 * nothing about the page the visitor came from (as with the `noreferrer` link it replaces).
 */
export async function outboundRedirect(request: Request, kind: Exclude<CountKind, "reel">, id: number, link: string) {
  if (await isVisitorUse(visitOf(request))) countUse(kind, id);
  return new Response(null, {
    status: 302,
    headers: { Location: link, "Cache-Control": "no-store", "X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer" },
  });
}
