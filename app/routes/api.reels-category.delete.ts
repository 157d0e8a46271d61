import type { ActionFunctionArgs } from "@remix-run/node";
import { deleteCategories } from "~/features/reels/categories.server";
import { categoryDeleteSchema } from "~/lib/api-schemas.server";
import { apiFailure, apiMethodNotAllowed, apiOk, parseJsonBody, requireAdminApi, requireMethod } from "~/lib/api.server";
import { routeFacts } from "~/lib/route-facts";

export const handle = routeFacts({ access: "admin" });

/** POST /api/reels-category/delete (JSON `{reelsCategorys: [{index}, ...]}`, docs/product.md §7): answers `deleted`. */
export async function action({ request }: ActionFunctionArgs) {
  try {
    requireMethod(request, "POST");
    const admin = await requireAdminApi(request);
    const { reelsCategorys } = await parseJsonBody(request, categoryDeleteSchema);
    const deleted = await deleteCategories(
      admin,
      reelsCategorys.map((item) => item.index),
    );
    return apiOk({ deleted });
  } catch (error) {
    return apiFailure(error);
  }
}

export const loader = apiMethodNotAllowed;
