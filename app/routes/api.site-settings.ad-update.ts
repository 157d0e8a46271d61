import { responses } from "~/features/api-docs/responses";
import { savePartnerAd } from "~/features/settings/partner-ads.server";
import { partnerAdSchema } from "~/features/settings/schema";
import { apiCall } from "~/lib/api-call.server";
import { requireIndex } from "~/lib/api.server";

/** Multipart like the page form. */
export const { call, loader, action } = apiCall({
  method: "POST",
  summary: "Edits the banner `index` names.",
  access: "admin",
  request: { multipart: partnerAdSchema, files: 1 },
  response: responses.partnerAds,
  refusals: [404],
  async answer({ admin, input }) {
    requireIndex(input.index);
    return { partnerAds: [await savePartnerAd(admin, input)] };
  },
});
