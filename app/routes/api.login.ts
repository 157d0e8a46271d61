import { responses } from "~/features/api-docs/responses";
import { login } from "~/features/auth/auth.server";
import { loginSchema } from "~/features/auth/schema";
import { apiCall, withHeaders } from "~/lib/api-call.server";

export const { call, loader, action } = apiCall({
  method: "POST",
  summary: "Logs the admin in and sets the session cookie.",
  access: "anyone",
  request: { json: loginSchema },
  response: responses.login,
  refusals: [401, 429, 503],
  smallBody: true,
  login: true,
  async answer({ input, request, context }) {
    const { admin, setCookie } = await login(input, request, context.clientAddress ?? "unknown");
    return withHeaders({ isLogin: true, id: admin.loginId }, { "Set-Cookie": setCookie });
  },
});
