import { responses } from "~/features/api-docs/responses";
import { reelForApi } from "~/features/reels/api.server";
import { updateReel } from "~/features/reels/reel-writes.server";
import { reelSchema } from "~/features/reels/schema";
import { apiCall } from "~/lib/api-call.server";
import { requireIndex } from "~/lib/api.server";

/** JSON (docs/product.md §7); another `reelsCategoryID` moves the reel. */
export const { call, loader, action } = apiCall({
  method: "POST",
  summary: "Renames or moves the reel `index` names.",
  access: "admin",
  request: { json: reelSchema },
  response: responses.reelsLists,
  refusals: [404, 409],
  answer({ admin, input }) {
    requireIndex(input.index);
    return { reelsLists: [reelForApi(updateReel(admin, input))] };
  },
});
