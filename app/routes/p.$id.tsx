import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { sectionPage } from "~/features/home/home.server";
import { findShownProduct } from "~/features/products/products.server";
import { routeFacts } from "~/lib/route-facts";
import { positiveId, productPath } from "~/lib/route-info";
import { currentAdmin } from "~/lib/session.server";

// A redirect is not worth a cache entry, and the product page it leads to is the one in the sitemap.
export const handle = routeFacts({ access: "public", section: "products", jsBudgetKiB: 100 });

/**
 * A product's short address, for short links and QR codes: a permanent redirect to its page, whose
 * preview tags crawlers read after following it. An unknown, hidden or malformed id is the 404 page,
 * and so is every product while the owner hides 제품 소개 (she is still sent to its page, as to a
 * hidden product's).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const admin = await currentAdmin({ request, context });
  sectionPage(admin, "products");
  const id = positiveId(params.id);
  const product = id === null ? undefined : findShownProduct(admin, id);
  if (!product) throw new Response("Not found", { status: 404 });
  return redirect(productPath(product.index), 301);
}

/** Never rendered (the loader redirects or throws); it makes a refused link the site's 404 page. */
export default function ProductShortLink() {
  return null;
}
