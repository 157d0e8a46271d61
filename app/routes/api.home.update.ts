import type { ActionFunctionArgs } from "@remix-run/node";
import { updateHomeMenu } from "~/features/home/home.server";
import { homeUpdateSchema } from "~/features/home/schema";
import { adminApiHandler, apiMethodNotAllowed, apiOk, parseJsonBody } from "~/lib/api.server";
import { routeFacts } from "~/lib/route-facts";

export const handle = routeFacts({ access: "admin" });

export function action({ request }: ActionFunctionArgs) {
  return adminApiHandler(request, "POST", async (admin) => {
    const update = await parseJsonBody(request, homeUpdateSchema);
    return apiOk({ homes: [updateHomeMenu(admin, update)] });
  });
}

export const loader = apiMethodNotAllowed;
