import type { ActionFunctionArgs } from "@remix-run/node";
import { reelForApi } from "~/features/reels/api.server";
import { registerReel } from "~/features/reels/reel-writes.server";
import { reelSchema } from "~/features/reels/schema";
import { apiFailure, apiMethodNotAllowed, apiOk, parseJsonBody, requireAdminApi, requireMethod } from "~/lib/api.server";
import { routeFacts } from "~/lib/route-facts";

export const handle = routeFacts({ access: "admin" });

/** POST /api/reels/insert (JSON, docs/product.md §7): registers an Instagram reel (any `index` is ignored), answered as `reelsLists`. */
export async function action({ request }: ActionFunctionArgs) {
  try {
    requireMethod(request, "POST");
    const admin = await requireAdminApi(request);
    const input = await parseJsonBody(request, reelSchema);
    const reel = await registerReel(admin, { ...input, index: undefined });
    return apiOk({ reelsLists: [reelForApi(reel)] });
  } catch (error) {
    return apiFailure(error);
  }
}

export const loader = apiMethodNotAllowed;
