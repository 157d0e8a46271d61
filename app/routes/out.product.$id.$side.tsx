import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { outboundRedirect } from "~/features/insights/outbound.server";
import { productButtonLink } from "~/features/products/products.server";
import { orNotFoundPage } from "~/lib/page.server";
import { routeFacts } from "~/lib/route-facts";
import { positiveId, productPath } from "~/lib/route-info";

export const handle = routeFacts({ access: "public", jsBudgetKiB: 100 });

/**
 * A product button: to the link stored for that button, counted; anything else is the 404 page. A
 * group buy that is not open (a page kept from before it closed) sends the visitor to its page instead.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = positiveId(params.id);
  const side = params.side;
  if (id === null || (side !== "left" && side !== "right")) throw new Response("Not found", { status: 404 });
  const { link, open } = orNotFoundPage(() => productButtonLink(id, side));
  if (!open) return redirect(productPath(id), { headers: { "Cache-Control": "no-store" } });
  return outboundRedirect({ request, context }, "product", id, link);
}

/** Never rendered (the loader redirects or throws); it makes a refused link the site's 404 page. */
export default function ProductOutbound() {
  return null;
}
