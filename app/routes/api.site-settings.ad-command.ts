import type { ActionFunctionArgs } from "@remix-run/node";
import { listPartnerAds, runPartnerAdCommand } from "~/features/settings/partner-ads.server";
import { partnerAdCommandSchema } from "~/features/settings/schema";
import { apiFailure, apiMethodNotAllowed, apiOk, parseJsonBody, requireAdminApi, requireMethod } from "~/lib/api.server";
import { routeFacts } from "~/lib/route-facts";

export const handle = routeFacts({ access: "admin" });

/** POST /api/site-settings/ad-command (JSON `{index, command}`: up, down, show, hide, delete): what happened, and the banners now. */
export async function action({ request }: ActionFunctionArgs) {
  try {
    requireMethod(request, "POST");
    const admin = await requireAdminApi(request);
    const { index, command } = await parseJsonBody(request, partnerAdCommandSchema);
    const message = await runPartnerAdCommand(admin, index, command);
    return apiOk({ message, partnerAds: listPartnerAds(admin) });
  } catch (error) {
    return apiFailure(error);
  }
}

export const loader = apiMethodNotAllowed;
