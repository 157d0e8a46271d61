import { reelsListCall } from "~/features/reels/api.server";
import { apiCall } from "~/lib/api-call.server";

export const { call, loader, action } = apiCall({
  ...reelsListCall,
  summary: "The same list narrowed to reels whose name or caption contains `keyword`.",
});
