import { responses } from "~/features/api-docs/responses";
import { guideForApi } from "~/features/guides/api.server";
import { forApi } from "~/features/products/products.server";
import { reelForApi } from "~/features/reels/api.server";
import { searchParamsSchema, toSearchQuery } from "~/features/search/schema";
import { searchSite } from "~/features/search/search.server";
import { apiCall } from "~/lib/api-call.server";

/** The items as /api/reels/list, /api/product-list and /api/reels-category answer them. */
export const { call, loader, action } = apiCall({
  method: "GET",
  summary:
    "Visible reels (title and caption), products (name), categories (name) and guides (title, summary, text) containing every word of `q`, newest first.",
  access: "anyone",
  request: { query: searchParamsSchema },
  response: responses.search,
  answer({ input }) {
    const { reels, products, categories, guides } = searchSite(toSearchQuery(input.q));
    return {
      reels: reels.items.map(reelForApi),
      products: products.items.map(forApi),
      categories: categories.items,
      guides: guides.items.map(guideForApi),
    };
  },
});
