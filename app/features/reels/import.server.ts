// The automatic import: every new Instagram video becomes a reel once, filed by the categories'
// hashtag rules or left in the admin's inbox; what she deleted or hid never comes back.
import { desc, eq, sql } from "drizzle-orm";
import { koReelImport } from "~/copy/ko-reel-import";
import { koServer } from "~/copy/ko-server.server";
import { db } from "~/db/client.server";
import { ignoredMedia, reelCategories, reelInbox, reels, settings, type ReelInboxRow } from "~/db/schema";
import { connectedClient, instagramStatus } from "~/features/instagram/token.server";
import type { InstaMedia } from "~/features/instagram/types";
import { contentChanged } from "~/lib/content-version.server";
import { AppError, isAppError } from "~/lib/errors";
import { logWarning } from "~/lib/log.server";
import { assertAdmin, type Admin } from "~/lib/session.server";
import { formatKst } from "~/lib/time";
import { removeUploads, uploadUrl } from "~/lib/uploads.server";
import { categoriesInOwnerOrder, getCategory } from "./categories.server";
import { hashtagsOf } from "./hashtags";
import { ignoreMedia } from "./ignored-media.server";
import { newReelPosition } from "./reel-order.server";
import { copyMedia } from "./reel-writes.server";
import { REEL_NAME_MAX } from "./schema";

/**
 * One run reads at most this much of the feed (newest first): enough for any gap between runs, and
 * all of an account with 1,000 reels on its first run (20 pages of 50; with 10, the older 500 were
 * never reached, since every run starts from the newest).
 */
export const MAX_IMPORT_PAGES = 20;
export const MAX_IMPORT_ITEMS = 1000;

export type ImportCounts = { imported: number; filed: number; unfiled: number };

const SYNC_ERROR_KEY = "instagram.syncError";
const SYNCED_AT_KEY = "instagram.syncedAt";

/** A media the site already has, or must never bring back. */
function isKnownMedia(mediaId: string): boolean {
  return (
    db().get<{ known: number }>(sql`SELECT
      EXISTS (SELECT 1 FROM ${reels} WHERE ${reels.mediaId} = ${mediaId})
      OR EXISTS (SELECT 1 FROM ${reelInbox} WHERE ${reelInbox.mediaId} = ${mediaId})
      OR EXISTS (SELECT 1 FROM ${ignoredMedia} WHERE ${ignoredMedia.mediaId} = ${mediaId}) AS known`).known === 1
  );
}

type Rule = { categoryId: number; tags: Set<string> };

function hashtagRules(): Rule[] {
  return categoriesInOwnerOrder()
    .map((category) => ({ categoryId: category.id, tags: hashtagsOf(category.hashtags) }))
    .filter((rule) => rule.tags.size > 0);
}

/** The first category (in the owner's order) one of whose hashtags the caption carries. */
function categoryFor(caption: string, rules: Rule[]): number | null {
  const tags = hashtagsOf(caption);
  return rules.find((rule) => [...rule.tags].some((tag) => tags.has(tag)))?.categoryId ?? null;
}

