import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { db } from "~/db/client.server";
import { partnerAds, settings } from "~/db/schema";
import { config } from "~/lib/config.server";
import { contentChanged, contentVersion } from "~/lib/content-version.server";
import { assertAdmin, type Admin } from "~/lib/session.server";
import type { SiteSettingsInput } from "./schema";

/** The settings rows 사이트 설정 owns; a missing row means "the environment's default". */
const KEY = {
  chatbotScriptUrl: "site.chatbotScriptUrl",
  chatbotBotId: "site.chatbotBotId",
  kakaoJsKey: "site.kakaoJsKey",
} as const satisfies Record<keyof SiteSettingsInput, string>;

type Overrides = { [field in keyof typeof KEY]: string | null };

export type SiteSettings = {
  chatbot: { scriptUrl: string; botId: string | null } | null;
  kakaoJsKey: string | null;
  /** The origins the shown partner widget banners load from (the CSP's frame-src names only these). */
  adFrameOrigins: string[];
};

function readOverrides(): Overrides {
  const rows = db()
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, Object.values(KEY)))
    .all();
  const values = new Map(rows.map((row) => [row.key, row.value]));
  return {
    chatbotScriptUrl: values.get(KEY.chatbotScriptUrl) ?? null,
    chatbotBotId: values.get(KEY.chatbotBotId) ?? null,
    kakaoJsKey: values.get(KEY.kakaoJsKey) ?? null,
  };
}

function environmentDefaults(): Overrides {
  const { CHATBOT_SCRIPT_URL, CHATBOT_BOT_ID, KAKAO_JS_KEY } = config();
  return { chatbotScriptUrl: CHATBOT_SCRIPT_URL ?? null, chatbotBotId: CHATBOT_BOT_ID ?? null, kakaoJsKey: KAKAO_JS_KEY ?? null };
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
    adFrameOrigins: adFrameOrigins(),
  };
}

// Every settings or banner write calls contentChanged(), so the content version says when the
// effective values may differ: the CSP and the root loader read them per request without a query.
let cached: { version: number; value: SiteSettings } | undefined;

/** The values in force: what the owner saved on 사이트 설정, else the environment's default. */
export function siteSettings(): SiteSettings {
  const version = contentVersion();
  if (cached?.version !== version) cached = { version, value: effectiveSettings() };
  return cached.value;
}

export type SiteSettingsForm = { saved: Overrides; defaults: Overrides };

/** For the settings screen: what is saved, and what applies when a field is left blank. */
export function siteSettingsForm(admin: Admin | null): SiteSettingsForm {
  assertAdmin(admin);
  return { saved: readOverrides(), defaults: environmentDefaults() };
}

/** Saves the chatbot embed and the Kakao key; a blank field removes the override. */
export function saveSiteSettings(admin: Admin | null, input: SiteSettingsInput): SiteSettingsForm {
  assertAdmin(admin);
  const now = new Date().toISOString();
  db().transaction((tx) => {
    for (const field of Object.keys(KEY) as (keyof typeof KEY)[]) {
      const value = input[field];
      if (value === undefined) {
        tx.delete(settings).where(eq(settings.key, KEY[field])).run();
      } else {
        tx.insert(settings)
          .values({ key: KEY[field], value, updatedAt: now })
          .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } })
          .run();
      }
    }
  });
  contentChanged();
  return siteSettingsForm(admin);
}
