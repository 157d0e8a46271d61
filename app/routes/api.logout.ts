import type { ActionFunctionArgs } from "@remix-run/node";
import { logout } from "~/features/auth/auth.server";
import { apiHandler, apiMethodNotAllowed, apiOk, requireMethod } from "~/lib/api.server";
import { routeFacts } from "~/lib/route-facts";

export const handle = routeFacts({ access: "public", body: "small" });

export function action({ request }: ActionFunctionArgs) {
  return apiHandler(async () => {
    requireMethod(request, "POST");
    return apiOk({ isLogin: false }, { headers: { "Set-Cookie": await logout(request) } });
  });
}

export const loader = apiMethodNotAllowed;
