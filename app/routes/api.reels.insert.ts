import { responses } from "~/features/api-docs/responses";
import { reelForApi } from "~/features/reels/api.server";
import { registerReel } from "~/features/reels/reel-writes.server";
import { reelSchema } from "~/features/reels/schema";
import { apiCall } from "~/lib/api-call.server";

/** JSON (docs/product.md §7): the media is read again from Instagram by its id. */
export const { call, loader, action } = apiCall({
  method: "POST",
  summary: "Registers an Instagram reel in a category (any `index` is ignored).",
  access: "admin",
  request: { json: reelSchema },
  response: responses.reelsLists,
  // The category may be gone (404), the reel filed already (409), Instagram refuse the token (502) or not be set up (503).
  refusals: [404, 409, 502, 503],
  answer: async ({ admin, input }) => ({ reelsLists: [reelForApi(await registerReel(admin, { ...input, index: undefined }))] }),
});
