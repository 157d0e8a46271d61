import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import {
  unstable_composeUploadHandlers,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  MaxPartSizeExceededError,
} from "@remix-run/node";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { ko } from "~/copy/ko";
import { config } from "./config.server";
import { AppError } from "./errors";

export type ImageKind = "png" | "jpeg" | "webp" | "gif";
export const ALL_IMAGE_KINDS: readonly ImageKind[] = ["png", "jpeg", "webp", "gif"];

/** About 40 megapixels: anything larger is refused before it is decoded (decompression bombs). */
export const MAX_INPUT_PIXELS = 40_000_000;
export const MAX_SIDE = 1600;

const MIME: Record<string, ImageKind> = {
  "image/png": "png",
  "image/jpeg": "jpeg",
  "image/webp": "webp",
  "image/gif": "gif",
};
const EXTENSION: Record<ImageKind, string> = { png: "png", jpeg: "jpg", webp: "webp", gif: "gif" };

// Every image is decoded once, when it is uploaded: libvips' operation cache (up to 50 MB) would
// only hold memory, and one decoding thread is enough for the one admin.
sharp.cache(false);
sharp.concurrency(1);

export function uploadsDir() {
  return config().uploadsDir;
}

/** The public URL of a stored upload. */
export function uploadUrl(name: string | null | undefined) {
  return name ? `/uploads/${encodeURIComponent(name)}` : null;
}

function tooLarge() {
  return new AppError(413, "FILE_TOO_LARGE", ko.upload.tooLarge(config().UPLOAD_MAX_MB));
}

/**
 * Reads a multipart form with every file part capped at UPLOAD_MAX_MB; a larger body is answered
 * with 413 before it is read whole.
 */
export async function readMultipartForm(request: Request, maxFiles = 1): Promise<FormData> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^multipart\/form-data/i.test(type)) {
    throw new AppError(415, "UNSUPPORTED_MEDIA_TYPE", ko.upload.multipartOnly);
  }
  const { uploadMaxBytes } = config();
  // Every browser sends a length with a form post; without one the body could not be bounded.
  const declared = Number(request.headers.get("Content-Length") ?? Number.NaN);
  if (!Number.isFinite(declared)) throw new AppError(411, "LENGTH_REQUIRED", ko.upload.lengthRequired);
  // Room for the text fields and multipart framing beside the files themselves.
  if (declared > uploadMaxBytes * maxFiles + 1024 * 1024) throw tooLarge();
  try {
    return await unstable_parseMultipartFormData(
      request,
      unstable_composeUploadHandlers(unstable_createMemoryUploadHandler({ maxPartSize: uploadMaxBytes })),
    );
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) throw tooLarge();
    throw new AppError(400, "BAD_MULTIPART", ko.upload.unreadable);
  }
}

export type StoredImage = { name: string; width: number; height: number };

/**
 * The one way an image enters UPLOADS_DIR: type by content, decoded and re-encoded (orientation
 * applied, metadata and anything hidden stripped, longest side capped), a generated name, and an
 * atomic write. Nothing is left behind when any step fails.
 */
