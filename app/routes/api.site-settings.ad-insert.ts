import { responses } from "~/features/api-docs/responses";
import { savePartnerAd } from "~/features/settings/partner-ads.server";
import { partnerAdSchema } from "~/features/settings/schema";
import { apiCall } from "~/lib/api-call.server";

/** Multipart like the page form. */
export const { call, loader, action } = apiCall({
  method: "POST",
  summary: "Adds a partner banner: an uploaded picture with a link, or the partner's banner code.",
  access: "admin",
  request: { multipart: partnerAdSchema, files: 1, newRecord: true },
  response: responses.partnerAds,
  answer: async ({ admin, input }) => ({ partnerAds: [await savePartnerAd(admin, input)] }),
});
