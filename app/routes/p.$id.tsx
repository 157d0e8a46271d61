import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { findShownProduct } from "~/features/products/products.server";
import { routeFacts } from "~/lib/route-facts";
import { positiveId, productPath } from "~/lib/route-info";

// A redirect is not worth a cache entry, and the product page it leads to is the one in the sitemap.
export const handle = routeFacts({ access: "public", jsBudgetKiB: 100 });

/**
 * A product's short address, for short links and QR codes: a permanent redirect to its page, whose
 * preview tags crawlers read after following it. An unknown, hidden or malformed id is the 404 page.
 */
export function loader({ params }: LoaderFunctionArgs) {
  const id = positiveId(params.id);
  const product = id === null ? undefined : findShownProduct(null, id);
  if (!product) throw new Response("Not found", { status: 404 });
  return redirect(productPath(product.index), 301);
}

/** Never rendered (the loader redirects or throws); it makes a refused link the site's 404 page. */
export default function ProductShortLink() {
  return null;
}
