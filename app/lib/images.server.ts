import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { NodeOnDiskFile } from "@remix-run/node";
import { fileTypeFromBuffer, fileTypeFromFile } from "file-type";
import type { OutputInfo } from "sharp";
import { koServer } from "~/copy/ko-server.server";
import { config } from "./config.server";
import { AppError, isAppError } from "./errors";
import { loadSharp, writeShareImage, writeVariants } from "./image-variants.server";
import { logWarning } from "./log.server";
import { SHARE_IMAGE_SIZE } from "./seo";
import { AVATAR_DENSITIES, AVATAR_SIZE, avatarName } from "./upload-names";
import { removeUploads, uploadsDir, uploadTooLarge, writeUpload } from "./uploads.server";

// The image pipeline: every uploaded image is checked by content and re-encoded before it is stored.

export type ImageKind = "png" | "jpeg" | "webp" | "gif";
export const ALL_IMAGE_KINDS: readonly ImageKind[] = ["png", "jpeg", "webp", "gif"];

/**
 * About 100 megapixels: a 50 MP phone photo (8160×6120) must pass, while a decompression bomb
 * (a small file that claims a huge canvas) is refused from its header before anything is decoded.
 * Decoding is streamed by libvips through the resize (shrink-on-load for JPEG), so even the
 * largest accepted photo costs tens of MB, not the 400 MB its full canvas would.
 */
export const MAX_INPUT_PIXELS = 100_000_000;
/** The longest side of a stored image: sharp on a phone's 3x screen, small enough to load fast. */
export const MAX_SIDE = 2560;

const MIME: Record<string, ImageKind> = {
  "image/png": "png",
  "image/jpeg": "jpeg",
  "image/webp": "webp",
  "image/gif": "gif",
};
const EXTENSION: Record<ImageKind, string> = { png: "png", jpeg: "jpg", webp: "webp", gif: "gif" };

export type StoredImage = { name: string; width: number; height: number };

/**
 * What may be stored (`allow`), the form field a refusal is told beside, and what the picture also
 * gets: its 2:1 share image (`share`: a product's, whose page is shared with it, or the owner's
 * profile picture, which previews of pages without a picture of their own show) and the header's
 * square avatars (`avatars`: the profile picture).
 */
export type StoreOptions = { allow?: readonly ImageKind[]; field?: string; share?: boolean; avatars?: boolean };
/** writeWithNewImages: the options of each file, with its own form field name when several come together. */
export type StoreManyOptions = StoreOptions & { fields?: readonly string[] };

/**
 * The one way an image enters UPLOADS_DIR: type by content, decoded and re-encoded (orientation
 * applied, metadata and anything hidden stripped, longest side capped), a generated name, and an
 * atomic write, followed by its sizes in AVIF and WebP (writeVariants). Nothing is left behind when
 * any step fails.
 */
export async function storeImage(
  file: Blob,
  { allow = ALL_IMAGE_KINDS, field = "imageFile", share = false, avatars = false }: StoreOptions = {},
): Promise<StoredImage> {
  if (file.size > config().uploadMaxBytes) throw uploadTooLarge();
  // A file the form reader streamed to disk is read from there, never whole into memory.
  const input = file instanceof NodeOnDiskFile ? file.getFilePath() : Buffer.from(await file.arrayBuffer());
  const sniffed = typeof input === "string" ? await fileTypeFromFile(input) : await fileTypeFromBuffer(input);
  const kind = sniffed ? MIME[sniffed.mime] : undefined;
  if (!kind || !allow.includes(kind)) {
    throw new AppError(415, "UNSUPPORTED_FILE_TYPE", koServer.upload.badType(allow.map((k) => k.toUpperCase())), {
      [field]: [koServer.upload.badType(allow.map((k) => k.toUpperCase()))],
    });
  }

  const sharp = await loadSharp();
  let output: { data: Buffer; info: OutputInfo };
  try {
    const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: kind === "gif" || kind === "webp" })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: "inside", withoutEnlargement: true });
    // Plain libjpeg, not mozjpeg: a quarter of the CPU (a 12 MP photo 100 ms instead of 380, a reel
    // poster 22 instead of 117) for a file about a quarter larger, which pages send only where its
    // AVIF and WebP sizes or its share image are missing (docs/performance.md, "Pictures sized for the screen").
    const encoded =
      kind === "png"
        ? image.png({ compressionLevel: 9, palette: false })
        : kind === "jpeg"
          ? image.jpeg({ quality: 82 })
          : kind === "webp"
            ? image.webp({ quality: 82 })
            : image.gif();
    output = await encoded.toBuffer({ resolveWithObject: true });
  } catch (error) {
    const message = error instanceof Error ? error.message : "";
    if (/pixel limit/i.test(message)) {
      throw new AppError(413, "IMAGE_TOO_LARGE", koServer.upload.tooManyPixels, { [field]: [koServer.upload.tooManyPixels] });
    }
    throw new AppError(400, "BAD_IMAGE", koServer.upload.undecodable, { [field]: [koServer.upload.undecodable] });
  }

  const name = `${crypto.randomUUID()}.${EXTENSION[kind]}`;
  await writeUpload(name, output.data);
  // Without its sizes a picture is still whole: pages then send it as it is, and `npm run images` makes them later.
  await writeVariants(uploadsDir(), name).catch((error: unknown) => logWarning("picture sizes not made", { picture: name, err: error }));
  // Made here, before any row names the picture, like its sizes: a picture replaced or deleted right
  // after its save takes its share image with it (removeUploads), and none is ever made for a picture
  // already gone. Without it the page shares the picture itself.
  if (share) await storeShareImage(name).catch((error: unknown) => logWarning("share image not made", { picture: name, err: error }));
  if (avatars) await storeAvatars(name).catch((error: unknown) => logWarning("avatars not made", { picture: name, err: error }));
  return { name, width: output.info.width, height: output.info.pageHeight ?? output.info.height };
}

