import { responses } from "~/features/api-docs/responses";
import { listPartnerAds } from "~/features/settings/partner-ads.server";
import { siteSettingsForm } from "~/features/settings/settings-form.server";
import { apiCall } from "~/lib/api-call.server";

export const { call, loader, action } = apiCall({
  method: "GET",
  summary: "The saved settings, their defaults, the site's identity and the partner banners.",
  access: "admin",
  response: responses.siteSettings,
  answer: ({ admin }) => ({ siteSettings: siteSettingsForm(admin), partnerAds: listPartnerAds(admin) }),
});
