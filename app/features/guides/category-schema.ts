import { categoryFields } from "~/features/categories/category-schema";
import * as z from "~/lib/zod";

/** docs/product.md §3 guide category form (page and multipart API): a reel category's fields, without its hashtag rule. */
export const guideCategorySchema = z.object(categoryFields);
export type GuideCategoryInput = z.output<typeof guideCategorySchema>;