/** Makes a stored picture's 2:1 share image beside it (a reel's poster, a product's or the profile picture): writeShareImage. */
export function storeShareImage(pictureName: string): Promise<string> {
  return writeShareImage(uploadsDir(), pictureName, SHARE_IMAGE_SIZE);
}

/**
 * Makes a stored picture's square avatars beside it (avatarName, each AVATAR_DENSITIES of
 * AVATAR_SIZE px), cropped to its centre: the header draws the owner's picture that small, and one of
 * its sizes (360 px and more) would send a phone a dozen times the pixels it shows.
 */
export async function storeAvatars(pictureName: string): Promise<void> {
  const sharp = await loadSharp();
  const picture = path.join(uploadsDir(), pictureName);
  for (const density of AVATAR_DENSITIES) {
    const side = AVATAR_SIZE * density;
    const data = await sharp(picture).resize({ width: side, height: side, fit: "cover" }).webp({ quality: 80 }).toBuffer();
    await writeUpload(avatarName(pictureName, side), data);
  }
}

/** The folders the form reader streamed these files to: done with, stored or refused (a preview's, never stored). */
export async function removeReceived(files: readonly (Blob | NodeOnDiskFile)[]) {
  const folders = new Set(files.flatMap((file) => (file instanceof NodeOnDiskFile ? [path.dirname(file.getFilePath())] : [])));
  await Promise.all([...folders].map((folder) => fs.promises.rm(folder, { recursive: true, force: true })));
}

/**
 * The one way a database write takes new images: every file is stored first (all or none), the
 * write runs, its failure removes the new files again, and the files it replaced and the files as
 * received are removed only after it has committed (a refusal leaves those to its caller). A write
 * may first do slow work of its own (a guide renders its text with the new pictures' sizes), then
 * read and write with nothing awaited in between.
 */
export async function writeWithNewImages<T>(
  files: readonly Blob[],
  options: StoreManyOptions,
  write: (stored: StoredImage[]) => { result: T; replaced: (string | null)[] } | Promise<{ result: T; replaced: (string | null)[] }>,
): Promise<T> {
  const stored: StoredImage[] = [];
  const removeStored = () => removeUploads(stored.map((image) => image.name));
  let written: { result: T; replaced: (string | null)[] };
  try {
    for (const [at, file] of files.entries())
      stored.push(await storeImage(file, { ...options, field: options.fields?.[at] ?? options.field }));
    written = await write(stored);
  } catch (error) {
    await removeStored();
    // A refusal leaves the files as received to the door that read them: a page form holds the
    // pictures for its next save (admin-form.server.ts, held-pictures.server.ts), the API removes
    // them. Anything else goes to the error page, which holds nothing: they go now.
    if (!isAppError(error)) await removeReceived(files);
    throw error;
  }
  await removeReceived(files);
  await removeUploads(written.replaced);
  return written.result;
}

/**
 * Writes a row that may take a new image in place of its current one (or drop it). `current` is
 * read after the (slow) store, right before the write with nothing awaited in between, so of two
 * edits saved at once the second replaces (and removes) the first one's image, not a stale one.
 */
export function saveWithImage<T>(
  {
    file,
    current,
    drop,
    allow,
    field = "imageFile",
    share,
    avatars,
  }: { file: Blob | undefined; current: () => string | null; drop: boolean } & StoreOptions,
  write: (image: string | null, stored: StoredImage | undefined) => T,
): Promise<T> {
  return writeWithNewImages(file ? [file] : [], { allow, field, share, avatars }, ([stored]) => {
    const previous = current();
    const image = stored?.name ?? (drop ? null : previous);
    return { result: write(image, stored), replaced: previous !== image ? [previous] : [] };
  });
}
