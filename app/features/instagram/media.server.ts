// The Graph API's media JSON (from Instagram or the sample feed) mapped to what the site shows,
// with every link checked before it may go into a page and the caption made safe to keep.
import { importedText } from "~/lib/input-rules";
import { formatKst, parseGraphTimestamp } from "~/lib/time";
import * as z from "~/lib/zod";
import { graphBase } from "./graph-http.server";
import type { InstaMedia } from "./types";

export const MEDIA_FIELDS = "id,caption,media_type,media_product_type,media_url,thumbnail_url,permalink,timestamp";

/**
 * Instagram's own caption limit (developers.facebook.com, IG User Media: "Maximum 2200 characters"):
 * a longer caption, which Instagram itself would not publish, is cut there (docs/product.md §5).
 */
const CAPTION_MAX = 2200;

export const graphMedia = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  caption: z.string().nullish(),
  media_type: z.string().nullish(),
  media_product_type: z.string().nullish(),
  media_url: z.string().nullish(),
  thumbnail_url: z.string().nullish(),
  permalink: z.string().nullish(),
  timestamp: z.string(),
});
type GraphMedia = z.infer<typeof graphMedia>;

export const graphPage = z.object({
  data: z.array(z.unknown()),
  paging: z.looseObject({ next: z.string().optional() }).optional(),
});
export type GraphPage = z.infer<typeof graphPage>;

/** A media with its posting time in milliseconds, for filtering and sorting. */
export type MediaItem = { media: InstaMedia; at: number };

const INSTAGRAM_PAGE_HOST = /(^|\.)(instagram\.com|facebook\.com)$/;
export const INSTAGRAM_CDN_HOST = /(^|\.)(cdninstagram\.com|fbcdn\.net)$/;

function parseHttpsUrl(value: string | null | undefined): URL | null {
  if (!value || value.length > 4096) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && !url.username && !url.password ? url : null;
  } catch {
    return null;
  }
}

/** A permalink is shown as a link on the site: only https pages on Instagram or Facebook. */
function instagramPageUrl(value: string | null | undefined): string | null {
  const url = parseHttpsUrl(value);
  return url && INSTAGRAM_PAGE_HOST.test(url.hostname.toLowerCase()) ? url.href : null;
}

/**
 * A video or poster link goes into the page: only https on Instagram's CDNs, the configured Graph
 * API origin (a stand-in in tests), or the sample feed's own '/demo/...' files.
 */
function mediaFileUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  if (/^\/demo\/[A-Za-z0-9._/-]+$/.test(value) && !value.includes("..")) return value;
  try {
    if (new URL(value).origin === graphBase().origin) return value;
  } catch {
    return null;
  }
  const url = parseHttpsUrl(value);
  return url && INSTAGRAM_CDN_HOST.test(url.hostname.toLowerCase()) ? url.href : null;
}

/** One Graph media; null when its timestamp cannot be read. */
export function toMediaItem(raw: GraphMedia): MediaItem | null {
  const date = parseGraphTimestamp(raw.timestamp);
  if (!date) return null;
  return {
    at: date.getTime(),
    media: {
      id: raw.id,
      mediaId: raw.id,
      image: mediaFileUrl(raw.thumbnail_url),
      instaRegDate: formatKst(date),
      timestamp: date.toISOString(),
      link: mediaFileUrl(raw.media_url),
      // Imported, not typed: a control character is dropped rather than failing the whole import.
      caption: importedText(raw.caption ?? "", CAPTION_MAX),
      permalink: instagramPageUrl(raw.permalink),
      isVideo: raw.media_type === "VIDEO",
    },
  };
}

/** The readable media of a page; malformed entries are left out. */
export function mediaItemsOf(page: GraphPage): MediaItem[] {
  const out: MediaItem[] = [];
  for (const item of page.data) {
    const raw = graphMedia.safeParse(item);
    if (!raw.success) continue;
    const parsed = toMediaItem(raw.data);
    if (parsed) out.push(parsed);
  }
  return out;
}
