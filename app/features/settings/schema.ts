import { koAdmin } from "~/copy/ko-admin";
import { imageFields, requiredName, submissionId, yesNo } from "~/lib/form-values";
import { multiLineText, recordId } from "~/lib/input-rules";
import { linkField } from "~/lib/links";
import * as z from "~/lib/zod";
import { CHATBOT_SCRIPTS, isBannerLink, isChatbotScript } from "./allowlists";
import { identityFields, profilePictureFields, SITE_NAME_MAX } from "./identity-schema";

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
 * 사이트 설정: the chatbot embed and the Kakao key, where a blank or missing field clears the saved
 * value (the environment's default applies again), and the site's identity (identity-schema.ts),
 * where a missing field keeps what is saved.
 */
export const siteSettingsSchema = z.object({
  ...identityFields,
  chatbotScriptUrl: overrideField(linkField(URL_MAX, koAdmin.siteSettings.chatbotScriptUrlNotAllowed, isChatbotScript)).meta({
    format: "uri",
    description: `https, one of ${CHATBOT_SCRIPTS.join(", ")}.`,
  }),
  chatbotBotId: overrideField(z.string().regex(new RegExp(`^${BOT_ID_PATTERN}$`), koAdmin.siteSettings.chatbotBotIdInvalid)),
  kakaoJsKey: overrideField(z.string().regex(new RegExp(`^${KAKAO_JS_KEY_PATTERN}$`), koAdmin.siteSettings.kakaoJsKeyInvalid)),
});

export type SiteSettingsInput = z.output<typeof siteSettingsSchema>;
/** The fields that override an environment default (a missing one clears its value). */
export type OverridesInput = Omit<SiteSettingsInput, keyof typeof identityFields>;

/**
 * The 사이트 설정 page's form: the same fields, with the site's name required (the form always shows
 * it) and the profile picture's file. Every identity field is on the form, so one read as absent
 * (blank) is cleared, not kept (identityOfPageForm).
 */
export const siteSettingsFormSchema = siteSettingsSchema.extend({
  siteName: requiredName(SITE_NAME_MAX, {
    required: koAdmin.siteSettings.siteNameRequired,
    tooLong: koAdmin.siteSettings.siteNameTooLong,
  }),
  ...profilePictureFields,
});

export type SiteSettingsFormInput = z.output<typeof siteSettingsFormSchema>;

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
  .superRefine((value, ctx) => {
    if (value.source === "upload" && !value.link) {
      ctx.addIssue({ code: "custom", path: ["link"], message: koAdmin.siteSettings.linkRequired });
    }
    if (value.source === "code" && !value.code) {
      ctx.addIssue({ code: "custom", path: ["code"], message: koAdmin.siteSettings.codeRequired });
    }
  });

export type PartnerAdInput = z.output<typeof partnerAdSchema>;

/** The list buttons of one banner (up, down, show, hide, delete), for the page and the API. */
export const partnerAdCommandSchema = z.object({
  index: recordId,
  command: z.enum(["up", "down", "show", "hide", "delete"]),
});

export type PartnerAdCommand = z.output<typeof partnerAdCommandSchema>["command"];
