// The owner's writes of reels: the Instagram videos to register from, registering one (its poster
// copied into uploads), renaming or moving one, and deleting them.
import { and, asc, eq, inArray } from "drizzle-orm";
import { ko } from "~/copy/ko";
import { koAdmin } from "~/copy/ko-admin";
import { koServer } from "~/copy/ko-server.server";
import { db } from "~/db/client.server";
import { reelCategories, reelInbox, reels } from "~/db/schema";
import { fetchPosterBytes, getInstagramMedia, listInstagramVideos } from "~/features/instagram/media.server";
import type { InstaMedia } from "~/features/instagram/types";
import { contentChanged } from "~/lib/content-version.server";
import { AppError } from "~/lib/errors";
import { storeImage } from "~/lib/images.server";
import { assertAdmin, type Admin } from "~/lib/session.server";
import { kstDayRange } from "~/lib/time";
import { deleteWithImages, removeUploads } from "~/lib/uploads.server";
import { getCategory } from "./categories.server";
import { ignoreMedia } from "./ignored-media.server";
import { toItem, type ReelItem } from "./reel-lists.server";
import { newReelPosition } from "./reel-order.server";
import type { InstaFilter, ReelInput } from "./schema";

/** An Instagram video in the register picker, with the categories it is already filed in (by name). */
export type PickerMedia = InstaMedia & { filedIn: string[] };

/** Each filed media id with the names of the categories holding it. */
function filedCategoryNames() {
  const rows = db()
    .select({ mediaId: reels.mediaId, categoryNm: reelCategories.name })
    .from(reels)
    .innerJoin(reelCategories, eq(reels.categoryId, reelCategories.id))
    .orderBy(asc(reelCategories.id))
    .all();
  const names = new Map<string, string[]>();
  for (const row of rows) {
    const list = names.get(row.mediaId) ?? [];
    if (!list.includes(row.categoryNm)) list.push(row.categoryNm);
    names.set(row.mediaId, list);
  }
  return names;
}

/**
 * Instagram videos to register from, with the docs/product.md §7 filters. `filedCount` counts the videos in
 * the date range that are filed (in any category): exactly those "이미 등록된 릴스 제외" leaves out.
 */
export async function listInstaMedia(admin: Admin | null, filter: InstaFilter): Promise<{ media: PickerMedia[]; filedCount: number }> {
  assertAdmin(admin);
  const { from, to } = kstDayRange(filter.regDateFilter, filter.endDateFilter);
  const videos = await listInstagramVideos({ from, to, ascending: filter.checkedAscFilter });
  const filed = filedCategoryNames();
  const marked = videos.map((item) => ({ ...item, filedIn: filed.get(item.mediaId) ?? [] }));
  const unfiled = marked.filter((item) => item.filedIn.length === 0);
  return { media: filter.checkedFilter ? unfiled : marked, filedCount: marked.length - unfiled.length };
}

/**
 * What a reel keeps of an Instagram video: its id and permalink, the video link and when it was
 * checked, the caption and posting time, and its poster copied into uploads, so the reel keeps its
 * picture after Instagram's link expires, with its 2:1 share image beside it. A share image that
 * cannot be made costs the reel nothing: its page names the poster instead, as for reels copied
 * before share images existed.
 */
export async function copyMedia(media: InstaMedia) {
  let image: string | null = null;
  if (media.image) {
    const bytes = await fetchPosterBytes(media.image);
    const poster = await storeImage(new Blob([new Uint8Array(bytes)]), { field: "mediaId", share: true });
    image = poster.name;
  }
  return {
    mediaId: media.mediaId,
    permalink: media.permalink,
    image,
    link: media.link,
    linkCheckedAt: new Date().toISOString(),
    caption: media.caption,
    instaRegDate: media.timestamp,
  };
}

