import { responses } from "~/features/api-docs/responses";
import { siteSettingsSchema } from "~/features/settings/schema";
import { saveSiteSettings } from "~/features/settings/settings-form.server";
import { apiCall } from "~/lib/api-call.server";

export const { call, loader, action } = apiCall({
  method: "POST",
  summary: "Saves the chatbot embed and the Kakao key; a missing or blank field clears the override.",
  access: "admin",
  request: { json: siteSettingsSchema },
  response: responses.savedSiteSettings,
  answer: ({ admin, input }) => ({ siteSettings: saveSiteSettings(admin, input) }),
});
