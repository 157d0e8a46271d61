import type { ActionFunctionArgs } from "@remix-run/node";
import { deleteReels } from "~/features/reels/reels.server";
import { deleteApi } from "~/lib/api-save.server";
import { apiMethodNotAllowed } from "~/lib/api.server";

export function action({ request }: ActionFunctionArgs) {
  return deleteApi(request, "reelsLists", deleteReels);
}

export const loader = apiMethodNotAllowed;
