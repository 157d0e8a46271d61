import { responses } from "~/features/api-docs/responses";
import { listPartnerAds, runPartnerAdCommand } from "~/features/settings/partner-ads.server";
import { partnerAdCommandSchema } from "~/features/settings/schema";
import { apiCall } from "~/lib/api-call.server";

export const { call, loader, action } = apiCall({
  method: "POST",
  summary: "Moves, shows, hides or deletes a banner; answers what happened and the banners now.",
  access: "admin",
  request: { json: partnerAdCommandSchema },
  response: responses.partnerAdCommand,
  refusals: [404],
  async answer({ admin, input }) {
    const message = await runPartnerAdCommand(admin, input.index, input.command);
    return { message, partnerAds: listPartnerAds(admin) };
  },
});
