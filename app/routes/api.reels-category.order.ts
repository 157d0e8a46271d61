import type { ActionFunctionArgs } from "@remix-run/node";
import { reorderCategories, listCategories } from "~/features/reels/categories.server";
import { apiFailure, apiMethodNotAllowed, apiOk, parseJsonBody, requireAdminApi, requireMethod } from "~/lib/api.server";
import { listOrderSchema } from "~/lib/list-order";
import { routeFacts } from "~/lib/route-facts";

export const handle = routeFacts({ access: "admin" });

/** POST /api/reels-category/order (JSON `{ids}`: every category, each once, in the new order): the categories now. */
export async function action({ request }: ActionFunctionArgs) {
  try {
    requireMethod(request, "POST");
    const admin = await requireAdminApi(request);
    const { ids } = await parseJsonBody(request, listOrderSchema);
    reorderCategories(admin, ids);
    return apiOk({ reelsCategorys: listCategories(admin) });
  } catch (error) {
    return apiFailure(error);
  }
}

export const loader = apiMethodNotAllowed;
