import fs from "node:fs";
import path from "node:path";
import { ko } from "~/copy/ko";
import { koAdmin } from "~/copy/ko-admin";
import { config } from "./config.server";
import { contentChanged } from "./content-version.server";
import { AppError } from "./errors";
import { writeAtomically } from "./image-variants.server";
import { derivedFrom, derivedNames, isOriginalName, isTempUploadName, isUploadName, shareImageName, stemsOf } from "./upload-names";

// The uploads folder: where stored files live, how they are written and removed, who owns the folder.

export function uploadsDir() {
  return config().uploadsDir;
}

const UPLOAD_URL_PREFIX = "/uploads/";

/** The public URL of a stored upload. */
export function uploadUrl(name: string | null | undefined) {
  return name ? `${UPLOAD_URL_PREFIX}${encodeURIComponent(name)}` : null;
}

/**
 * Whether the upload a public URL of uploadUrl() names is gone from UPLOADS_DIR, so a page can say
 * so on its first render instead of drawing a broken image. A stat per file, run in parallel by
 * the callers; anything that is not one of our upload URLs is not ours to judge (false).
 */
export async function uploadIsMissing(url: string | null): Promise<boolean> {
  const name = uploadNameOf(url);
  if (!name) return false;
  try {
    return !(await fs.promises.stat(path.join(uploadsDir(), name))).isFile();
  } catch {
    return true;
  }
}

