// A reel's poster copied into uploads, so the reel keeps its picture after Instagram's link expires.
import fs from "node:fs/promises";
import path from "node:path";
import { posterRefused, unavailable, warn } from "./errors.server";
import { graphBase, readLimited, REQUEST_TIMEOUT_MS } from "./graph-http.server";
import { INSTAGRAM_CDN_HOST } from "./media.server";
import { readStoredToken } from "./token-store.server";

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
    warn(error, readStoredToken().token);
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
    warn(error, null);
    throw unavailable();
  }
}
