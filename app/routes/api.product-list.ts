import { responses } from "~/features/api-docs/responses";
import { forApi, listProducts } from "~/features/products/products.server";
import { apiCall } from "~/lib/api-call.server";

export const { call, loader, action } = apiCall({
  method: "GET",
  summary:
    "Products in the owner's order (hidden ones for the admin only), each group buy with its state and discount at the moment of the request.",
  access: "anyone, more for the admin",
  response: responses.productLists,
  answer: ({ admin }) => ({ productLists: listProducts(admin).map(forApi) }),
});
