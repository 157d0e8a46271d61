import { responses } from "~/features/api-docs/responses";
import { siteSettingsSchema } from "~/features/settings/api-schema";
import { saveSiteSettings } from "~/features/settings/settings-form.server";
import { apiCall } from "~/lib/api-call.server";

export const { call, loader, action } = apiCall({
  method: "POST",
  summary:
    "Saves the chatbot embed and the Kakao key (a missing or blank field clears the override) and the site's identity (a missing field is kept; the profile picture is the 사이트 정보 screen's).",
  access: "admin",
  request: { json: siteSettingsSchema },
  response: responses.savedSiteSettings,
  answer: async ({ admin, input }) => ({ siteSettings: await saveSiteSettings(admin, input) }),
});
