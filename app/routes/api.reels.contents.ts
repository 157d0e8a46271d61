import type { LoaderFunctionArgs } from "@remix-run/node";
import { reelContentForApi } from "~/features/reels/api.server";
import { getReelContent } from "~/features/reels/reels.server";
import { apiFailure, apiMethodNotAllowed, apiOk, parseFormData } from "~/lib/api.server";
import { recordId } from "~/lib/input-rules";
import { routeFacts } from "~/lib/route-facts";
import { getAdmin } from "~/lib/session.server";
import * as z from "~/lib/zod";

export const handle = routeFacts({ access: "public" });

const contentsQuerySchema = z.object({
  reelsId: recordId,
  /** Sent by the viewer when the video failed to play: asks for a fresh link from Instagram. */
  failed: z.literal("1").optional(),
});

/** GET /api/reels/contents?reelsId=… → `{reels: {image, link, caption, ...}}`. */
export async function loader({ request }: LoaderFunctionArgs) {
  try {
    const { reelsId, failed } = parseFormData(new URL(request.url).searchParams, contentsQuerySchema);
    const reel = await getReelContent(await getAdmin(request), reelsId, { linkFailed: failed === "1" });
    return apiOk({ reels: reelContentForApi(reel) });
  } catch (error) {
    return apiFailure(error);
  }
}

export const action = apiMethodNotAllowed;
