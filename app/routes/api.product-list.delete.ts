import { responses } from "~/features/api-docs/responses";
import { deleteProducts } from "~/features/products/products.server";
import { apiCall } from "~/lib/api-call.server";
import { productDeleteSchema } from "~/lib/api-schemas.server";

export const { call, loader, action } = apiCall({
  method: "POST",
  summary: "Deletes the chosen products with their images.",
  access: "admin",
  request: { json: productDeleteSchema },
  response: responses.deletedCount,
  refusals: [404],
  answer: async ({ admin, input }) => ({
    deleted: await deleteProducts(
      admin,
      input.productLists.map((item) => item.index),
    ),
  }),
});
