import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { reelForApi } from "~/features/reels/api.server";
import { deleteReels, registerReel, updateReel } from "~/features/reels/reels.server";
import { reelSchema } from "~/features/reels/schema";
import { deleteApi, saveApi } from "~/lib/api-save.server";
import { apiOperationNotAllowed, runApiOperation, type ApiOperations } from "~/lib/api.server";
import { routeFacts } from "~/lib/route-facts";

export const handle = routeFacts({ access: "admin" });

/** POST /api/reels/insert, /update (JSON, answer `reelsLists`) and /delete (SPEC §7); the reads have routes of their own. */
const operations: ApiOperations = {
  insert: (request) =>
    saveApi(request, {
      kind: "insert",
      schema: reelSchema,
      body: "json",
      save: registerReel,
      respond: (reel) => ({ reelsLists: [reelForApi(reel)] }),
    }),
  update: (request) =>
    saveApi(request, {
      kind: "update",
      schema: reelSchema,
      body: "json",
      save: updateReel,
      respond: (reel) => ({ reelsLists: [reelForApi(reel)] }),
    }),
  delete: (request) => deleteApi(request, "reelsLists", deleteReels),
};

export function action({ request, params }: ActionFunctionArgs) {
  return runApiOperation(operations, params.op, request);
}

export function loader({ params }: LoaderFunctionArgs) {
  return apiOperationNotAllowed(operations, params.op);
}
