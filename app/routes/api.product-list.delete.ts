import type { ActionFunctionArgs } from "@remix-run/node";
import { deleteProducts } from "~/features/products/products.server";
import { productDeleteSchema } from "~/lib/api-schemas.server";
import { apiFailure, apiMethodNotAllowed, apiOk, parseJsonBody, requireAdminApi, requireMethod } from "~/lib/api.server";
import { routeFacts } from "~/lib/route-facts";

export const handle = routeFacts({ access: "admin" });

/** POST /api/product-list/delete (JSON `{productLists: [{index}, ...]}`, docs/product.md §7): answers `deleted`. */
export async function action({ request }: ActionFunctionArgs) {
  try {
    requireMethod(request, "POST");
    const admin = await requireAdminApi(request);
    const { productLists } = await parseJsonBody(request, productDeleteSchema);
    const deleted = await deleteProducts(
      admin,
      productLists.map((item) => item.index),
    );
    return apiOk({ deleted });
  } catch (error) {
    return apiFailure(error);
  }
}

export const loader = apiMethodNotAllowed;
