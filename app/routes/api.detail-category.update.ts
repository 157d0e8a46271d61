import { responses } from "~/features/api-docs/responses";
import { saveGuideCategory } from "~/features/guides/categories.server";
import { guideCategorySchema } from "~/features/guides/category-schema";
import { apiCall } from "~/lib/api-call.server";
import { requireIndex } from "~/lib/api.server";

/** Multipart like the page form (docs/product.md §7). */
export const { call, loader, action } = apiCall({
  method: "POST",
  summary: "Edits the guide category `index` names.",
  access: "admin",
  request: { multipart: guideCategorySchema, files: 1 },
  response: responses.detailCategorys,
  refusals: [404],
  async answer({ admin, input }) {
    requireIndex(input.index);
    return { detailCategorys: [await saveGuideCategory(admin, input)] };
  },
});
