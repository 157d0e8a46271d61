import type { LoaderFunctionArgs } from "@remix-run/node";
import { partnerAdLink } from "~/features/ads/ads.server";
import { outboundRedirect } from "~/features/insights/outbound.server";
import { orNotFoundPage } from "~/lib/page.server";
import { routeFacts } from "~/lib/route-facts";
import { positiveId } from "~/lib/route-info";

export const handle = routeFacts({ access: "public", jsBudgetKiB: 100 });

/** A partner ad: to the link stored for that shown ad, counted; anything else is the 404 page. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = positiveId(params.id);
  if (id === null) throw new Response("Not found", { status: 404 });
  const link = orNotFoundPage(() => partnerAdLink(id));
  return outboundRedirect({ request, context }, "ad", id, link);
}

/** Never rendered (the loader redirects or throws); it makes a refused link the site's 404 page. */
export default function AdOutbound() {
  return null;
}
