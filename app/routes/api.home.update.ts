import type { ActionFunctionArgs } from "@remix-run/node";
import { updateHomeMenu } from "~/features/home/home.server";
import { homeUpdateSchema } from "~/features/home/schema";
import { apiFailure, apiMethodNotAllowed, apiOk, parseJsonBody, requireAdminApi, requireMethod } from "~/lib/api.server";
import { routeFacts } from "~/lib/route-facts";

export const handle = routeFacts({ access: "admin" });

export async function action({ request }: ActionFunctionArgs) {
  try {
    requireMethod(request, "POST");
    const admin = await requireAdminApi(request);
    const update = await parseJsonBody(request, homeUpdateSchema);
    return apiOk({ homes: [updateHomeMenu(admin, update)] });
  } catch (error) {
    return apiFailure(error);
  }
}

export const loader = apiMethodNotAllowed;
