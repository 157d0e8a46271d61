import { responses } from "~/features/api-docs/responses";
import { reelForApi } from "~/features/reels/api.server";
import { listReels } from "~/features/reels/reel-lists.server";
import { reorderReels } from "~/features/reels/reel-order.server";
import { reelOrderSchema } from "~/features/reels/schema";
import { apiCall } from "~/lib/api-call.server";

export const { call, loader, action } = apiCall({
  method: "POST",
  summary: "Puts a category's reels in a new order: `ids` names every reel of `reelsCategoryID` once; pinned reels stay first.",
  access: "admin",
  request: { json: reelOrderSchema },
  response: responses.reelsLists,
  refusals: [404],
  answer({ admin, input }) {
    reorderReels(admin, input.reelsCategoryID, input.ids);
    return { reelsLists: listReels(admin, input.reelsCategoryID).reels.map(reelForApi) };
  },
});
