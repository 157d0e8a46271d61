import { responses } from "~/features/api-docs/responses";
import { listInstaMedia } from "~/features/reels/reel-writes.server";
import { instaFilterSchema } from "~/features/reels/schema";
import { apiCall } from "~/lib/api-call.server";

export const { call, loader, action } = apiCall({
  method: "GET",
  summary: "The account's Instagram posts to register reels from.",
  access: "admin",
  request: { query: instaFilterSchema },
  response: responses.instaMediaList,
  // Instagram may refuse the token (502) or not be set up (503).
  refusals: [502, 503],
  async answer({ admin, input }) {
    const { media, filedCount } = await listInstaMedia(admin, input);
    return { instaMediaList: media, filedCount };
  },
});
