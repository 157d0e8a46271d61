import type { LoaderFunctionArgs } from "@remix-run/node";
import { listInstaMedia } from "~/features/reels/reel-writes.server";
import { instaFilterSchema } from "~/features/reels/schema";
import { apiFailure, apiMethodNotAllowed, apiOk, parseFormData, requireAdminApi } from "~/lib/api.server";
import { routeFacts } from "~/lib/route-facts";

export const handle = routeFacts({ access: "admin" });

export async function loader({ request }: LoaderFunctionArgs) {
  try {
    const admin = await requireAdminApi(request);
    const filter = parseFormData(new URL(request.url).searchParams, instaFilterSchema);
    const { media, filedCount } = await listInstaMedia(admin, filter);
    return apiOk({ instaMediaList: media, filedCount });
  } catch (error) {
    return apiFailure(error);
  }
}

export const action = apiMethodNotAllowed;
