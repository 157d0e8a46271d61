import { controlsAsSpaces } from "~/lib/input-rules";
import * as z from "~/lib/zod";
import { KEYWORD_MAX } from "./schema";

// Server-only, so the list pages that search by it send no validation library to visitors.
const keywordSchema = z
  .string()
  .overwrite(controlsAsSpaces)
  .trim()
  .max(KEYWORD_MAX)
  .optional()
  .catch(undefined)
  .meta({ type: "string", description: `At most ${KEYWORD_MAX} characters; a longer one means no search.` });

/** The query of GET /api/reels-category/search. */
export const keywordQuerySchema = z.object({ keyword: keywordSchema });

/** The list search word of `?keyword=`; a missing or unusable one means no search. */
export function searchKeyword(request: Request): string | undefined {
  return keywordSchema.parse(new URL(request.url).searchParams.get("keyword") ?? undefined);
}
