import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { findVisibleReel } from "~/features/reels/reel-lists.server";
import { routeFacts } from "~/lib/route-facts";
import { positiveId, reelPath } from "~/lib/route-info";

// A redirect is not worth a cache entry, and the reel page it leads to is the one in the sitemap.
export const handle = routeFacts({ access: "public", jsBudgetKiB: 100 });

/**
 * A reel's short address: a permanent redirect to its viewer, whose preview tags crawlers read after
 * following it. An unknown, unpublished or malformed id is the 404 page.
 */
export function loader({ params }: LoaderFunctionArgs) {
  const id = positiveId(params.id);
  const reel = id === null ? undefined : findVisibleReel(id);
  if (!reel) throw new Response("Not found", { status: 404 });
  return redirect(reelPath(reel), 301);
}

/** Never rendered (the loader redirects or throws); it makes a refused link the site's 404 page. */
export default function ReelShortLink() {
  return null;
}
