import type { LoaderFunctionArgs } from "@remix-run/node";
import { reelContentForApi } from "~/features/reels/api.server";
import { getReelContent } from "~/features/reels/reel-links.server";
import { reelContentsQuerySchema } from "~/lib/api-schemas.server";
import { apiFailure, apiMethodNotAllowed, apiOk, parseFormData } from "~/lib/api.server";
import { routeFacts } from "~/lib/route-facts";
import { getAdmin } from "~/lib/session.server";

export const handle = routeFacts({ access: "public" });

/** GET /api/reels/contents?reelsId=… → `{reels: {image, link, caption, ...}}`. */
export async function loader({ request }: LoaderFunctionArgs) {
  try {
    const { reelsId, failed } = parseFormData(new URL(request.url).searchParams, reelContentsQuerySchema);
    const reel = await getReelContent(await getAdmin(request), reelsId, { linkFailed: failed === "1" });
    return apiOk({ reels: reelContentForApi(reel) });
  } catch (error) {
    return apiFailure(error);
  }
}

export const action = apiMethodNotAllowed;
