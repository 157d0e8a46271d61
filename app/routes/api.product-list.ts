import { responses } from "~/features/api-docs/responses";
import { listProducts } from "~/features/products/products.server";
import { apiCall } from "~/lib/api-call.server";

export const { call, loader, action } = apiCall({
  method: "GET",
  summary: "Products, newest first (hidden ones for the admin only).",
  access: "anyone, more for the admin",
  response: responses.productLists,
  answer: ({ admin }) => ({ productLists: listProducts(admin) }),
});
