import type { LoaderFunctionArgs } from "@remix-run/node";
import { listProducts } from "~/features/products/products.server";
import { apiHandler, apiMethodNotAllowed, apiOk } from "~/lib/api.server";
import { routeFacts } from "~/lib/route-facts";
import { getAdmin } from "~/lib/session.server";

export const handle = routeFacts({ access: "public" });

export function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => apiOk({ productLists: listProducts(await getAdmin(request)) }));
}

export const action = apiMethodNotAllowed;
