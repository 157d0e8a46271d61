import { ko } from "~/copy/ko";
import { isValidDateString } from "~/lib/calendar-day";
import { optionalFile, yesNo } from "~/lib/form-values";
import { hasVisibleText, recordId, stripBidiControls } from "~/lib/input-rules";
import * as z from "~/lib/zod";

export const CATEGORY_NAME_MAX = 40;
export const DESCRIPTION_MAX = 1000;
export const REEL_NAME_MAX = 100;
export const KEYWORD_MAX = 100;

/** SPEC §3 reels category form (page and multipart API). */
export const categorySchema = z.object({
  index: recordId.optional(),
  categoryNm: z
    .string({ error: ko.reels.categoryNameRequired })
    .trim()
    .min(1, ko.reels.categoryNameRequired)
    .max(CATEGORY_NAME_MAX, ko.reels.categoryNameTooLong)
    .refine(hasVisibleText, ko.reels.categoryNameRequired)
    .transform(stripBidiControls),
  description: z.string().max(DESCRIPTION_MAX, ko.reels.descriptionTooLong).optional(),
  imageFile: optionalFile,
  hasImage: yesNo.optional(),
  removeImage: yesNo.optional(),
  isView: yesNo.default(true),
});
export type CategoryInput = z.output<typeof categorySchema>;

/** SPEC §3 reel form: what the admin chooses; everything else is re-read from Instagram. */
export const reelSchema = z.object({
  index: recordId.optional(),
  reelsNm: z
    .string({ error: ko.reels.reelNameRequired })
    .trim()
    .min(1, ko.reels.reelNameRequired)
    .max(REEL_NAME_MAX, ko.reels.reelNameTooLong)
    .refine(hasVisibleText, ko.reels.reelNameRequired)
    .transform(stripBidiControls),
  reelsCategoryID: recordId.optional(),
  // JSON callers may send the id as a number; Instagram ids are digit strings.
  mediaId: z
    .preprocess((value) => (typeof value === "number" ? String(value) : value), z.string().trim().regex(/^\d{1,40}$/, ko.reels.chooseItem))
    .optional(),
});
export type ReelInput = z.output<typeof reelSchema>;

const dateFilter = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === undefined || value === "" || value === "null" ? null : value))
  .refine((value) => value === null || isValidDateString(value), ko.reels.invalidDate);

/** SPEC §7 /api/reels/insta-media/list query, and the register screen's filter form. */
export const instaFilterSchema = z
  .object({
    checkedFilter: yesNo.default(false),
    regDateFilter: dateFilter,
    endDateFilter: dateFilter,
    checkedAscFilter: yesNo.default(false),
  })
  .superRefine((value, ctx) => {
    if (value.regDateFilter && value.endDateFilter && value.endDateFilter < value.regDateFilter) {
      ctx.addIssue({ code: "custom", path: ["endDateFilter"], message: ko.reels.endBeforeStart });
    }
  });
export type InstaFilter = z.output<typeof instaFilterSchema>;

export const instagramTokenSchema = z.object({
  token: z.string({ error: ko.instagram.tokenRequired }).trim().min(1, ko.instagram.tokenRequired).max(2000),
});
