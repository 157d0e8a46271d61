import { koServer } from "~/copy/ko-server.server";
import { responses } from "~/features/api-docs/responses";
import type { ApiCallDeclaration } from "~/lib/api-call.server";
import { controlsAsSpaces, recordId } from "~/lib/input-rules";
import * as z from "~/lib/zod";
import { type ReelContent } from "./reel-links.server";
import { listReels, parseReelCursor, type ReelItem } from "./reel-lists.server";
import { KEYWORD_MAX } from "./schema";

const MAX_API_PAGE = 500;
const pageLimit = { error: koServer.reels.pageLimit(MAX_API_PAGE) };

export const reelsQuerySchema = z.object({
  reelsCategoryId: recordId,
  keyword: z
    .string()
    .overwrite(controlsAsSpaces)
    .trim()
    .max(KEYWORD_MAX, { error: koServer.reels.keywordTooLong(KEYWORD_MAX) })
    .optional(),
  // Optional paging: without `limit` the whole list answers, as docs/product.md §7 has it.
  limit: z.coerce.number(pageLimit).int(pageLimit).min(1, pageLimit).max(MAX_API_PAGE, pageLimit).optional(),
  after: z.string().max(80, { error: koServer.reels.badCursor }).optional(),
});

/** docs/product.md §3 reel list item as the API answers it: the id also as `index`, the category as `reelsCategoryID`. */
export function reelForApi({ categoryId, ...reel }: ReelItem) {
  return { index: reel.id, ...reel, reelsCategoryID: categoryId };
}

/** docs/product.md §3 reel for the viewer as the API answers it. */
export function reelContentForApi({ categoryId, ...reel }: ReelContent) {
  return { ...reel, reelsCategoryID: categoryId };
}

/**
 * GET /api/reels/list and /api/reels/list-search (the latter with a keyword), but for its summary:
 * `{count, reelsLists}`; with `limit`, one page and `next`, the `after` of the following page (null on the last).
 */
export const reelsListCall = {
  method: "GET",
  access: "anyone, more for the admin",
  request: { query: reelsQuerySchema },
  response: responses.reelsPage,
  refusals: [404],
  answer({ admin, input: { reelsCategoryId, keyword, limit, after } }) {
    const { count, reels, next } = listReels(admin, reelsCategoryId, { keyword, limit, after: parseReelCursor(after) });
    return { count, reelsLists: reels.map(reelForApi), ...(limit ? { next } : {}) };
  },
} satisfies Omit<ApiCallDeclaration<"anyone, more for the admin", typeof reelsQuerySchema, typeof responses.reelsPage>, "summary">;
