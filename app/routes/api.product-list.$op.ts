import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { deleteProducts, saveProduct } from "~/features/products/products.server";
import { productSchema } from "~/features/products/schema";
import { deleteApi, saveApi } from "~/lib/api-save.server";
import { apiOperationNotAllowed, runApiOperation, type ApiOperations } from "~/lib/api.server";
import { routeFacts } from "~/lib/route-facts";

export const handle = routeFacts({ access: "admin", body: { uploads: 1 } });

/** POST /api/product-list/insert, /update (multipart, answer `productLists`) and /delete (SPEC §7). */
const operations: ApiOperations = {
  insert: (request) =>
    saveApi(request, { kind: "insert", schema: productSchema, save: saveProduct, respond: (product) => ({ productLists: [product] }) }),
  update: (request) =>
    saveApi(request, { kind: "update", schema: productSchema, save: saveProduct, respond: (product) => ({ productLists: [product] }) }),
  delete: (request) => deleteApi(request, "productLists", deleteProducts),
};

export function action({ request, params }: ActionFunctionArgs) {
  return runApiOperation(operations, params.op, request);
}

export function loader({ params }: LoaderFunctionArgs) {
  return apiOperationNotAllowed(operations, params.op);
}
