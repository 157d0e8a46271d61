import { responses } from "~/features/api-docs/responses";
import { listGuideCategories, reorderGuideCategories } from "~/features/guides/categories.server";
import { apiCall } from "~/lib/api-call.server";
import { listOrderSchema } from "~/lib/list-order";

export const { call, loader, action } = apiCall({
  method: "POST",
  summary: "Puts the guide categories in a new order: `ids` names every category once.",
  access: "admin",
  request: { json: listOrderSchema },
  response: responses.detailCategorys,
  answer({ admin, input }) {
    reorderGuideCategories(admin, input.ids);
    return { detailCategorys: listGuideCategories(admin) };
  },
});
