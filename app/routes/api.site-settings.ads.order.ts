import { responses } from "~/features/api-docs/responses";
import { listPartnerAds, reorderPartnerAds } from "~/features/settings/partner-ads.server";
import { apiCall } from "~/lib/api-call.server";
import { listOrderSchema } from "~/lib/list-order";

export const { call, loader, action } = apiCall({
  method: "POST",
  summary: "Puts the partner banners in a new order: `ids` names every banner once.",
  access: "admin",
  request: { json: listOrderSchema },
  response: responses.partnerAds,
  answer({ admin, input }) {
    reorderPartnerAds(admin, input.ids);
    return { partnerAds: listPartnerAds(admin) };
  },
});
