import type { ActionFunctionArgs } from "@remix-run/node";
import { logout } from "~/features/auth/auth.server";
import { apiHandler, apiMethodNotAllowed, apiOk, requireMethod } from "~/lib/api.server";

export function action({ request }: ActionFunctionArgs) {
  return apiHandler(async () => {
    requireMethod(request, "POST");
    return apiOk({ isLogin: false }, { headers: { "Set-Cookie": await logout(request) } });
  });
}

export const loader = apiMethodNotAllowed;
