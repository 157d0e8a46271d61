import type { ActionFunctionArgs } from "@remix-run/node";
import { login } from "~/features/auth/auth.server";
import { loginSchema } from "~/features/auth/schema";
import { apiFailure, apiMethodNotAllowed, apiOk, parseJsonBody, requireMethod } from "~/lib/api.server";
import { routeFacts } from "~/lib/route-facts";

export const handle = routeFacts({ access: "admin", login: true, body: "small" });

export async function action({ request, context }: ActionFunctionArgs) {
  try {
    requireMethod(request, "POST");
    const input = await parseJsonBody(request, loginSchema);
    const { admin, setCookie } = await login(input, request, context.clientAddress ?? "unknown");
    return apiOk({ isLogin: true, id: admin.loginId }, { headers: { "Set-Cookie": setCookie } });
  } catch (error) {
    return apiFailure(error);
  }
}

export const loader = apiMethodNotAllowed;
