import { apiHandler, apiOk, parseFormData } from "~/lib/api.server";
import { getAdmin } from "~/lib/session.server";
import * as z from "~/lib/zod";
import { listReels } from "./reels.server";
import { KEYWORD_MAX } from "./schema";

const reelsQuerySchema = z.object({
  reelsCategoryId: z.coerce.number().int().positive(),
  keyword: z.string().trim().max(KEYWORD_MAX).optional(),
});

/** GET /api/reels/list and /api/reels/list-search (the latter with a keyword): `{count, reelsLists}`. */
export function reelsListApi(request: Request) {
  return apiHandler(async () => {
    const { reelsCategoryId, keyword } = parseFormData(new URL(request.url).searchParams, reelsQuerySchema);
    return apiOk(listReels(await getAdmin(request), reelsCategoryId, keyword));
  });
}
