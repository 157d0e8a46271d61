import { responses } from "~/features/api-docs/responses";
import { listCategories } from "~/features/reels/categories.server";
import { keywordQuerySchema } from "~/features/reels/keyword.server";
import { apiCall } from "~/lib/api-call.server";

export const { call, loader, action } = apiCall({
  method: "GET",
  summary: "Categories whose name or reels contain `keyword`; an unusable keyword means no search.",
  access: "anyone, more for the admin",
  request: { query: keywordQuerySchema },
  response: responses.reelsCategorys,
  answer: ({ admin, input }) => ({ reelsCategorys: listCategories(admin, input.keyword) }),
});
