import { koGuidesAdmin } from "~/copy/ko-guides-admin";
import { imageFields, optionalFile, requiredName, submissionId, yesNo } from "~/lib/form-values";
import { multiLineText, recordId } from "~/lib/input-rules";
import { kstMinuteToDate } from "~/lib/minute-time";
import * as z from "~/lib/zod";

// docs/product.md §3 guides: the guide category form and the guide form (page and multipart API).

export const GUIDE_TITLE_MAX = 80;
export const GUIDE_SUMMARY_MAX = 200;
export const GUIDE_BODY_MAX = 100_000;
/** Pictures a form without JavaScript takes beside the text (`사진1`…), besides the cover. */
export const BODY_PICTURE_FIELDS = ["bodyImageFile1", "bodyImageFile2", "bodyImageFile3"] as const;
/** Files one guide form carries at most: the cover and the pictures beside the text. */
export const GUIDE_FORM_FILES = 1 + BODY_PICTURE_FIELDS.length;

/**
 * `publishAt`: a Korea-time minute (`yyyy-MM-dd HH:mm` or `yyyy-MM-ddTHH:mm`); empty means at once.
 * Read as the UTC instant it names (ISO-8601), or undefined for empty.
 */
export const publishAt = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === "") return undefined;
    const date = kstMinuteToDate(value);
    if (!date) {
      ctx.addIssue({ code: "custom", message: koGuidesAdmin.publishAtInvalid });
      return z.NEVER;
    }
    return date.toISOString();
  });

export const guideSchema = z.object({
  index: recordId.optional(),
  detailNm: requiredName(GUIDE_TITLE_MAX, { required: koGuidesAdmin.titleRequired, tooLong: koGuidesAdmin.titleTooLong }),
  detailCategoryId: recordId.optional().refine((value) => value !== undefined, koGuidesAdmin.categoryRequired),
  summary: multiLineText().max(GUIDE_SUMMARY_MAX, koGuidesAdmin.summaryTooLong).optional(),
  body: multiLineText().max(GUIDE_BODY_MAX, koGuidesAdmin.bodyTooLong).optional(),
  ...imageFields,
  bodyImageFile1: optionalFile,
  bodyImageFile2: optionalFile,
  bodyImageFile3: optionalFile,
  isView: yesNo.default(true),
  publishAt,
  submissionId,
});
export type GuideInput = z.output<typeof guideSchema>;

/** The page form: 저장 (`intent=save`, the default) or 미리보기 (`intent=preview`: rendered, not saved). */
export const guideFormSchema = guideSchema.extend({ intent: z.enum(["save", "preview"]).default("save") });
