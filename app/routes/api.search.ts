import type { LoaderFunctionArgs } from "@remix-run/node";
import { reelForApi } from "~/features/reels/api.server";
import { searchQueryOf } from "~/features/search/schema";
import { searchSite } from "~/features/search/search.server";
import { apiFailure, apiMethodNotAllowed, apiOk } from "~/lib/api.server";
import { routeFacts } from "~/lib/route-facts";

export const handle = routeFacts({ access: "public" });

/** GET /api/search?q=: the items of /api/reels/list, /api/product-list and /api/reels-category. */
export function loader({ request }: LoaderFunctionArgs) {
  try {
    const { reels, products, categories } = searchSite(searchQueryOf(request));
    return apiOk({ reels: reels.items.map(reelForApi), products: products.items, categories: categories.items });
  } catch (error) {
    return apiFailure(error);
  }
}

export const action = apiMethodNotAllowed;
