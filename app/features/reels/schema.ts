import { ko } from "~/copy/ko";
import { koAdmin } from "~/copy/ko-admin";
import { koReelImport } from "~/copy/ko-reel-import";
import { categoryFields } from "~/features/categories/category-schema";
import { isValidDateString } from "~/lib/calendar-day";
import { requiredName, yesNo } from "~/lib/form-values";
import { oneLineText, recordId } from "~/lib/input-rules";
import * as z from "~/lib/zod";
import { normaliseHashtags } from "./hashtags";

export const REEL_NAME_MAX = 100;
export const KEYWORD_MAX = 100;
export const HASHTAGS_MAX = 500;

/** docs/product.md §3 reels category form (page and multipart API): the fields a guide category has too, and the hashtag rule. */
export const categorySchema = z.object({
  ...categoryFields,
  /** "#배변훈련 #기저귀": new reels whose caption carries one are filed here; stored normalised. */
  hashtags: oneLineText()
    .max(HASHTAGS_MAX, koReelImport.hashtagsTooLong)
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      const normalised = normaliseHashtags(value);
      if (normalised === null) {
        ctx.addIssue({ code: "custom", message: koReelImport.hashtagsInvalid });
        return z.NEVER;
      }
      return normalised;
    }),
});
export type CategoryInput = z.output<typeof categorySchema>;

/**
 * docs/product.md §3 reel form: what the admin chooses; everything else is re-read from Instagram. Its field
 * names are the wire's (`index` is the reel's id, `reelsCategoryID` its category).
 */
export const reelSchema = z.object({
  index: recordId.optional(),
  reelsNm: requiredName(REEL_NAME_MAX, { required: koAdmin.reelsForm.reelNameRequired, tooLong: koAdmin.reelsForm.reelNameTooLong }),
  reelsCategoryID: recordId.optional(),
  // JSON callers may send the id as a number; Instagram ids are digit strings.
  mediaId: z
    .preprocess(
      (value) => (typeof value === "number" ? String(value) : value),
      z
        .string()
        .trim()
        .regex(/^\d{1,40}$/, koAdmin.reelsForm.chooseItem),
    )
    .optional(),
});
export type ReelInput = z.output<typeof reelSchema>;

const dateFilter = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === undefined || value === "" || value === "null" ? null : value))
  .refine((value) => value === null || isValidDateString(value), koAdmin.reelsForm.invalidDate)
  .meta({ pattern: "^(\\d{4}-\\d{2}-\\d{2}|null)?$", description: "yyyy-MM-dd; empty or `null`: no limit." });

/** docs/product.md §7 /api/reels/insta-media/list query, and the register screen's filter form. */
export const instaFilterSchema = z
  .object({
    checkedFilter: yesNo.default(false),
    regDateFilter: dateFilter,
    endDateFilter: dateFilter,
    checkedAscFilter: yesNo.default(false),
  })
  .superRefine((value, ctx) => {
    if (value.regDateFilter && value.endDateFilter && value.endDateFilter < value.regDateFilter) {
      ctx.addIssue({ code: "custom", path: ["endDateFilter"], message: koAdmin.reelsForm.endBeforeStart });
    }
  });
export type InstaFilter = z.output<typeof instaFilterSchema>;

/** The inbox's forms: file a reel into a category, hide it for good, or import now. */
export const inboxSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("file"),
    index: recordId,
    reelsCategoryID: z.preprocess((value) => (value === "" ? undefined : value), recordId.optional()),
  }),
  z.object({ intent: z.literal("hide"), index: recordId }),
  z.object({ intent: z.literal("sync") }),
]);

/** POST /api/reels/order: every reel of one category, once each, in the new order (pinned ones stay first, in this order). */
export const reelOrderSchema = z.object({
  reelsCategoryID: recordId,
  ids: z.array(recordId, { error: ko.list.orderMissing }).max(5000),
});

/** POST /api/reels/pin, and the 고정 toggle of a reel list's edit mode (`intent=pin`, `id`, `pinned`). */
export const reelPinSchema = z.object({ index: recordId, isPinned: yesNo });
export const reelPinFormSchema = z.object({ intent: z.literal("pin"), id: recordId, pinned: yesNo });