/** Registers an Instagram video into a category: the media is re-read from Instagram by id. */
export async function registerReel(admin: Admin | null, input: ReelInput): Promise<ReelItem> {
  assertAdmin(admin);
  const { reelsCategoryID: categoryId, mediaId } = input;
  if (!categoryId) throw new AppError(400, "VALIDATION", koServer.reelsForm.categoryNotFound);
  if (!mediaId) throw new AppError(400, "VALIDATION", koAdmin.reelsForm.chooseItem, { mediaId: [koAdmin.reelsForm.chooseItem] });
  getCategory(admin, categoryId);
  const duplicate = db()
    .select({ id: reels.id })
    .from(reels)
    .where(and(eq(reels.categoryId, categoryId), eq(reels.mediaId, mediaId)))
    .get();
  if (duplicate)
    throw new AppError(409, "ALREADY_REGISTERED", koServer.reelsForm.alreadyRegistered, {
      mediaId: [koServer.reelsForm.alreadyRegistered],
    });

  const media = await getInstagramMedia(mediaId);
  if (!media)
    throw new AppError(404, "NOT_FOUND", koServer.instagramErrors.mediaNotFound, { mediaId: [koServer.instagramErrors.mediaNotFound] });
  if (!media.isVideo) throw new AppError(400, "NOT_A_VIDEO", koServer.reelsForm.notAVideo, { mediaId: [koServer.reelsForm.notAVideo] });
  const copied = await copyMedia(media);
  try {
    const row = db()
      .insert(reels)
      .values({ ...copied, categoryId, name: input.reelsNm, position: newReelPosition(categoryId) })
      .returning()
      .get();
    contentChanged();
    await removeFromInbox(media.mediaId);
    return toItem(row);
  } catch (error) {
    await removeUploads([copied.image]);
    if (error instanceof Error && /UNIQUE/.test(error.message)) {
      throw new AppError(409, "ALREADY_REGISTERED", koServer.reelsForm.alreadyRegistered);
    }
    // The category was deleted while Instagram was being asked.
    if (error instanceof Error && /FOREIGN KEY/.test(error.message)) {
      throw new AppError(404, "NOT_FOUND", koServer.reelsForm.categoryNotFound);
    }
    throw error;
  }
}

/** A reel registered by hand leaves the inbox, if the import had put it there. */
async function removeFromInbox(mediaId: string) {
  const removed = db().delete(reelInbox).where(eq(reelInbox.mediaId, mediaId)).returning({ image: reelInbox.image }).all();
  await removeUploads(removed.map((row) => row.image));
}

/**
 * Renames a reel, and moves it when `reelsCategoryID` names another category (DESIGN §10): it joins
 * the top of that category's order (newReelPosition), below its pinned reels, and leaves its pin behind.
 */
export function updateReel(admin: Admin | null, input: ReelInput): ReelItem {
  assertAdmin(admin);
  const { index: id, reelsCategoryID } = input;
  if (!id) throw new AppError(400, "VALIDATION", koServer.reelsForm.reelNotFound);
  const existing = db().select().from(reels).where(eq(reels.id, id)).get();
  if (!existing) throw new AppError(404, "NOT_FOUND", koServer.reelsForm.reelNotFound);
  const categoryId = reelsCategoryID ?? existing.categoryId;
  const moving = categoryId !== existing.categoryId;
  if (moving) getCategory(admin, categoryId);
  try {
    const row = db()
      .update(reels)
      .set({
        name: input.reelsNm,
        categoryId,
        ...(moving ? { isPinned: false, position: newReelPosition(categoryId) } : {}),
        updatedAt: new Date().toISOString(),
      })
      .where(eq(reels.id, existing.id))
      .returning()
      .get();
    if (!row) throw new AppError(404, "NOT_FOUND", koServer.reelsForm.reelNotFound);
    contentChanged();
    return toItem(row);
  } catch (error) {
    if (error instanceof Error && /UNIQUE/.test(error.message)) {
      throw new AppError(409, "ALREADY_REGISTERED", koServer.reelsForm.alreadyRegistered);
    }
    throw error;
  }
}

export function describeReelDeletion(admin: Admin | null, ids: number[]): string[] {
  assertAdmin(admin);
  if (ids.length === 0) throw new AppError(400, "NOTHING_SELECTED", ko.list.nothingToDelete);
  return db()
    .select({ name: reels.name })
    .from(reels)
    .where(inArray(reels.id, ids))
    .orderBy(asc(reels.id))
    .all()
    .map((row) => row.name);
}

export async function deleteReels(admin: Admin | null, ids: number[]) {
  assertAdmin(admin);
  return deleteWithImages(ids, koServer.reelsForm.reelNotFound, (unique) => {
    const deleted = db().transaction((tx) => {
      const rows = tx.delete(reels).where(inArray(reels.id, unique)).returning({ image: reels.image, mediaId: reels.mediaId }).all();
      ignoreMedia(tx, rows, "deleted");
      return rows;
    });
    return { deleted: deleted.length, images: deleted.map((row) => row.image), result: deleted.length };
  });
}
