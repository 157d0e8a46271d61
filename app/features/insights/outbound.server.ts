import type { AppLoadContext } from "@remix-run/node";
import { followableUrl } from "~/lib/links";
import { countVisit, visitOf } from "./counts.server";
import { arrivalOf } from "./page-visits.server";
import type { CountKind } from "./pending-counts";

/**
 * Sends a visitor on to a stored link and counts the click (not the owner's), under where the
 * visitor came from (their arrival of the day: docs/product.md §1). The partner learns
 * nothing about the page the visitor came from (as with the `noreferrer` link it replaces). A link
 * stored before links were kept as parsed may hold what no browser follows (a line break, which no
 * Location header can carry either): that button answers the 404 page, never an error.
 */
export async function outboundRedirect(
  { request, context }: { request: Request; context: AppLoadContext },
  kind: Exclude<CountKind, "reel">,
  id: number,
  link: string,
) {
  const target = followableUrl(link);
  if (!target) throw new Response("Not found", { status: 404 });
  const visit = visitOf(request, context.clientAddress ?? "");
  const now = new Date();
  await countVisit(visit, kind, id, now, (visitorKey) => arrivalOf(visitorKey, visit.userAgent, now));
  return new Response(null, {
    status: 302,
    headers: { Location: target.href, "Cache-Control": "no-store", "X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer" },
  });
}
