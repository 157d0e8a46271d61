import { oneLineText, recordId } from "./input-rules";
import * as z from "./zod";

// Payloads of the API calls no page form shares (the others parse with their feature's form schema).
// The routes parse with these and the API description (features/api-docs) is generated from them.

/** The `[{index}, ...]` of a list's delete call (docs/product.md §7), under the list's own key. */
const indexList = z.array(z.object({ index: recordId }).loose()).max(500);

export const productDeleteSchema = z.object({ productLists: indexList });
export const categoryDeleteSchema = z.object({ reelsCategorys: indexList });
export const reelDeleteSchema = z.object({ reelsLists: indexList });
export const detailCategoryDeleteSchema = z.object({ detailCategorys: indexList });
export const detailDeleteSchema = z.object({ detailLists: indexList });

/** docs/product.md §7 cookie check: the cookie's name (the session cookie when left out). */
export const cookieCheckSchema = z.object({ name: oneLineText().max(100).optional() });

export const reelContentsQuerySchema = z.object({
  reelsId: recordId,
  /** Sent by the viewer when the video failed to play: asks for a fresh link from Instagram. */
  failed: z.literal("1").optional(),
});
