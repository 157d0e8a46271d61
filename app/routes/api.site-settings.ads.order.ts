import type { ActionFunctionArgs } from "@remix-run/node";
import { reorderPartnerAds, listPartnerAds } from "~/features/settings/partner-ads.server";
import { apiFailure, apiMethodNotAllowed, apiOk, parseJsonBody, requireAdminApi, requireMethod } from "~/lib/api.server";
import { listOrderSchema } from "~/lib/list-order";
import { routeFacts } from "~/lib/route-facts";

export const handle = routeFacts({ access: "admin" });

/** POST /api/site-settings/ads/order (JSON `{ids}`: every banner, each once, in the new rotation order): the banners now. */
export async function action({ request }: ActionFunctionArgs) {
  try {
    requireMethod(request, "POST");
    const admin = await requireAdminApi(request);
    const { ids } = await parseJsonBody(request, listOrderSchema);
    reorderPartnerAds(admin, ids);
    return apiOk({ partnerAds: listPartnerAds(admin) });
  } catch (error) {
    return apiFailure(error);
  }
}

export const loader = apiMethodNotAllowed;
