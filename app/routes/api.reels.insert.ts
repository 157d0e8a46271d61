import type { ActionFunctionArgs } from "@remix-run/node";
import { registerReel } from "~/features/reels/reels.server";
import { reelSchema } from "~/features/reels/schema";
import { saveApi } from "~/lib/api-save.server";
import { apiMethodNotAllowed } from "~/lib/api.server";

export function action({ request }: ActionFunctionArgs) {
  return saveApi(request, {
    kind: "insert",
    schema: reelSchema,
    body: "json",
    save: registerReel,
    respond: (reel) => ({ reelsLists: [reel] }),
  });
}

export const loader = apiMethodNotAllowed;
