import type { LoaderFunctionArgs } from "@remix-run/node";
import { listPartnerAds } from "~/features/settings/partner-ads.server";
import { siteSettingsForm } from "~/features/settings/settings-form.server";
import { adminApiHandler, apiMethodNotAllowed, apiOk } from "~/lib/api.server";
import { routeFacts } from "~/lib/route-facts";

export const handle = routeFacts({ access: "admin" });

/** GET /api/site-settings: the saved settings, the environment defaults and the banners (admin only). */
export function loader({ request }: LoaderFunctionArgs) {
  return adminApiHandler(request, "GET", async (admin) =>
    apiOk({ siteSettings: siteSettingsForm(admin), partnerAds: listPartnerAds(admin) }),
  );
}

export const action = apiMethodNotAllowed;
