import { responses } from "~/features/api-docs/responses";
import { reelContentForApi } from "~/features/reels/api.server";
import { getReelContent } from "~/features/reels/reel-links.server";
import { apiCall } from "~/lib/api-call.server";
import { reelContentsQuerySchema } from "~/lib/api-schemas.server";

export const { call, loader, action } = apiCall({
  method: "GET",
  summary: "One reel for the viewer, with a fresh video link (`failed=1` asks for one now).",
  access: "anyone, more for the admin",
  request: { query: reelContentsQuerySchema },
  response: responses.reelContent,
  refusals: [404],
  async answer({ admin, input: { reelsId, failed } }) {
    return { reels: reelContentForApi(await getReelContent(admin, reelsId, { linkFailed: failed === "1" })) };
  },
});
