import { koAdmin } from "~/copy/ko-admin";
import { imageFields, requiredName, submissionId, whenPassed, yesNo } from "~/lib/form-values";
import { multiLineText, recordId } from "~/lib/input-rules";
import { linkField } from "~/lib/links";
import * as z from "~/lib/zod";
import { CHATBOT_SCRIPTS, isBannerLink, isChatbotScript } from "./allowlists";

export const AD_NAME_MAX = 40;
/** Coupang's longest banner code (an iframe widget with its tracking parameters) is well under this. */
export const AD_CODE_MAX = 2000;
export const BOT_ID_MAX = 64;
const URL_MAX = 500;

/** What Kakao issues as an app's JavaScript key. */
export const KAKAO_JS_KEY_PATTERN = "[0-9a-fA-F]{32}";
export const BOT_ID_PATTERN = "[A-Za-z0-9_\\-]{1,64}";

/** An optional text field: blank (or absent) means "no override, use the default". */
function overrideField<Output>(rule: z.ZodType<Output, string>) {
  return z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(rule.optional());
}

/**
 * The chatbot embed and the Kakao key (사이트 설정). A blank field clears the saved value, so the
 * environment's default applies again.
 */
export const siteSettingsSchema = z.object({
  chatbotScriptUrl: overrideField(linkField(URL_MAX, koAdmin.siteSettings.chatbotScriptUrlNotAllowed, isChatbotScript)).meta({
    format: "uri",
    description: `https, one of ${CHATBOT_SCRIPTS.join(", ")}.`,
  }),
  chatbotBotId: overrideField(z.string().regex(new RegExp(`^${BOT_ID_PATTERN}$`), koAdmin.siteSettings.chatbotBotIdInvalid)),
  kakaoJsKey: overrideField(z.string().regex(new RegExp(`^${KAKAO_JS_KEY_PATTERN}$`), koAdmin.siteSettings.kakaoJsKeyInvalid)),
  /**
   * The owner's KakaoTalk channel, which a group buy's 오픈 알림 받기 opens (docs/product.md §4). Unlike
   * the fields above, it has no default and a call that leaves it out keeps it: blank clears it.
   */
  kakaoChannelUrl: z
    .string()
    .trim()
    .transform((value) => value || null)
    .pipe(linkField(URL_MAX, koAdmin.siteSettings.kakaoChannelUrlInvalid, isKakaoChannel).nullable())
    .optional()
    .meta({ format: "uri", description: "https://pf.kakao.com/…; left out: kept; blank: removed." }),
});

/** A KakaoTalk channel's address: https://pf.kakao.com/_xxxx (its home, or a page of it such as /friend or /chat). */
function isKakaoChannel(url: URL) {
  return url.protocol === "https:" && url.hostname === "pf.kakao.com" && /^\/_[A-Za-z0-9]+(?:\/|$)/.test(url.pathname);
}

export type SiteSettingsInput = z.output<typeof siteSettingsSchema>;

/**
 * A partner banner: an uploaded picture with a partner link, or the partner's own banner code
 * (parsed on the server into a link and picture, or a widget frame; the code itself is never kept).
 */
export const partnerAdSchema = z
  .object({
    index: recordId.optional(),
    name: requiredName(AD_NAME_MAX, { required: koAdmin.siteSettings.nameRequired, tooLong: koAdmin.siteSettings.nameTooLong }),
    source: z.enum(["upload", "code"]).default("upload"),
    ...imageFields,
    submissionId,
    link: z
      .string()
      .trim()
      .optional()
      .transform((value) => value || undefined)
      .pipe(linkField(URL_MAX, koAdmin.siteSettings.linkNotAllowed, isBannerLink).optional())
      .meta({ format: "uri", description: "Any https address (`www.example.com` reads as https)." }),
    code: multiLineText()
      .trim()
      .max(AD_CODE_MAX, koAdmin.siteSettings.codeTooLong)
      .optional()
      .transform((value) => value || undefined),
    isView: yesNo.default(true),
  })
  .superRefine(
    (value, ctx) => {
      if (value.source === "upload" && !value.link) {
        ctx.addIssue({ code: "custom", path: ["link"], message: koAdmin.siteSettings.linkRequired });
      }
      if (value.source === "code" && !value.code) {
        ctx.addIssue({ code: "custom", path: ["code"], message: koAdmin.siteSettings.codeRequired });
      }
    },
    whenPassed("source", "link", "code"),
  );

export type PartnerAdInput = z.output<typeof partnerAdSchema>;

/** The list buttons of one banner (up, down, show, hide, delete), for the page and the API. */
export const partnerAdCommandSchema = z.object({
  index: recordId,
  command: z.enum(["up", "down", "show", "hide", "delete"]),
});

export type PartnerAdCommand = z.output<typeof partnerAdCommandSchema>["command"];
