import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { sectionPage } from "~/features/home/home.server";
import { findVisibleReel } from "~/features/reels/reel-lists.server";
import { routeFacts } from "~/lib/route-facts";
import { positiveId, reelPath } from "~/lib/route-info";
import { currentAdmin } from "~/lib/session.server";

// A redirect is not worth a cache entry, and the reel page it leads to is the one in the sitemap.
export const handle = routeFacts({ access: "public", section: "reels", jsBudgetKiB: 100 });

/**
 * A reel's short address: a permanent redirect to its viewer, whose preview tags crawlers read after
 * following it. An unknown, unpublished or malformed id is the 404 page, and so is every reel while
 * the owner hides the reels menu (she is still sent to its page).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  sectionPage(await currentAdmin({ request, context }), "reels");
  const id = positiveId(params.id);
  const reel = id === null ? undefined : findVisibleReel(id);
  if (!reel) throw new Response("Not found", { status: 404 });
  return redirect(reelPath(reel), 301);
}

/** Never rendered (the loader redirects or throws); it makes a refused link the site's 404 page. */
export default function ReelShortLink() {
  return null;
}
