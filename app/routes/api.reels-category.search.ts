import type { LoaderFunctionArgs } from "@remix-run/node";
import { listCategories } from "~/features/reels/categories.server";
import { keywordSchema } from "~/features/reels/schema";
import { apiHandler, apiMethodNotAllowed, apiOk } from "~/lib/http.server";
import { getAdmin } from "~/lib/session.server";

export function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const keyword = keywordSchema.parse(new URL(request.url).searchParams.get("keyword") ?? undefined);
    return apiOk({ reelsCategorys: listCategories(await getAdmin(request), keyword) });
  });
}

export const action = apiMethodNotAllowed;
