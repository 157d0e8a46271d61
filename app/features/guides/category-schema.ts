import { koAdmin } from "~/copy/ko-admin";
import { imageFields, requiredName, submissionId, yesNo } from "~/lib/form-values";
import { multiLineText, recordId } from "~/lib/input-rules";
import * as z from "~/lib/zod";

// docs/product.md §3 guide category form (page and multipart API): the reel category's fields and
// words, in a module of its own so its screen loads neither the guide form's schema nor its words.

export const GUIDE_CATEGORY_NAME_MAX = 40;
export const GUIDE_CATEGORY_DESCRIPTION_MAX = 1000;

export const guideCategorySchema = z.object({
  index: recordId.optional(),
  categoryNm: requiredName(GUIDE_CATEGORY_NAME_MAX, {
    required: koAdmin.reelsForm.categoryNameRequired,
    tooLong: koAdmin.reelsForm.categoryNameTooLong,
  }),
  description: multiLineText().max(GUIDE_CATEGORY_DESCRIPTION_MAX, koAdmin.reelsForm.descriptionTooLong).optional(),
  ...imageFields,
  submissionId,
  isView: yesNo.default(true),
});
export type GuideCategoryInput = z.output<typeof guideCategorySchema>;
