import type { ActionFunctionArgs } from "@remix-run/node";
import { saveProduct } from "~/features/products/products.server";
import { productSchema } from "~/features/products/schema";
import { apiFailure, apiMethodNotAllowed, apiOk, parseFormData, requireAdminApi, requireMethod } from "~/lib/api.server";
import { readMultipartForm } from "~/lib/multipart.server";
import { routeFacts } from "~/lib/route-facts";

export const handle = routeFacts({ access: "admin", body: { uploads: 1 } });

/** POST /api/product-list/insert (multipart, docs/product.md §7): a new product (any `index` is ignored), answered as `productLists`. */
export async function action({ request }: ActionFunctionArgs) {
  try {
    requireMethod(request, "POST");
    const admin = await requireAdminApi(request);
    const formData = await readMultipartForm(request, 1);
    formData.delete("index");
    const product = await saveProduct(admin, parseFormData(formData, productSchema));
    return apiOk({ productLists: [product] });
  } catch (error) {
    return apiFailure(error);
  }
}

export const loader = apiMethodNotAllowed;
