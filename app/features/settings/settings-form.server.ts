import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { settings } from "~/db/schema";
import { contentChanged } from "~/lib/content-version.server";
import { assertAdmin, type Admin } from "~/lib/session.server";
import type { SiteSettingsInput } from "./schema";
import { environmentDefaults, readOverrides, SETTING_KEYS, type Overrides } from "./site-settings.server";

// The owner's side of the settings (the screen and the API), apart from the values every page reads
// (site-settings.server.ts): public pages then carry nothing of it, not even a module stub.

export type SiteSettingsForm = { saved: Overrides; defaults: Overrides };

/** For the settings screen: what is saved, and what applies when a field is left blank. */
export function siteSettingsForm(admin: Admin | null): SiteSettingsForm {
  assertAdmin(admin);
  return { saved: readOverrides(), defaults: environmentDefaults() };
}

/**
 * Saves the chatbot embed, the Kakao key and the KakaoTalk channel: a blank field removes its value
 * (the default applies again); the channel, left out (an older client's call), stays as it is.
 */
export function saveSiteSettings(admin: Admin | null, input: SiteSettingsInput): SiteSettingsForm {
  assertAdmin(admin);
  const now = new Date().toISOString();
  db().transaction((tx) => {
    for (const field of Object.keys(SETTING_KEYS) as (keyof typeof SETTING_KEYS)[]) {
      const value = input[field];
      if (value === undefined && field === "kakaoChannelUrl") continue;
      if (value === undefined || value === null) {
        tx.delete(settings).where(eq(settings.key, SETTING_KEYS[field])).run();
      } else {
        tx.insert(settings)
          .values({ key: SETTING_KEYS[field], value, updatedAt: now })
          .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } })
          .run();
      }
    }
  });
  contentChanged();
  return siteSettingsForm(admin);
}
