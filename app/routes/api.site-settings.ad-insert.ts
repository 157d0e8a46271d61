import type { ActionFunctionArgs } from "@remix-run/node";
import { savePartnerAd } from "~/features/settings/partner-ads.server";
import { partnerAdSchema } from "~/features/settings/schema";
import { apiFailure, apiMethodNotAllowed, apiOk, parseFormData, requireAdminApi, requireMethod } from "~/lib/api.server";
import { readMultipartForm } from "~/lib/multipart.server";
import { routeFacts } from "~/lib/route-facts";

export const handle = routeFacts({ access: "admin", body: { uploads: 1 } });

/** POST /api/site-settings/ad-insert (multipart, like the page form): a new banner (any `index` is ignored), answered as `partnerAds`. */
export async function action({ request }: ActionFunctionArgs) {
  try {
    requireMethod(request, "POST");
    const admin = await requireAdminApi(request);
    const formData = await readMultipartForm(request, 1);
    formData.delete("index");
    const ad = await savePartnerAd(admin, parseFormData(formData, partnerAdSchema));
    return apiOk({ partnerAds: [ad] });
  } catch (error) {
    return apiFailure(error);
  }
}

export const loader = apiMethodNotAllowed;
