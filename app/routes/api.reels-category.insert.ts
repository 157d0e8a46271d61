import { responses } from "~/features/api-docs/responses";
import { saveCategory } from "~/features/reels/categories.server";
import { categorySchema } from "~/features/reels/schema";
import { apiCall } from "~/lib/api-call.server";

/** Multipart like the page form (docs/product.md §7). */
export const { call, loader, action } = apiCall({
  method: "POST",
  summary: "Adds a category (any `index` is ignored).",
  access: "admin",
  request: { multipart: categorySchema, files: 1, newRecord: true },
  response: responses.reelsCategorys,
  answer: async ({ admin, input }) => ({ reelsCategorys: [await saveCategory(admin, input)] }),
});
