import type { LoaderFunctionArgs } from "@remix-run/node";
import { outboundRedirect } from "~/features/insights/outbound.server";
import { productButtonLink } from "~/features/products/products.server";
import { orNotFoundPage } from "~/lib/page.server";
import { routeFacts } from "~/lib/route-facts";
import { positiveId } from "~/lib/route-info";

export const handle = routeFacts({ access: "public", jsBudgetKiB: 100 });

/** A product button: to the link stored for that button, counted; anything else is the 404 page. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = positiveId(params.id);
  const side = params.side;
  if (id === null || (side !== "left" && side !== "right")) throw new Response("Not found", { status: 404 });
  const link = orNotFoundPage(() => productButtonLink(id, side));
  return outboundRedirect({ request, context }, "product", id, link);
}

/** Never rendered (the loader redirects or throws); it makes a refused link the site's 404 page. */
export default function ProductOutbound() {
  return null;
}
