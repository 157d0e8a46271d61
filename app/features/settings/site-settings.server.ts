import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { db } from "~/db/client.server";
import { partnerAds, settings } from "~/db/schema";
import { config } from "~/lib/config.server";
import { contentVersion } from "~/lib/content-version.server";
import { siteIdentity, type SiteIdentity } from "./identity.server";
import type { OverridesInput } from "./settings-schema";

/** The settings rows 사이트 설정 owns; a missing row means "the environment's default". */
export const SETTING_KEYS = {
  chatbotScriptUrl: "site.chatbotScriptUrl",
  chatbotBotId: "site.chatbotBotId",
  kakaoJsKey: "site.kakaoJsKey",
  kakaoChannelUrl: "site.kakaoChannelUrl",
} as const satisfies Record<keyof OverridesInput, string>;

export type Overrides = { [field in keyof typeof SETTING_KEYS]: string | null };

export type SiteSettings = {
  chatbot: { scriptUrl: string; botId: string | null } | null;
  kakaoJsKey: string | null;
  /** The owner's KakaoTalk channel (https://pf.kakao.com/…), which 오픈 알림 받기 opens; null: none, and no such button. */
  kakaoChannelUrl: string | null;
  /** The origins the shown partner widget banners load from (the CSP's frame-src names only these). */
  adFrameOrigins: string[];
  /** Whose site it is (사이트 정보): name, introduction, picture, footer links, privacy contact. */
  identity: SiteIdentity;
};

export function readOverrides(): Overrides {
  const rows = db()
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, Object.values(SETTING_KEYS)))
    .all();
  const values = new Map(rows.map((row) => [row.key, row.value]));
  return {
    chatbotScriptUrl: values.get(SETTING_KEYS.chatbotScriptUrl) ?? null,
    chatbotBotId: values.get(SETTING_KEYS.chatbotBotId) ?? null,
    kakaoJsKey: values.get(SETTING_KEYS.kakaoJsKey) ?? null,
    kakaoChannelUrl: values.get(SETTING_KEYS.kakaoChannelUrl) ?? null,
  };
}

export function environmentDefaults(): Overrides {
  const { CHATBOT_SCRIPT_URL, CHATBOT_BOT_ID, KAKAO_JS_KEY } = config();
  return {
    chatbotScriptUrl: CHATBOT_SCRIPT_URL ?? null,
    chatbotBotId: CHATBOT_BOT_ID ?? null,
    kakaoJsKey: KAKAO_JS_KEY ?? null,
    kakaoChannelUrl: null,
  };
}

function adFrameOrigins() {
  const rows = db()
    .selectDistinct({ frameUrl: partnerAds.frameUrl })
    .from(partnerAds)
    .where(and(eq(partnerAds.isView, true), isNotNull(partnerAds.frameUrl)))
    .all();
  return [...new Set(rows.map((row) => new URL(row.frameUrl!).origin))].sort();
}

function effectiveSettings(): SiteSettings {
  const stored = readOverrides();
  const defaults = environmentDefaults();
  const scriptUrl = stored.chatbotScriptUrl ?? defaults.chatbotScriptUrl;
  return {
    chatbot: scriptUrl ? { scriptUrl, botId: stored.chatbotBotId ?? defaults.chatbotBotId } : null,
    kakaoJsKey: stored.kakaoJsKey ?? defaults.kakaoJsKey,
    kakaoChannelUrl: stored.kakaoChannelUrl,
    adFrameOrigins: adFrameOrigins(),
    identity: siteIdentity(),
  };
}

// Every settings or banner write calls contentChanged(), so the content version says when the
// effective values may differ: the CSP and the root loader read them per request without a query
// (and stored pages, answered before Remix, read nothing at all).
let cached: { version: number; value: SiteSettings } | undefined;

/** The values in force: what the owner saved on 사이트 설정, else the environment's default. */
export function siteSettings(): SiteSettings {
  const version = contentVersion();
  if (cached?.version !== version) cached = { version, value: effectiveSettings() };
  return cached.value;
}

/**
 * Whose site it is, as visitors see it (사이트 설정 > 사이트 정보, every fallback applied): the one
 * server function that pages, previews, the sitemap, JSON-LD, the privacy pages and the feed read.
 * Read once per content version, like the other settings; a save makes the next read fresh.
 */
export function currentSiteIdentity(): SiteIdentity {
  return siteSettings().identity;
}
