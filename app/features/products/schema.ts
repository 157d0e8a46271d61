import { ko } from "~/copy/ko";
import { koAdmin } from "~/copy/ko-admin";
import { imageFields, requiredName, submissionId, whenPassed, yesNo } from "~/lib/form-values";
import { multiLineText, oneLineText, recordId } from "~/lib/input-rules";
import { linkField } from "~/lib/links";
import * as z from "~/lib/zod";

export const PRODUCT_NAME_MAX = 60;
const PRODUCT_DESCRIPTION_MAX = 2000;
export const BUTTON_NAME_MAX = 20;

const buttonName = oneLineText().trim().max(BUTTON_NAME_MAX, koAdmin.productForm.buttonNameTooLong).optional();
const buttonLink = linkField(1000, koAdmin.productForm.badLink).meta({ format: "uri" }).optional();

/**
 * docs/product.md §3 product form, for the page form and the multipart API alike (docs/product.md §5 rules: a name is
 * required; an enabled button needs both its name and its link).
 */
export const productSchema = z
  .object({
    index: recordId.optional(),
    productsNm: requiredName(PRODUCT_NAME_MAX, { required: ko.products.required, tooLong: koAdmin.productForm.nameTooLong }),
    description: multiLineText().max(PRODUCT_DESCRIPTION_MAX, koAdmin.productForm.descriptionTooLong).optional(),
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
  .superRefine(...buttonRule("left"))
  .superRefine(...buttonRule("right"));

/** An enabled button needs both its name and its link; checked whenever that button's fields passed, whatever the others did. */
function buttonRule(side: "left" | "right") {
  const [on, name, link] =
    side === "left" ? (["isLeft", "leftButtonNm", "leftLink"] as const) : (["isRight", "rightButtonNm", "rightLink"] as const);
  const message = side === "left" ? koAdmin.productForm.leftRequired : koAdmin.productForm.rightRequired;
  return [
    (value: { isLeft: boolean; isRight: boolean; [key: string]: unknown }, ctx: z.RefinementCtx) => {
      if (value[on] && (!value[name] || !value[link])) ctx.addIssue({ code: "custom", path: [value[name] ? link : name], message });
    },
    whenPassed(on, name, link),
  ] as const;
}

export type ProductInput = z.output<typeof productSchema>;
