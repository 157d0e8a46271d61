import { responses } from "~/features/api-docs/responses";
import { deleteReels } from "~/features/reels/reel-writes.server";
import { apiCall } from "~/lib/api-call.server";
import { reelDeleteSchema } from "~/lib/api-schemas.server";

export const { call, loader, action } = apiCall({
  method: "POST",
  summary: "Deletes the chosen reels.",
  access: "admin",
  request: { json: reelDeleteSchema },
  response: responses.deletedCount,
  refusals: [404],
  answer: async ({ admin, input }) => ({
    deleted: await deleteReels(
      admin,
      input.reelsLists.map((item) => item.index),
    ),
  }),
});
