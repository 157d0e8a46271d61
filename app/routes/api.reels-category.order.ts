import { responses } from "~/features/api-docs/responses";
import { listCategories, reorderCategories } from "~/features/reels/categories.server";
import { apiCall } from "~/lib/api-call.server";
import { listOrderSchema } from "~/lib/list-order";

export const { call, loader, action } = apiCall({
  method: "POST",
  summary: "Puts the reel categories in a new order: `ids` names every category once.",
  access: "admin",
  request: { json: listOrderSchema },
  response: responses.reelsCategorys,
  answer({ admin, input }) {
    reorderCategories(admin, input.ids);
    return { reelsCategorys: listCategories(admin) };
  },
});
