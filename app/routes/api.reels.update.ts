import type { ActionFunctionArgs } from "@remix-run/node";
import { reelForApi } from "~/features/reels/api.server";
import { updateReel } from "~/features/reels/reels.server";
import { reelSchema } from "~/features/reels/schema";
import { saveApi } from "~/lib/api-save.server";
import { apiMethodNotAllowed } from "~/lib/http.server";

export function action({ request }: ActionFunctionArgs) {
  return saveApi(request, {
    kind: "update",
    schema: reelSchema,
    body: "json",
    save: updateReel,
    respond: (reel) => ({ reelsLists: [reelForApi(reel)] }),
  });
}

export const loader = apiMethodNotAllowed;
