import type { ActionFunctionArgs } from "@remix-run/node";
import { productSaveApi } from "~/features/products/api.server";

export function action({ request }: ActionFunctionArgs) {
  return productSaveApi(request, "update");
}
