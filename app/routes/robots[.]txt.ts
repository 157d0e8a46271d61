import type { LoaderFunctionArgs } from "@remix-run/node";
import { robotsTxt } from "~/features/seo/sitemap.server";
import { siteOrigin } from "~/lib/page.server";

export function loader({ request }: LoaderFunctionArgs) {
  return new Response(robotsTxt(siteOrigin(request)), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
