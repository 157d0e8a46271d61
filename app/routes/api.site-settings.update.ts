import type { ActionFunctionArgs } from "@remix-run/node";
import { siteSettingsSchema } from "~/features/settings/schema";
import { saveSiteSettings } from "~/features/settings/settings-form.server";
import { apiFailure, apiMethodNotAllowed, apiOk, parseJsonBody, requireAdminApi, requireMethod } from "~/lib/api.server";
import { routeFacts } from "~/lib/route-facts";

export const handle = routeFacts({ access: "admin" });

/** POST /api/site-settings/update (JSON: the chatbot and Kakao key; a missing or blank field clears the override). */
export async function action({ request }: ActionFunctionArgs) {
  try {
    requireMethod(request, "POST");
    const admin = await requireAdminApi(request);
    const input = await parseJsonBody(request, siteSettingsSchema);
    return apiOk({ siteSettings: saveSiteSettings(admin, input) });
  } catch (error) {
    return apiFailure(error);
  }
}

export const loader = apiMethodNotAllowed;
