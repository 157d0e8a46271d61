import type { ActionFunctionArgs } from "@remix-run/node";
import { deleteProducts } from "~/features/products/products.server";
import { productDeleteSchema } from "~/features/products/schema";
import { apiHandler, apiMethodNotAllowed, apiOk, parseJsonBody, requireMethod } from "~/lib/http.server";
import { assertAdmin, getAdmin } from "~/lib/session.server";

export function action({ request }: ActionFunctionArgs) {
  return apiHandler(async () => {
    requireMethod(request, "POST");
    const admin = await getAdmin(request);
    assertAdmin(admin);
    const { productLists } = await parseJsonBody(request, productDeleteSchema);
    const deleted = await deleteProducts(admin, productLists.map((item) => item.index));
    return apiOk({ deleted });
  });
}

export const loader = apiMethodNotAllowed;
