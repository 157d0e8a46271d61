import type { LoaderFunctionArgs } from "@remix-run/node";
import { listInstaMedia } from "~/features/reels/reels.server";
import { instaFilterSchema } from "~/features/reels/schema";
import { apiHandler, apiMethodNotAllowed, apiOk, parseFormData } from "~/lib/http.server";
import { assertAdmin, getAdmin } from "~/lib/session.server";

export function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const admin = await getAdmin(request);
    assertAdmin(admin);
    const filter = parseFormData(new URL(request.url).searchParams, instaFilterSchema);
    return apiOk({ instaMediaList: await listInstaMedia(admin, filter) });
  });
}

export const action = apiMethodNotAllowed;
