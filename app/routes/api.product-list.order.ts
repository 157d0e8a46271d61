import { responses } from "~/features/api-docs/responses";
import { forApi, listProducts, reorderProducts } from "~/features/products/products.server";
import { apiCall } from "~/lib/api-call.server";
import { listOrderSchema } from "~/lib/list-order";

export const { call, loader, action } = apiCall({
  method: "POST",
  summary: "Puts the products in a new order: `ids` names every product once; each section keeps its members.",
  access: "admin",
  request: { json: listOrderSchema },
  response: responses.productLists,
  answer({ admin, input }) {
    reorderProducts(admin, input.ids);
    return { productLists: listProducts(admin).map(forApi) };
  },
});
