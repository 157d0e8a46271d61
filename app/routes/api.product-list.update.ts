import type { ActionFunctionArgs } from "@remix-run/node";
import { saveProduct } from "~/features/products/products.server";
import { productSchema } from "~/features/products/schema";
import { saveApi } from "~/lib/api-save.server";
import { apiMethodNotAllowed } from "~/lib/api.server";

export function action({ request }: ActionFunctionArgs) {
  return saveApi(request, {
    kind: "update",
    schema: productSchema,
    save: saveProduct,
    respond: (product) => ({ productLists: [product] }),
  });
}

export const loader = apiMethodNotAllowed;
