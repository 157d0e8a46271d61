import type { LoaderFunctionArgs } from "@remix-run/node";
import { listInstaMedia } from "~/features/reels/reels.server";
import { instaFilterSchema } from "~/features/reels/schema";
import { adminApiHandler, apiMethodNotAllowed, apiOk, parseFormData } from "~/lib/api.server";
import { routeFacts } from "~/lib/route-facts";

export const handle = routeFacts({ access: "admin" });

export function loader({ request }: LoaderFunctionArgs) {
  return adminApiHandler(request, "GET", async (admin) => {
    const filter = parseFormData(new URL(request.url).searchParams, instaFilterSchema);
    return apiOk({ instaMediaList: await listInstaMedia(admin, filter) });
  });
}

export const action = apiMethodNotAllowed;
