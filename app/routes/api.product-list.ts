import type { LoaderFunctionArgs } from "@remix-run/node";
import { listProducts } from "~/features/products/products.server";
import { apiFailure, apiMethodNotAllowed, apiOk } from "~/lib/api.server";
import { routeFacts } from "~/lib/route-facts";
import { getAdmin } from "~/lib/session.server";

export const handle = routeFacts({ access: "public" });

export async function loader({ request }: LoaderFunctionArgs) {
  try {
    return apiOk({ productLists: listProducts(await getAdmin(request)) });
  } catch (error) {
    return apiFailure(error);
  }
}

export const action = apiMethodNotAllowed;
