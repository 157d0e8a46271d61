import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { deleteCategories, saveCategory } from "~/features/reels/categories.server";
import { categorySchema } from "~/features/reels/schema";
import { deleteApi, saveApi } from "~/lib/api-save.server";
import { apiOperationNotAllowed, runApiOperation, type ApiOperations } from "~/lib/api.server";
import { routeFacts } from "~/lib/route-facts";

export const handle = routeFacts({ access: "admin", body: { uploads: 1 } });

/** POST /api/reels-category/insert, /update (multipart, answer `reelsCategorys`) and /delete (SPEC §7). */
const operations: ApiOperations = {
  insert: (request) =>
    saveApi(request, {
      kind: "insert",
      schema: categorySchema,
      save: saveCategory,
      respond: (category) => ({ reelsCategorys: [category] }),
    }),
  update: (request) =>
    saveApi(request, {
      kind: "update",
      schema: categorySchema,
      save: saveCategory,
      respond: (category) => ({ reelsCategorys: [category] }),
    }),
  delete: (request) => deleteApi(request, "reelsCategorys", deleteCategories),
};

export function action({ request, params }: ActionFunctionArgs) {
  return runApiOperation(operations, params.op, request);
}

export function loader({ params }: LoaderFunctionArgs) {
  return apiOperationNotAllowed(operations, params.op);
}
