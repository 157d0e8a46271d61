import { responses } from "~/features/api-docs/responses";
import { saveGuideCategory } from "~/features/guides/categories.server";
import { guideCategorySchema } from "~/features/guides/category-schema";
import { apiCall } from "~/lib/api-call.server";

/** Multipart like the page form (docs/product.md §7). */
export const { call, loader, action } = apiCall({
  method: "POST",
  summary: "Adds a guide category (any `index` is ignored).",
  access: "admin",
  request: { multipart: guideCategorySchema, files: 1, newRecord: true },
  response: responses.detailCategorys,
  answer: async ({ admin, input }) => ({ detailCategorys: [await saveGuideCategory(admin, input)] }),
});
