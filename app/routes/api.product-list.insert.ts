import type { ActionFunctionArgs } from "@remix-run/node";
import { productSaveApi } from "~/features/products/api.server";
import { apiMethodNotAllowed } from "~/lib/http.server";

export function action({ request }: ActionFunctionArgs) {
  return productSaveApi(request, "insert");
}

export const loader = apiMethodNotAllowed;
