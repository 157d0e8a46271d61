import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { settings } from "~/db/schema";
import { contentChanged } from "~/lib/content-version.server";
import { saveWithImage } from "~/lib/images.server";
import { assertAdmin, type Admin } from "~/lib/session.server";
import { uploadUrl } from "~/lib/uploads.server";
import type { SiteSettingsInput } from "./api-schema";
import type { FooterLink, IdentityFormInput } from "./identity-schema";
import { readIdentity, writeIdentity } from "./identity.server";
import type { OverridesInput } from "./settings-schema";
import { environmentDefaults, readOverrides, SETTING_KEYS, type Overrides } from "./site-settings.server";

// The owner's side of the settings (the screen and the API), apart from the values every page reads
// (site-settings.server.ts): public pages then carry nothing of it, not even a module stub.

/** The identity as saved (null: never saved, or cleared), the picture by its public address. */
export type IdentityForm = {
  siteName: string | null;
  siteIntro: string | null;
  siteHandle: string | null;
  profileImage: string | null;
  footerLinks: FooterLink[];
  copyrightHolder: string | null;
  privacyContact: string | null;
};

export type SiteSettingsForm = { saved: Overrides; defaults: Overrides; identity: IdentityForm };

/** The profile picture of a save: a new file, or the current one removed; neither keeps it. */
export type ProfilePicture = { file?: Blob; remove?: boolean };

/** For the settings screen and GET /api/site-settings: what is saved, and what applies when a field is left blank. */
export function siteSettingsForm(admin: Admin | null): SiteSettingsForm {
  assertAdmin(admin);
  const { profileImage, ...identity } = readIdentity();
  return { saved: readOverrides(), defaults: environmentDefaults(), identity: { ...identity, profileImage: uploadUrl(profileImage) } };
}

type IdentityInput = Omit<SiteSettingsInput, keyof OverridesInput>;

/**
 * Writes settings in one transaction: the overrides when given (a blank or missing field removes
 * the override), the identity fields the input names (a missing one is kept, null removes it), and
 * the profile picture: stored (re-encoded, with its sizes, its 2:1 share image and the header's
 * avatars) before the write, the one it replaces removed only once the write is done; a refused
 * picture saves nothing. Every page is fresh after it (contentChanged).
 */
async function writeSettings(overrides: OverridesInput | null, identity: IdentityInput, picture: ProfilePicture) {
  await saveWithImage(
    { file: picture.file, current: () => readIdentity().profileImage, drop: picture.remove === true, share: true, avatars: true },
    (image) => {
      const now = new Date().toISOString();
      db().transaction((tx) => {
        for (const field of overrides ? (Object.keys(SETTING_KEYS) as (keyof typeof SETTING_KEYS)[]) : []) {
          const value = overrides?.[field];
          // The channel, left out (an older client's call), stays as it is.
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
        writeIdentity(tx, { ...identity, profileImage: picture.file || picture.remove ? image : undefined }, now);
      });
    },
  );
  contentChanged();
}

/**
 * Saves 사이트 설정 (its page and POST /api/site-settings/update): the chatbot embed and the Kakao key
 * (a blank or missing field removes the override), the KakaoTalk channel (blank removes it, missing
 * keeps it) and the identity fields the input names (a missing one is kept, null removes it).
 */
export async function saveSiteSettings(admin: Admin | null, input: SiteSettingsInput): Promise<SiteSettingsForm> {
  assertAdmin(admin);
  const { chatbotScriptUrl, chatbotBotId, kakaoJsKey, kakaoChannelUrl, ...identity } = input;
  await writeSettings({ chatbotScriptUrl, chatbotBotId, kakaoJsKey, kakaoChannelUrl }, identity, {});
  return siteSettingsForm(admin);
}

/**
 * Saves the 사이트 정보 screen: the identity (every field on the form, so a blank one clears it) and
 * the profile picture (a new file, or the current one removed); the chatbot and the Kakao key stay.
 */
export async function saveSiteIdentity(admin: Admin | null, { imageFile, removeImage, ...value }: IdentityFormInput): Promise<void> {
  assertAdmin(admin);
  await writeSettings(
    null,
    {
      ...value,
      siteIntro: value.siteIntro ?? null,
      siteHandle: value.siteHandle ?? null,
      footerLinks: value.footerLinks ?? [],
      copyrightHolder: value.copyrightHolder ?? null,
      privacyContact: value.privacyContact ?? null,
    },
    { file: imageFile, remove: removeImage === true },
  );
}
