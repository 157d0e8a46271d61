import type { LoaderFunctionArgs } from "@remix-run/node";
import { sitemapXml } from "~/features/seo/sitemap.server";
import { siteOrigin } from "~/lib/page.server";

export function loader({ request }: LoaderFunctionArgs) {
  return new Response(sitemapXml(siteOrigin(request)), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
