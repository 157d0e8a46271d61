import { koAdmin } from "~/copy/ko-admin";
import { linkField } from "~/lib/links";
import * as z from "~/lib/zod";
import { CHATBOT_SCRIPTS, isChatbotScript } from "./allowlists";

// 사이트 설정's own form, apart from the banners' schema (schema.ts) and the identity's
// (identity-schema.ts): each screen loads only its own.

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
 * 사이트 설정's own form: the chatbot embed and the Kakao key, where a blank or missing field clears
 * the saved value (the environment's default applies again), and the KakaoTalk channel. The API's call also takes the site's
 * identity (identity-schema.ts, siteSettingsSchema), which has a screen of its own.
 */
export const overridesSchema = z.object({
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

/** 사이트 설정's own settings: the overrides of an environment default (a missing one clears its value) and the channel. */
export type OverridesInput = z.output<typeof overridesSchema>;
