import type { LoaderFunctionArgs } from "@remix-run/node";
import { listPartnerAds } from "~/features/settings/partner-ads.server";
import { siteSettingsForm } from "~/features/settings/settings-form.server";
import { apiFailure, apiMethodNotAllowed, apiOk, requireAdminApi } from "~/lib/api.server";
import { routeFacts } from "~/lib/route-facts";

export const handle = routeFacts({ access: "admin" });

/** GET /api/site-settings: the saved settings, the environment defaults and the banners (admin only). */
export async function loader({ request }: LoaderFunctionArgs) {
  try {
    const admin = await requireAdminApi(request);
    return apiOk({ siteSettings: siteSettingsForm(admin), partnerAds: listPartnerAds(admin) });
  } catch (error) {
    return apiFailure(error);
  }
}

export const action = apiMethodNotAllowed;
