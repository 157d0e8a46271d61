import { responses } from "~/features/api-docs/responses";
import { syncReels } from "~/features/reels/import.server";
import { apiCall } from "~/lib/api-call.server";

export const { call, loader, action } = apiCall({
  method: "POST",
  summary: "Imports the account's new reels now: filed by their category's hashtags, the rest to the inbox.",
  access: "admin",
  response: responses.reelSync,
  // Instagram may refuse the token (502) or not be set up (503).
  refusals: [502, 503],
  async answer({ admin }) {
    const { imported, filed, unfiled } = await syncReels(admin);
    return { imported, filed, unfiled };
  },
});