export async function storeImage(
  file: Blob,
  { allow = ALL_IMAGE_KINDS, field = "imageFile" }: { allow?: readonly ImageKind[]; field?: string } = {},
): Promise<StoredImage> {
  if (file.size > config().uploadMaxBytes) throw tooLarge();
  const bytes = Buffer.from(await file.arrayBuffer());
  const sniffed = await fileTypeFromBuffer(bytes);
  const kind = sniffed ? MIME[sniffed.mime] : undefined;
  if (!kind || !allow.includes(kind)) {
    throw new AppError(415, "UNSUPPORTED_FILE_TYPE", ko.upload.badType(allow.map((k) => k.toUpperCase())), {
      [field]: [ko.upload.badType(allow.map((k) => k.toUpperCase()))],
    });
  }

  let output: { data: Buffer; info: sharp.OutputInfo };
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: kind === "gif" || kind === "webp" })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: "inside", withoutEnlargement: true });
    const encoded =
      kind === "png"
        ? image.png({ compressionLevel: 9, palette: false })
        : kind === "jpeg"
          ? image.jpeg({ quality: 82, mozjpeg: true })
          : kind === "webp"
            ? image.webp({ quality: 82 })
            : image.gif();
    output = await encoded.toBuffer({ resolveWithObject: true });
  } catch (error) {
    const message = error instanceof Error ? error.message : "";
    if (/pixel limit/i.test(message)) {
      throw new AppError(413, "IMAGE_TOO_LARGE", ko.upload.tooManyPixels, { [field]: [ko.upload.tooManyPixels] });
    }
    throw new AppError(400, "BAD_IMAGE", ko.upload.undecodable, { [field]: [ko.upload.undecodable] });
  }

  const name = `${crypto.randomUUID()}.${EXTENSION[kind]}`;
  await writeUpload(name, output.data);
  return { name, width: output.info.width, height: output.info.pageHeight ?? output.info.height };
}

/** Writes a file into UPLOADS_DIR under its final name only once it is complete (temp file, then rename). */
export async function writeUpload(name: string, data: Buffer) {
  const dir = uploadsDir();
  await fs.promises.mkdir(dir, { recursive: true });
  const temp = path.join(dir, `.${name}.${process.pid}.tmp`);
  try {
    await fs.promises.writeFile(temp, data, { flag: "wx" });
    await fs.promises.rename(temp, path.join(dir, name));
  } catch (error) {
    await fs.promises.rm(temp, { force: true });
    throw error;
  }
}

/** Removes stored uploads; a name that is already gone is fine. Only plain generated names are touched. */
export async function removeUploads(names: (string | null | undefined)[]) {
  await Promise.all(
    names
      .filter((name): name is string => typeof name === "string" && isUploadName(name))
      .map((name) => fs.promises.rm(path.join(uploadsDir(), name), { force: true })),
  );
}

const UPLOAD_NAME = /^[0-9a-f-]{36}\.(png|jpg|webp|gif|mp4)$/;
const TEMP_NAME = /^\.[0-9a-f-]{36}\.\w+\.\d+\.tmp$/;

export function isUploadName(name: string) {
  return UPLOAD_NAME.test(name);
}

/**
 * The site's own folder inside UPLOADS_DIR: a dotfolder, so `/uploads` never serves it. It holds
 * the ownership marker and the quarantine.
 */
export const SITE_FOLDER = ".site";
/** The file naming the database that owns the uploads folder (the database keeps the same id). */
export const OWNER_MARKER = path.join(SITE_FOLDER, "owner");
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
  const orphans = entries
    // Only names this pipeline generates: anything else someone put in the folder is left alone.
    .filter((entry) => entry.isFile() && (isUploadName(entry.name) || TEMP_NAME.test(entry.name)))
    .filter((entry) => !referenced.has(entry.name))
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

/**
 * Writes a row that may take a new image: the file is stored first, removed again if the write
 * fails, and the image it replaced is removed only after the write has committed. `current` is
 * read after the (slow) store, right before the write with nothing awaited in between, so of two
 * edits saved at once the second replaces (and removes) the first one's image, not a stale one.
 */
export async function saveWithImage<T>(
  {
    file,
    current,
    drop,
    allow,
    field = "imageFile",
  }: { file: Blob | undefined; current: () => string | null; drop: boolean; allow?: readonly ImageKind[]; field?: string },
  write: (image: string | null) => T,
): Promise<T> {
  const stored = file ? await storeImage(file, { allow, field }) : null;
  const previous = current();
  const image = stored?.name ?? (drop ? null : previous);
  let result: T;
  try {
    result = write(image);
  } catch (error) {
    await removeUploads([stored?.name]);
    throw error;
  }
  if (previous && previous !== image) await removeUploads([previous]);
  return result;
}
