import { ko } from "~/copy/ko";
import { koAdmin } from "~/copy/ko-admin";
import { imageFields, requiredName, submissionId, whenPassed, yesNo } from "~/lib/form-values";
import { multiLineText, oneLineText, recordId } from "~/lib/input-rules";
import { KST_MINUTE_PATTERN, parseKstMinute } from "~/lib/korea-clock";
import { linkField } from "~/lib/links";
import * as z from "~/lib/zod";

export const PRODUCT_NAME_MAX = 60;
const PRODUCT_DESCRIPTION_MAX = 2000;
export const BUTTON_NAME_MAX = 20;

const buttonName = oneLineText().trim().max(BUTTON_NAME_MAX, koAdmin.productForm.buttonNameTooLong).optional();
const buttonLink = linkField(1000, koAdmin.productForm.badLink).meta({ format: "uri" }).optional();

// A group buy's terms (docs/product.md §3, §5).
export const PRICE_MAX = 100_000_000;
export const NOTE_MAX = 60;
export const SELLER_NAME_MAX = 40;
const SELLER_INFO_MAX = 2000;
export const DISCLOSURE_MAX = 60;
const words = koAdmin.productForm;

/** Won, a whole number: "39000" or "39,000" as a phone keypad or a paste gives it; no sign, no decimals. */
const won = z
  .string()
  .trim()
  .regex(/^(?:\d{1,3}(?:,\d{3})+|\d{1,12})$/, words.badPrice)
  .transform((text) => Number(text.replaceAll(",", "")))
  .pipe(z.number().max(PRICE_MAX, words.priceTooHigh))
  .optional();

/** A minute of Korea time ('yyyy-MM-dd HH:mm', or a datetime-local field's 'yyyy-MM-ddTHH:mm'), kept as the UTC instant. */
const kstMinute = z
  .string()
  .trim()
  .regex(new RegExp(KST_MINUTE_PATTERN), words.badTime)
  .transform((text, ctx) => {
    const instant = parseKstMinute(text);
    if (instant) return instant.getTime();
    ctx.addIssue({ code: "custom", message: words.badTime });
    return z.NEVER;
  })
  .optional();

const groupBuyFields = {
  price: won,
  groupBuyPrice: won,
  groupBuyStartAt: kstMinute,
  groupBuyEndAt: kstMinute,
  groupBuyNote: oneLineText().trim().max(NOTE_MAX, words.tooLong(NOTE_MAX)).optional(),
  isSoldOut: yesNo.default(false),
  sellerNm: oneLineText().trim().max(SELLER_NAME_MAX, words.tooLong(SELLER_NAME_MAX)).optional(),
  sellerInfo: multiLineText().trim().max(SELLER_INFO_MAX, words.tooLong(SELLER_INFO_MAX)).optional(),
  inquiryLink: linkField(500, words.notHttps, (url) => url.protocol === "https:")
    .meta({ format: "uri", description: "https: a KakaoTalk channel (https://pf.kakao.com/...) or another address." })
    .optional(),
  adDisclosure: oneLineText().trim().max(DISCLOSURE_MAX, words.tooLong(DISCLOSURE_MAX)).optional(),
};

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
    ...groupBuyFields,
  })
  .superRefine(
    (value, ctx) => {
      if (value.price !== undefined && value.groupBuyPrice !== undefined && value.groupBuyPrice > value.price) {
        ctx.addIssue({ code: "custom", path: ["groupBuyPrice"], message: words.priceAbove });
      }
    },
    whenPassed("price", "groupBuyPrice"),
  )
  .superRefine(
    (value, ctx) => {
      if (value.groupBuyStartAt !== undefined && value.groupBuyEndAt !== undefined && value.groupBuyEndAt <= value.groupBuyStartAt) {
        ctx.addIssue({ code: "custom", path: ["groupBuyEndAt"], message: words.endBeforeStart });
      }
    },
    whenPassed("groupBuyStartAt", "groupBuyEndAt"),
  )
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
