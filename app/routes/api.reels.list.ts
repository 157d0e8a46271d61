import { reelsListCall } from "~/features/reels/api.server";
import { apiCall } from "~/lib/api-call.server";

export const { call, loader, action } = apiCall({
  ...reelsListCall,
  summary: "The reels of a category, newest first; one page of `limit` with `next` when `limit` is sent.",
});
