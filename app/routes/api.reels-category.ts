import type { LoaderFunctionArgs } from "@remix-run/node";
import { listCategories } from "~/features/reels/categories.server";
import { apiHandler, apiMethodNotAllowed, apiOk } from "~/lib/api.server";
import { routeFacts } from "~/lib/route-facts";
import { getAdmin } from "~/lib/session.server";

export const handle = routeFacts({ access: "public" });

export function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => apiOk({ reelsCategorys: listCategories(await getAdmin(request)) }));
}

export const action = apiMethodNotAllowed;
