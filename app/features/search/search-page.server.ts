import type { LoaderFunctionArgs } from "@remix-run/node";
import { changesWhenNextGuideAppears } from "~/features/guides/section.server";
import { excerpt } from "./highlight";
import { searchQueryOf } from "./schema";
import { searchSite } from "./search.server";

// The page door of the search (/search), in one server module so the route sends visitors no empty
// stand-ins for the server modules it would otherwise name.

/** /search?q=: the query as used and the groups, each reel's caption cut to the part around the match. */
export function loadSearchPage({ request, context }: LoaderFunctionArgs) {
  const query = searchQueryOf(request);
  const now = new Date();
  const { reels, products, categories, guides } = searchSite(query, now);
  // A scheduled guide is found from its minute on, a stored search page too.
  if (query.words.length > 0) changesWhenNextGuideAppears(context, now);
  return {
    query,
    guides: { ...guides, items: guides.items.map((guide) => ({ ...guide, summary: excerpt(guide.summary, query.words) })) },
    reels: { ...reels, items: reels.items.map((reel) => ({ ...reel, caption: excerpt(reel.caption, query.words) })) },
    products,
    categories,
  };
}
