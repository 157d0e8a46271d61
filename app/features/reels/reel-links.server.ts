// Keeping a reel's video link fresh: Instagram's CDN links expire, so the viewer's read refreshes
// the link by media id when it is old or reported failing (docs/architecture.md §5).
import { eq } from "drizzle-orm";
import { ko } from "~/copy/ko";
import { db } from "~/db/client.server";
import { reelCategories, reels, type ReelRow } from "~/db/schema";
import { getInstagramMedia } from "~/features/instagram/media.server";
import type { InstaMedia } from "~/features/instagram/types";
import { contentChanged } from "~/lib/content-version.server";
import { AppError, isAppError } from "~/lib/errors";
import type { Admin } from "~/lib/session.server";
import { formatKst } from "~/lib/time";
import { uploadUrl } from "~/lib/uploads.server";

/** A link older than a day is refreshed by media id. */
const LINK_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** A video that failed to play may ask for a fresh link, at most this often. */
const FORCED_REFRESH_MIN_MS = 5 * 60 * 1000;

/** docs/product.md §3 reel for the viewer (renamed for the API in api.server.ts). `link` is null when Instagram withholds the video. */
export type ReelContent = {
  id: number;
  mediaId: string;
  reelsNm: string;
  image: string | null;
  link: string | null;
  caption: string;
  permalink: string | null;
  instaRegDate: string;
  categoryId: number;
};

/**
 * The reel a visitor opens. A video link older than a day (or reported failing) is refreshed from
 * Instagram by media id first; if Instagram cannot be asked, the stored link is used as it is.
 */
export async function getReelContent(admin: Admin | null, id: number, { linkFailed = false } = {}): Promise<ReelContent> {
  const found = db()
    .select({ reel: reels, categoryVisible: reelCategories.isView })
    .from(reels)
    .innerJoin(reelCategories, eq(reelCategories.id, reels.categoryId))
    .where(eq(reels.id, id))
    .get();
  if (!found || (!found.categoryVisible && !admin)) throw new AppError(404, "NOT_FOUND", ko.reels.notExist);
  let row = found.reel;
  const checkedAt = row.linkCheckedAt ? Date.parse(row.linkCheckedAt) : 0;
  const age = Date.now() - checkedAt;
  if (age > LINK_MAX_AGE_MS || (linkFailed && age > FORCED_REFRESH_MIN_MS)) {
    row = await refreshLink(row);
  }
  return {
    id: row.id,
    mediaId: row.mediaId,
    reelsNm: row.name,
    image: uploadUrl(row.image),
    link: row.link,
    caption: row.caption,
    permalink: row.permalink,
    instaRegDate: formatKst(row.instaRegDate),
    categoryId: row.categoryId,
  };
}

async function refreshLink(row: ReelRow): Promise<ReelRow> {
  let media: InstaMedia | null;
  try {
    media = await getInstagramMedia(row.mediaId);
  } catch (error) {
    if (isAppError(error)) return row; // Instagram unreachable or token trouble: keep what we have
    throw error;
  }
  // A media Instagram no longer knows keeps its last link; one it still knows but withholds
  // (copyrighted audio) has no media_url, and the viewer shows the poster with a link instead.
  const link = media ? media.link : row.link;
  const refreshed = db()
    .update(reels)
    .set({ link, permalink: media?.permalink ?? row.permalink, linkCheckedAt: new Date().toISOString() })
    .where(eq(reels.id, row.id))
    .returning()
    .get();
  contentChanged();
  return refreshed ?? row;
}
