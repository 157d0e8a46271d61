// The account's videos (reels), the only posts a reel can be made from.
import type { MediaItem } from "./media.server";
import { connectedClient } from "./token.server";
import type { InstaMedia } from "./types";

export type VideoFilter = { from?: Date; to?: Date; ascending?: boolean };

/**
 * The account's videos (image and carousel posts are left out), posted within [from, to], newest
 * first unless ascending. Reads the feed to the end and stops early once the feed, which comes
 * newest first, is older than `from`.
 */
export async function listInstagramVideos(filter: VideoFilter = {}): Promise<InstaMedia[]> {
  const client = await connectedClient();
  const from = filter.from?.getTime();
  const to = filter.to?.getTime();
  const seen = new Set<string>();
  const found: MediaItem[] = [];
  for await (const items of client.mediaPages()) {
    for (const item of items) {
      if (!item.media.isVideo || seen.has(item.media.id)) continue;
      if (from !== undefined && item.at < from) continue;
      if (to !== undefined && item.at > to) continue;
      seen.add(item.media.id);
      found.push(item);
    }
    if (from !== undefined && items.some((item) => item.at < from)) break;
  }
  found.sort((a, b) => (filter.ascending ? a.at - b.at : b.at - a.at));
  return found.map((item) => item.media);
}

/** One media by id (to refresh a reel's expiring video link); null when Instagram has no such media. */
export async function getInstagramMedia(mediaId: string): Promise<InstaMedia | null> {
  // Media ids are numeric; anything else could only be a path trick.
  if (!/^\d{1,40}$/.test(mediaId)) return null;
  const client = await connectedClient();
  return (await client.media(mediaId))?.media ?? null;
}
