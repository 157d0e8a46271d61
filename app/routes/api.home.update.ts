import type { ActionFunctionArgs } from "@remix-run/node";
import { updateHomeMenu } from "~/features/home/home.server";
import { homeUpdateSchema } from "~/features/home/schema";
import { apiHandler, apiMethodNotAllowed, apiOk, parseJsonBody, requireMethod } from "~/lib/http.server";
import { assertAdmin, getAdmin } from "~/lib/session.server";

export function action({ request }: ActionFunctionArgs) {
  return apiHandler(async () => {
    requireMethod(request, "POST");
    const admin = await getAdmin(request);
    // A visitor learns nothing about the payload rules: authorization is answered first.
    assertAdmin(admin);
    const update = await parseJsonBody(request, homeUpdateSchema);
    return apiOk({ homes: [updateHomeMenu(admin, update)] });
  });
}

export const loader = apiMethodNotAllowed;