/** The stored upload a public URL of uploadUrl() names, or null for anything else. */
export function uploadNameOf(url: string | null): string | null {
  // A product's URL carries a cache-busting `?v=` (docs/product.md §2).
  const name = url?.startsWith(UPLOAD_URL_PREFIX) ? decodeURIComponent(url.slice(UPLOAD_URL_PREFIX.length).split(/[?#]/)[0]!) : null;
  return name && isUploadName(name) ? name : null;
}

/**
 * The public URL of a poster's share image (shareImageName), or null when it has none: a poster
 * copied before share images existed, or a share file that was lost. A stat, like uploadIsMissing.
 */
export async function shareImageUrl(posterUrl: string | null): Promise<string | null> {
  const poster = uploadNameOf(posterUrl);
  const share = poster ? uploadUrl(shareImageName(poster)) : null;
  return share && !(await uploadIsMissing(share)) ? share : null;
}

/** A file over UPLOAD_MAX_MB: 413 with the limit in Korean. */
export function uploadTooLarge() {
  return new AppError(413, "FILE_TOO_LARGE", koAdmin.upload.tooLarge(config().UPLOAD_MAX_MB));
}

/** Writes a file into UPLOADS_DIR under its final name only once it is complete (temp file, then rename). */
export function writeUpload(name: string, data: Buffer) {
  return writeAtomically(uploadsDir(), name, data);
}

/**
 * Removes stored uploads; a name that is already gone is fine. Only generated names are touched.
 * Every name derived from an upload (a poster's share image, a picture's sizes and their list, made
 * or not) goes with it, so no path that removes a picture leaves any of them behind.
 */
export async function removeUploads(names: (string | null | undefined)[]) {
  await Promise.all(
    names
      .filter((name): name is string => typeof name === "string" && isUploadName(name))
      .flatMap((name) => (isOriginalName(name) ? [name, ...derivedNames(name)] : [name]))
      .map((name) => fs.promises.rm(path.join(uploadsDir(), name), { force: true })),
  );
}

/**
 * The one shape of a list delete whose rows name images: at least one id, the rows deleted in one
 * step that returns their images, 404 when none of them existed, then the pages refreshed and the
 * images removed, after the commit, so a failed delete never loses a picture.
 */
export async function deleteWithImages<T>(
  ids: number[],
  notFoundMessage: string,
  remove: (ids: number[]) => { deleted: number; images: (string | null)[]; result: T },
): Promise<T> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) throw new AppError(400, "NOTHING_SELECTED", ko.list.nothingToDelete);
  const { deleted, images, result } = remove(unique);
  if (deleted === 0) throw new AppError(404, "NOT_FOUND", notFoundMessage);
  contentChanged();
  await removeUploads(images);
  return result;
}

/**
 * The site's own folder inside UPLOADS_DIR: a dotfolder, so `/uploads` never serves it. It holds
 * the ownership marker and the quarantine.
 */
export const SITE_FOLDER = ".site";
/** The file naming the database that owns the uploads folder (the database keeps the same id). */
export const OWNER_MARKER = path.join(SITE_FOLDER, "owner");
/** Where uploads being received are streamed to, a folder per request (emptied at every start). */
export const UPLOAD_TEMP_FOLDER = path.join(SITE_FOLDER, "tmp");
/** Where a page form's picture waits, a folder per picture, while the form comes back with an error (held-pictures.server.ts). */
export const HELD_FOLDER = path.join(SITE_FOLDER, "held");
/** Where orphans go instead of being deleted, one folder a day. */
export const QUARANTINE_FOLDER = path.join(SITE_FOLDER, "quarantine");
/** How long quarantined files are kept before a start removes them. */
export const QUARANTINE_DAYS = 30;

/** The id in UPLOADS_DIR's ownership marker, or null when the folder has none. */
export function readUploadsOwner(): string | null {
  try {
    return fs.readFileSync(path.join(uploadsDir(), OWNER_MARKER), "utf8").trim() || null;
  } catch {
    return null;
  }
}

export function writeUploadsOwner(id: string) {
  fs.mkdirSync(path.join(uploadsDir(), SITE_FOLDER), { recursive: true });
  fs.writeFileSync(path.join(uploadsDir(), OWNER_MARKER), `${id}\n`);
}

/** True when UPLOADS_DIR holds files (anything but dotfiles such as .gitkeep and the site's own folder). */
export function uploadsFolderHoldsFiles() {
  try {
    return fs.readdirSync(uploadsDir()).some((name) => !name.startsWith("."));
  } catch {
    return false;
  }
}

function dayStamp(date: Date) {
  return date.toISOString().slice(0, 10);
}

/**
 * Moves files in UPLOADS_DIR that no database row names (and leftover temp files) into a dated
 * quarantine folder, and removes quarantine folders older than QUARANTINE_DAYS. Run at start,
 * before requests arrive, so no upload is in flight. Returns the names moved and where.
 */
export async function quarantineUploads(referenced: Set<string>, now = new Date()) {
  const dir = uploadsDir();
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(dir, { withFileTypes: true });
  } catch {
    return { moved: [] as string[], folder: null };
  }
  const stems = stemsOf(referenced);
  // Run before requests arrive: whatever is in the receiving folder is a crash's leftover.
  await fs.promises.rm(path.join(dir, UPLOAD_TEMP_FOLDER), { recursive: true, force: true });
  const orphans = entries
    // Only names this pipeline generates: anything else someone put in the folder is left alone.
    .filter((entry) => entry.isFile() && (isUploadName(entry.name) || isTempUploadName(entry.name)))
    // A share image, a picture's sizes and their list live as long as their picture does.
    .filter((entry) => !referenced.has(entry.name) && !stems.has(derivedFrom(entry.name) ?? ""))
    .map((entry) => entry.name);
  const quarantine = path.join(dir, QUARANTINE_FOLDER);
  const folder = path.join(quarantine, dayStamp(now));
  if (orphans.length > 0) {
    await fs.promises.mkdir(folder, { recursive: true });
    for (const name of orphans) await fs.promises.rename(path.join(dir, name), path.join(folder, name));
  }
  const oldest = dayStamp(new Date(now.getTime() - QUARANTINE_DAYS * 24 * 60 * 60 * 1000));
  const days = await fs.promises.readdir(quarantine).catch(() => [] as string[]);
  await Promise.all(
    days
      .filter((day) => /^\d{4}-\d{2}-\d{2}$/.test(day) && day < oldest)
      .map((day) => fs.promises.rm(path.join(quarantine, day), { recursive: true, force: true })),
  );
  return { moved: orphans, folder: orphans.length > 0 ? folder : null };
}
