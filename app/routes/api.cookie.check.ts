import { responses } from "~/features/api-docs/responses";
import { apiCall } from "~/lib/api-call.server";
import { cookieCheckSchema } from "~/lib/api-schemas.server";
import { getAdmin, SESSION_COOKIE_NAME } from "~/lib/session.server";

/** docs/product.md §7: does the session cookie exist? We answer whether it names a live admin session. */
export const { call, loader, action } = apiCall({
  method: "POST",
  summary: "Does the request carry a live admin session (in the cookie `name`, the session cookie by default)?",
  access: "anyone",
  request: { json: cookieCheckSchema },
  response: responses.cookieCheck,
  smallBody: true,
  async answer({ input: { name }, request }) {
    return { has: (name === undefined || name === SESSION_COOKIE_NAME) && (await getAdmin(request)) !== null };
  },
});
