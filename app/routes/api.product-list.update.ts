import { responses } from "~/features/api-docs/responses";
import { forApi, saveProduct } from "~/features/products/products.server";
import { productSchema } from "~/features/products/schema";
import { apiCall } from "~/lib/api-call.server";
import { requireIndex } from "~/lib/api.server";

/** Multipart like the page form (docs/product.md §7). */
export const { call, loader, action } = apiCall({
  method: "POST",
  summary: "Edits the product `index` names.",
  access: "admin",
  request: { multipart: productSchema, files: 1 },
  response: responses.productLists,
  refusals: [404],
  async answer({ admin, input }) {
    requireIndex(input.index);
    return { productLists: [forApi(await saveProduct(admin, input))] };
  },
});
