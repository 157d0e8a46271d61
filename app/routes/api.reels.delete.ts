import type { ActionFunctionArgs } from "@remix-run/node";
import { deleteReels } from "~/features/reels/reel-writes.server";
import { reelDeleteSchema } from "~/lib/api-schemas.server";
import { apiFailure, apiMethodNotAllowed, apiOk, parseJsonBody, requireAdminApi, requireMethod } from "~/lib/api.server";
import { routeFacts } from "~/lib/route-facts";

export const handle = routeFacts({ access: "admin" });

/** POST /api/reels/delete (JSON `{reelsLists: [{index}, ...]}`, docs/product.md §7): answers `deleted`. */
export async function action({ request }: ActionFunctionArgs) {
  try {
    requireMethod(request, "POST");
    const admin = await requireAdminApi(request);
    const { reelsLists } = await parseJsonBody(request, reelDeleteSchema);
    const deleted = await deleteReels(
      admin,
      reelsLists.map((item) => item.index),
    );
    return apiOk({ deleted });
  } catch (error) {
    return apiFailure(error);
  }
}

export const loader = apiMethodNotAllowed;
