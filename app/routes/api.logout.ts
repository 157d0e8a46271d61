import { responses } from "~/features/api-docs/responses";
import { logout } from "~/features/auth/auth.server";
import { apiCall, withHeaders } from "~/lib/api-call.server";

export const { call, loader, action } = apiCall({
  method: "POST",
  summary: "Ends the session.",
  access: "anyone",
  response: responses.logout,
  smallBody: true,
  answer: async ({ request }) => withHeaders({ isLogin: false }, { "Set-Cookie": await logout(request) }),
});
