import type { ActionFunctionArgs } from "@remix-run/node";
import { deleteCategories } from "~/features/reels/categories.server";
import { deleteApi } from "~/lib/api-save.server";
import { apiMethodNotAllowed } from "~/lib/api.server";

export function action({ request }: ActionFunctionArgs) {
  return deleteApi(request, "reelsCategorys", deleteCategories);
}

export const loader = apiMethodNotAllowed;
