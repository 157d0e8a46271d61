import type { ActionFunctionArgs } from "@remix-run/node";
import { logout } from "~/features/auth/auth.server";
import { apiFailure, apiMethodNotAllowed, apiOk, requireMethod } from "~/lib/api.server";
import { routeFacts } from "~/lib/route-facts";

export const handle = routeFacts({ access: "public", body: "small" });

export async function action({ request }: ActionFunctionArgs) {
  try {
    requireMethod(request, "POST");
    return apiOk({ isLogin: false }, { headers: { "Set-Cookie": await logout(request) } });
  } catch (error) {
    return apiFailure(error);
  }
}

export const loader = apiMethodNotAllowed;
