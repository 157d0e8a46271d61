import type { LoaderFunctionArgs } from "@remix-run/node";
import { countUse } from "~/features/insights/counts.server";
import { isVisitorUse, viewPixel } from "~/features/insights/outbound.server";
import { isVisibleReel } from "~/features/reels/reels.server";
import { positiveId } from "~/lib/route-info";

/** The reel viewer's view beacon (decision 0007): counts a visitor's view, never the owner's. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = positiveId(params.id);
  if (id === null || !isVisibleReel(id)) return new Response(null, { status: 404, headers: { "Cache-Control": "no-store" } });
  if (await isVisitorUse(request)) countUse("reel", id);
  return viewPixel();
}
