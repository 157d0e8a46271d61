import type { ActionFunctionArgs } from "@remix-run/node";
import { savePartnerAd } from "~/features/settings/partner-ads.server";
import { partnerAdSchema } from "~/features/settings/schema";
import { apiFailure, apiMethodNotAllowed, apiOk, parseFormData, requireAdminApi, requireIndex, requireMethod } from "~/lib/api.server";
import { readMultipartForm } from "~/lib/multipart.server";
import { routeFacts } from "~/lib/route-facts";

export const handle = routeFacts({ access: "admin", body: { uploads: 1 } });

/** POST /api/site-settings/ad-update (multipart, like the page form): the banner `index` names, answered as `partnerAds`. */
export async function action({ request }: ActionFunctionArgs) {
  try {
    requireMethod(request, "POST");
    const admin = await requireAdminApi(request);
    const input = parseFormData(await readMultipartForm(request, 1), partnerAdSchema);
    requireIndex(input.index);
    const ad = await savePartnerAd(admin, input);
    return apiOk({ partnerAds: [ad] });
  } catch (error) {
    return apiFailure(error);
  }
}

export const loader = apiMethodNotAllowed;