/** A title from the caption's first line without its hashtags; the posting date when nothing is left. */
export function titleFromCaption(caption: string, instaRegDate: string): string {
  const firstLine =
    caption
      .split("\n")
      .map((line) =>
        line
          .replace(/#[\p{L}\p{M}\p{N}_]+/gu, "")
          .replace(/\s+/g, " ")
          .trim(),
      )
      .find(Boolean) ?? "";
  return Array.from(firstLine).slice(0, REEL_NAME_MAX).join("") || koReelImport.untitled(formatKst(instaRegDate).slice(0, 10));
}

/**
 * Stores one new media: filed into its category or into the inbox. Checked again inside the write,
 * and the unique indexes refuse a second row, so nothing is ever stored twice.
 */
async function importOne(media: InstaMedia, rules: Rule[]): Promise<"filed" | "unfiled" | null> {
  const values = await copyMedia(media);
  const wanted = categoryFor(media.caption, rules);
  let outcome: "filed" | "unfiled" | null = null;
  try {
    outcome = db().transaction((tx) => {
      if (isKnownMedia(media.mediaId)) return null;
      // The category may have been deleted since the rules were read: then the inbox.
      const categoryId = wanted && tx.select({ id: reelCategories.id }).from(reelCategories).where(eq(reelCategories.id, wanted)).get()?.id;
      if (categoryId) {
        const name = titleFromCaption(media.caption, media.timestamp);
        const position = newReelPosition(categoryId, tx);
        const written = tx
          .insert(reels)
          .values({ ...values, categoryId, name, position })
          .onConflictDoNothing()
          .run();
        return written.changes > 0 ? "filed" : null;
      }
      const written = tx.insert(reelInbox).values(values).onConflictDoNothing().run();
      return written.changes > 0 ? "unfiled" : null;
    });
  } finally {
    if (!outcome) await removeUploads([values.image]);
  }
  return outcome;
}

function writeSetting(key: string, value: string | null) {
  if (value === null) {
    db().delete(settings).where(eq(settings.key, key)).run();
    return;
  }
  const updatedAt = new Date().toISOString();
  db().insert(settings).values({ key, value, updatedAt }).onConflictDoUpdate({ target: settings.key, set: { value, updatedAt } }).run();
}

function readSetting(key: string): string | null {
  return db().select({ value: settings.value }).from(settings).where(eq(settings.key, key)).get()?.value ?? null;
}

async function runImport(): Promise<ImportCounts> {
  const counts: ImportCounts = { imported: 0, filed: 0, unfiled: 0 };
  try {
    const client = await connectedClient();
    const rules = hashtagRules();
    let pages = 0;
    let items = 0;
    feed: for await (const page of client.mediaPages()) {
      for (const { media } of page) {
        if (++items > MAX_IMPORT_ITEMS) break feed;
        if (!media.isVideo || isKnownMedia(media.mediaId)) continue;
        let outcome;
        try {
          outcome = await importOne(media, rules);
        } catch (error) {
          // One poster that cannot be copied now waits for the next run; the rest go on.
          if (!isAppError(error) || error.code !== "INSTAGRAM_UNAVAILABLE") throw error;
          continue;
        }
        if (!outcome) continue;
        counts.imported++;
        counts[outcome]++;
      }
      if (++pages >= MAX_IMPORT_PAGES) break;
    }
    writeSetting(SYNC_ERROR_KEY, null);
  } catch (error) {
    // An expired token (or Instagram away) is shown on the admin screens; the next run tries again.
    writeSetting(SYNC_ERROR_KEY, isAppError(error) ? error.message : koServer.instagramErrors.unavailable);
    throw error;
  } finally {
    writeSetting(SYNCED_AT_KEY, new Date().toISOString());
    if (counts.imported > 0) contentChanged();
  }
  return counts;
}

/** Runs never overlap: a run asked for while one is under way starts after it. */
let lastRun: Promise<unknown> = Promise.resolve();

/** Imports every new video of the connected account (the scheduler's and the doors' one way in). */
export function importNewReels(): Promise<ImportCounts> {
  const run = lastRun.then(runImport, runImport);
  lastRun = run.catch(() => undefined);
  return run;
}

/** "지금 가져오기" and POST /api/reels/sync. */
export function syncReels(admin: Admin | null): Promise<ImportCounts> {
  assertAdmin(admin);
  return importNewReels();
}

/** A scheduled run: nothing without a token; a failure is recorded for the admin, never thrown. */
export async function scheduledImport(): Promise<ImportCounts | null> {
  if (!instagramStatus().configured) return null;
  try {
    return await importNewReels();
  } catch (error) {
    logWarning("scheduled reel import failed", isAppError(error) ? { code: error.code } : { err: error });
    return null;
  }
}

export type InboxReel = {
  index: number;
  /** Set for a reel whose category was deleted: the name she gave it, kept when it is filed again. */
  fromCategory: boolean;
  mediaId: string;
  image: string | null;
  caption: string;
  title: string;
  instaRegDate: string;
  permalink: string | null;
};

function toInboxReel(row: ReelInboxRow): InboxReel {
  return {
    index: row.id,
    mediaId: row.mediaId,
    image: uploadUrl(row.image),
    caption: row.caption,
    fromCategory: row.name !== null,
    title: row.name ?? titleFromCaption(row.caption, row.instaRegDate),
    instaRegDate: formatKst(row.instaRegDate),
    permalink: row.permalink,
  };
}

/** The inbox screen: the unfiled reels (newest on Instagram first), the categories, the last run. */
export function reelInboxPage(admin: Admin | null) {
  assertAdmin(admin);
  const syncedAt = readSetting(SYNCED_AT_KEY);
  return {
    reels: db().select().from(reelInbox).orderBy(desc(reelInbox.instaRegDate), desc(reelInbox.id)).all().map(toInboxReel),
    categories: categoriesInOwnerOrder().map((category) => ({ index: category.id, categoryNm: category.name })),
    syncError: readSetting(SYNC_ERROR_KEY),
    syncedAt: syncedAt ? formatKst(syncedAt) : null,
  };
}

function inboxRow(id: number): ReelInboxRow {
  const row = db().select().from(reelInbox).where(eq(reelInbox.id, id)).get();
  if (!row) throw new AppError(404, "NOT_FOUND", koReelImport.inboxItemNotFound);
  return row;
}

/** Files an inbox reel into a category: it becomes a reel like any other (its poster and any name she gave it go with it), on top. */
export function fileInboxReel(admin: Admin | null, { index, reelsCategoryID }: { index: number; reelsCategoryID?: number }) {
  assertAdmin(admin);
  if (!reelsCategoryID) {
    throw new AppError(400, "VALIDATION", koReelImport.chooseCategory, { reelsCategoryID: [koReelImport.chooseCategory] });
  }
  const category = getCategory(admin, reelsCategoryID);
  const { id, createdAt: _createdAt, name, ...values } = inboxRow(index);
  try {
    db().transaction((tx) => {
      tx.insert(reels)
        .values({
          ...values,
          categoryId: reelsCategoryID,
          name: name ?? titleFromCaption(values.caption, values.instaRegDate),
          position: newReelPosition(reelsCategoryID, tx),
        })
        .run();
      tx.delete(reelInbox).where(eq(reelInbox.id, id)).run();
    });
  } catch (error) {
    if (error instanceof Error && /UNIQUE/.test(error.message))
      throw new AppError(409, "ALREADY_REGISTERED", koServer.reelsForm.alreadyRegistered);
    if (error instanceof Error && /FOREIGN KEY/.test(error.message))
      throw new AppError(404, "NOT_FOUND", koServer.reelsForm.categoryNotFound);
    throw error;
  }
  contentChanged();
  return category;
}

/** Hides an inbox reel for good: it leaves the inbox and is never imported again. */
export async function hideInboxReel(admin: Admin | null, index: number) {
  assertAdmin(admin);
  const row = inboxRow(index);
  db().transaction((tx) => {
    tx.delete(reelInbox).where(eq(reelInbox.id, row.id)).run();
    ignoreMedia(tx, [row], "hidden");
  });
  await removeUploads([row.image]);
}
