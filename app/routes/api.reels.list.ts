import type { LoaderFunctionArgs } from "@remix-run/node";
import { reelsListApi } from "~/features/reels/api.server";
import { apiMethodNotAllowed } from "~/lib/api.server";
import { routeFacts } from "~/lib/route-facts";

export const handle = routeFacts({ access: "public" });

export function loader({ request }: LoaderFunctionArgs) {
  return reelsListApi(request);
}

export const action = apiMethodNotAllowed;
