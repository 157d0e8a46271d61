import type { ActionFunctionArgs } from "@remix-run/node";
import { cookieCheckSchema } from "~/lib/api-schemas.server";
import { apiFailure, apiMethodNotAllowed, apiOk, parseJsonBody, requireMethod } from "~/lib/api.server";
import { routeFacts } from "~/lib/route-facts";
import { getAdmin, SESSION_COOKIE_NAME } from "~/lib/session.server";

export const handle = routeFacts({ access: "public", body: "small" });

/** docs/product.md §7: does the session cookie exist? We answer whether it names a live admin session. */
export async function action({ request }: ActionFunctionArgs) {
  try {
    requireMethod(request, "POST");
    const { name } = await parseJsonBody(request, cookieCheckSchema);
    const has = (name === undefined || name === SESSION_COOKIE_NAME) && (await getAdmin(request)) !== null;
    return apiOk({ has });
  } catch (error) {
    return apiFailure(error);
  }
}

export const loader = apiMethodNotAllowed;
