import { responses } from "~/features/api-docs/responses";
import { forApi, saveProduct } from "~/features/products/products.server";
import { productSchema } from "~/features/products/schema";
import { apiCall } from "~/lib/api-call.server";

/** Multipart like the page form (docs/product.md §7). */
export const { call, loader, action } = apiCall({
  method: "POST",
  summary: "Adds a product (any `index` is ignored).",
  access: "admin",
  request: { multipart: productSchema, files: 1, newRecord: true },
  response: responses.productLists,
  answer: async ({ admin, input }) => ({ productLists: [forApi(await saveProduct(admin, input))] }),
});
