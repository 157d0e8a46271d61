import { koServer } from "~/copy/ko-server.server";
import { controlsAsSpaces, recordId } from "~/lib/input-rules";
import * as z from "~/lib/zod";
import type { GuideContent, GuideItem } from "./guides.server";

// The guides' API door (docs/product.md §7): the queries its GET calls parse and the shapes they answer.

const MAX_API_PAGE = 500;
const pageLimit = { error: koServer.reels.pageLimit(MAX_API_PAGE) };

/** GET /api/detail/list. */
export const detailListQuerySchema = z.object({
  detailCategoryId: recordId,
  keyword: z
    .string()
    .overwrite(controlsAsSpaces)
    .trim()
    .max(100, { error: koServer.reels.keywordTooLong(100) })
    .optional(),
  limit: z.coerce.number(pageLimit).int(pageLimit).min(1, pageLimit).max(MAX_API_PAGE, pageLimit).optional(),
  after: z.string().max(80, { error: koServer.reels.badCursor }).optional(),
});

/** GET /api/detail/contents. */
export const detailContentsQuerySchema = z.object({ detailId: recordId });

/** A guide as the API lists it. */
export function guideForApi(guide: GuideItem) {
  return guide;
}

/** One guide as the API answers it: the list fields, the text, its rendering and its table of contents. */
export function guideContentForApi({ publishedIso: _published, updatedIso: _updated, ...guide }: GuideContent) {
  return guide;
}
