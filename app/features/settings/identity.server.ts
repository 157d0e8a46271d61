import fs from "node:fs";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { koServer } from "~/copy/ko-server.server";
import { db, type Db } from "~/db/client.server";
import { settings, settingsWithUploads } from "~/db/schema";
import { AVATAR_DENSITIES, AVATAR_SIZE, avatarName, shareImageName } from "~/lib/upload-names";
import { uploadsDir, uploadUrl } from "~/lib/uploads.server";
import { contactLink, type FooterLink } from "./identity-schema";

// The site's identity as stored: one `settings` row per field (DESIGN §10 "Site identity"). A
// missing row is a field never saved: the name falls back to a neutral one, the rest to nothing.

export const IDENTITY_KEYS = {
  siteName: "site.name",
  siteIntro: "site.intro",
  siteHandle: "site.handle",
  footerLinks: "site.footerLinks",
  copyrightHolder: "site.copyrightHolder",
  privacyContact: "site.privacyContact",
  profileImage: settingsWithUploads[0],
} as const;

/** What is saved, field by field (null: nothing saved); the picture by its upload name. */
export type SavedIdentity = {
  siteName: string | null;
  siteIntro: string | null;
  siteHandle: string | null;
  profileImage: string | null;
  footerLinks: FooterLink[];
  copyrightHolder: string | null;
  privacyContact: string | null;
};

/** A change to the identity: a field left out (undefined) keeps what is saved; null removes it. */
export type IdentityChanges = { [field in keyof SavedIdentity]?: SavedIdentity[field] | undefined };

/** The identity as visitors get it, every fallback applied. */
export type SiteIdentity = {
  name: string;
  /** Her introduction; null when she wrote none (the home page then names the menus shown). */
  intro: string | null;
  handle: string | null;
  /** The profile picture's public address, and its 2:1 share image's and header avatars' when they were made. */
  profileImage: string | null;
  shareImage: string | null;
  avatar: { src: string; srcSet: string } | null;
  footerLinks: FooterLink[];
  copyrightHolder: string;
  privacyContact: { text: string; kind: "email" | "phone"; href: string } | null;
  /** Her Instagram, when her footer links to it: by her handle (else the link's label), where the privacy pages send questions too. */
  instagram: { text: string; href: string } | null;
};

function isInstagram(url: string) {
  try {
    return /^(www\.)?instagram\.com$/.test(new URL(url).hostname);
  } catch {
    return false;
  }
}

function footerLinksOf(stored: string | undefined): FooterLink[] {
  if (!stored) return [];
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed)
      ? parsed.filter((link): link is FooterLink => typeof link?.label === "string" && typeof link?.url === "string")
      : [];
  } catch {
    return [];
  }
}

export function readIdentity(): SavedIdentity {
  const rows = db()
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, Object.values(IDENTITY_KEYS)))
    .all();
  const values = new Map(rows.map((row) => [row.key, row.value]));
  const text = (key: string) => values.get(key) || null;
  return {
    siteName: text(IDENTITY_KEYS.siteName),
    siteIntro: text(IDENTITY_KEYS.siteIntro),
    siteHandle: text(IDENTITY_KEYS.siteHandle),
    profileImage: text(IDENTITY_KEYS.profileImage),
    footerLinks: footerLinksOf(values.get(IDENTITY_KEYS.footerLinks)),
    copyrightHolder: text(IDENTITY_KEYS.copyrightHolder),
    privacyContact: text(IDENTITY_KEYS.privacyContact),
  };
}

type Transaction = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Writes the fields `changes` names, inside the caller's transaction; the others stay as they are. */
export function writeIdentity(tx: Transaction, changes: IdentityChanges, now: string) {
  for (const field of Object.keys(IDENTITY_KEYS) as (keyof SavedIdentity)[]) {
    const value = changes[field];
    if (value === undefined) continue;
    const key = IDENTITY_KEYS[field];
    const stored = Array.isArray(value) ? (value.length ? JSON.stringify(value) : null) : value;
    if (stored === null) {
      tx.delete(settings).where(eq(settings.key, key)).run();
    } else {
      tx.insert(settings)
        .values({ key, value: stored, updatedAt: now })
        .onConflictDoUpdate({ target: settings.key, set: { value: stored, updatedAt: now } })
        .run();
    }
  }
}

/** The public address of a file made from the picture when it was stored, or null when it was not made. */
function madeFrom(name: string | null) {
  return name && fs.existsSync(path.join(uploadsDir(), name)) ? uploadUrl(name) : null;
}

/** The header's avatar: the picture's square sizes by screen density (storeAvatars), when they were made. */
function avatarOf(picture: string) {
  const sides = AVATAR_DENSITIES.map((density) => [density, avatarName(picture, AVATAR_SIZE * density)] as const);
  if (!sides.every(([, name]) => madeFrom(name))) return null;
  return {
    src: uploadUrl(avatarName(picture, AVATAR_SIZE))!,
    srcSet: sides.map(([density, name]) => `${uploadUrl(name)} ${density}x`).join(", "),
  };
}

/** The identity visitors see (read once per content version by siteSettings()). */
export function siteIdentity(saved: SavedIdentity = readIdentity()): SiteIdentity {
  const name = saved.siteName ?? koServer.site.unnamed;
  const picture = saved.profileImage;
  const instagram = saved.footerLinks.find((link) => isInstagram(link.url));
  return {
    name,
    intro: saved.siteIntro,
    handle: saved.siteHandle,
    profileImage: uploadUrl(picture),
    // Files made beside the picture when it was stored: without them, previews use the site's own image and the header its drawn face.
    shareImage: madeFrom(picture && shareImageName(picture)),
    avatar: picture ? avatarOf(picture) : null,
    footerLinks: saved.footerLinks,
    copyrightHolder: saved.copyrightHolder ?? name,
    privacyContact: saved.privacyContact ? { text: saved.privacyContact, ...contactLink(saved.privacyContact) } : null,
    instagram: instagram ? { text: saved.siteHandle ?? instagram.label, href: instagram.url } : null,
  };
}
