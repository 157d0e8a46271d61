import type { ActionFunctionArgs } from "@remix-run/node";
import { deleteProducts } from "~/features/products/products.server";
import { deleteApi } from "~/lib/api-save.server";
import { apiMethodNotAllowed } from "~/lib/api.server";

export function action({ request }: ActionFunctionArgs) {
  return deleteApi(request, "productLists", deleteProducts);
}

export const loader = apiMethodNotAllowed;
