import type { LoaderFunctionArgs } from "@remix-run/node";
import { sitemapXml } from "~/features/seo/sitemap.server";
import { siteOrigin } from "~/lib/page.server";
import { routeFacts } from "~/lib/route-facts";

export const handle = routeFacts({ access: "public" });

export function loader({ request, context }: LoaderFunctionArgs) {
  if (!context.routeTable) throw new Error("The server passes the route table in the load context.");
  return new Response(sitemapXml(siteOrigin(request), context.routeTable), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=60" },
  });
}
