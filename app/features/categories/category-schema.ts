import { koAdmin } from "~/copy/ko-admin";
import { imageFields, requiredName, submissionId, yesNo } from "~/lib/form-values";
import { multiLineText, recordId } from "~/lib/input-rules";
import type * as z from "~/lib/zod";

// docs/product.md §3: a reel category's form and a guide category's (page and multipart API) ask the
// same fields with the same rules and words; a reel category adds its hashtag rule. In a module of
// its own, so the guide category screen loads neither the reel forms' schemas nor their words.

export const CATEGORY_NAME_MAX = 40;
export const CATEGORY_DESCRIPTION_MAX = 1000;

/** Spread into each form's own `z.object`, in this order (the API description lists them so). */
export const categoryFields = {
  index: recordId.optional(),
  categoryNm: requiredName(CATEGORY_NAME_MAX, {
    required: koAdmin.reelsForm.categoryNameRequired,
    tooLong: koAdmin.reelsForm.categoryNameTooLong,
  }),
  description: multiLineText().max(CATEGORY_DESCRIPTION_MAX, koAdmin.reelsForm.descriptionTooLong).optional(),
  ...imageFields,
  submissionId,
  isView: yesNo.default(true),
};

/** What both forms give a category's write. */
export type CategoryFieldsInput = z.output<z.ZodObject<typeof categoryFields>>;
