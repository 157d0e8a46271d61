import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import {
  unstable_composeUploadHandlers,
  unstable_createFileUploadHandler,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  MaxPartSizeExceededError,
} from "@remix-run/node";
import { koAdmin } from "~/copy/ko-admin";
import { config } from "./config.server";
import { AppError } from "./errors";
import { uploadBodyLimit } from "./upload-limits";
import { UPLOAD_TEMP_FOLDER, uploadTooLarge } from "./uploads.server";

/** Text fields of an upload form are short; a larger text part is not a form we sent. */
const TEXT_PART_MAX_BYTES = 1024 * 1024;

/**
 * A form whose picture was over UPLOAD_MAX_MB, read to its end: the 413 it is, with the text she
 * typed and the file fields that were too large, so a page can show the form again as she left it.
 */
export class UploadTooLargeError extends AppError {
  constructor(
    readonly typed: FormData,
    readonly fileFields: string[],
  ) {
    const refusal = uploadTooLarge();
    super(refusal.status, refusal.code, refusal.message);
  }
}

/** A file part's bytes up to `limit`; the rest is read and dropped, and `onOver` told. */
async function* upToLimit(data: AsyncIterable<Uint8Array>, limit: number, onOver: () => void) {
  let size = 0;
  for await (const chunk of data) {
    size += chunk.byteLength;
    if (size <= limit) yield chunk;
    else onOver();
  }
}

/**
 * Reads a multipart form with every file part capped at UPLOAD_MAX_MB. File parts are streamed to
 * a folder of this request's own under UPLOADS_DIR/.site/tmp (never held whole in memory: a phone
 * photo may be 25 MB). The image pipeline removes that folder once it has used the files, stored or
 * refused; it goes at once when the client leaves mid-request or the form cannot be read, and a
 * form refused before its files were used is removed by a later upload (older than any request
 * may last) or the next start. A picture over the limit is read and dropped, and the form refused
 * with UploadTooLargeError after its end; a body larger than `uploadBodyLimit` is answered with 413
 * before it is read.
 */
export async function readMultipartForm(request: Request, maxFiles = 1): Promise<FormData> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^multipart\/form-data/i.test(type)) {
    throw new AppError(415, "UNSUPPORTED_MEDIA_TYPE", koAdmin.upload.multipartOnly);
  }
  const { uploadMaxBytes, uploadsDir } = config();
  // Every browser sends a length with a form post; without one the body could not be bounded.
  const declared = Number(request.headers.get("Content-Length") ?? Number.NaN);
  if (!Number.isFinite(declared)) throw new AppError(411, "LENGTH_REQUIRED", koAdmin.upload.lengthRequired);
  if (declared > uploadBodyLimit(uploadMaxBytes, maxFiles)) throw uploadTooLarge();

  void removeAbandonedReceipts(path.join(uploadsDir, UPLOAD_TEMP_FOLDER), config().REQUEST_TIMEOUT_MS * 2);
  const directory = path.join(uploadsDir, UPLOAD_TEMP_FOLDER, crypto.randomUUID());
  // Made before the body is read, so an uploads folder that cannot be written is the server error it is.
  await fs.promises.mkdir(directory, { recursive: true });
  const removeDirectory = () => fs.promises.rm(directory, { recursive: true, force: true }).catch(() => undefined);
  // The adapter aborts a request's signal when the client has gone before the answer was sent.
  request.signal.addEventListener("abort", () => void removeDirectory(), { once: true });
  const toDisk = unstable_createFileUploadHandler({
    directory,
    file: () => crypto.randomUUID(),
    avoidFileConflicts: false,
    maxPartSize: uploadMaxBytes,
  });
  const tooLarge = new Set<string>();
  const handler = unstable_composeUploadHandlers(
    (part) => toDisk({ ...part, data: upToLimit(part.data, uploadMaxBytes, () => tooLarge.add(part.name)) }),
    unstable_createMemoryUploadHandler({ maxPartSize: TEXT_PART_MAX_BYTES }),
  );
  let form: FormData;
  try {
    form = await unstable_parseMultipartFormData(request, handler);
  } catch (error) {
    await removeDirectory();
    if (error instanceof MaxPartSizeExceededError) throw uploadTooLarge();
    throw new AppError(400, "BAD_MULTIPART", koAdmin.upload.unreadable);
  }
  if (tooLarge.size === 0) return form;
  await removeDirectory();
  const typed = new FormData();
  for (const [name, value] of form) if (typeof value === "string") typed.append(name, value);
  throw new UploadTooLargeError(typed, [...tooLarge]);
}

/** Receiving folders older than any request may last: forms refused before their files were used. */
async function removeAbandonedReceipts(root: string, olderThanMs: number) {
  const folders = await fs.promises.readdir(root).catch(() => [] as string[]);
  const oldest = Date.now() - olderThanMs;
  for (const name of folders) {
    const folder = path.join(root, name);
    const stat = await fs.promises.stat(folder).catch(() => null);
    if (stat && stat.mtimeMs < oldest) await fs.promises.rm(folder, { recursive: true, force: true });
  }
}
