import { responses } from "~/features/api-docs/responses";
import { saveCategory } from "~/features/reels/categories.server";
import { categorySchema } from "~/features/reels/schema";
import { apiCall } from "~/lib/api-call.server";
import { requireIndex } from "~/lib/api.server";

/** Multipart like the page form (docs/product.md §7). */
export const { call, loader, action } = apiCall({
  method: "POST",
  summary: "Edits the category `index` names.",
  access: "admin",
  request: { multipart: categorySchema, files: 1 },
  response: responses.reelsCategorys,
  refusals: [404],
  async answer({ admin, input }) {
    requireIndex(input.index);
    return { reelsCategorys: [await saveCategory(admin, input)] };
  },
});
