// Media and posters: the account's videos (the only posts a reel can be made from), one media by id
// (to refresh an expiring video link), and a poster's bytes, copied into uploads so a reel keeps its
// picture after Instagram's link expires.
import fs from "node:fs/promises";
import path from "node:path";
import {
  graphBase,
  INSTAGRAM_CDN_HOST,
  posterRefused,
  readLimited,
  REQUEST_TIMEOUT_MS,
  unavailable,
  warnInstagram,
  type MediaItem,
} from "./client.server";
import { connectedClient, readStoredToken } from "./token.server";
import type { InstaMedia } from "./types";

type VideoFilter = { from?: Date; to?: Date; ascending?: boolean };

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

const MAX_POSTER_BYTES = 15 * 1024 * 1024;
const MAX_POSTER_REDIRECTS = 3;

/** Hosts a poster may be copied from: Instagram's CDNs and the configured Graph API origin. */
function posterHostAllowed(url: URL) {
  if (url.origin === graphBase().origin) return true;
  return url.protocol === "https:" && !url.username && !url.password && INSTAGRAM_CDN_HOST.test(url.hostname.toLowerCase());
}

/**
 * The bytes of a poster: an Instagram CDN URL is fetched (10 s, 15 MB at most); a site-relative
 * '/demo/...' URL (the sample feed) is read from public/demo.
 */
export async function fetchPosterBytes(url: string): Promise<Buffer> {
  if (typeof url !== "string" || url.length > 4096) throw posterRefused();
  if (url.startsWith("/") && !url.startsWith("//")) return readDemoPoster(url);
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw posterRefused();
  }
  if ((target.protocol !== "https:" && target.protocol !== "http:") || target.username || target.password) {
    throw posterRefused();
  }
  if (!posterHostAllowed(target)) throw posterRefused();
  try {
    const response = await fetchFollowingAllowedRedirects(target);
    if (!response.ok) throw new Error(`poster answered HTTP ${response.status}`);
    return await readLimited(response, MAX_POSTER_BYTES);
  } catch (error) {
    warnInstagram("instagram poster not copied", error, readStoredToken().token);
    throw unavailable();
  }
}

/** Redirects are followed by hand, so every hop is checked before anything is requested from it. */
async function fetchFollowingAllowedRedirects(start: URL): Promise<Response> {
  const signal = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  let target = start;
  for (let hop = 0; ; hop++) {
    const response = await fetch(target, { signal, redirect: "manual" });
    const location = response.headers.get("Location");
    if (response.status < 300 || response.status >= 400 || !location) return response;
    await response.body?.cancel();
    if (hop >= MAX_POSTER_REDIRECTS) throw new Error("poster redirected too many times");
    target = new URL(location, target);
    if (!posterHostAllowed(target)) throw new Error(`poster redirected to ${target.origin}, not followed`);
  }
}

async function readDemoPoster(url: string): Promise<Buffer> {
  const pathname = url.split(/[?#]/)[0] ?? "";
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    throw posterRefused();
  }
  if (
    !decoded.startsWith("/demo/") ||
    decoded.includes("..") ||
    decoded.includes("\\") ||
    decoded.includes("\0") ||
    !/^\/demo\/[A-Za-z0-9._/-]+$/.test(decoded)
  ) {
    throw posterRefused();
  }
  const root = path.resolve(process.cwd(), "public", "demo");
  const file = path.resolve(process.cwd(), "public", `.${decoded}`);
  if (!file.startsWith(root + path.sep)) throw posterRefused();
  try {
    const stat = await fs.stat(file);
    if (!stat.isFile() || stat.size > MAX_POSTER_BYTES) throw new Error("not a poster file");
    return await fs.readFile(file);
  } catch (error) {
    warnInstagram("demo poster not read", error, null);
    throw unavailable();
  }
}
