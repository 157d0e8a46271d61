import { responses } from "~/features/api-docs/responses";
import { listCategories } from "~/features/reels/categories.server";
import { apiCall } from "~/lib/api-call.server";

export const { call, loader, action } = apiCall({
  method: "GET",
  summary: "Reels categories with their reel counts (hidden ones for the admin only).",
  access: "anyone, more for the admin",
  response: responses.reelsCategorys,
  answer: ({ admin }) => ({ reelsCategorys: listCategories(admin) }),
});
