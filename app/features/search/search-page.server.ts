import type { LoaderFunctionArgs } from "@remix-run/node";
import { excerpt } from "./highlight";
import { searchQueryOf } from "./schema";
import { searchSite } from "./search.server";

// The page door of the search (/search), in one server module so the route sends visitors no empty
// stand-ins for the server modules it would otherwise name.

/** /search?q=: the query as used and the groups, each reel's caption cut to the part around the match. */
export function loadSearchPage({ request }: LoaderFunctionArgs) {
  const query = searchQueryOf(request);
  const { reels, products, categories } = searchSite(query);
  return {
    query,
    reels: { ...reels, items: reels.items.map((reel) => ({ ...reel, caption: excerpt(reel.caption, query.words) })) },
    products,
    categories,
  };
}
