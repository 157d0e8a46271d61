import type { ActionFunctionArgs } from "@remix-run/node";
import { reelForApi } from "~/features/reels/api.server";
import { updateReel } from "~/features/reels/reel-writes.server";
import { reelSchema } from "~/features/reels/schema";
import { apiFailure, apiMethodNotAllowed, apiOk, parseJsonBody, requireAdminApi, requireIndex, requireMethod } from "~/lib/api.server";
import { routeFacts } from "~/lib/route-facts";

export const handle = routeFacts({ access: "admin" });

/** POST /api/reels/update (JSON, docs/product.md §7): renames or moves the reel `index` names, answered as `reelsLists`. */
export async function action({ request }: ActionFunctionArgs) {
  try {
    requireMethod(request, "POST");
    const admin = await requireAdminApi(request);
    const input = await parseJsonBody(request, reelSchema);
    requireIndex(input.index);
    const reel = updateReel(admin, input);
    return apiOk({ reelsLists: [reelForApi(reel)] });
  } catch (error) {
    return apiFailure(error);
  }
}

export const loader = apiMethodNotAllowed;
