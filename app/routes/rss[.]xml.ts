import type { LoaderFunctionArgs } from "@remix-run/node";
import { guidesFeedXml } from "~/features/guides/feed.server";
import { siteOrigin } from "~/lib/page.server";
import { routeFacts } from "~/lib/route-facts";

export const handle = routeFacts({ access: "public" });

/** The guides' RSS 2.0 feed; kept a minute at most, so a scheduled guide joins it within one. */
export function loader({ request }: LoaderFunctionArgs) {
  return new Response(guidesFeedXml(siteOrigin(request)), {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=60" },
  });
}
