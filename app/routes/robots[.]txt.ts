import type { LoaderFunctionArgs } from "@remix-run/node";
import { robotsTxt } from "~/features/seo/sitemap.server";
import { siteOrigin } from "~/lib/page.server";
import { routeFacts } from "~/lib/route-facts";

export const handle = routeFacts({ access: "public" });

export function loader({ request }: LoaderFunctionArgs) {
  return new Response(robotsTxt(siteOrigin(request)), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
