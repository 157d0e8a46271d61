import { ko } from "~/copy/ko";
import { imageFields, isHttpUrl, requiredName, submissionId, yesNo } from "~/lib/form-values";
import { recordId } from "~/lib/input-rules";
import * as z from "~/lib/zod";

export const PRODUCT_NAME_MAX = 60;
const PRODUCT_DESCRIPTION_MAX = 2000;
export const BUTTON_NAME_MAX = 20;

const buttonName = z.string().trim().max(BUTTON_NAME_MAX, ko.products.buttonNameTooLong).optional();
const buttonLink = z.string().trim().max(1000).refine(isHttpUrl, ko.products.badLink).optional();

/**
 * SPEC §3 product form, for the page form and the multipart API alike (SPEC §5 rules: a name is
 * required; an enabled button needs both its name and its link).
 */
export const productSchema = z
  .object({
    index: recordId.optional(),
    productsNm: requiredName(PRODUCT_NAME_MAX, { required: ko.products.required, tooLong: ko.products.nameTooLong }),
    description: z.string().max(PRODUCT_DESCRIPTION_MAX, ko.products.descriptionTooLong).optional(),
    ...imageFields,
    submissionId,
    isView: yesNo.default(true),
    isGroupBuy: yesNo.default(true),
    isLeft: yesNo.default(false),
    leftButtonNm: buttonName,
    leftLink: buttonLink,
    isRight: yesNo.default(false),
    rightButtonNm: buttonName,
    rightLink: buttonLink,
  })
  .superRefine((value, ctx) => {
    if (value.isLeft && (!value.leftButtonNm || !value.leftLink)) {
      ctx.addIssue({ code: "custom", path: [value.leftButtonNm ? "leftLink" : "leftButtonNm"], message: ko.products.leftRequired });
    }
    if (value.isRight && (!value.rightButtonNm || !value.rightLink)) {
      ctx.addIssue({ code: "custom", path: [value.rightButtonNm ? "rightLink" : "rightButtonNm"], message: ko.products.rightRequired });
    }
  });

export type ProductInput = z.output<typeof productSchema>;
