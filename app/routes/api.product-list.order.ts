import type { ActionFunctionArgs } from "@remix-run/node";
import { reorderProducts, listProducts } from "~/features/products/products.server";
import { apiFailure, apiMethodNotAllowed, apiOk, parseJsonBody, requireAdminApi, requireMethod } from "~/lib/api.server";
import { listOrderSchema } from "~/lib/list-order";
import { routeFacts } from "~/lib/route-facts";

export const handle = routeFacts({ access: "admin" });

/** POST /api/product-list/order (JSON `{ids}`: every product, each once, in the new order; each section keeps its members): the products now. */
export async function action({ request }: ActionFunctionArgs) {
  try {
    requireMethod(request, "POST");
    const admin = await requireAdminApi(request);
    const { ids } = await parseJsonBody(request, listOrderSchema);
    reorderProducts(admin, ids);
    return apiOk({ productLists: listProducts(admin) });
  } catch (error) {
    return apiFailure(error);
  }
}

export const loader = apiMethodNotAllowed;
