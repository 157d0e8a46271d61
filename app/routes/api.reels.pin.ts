import { responses } from "~/features/api-docs/responses";
import { reelForApi } from "~/features/reels/api.server";
import { MAX_PINNED } from "~/features/reels/pins";
import { listReels } from "~/features/reels/reel-lists.server";
import { pinReel } from "~/features/reels/reel-order.server";
import { reelPinSchema } from "~/features/reels/schema";
import { apiCall } from "~/lib/api-call.server";

export const { call, loader, action } = apiCall({
  method: "POST",
  summary: `Pins the reel \`index\` names to the top of its category (at most ${MAX_PINNED} a category), or unpins it; answers the category's reels in order.`,
  access: "admin",
  request: { json: reelPinSchema },
  response: responses.reelsLists,
  refusals: [404, 409],
  answer({ admin, input }) {
    const { categoryId } = pinReel(admin, input.index, input.isPinned);
    return { reelsLists: listReels(admin, categoryId).reels.map(reelForApi) };
  },
});
