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
import { UPLOAD_TEMP_FOLDER, uploadTooLarge } from "./uploads.server";

/** Text fields of an upload form are short; a larger text part is not a form we sent. */
const TEXT_PART_MAX_BYTES = 1024 * 1024;

/**
 * Reads a multipart form with every file part capped at UPLOAD_MAX_MB. File parts are streamed to
 * a folder of this request's own under UPLOADS_DIR/.site/tmp (never held whole in memory: a phone
 * photo may be 25 MB) and that folder is removed when the response is done, whatever happened;
 * a start removes any a crash left. A larger body is answered with 413 before it is read whole.
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
  // Room for the text fields and multipart framing beside the files themselves.
  if (declared > uploadMaxBytes * maxFiles + 1024 * 1024) throw uploadTooLarge();

  const directory = path.join(uploadsDir, UPLOAD_TEMP_FOLDER, crypto.randomUUID());
  // Made before the body is read, so an uploads folder that cannot be written is the server error it is.
  await fs.promises.mkdir(directory, { recursive: true });
  const removeDirectory = () => fs.promises.rm(directory, { recursive: true, force: true }).catch(() => undefined);
  // The adapter aborts a request's signal when its response has closed (sent, or the client gone).
  request.signal.addEventListener("abort", () => void removeDirectory(), { once: true });
  const handler = unstable_composeUploadHandlers(
    unstable_createFileUploadHandler({
      directory,
      file: () => crypto.randomUUID(),
      avoidFileConflicts: false,
      maxPartSize: uploadMaxBytes,
    }),
    unstable_createMemoryUploadHandler({ maxPartSize: TEXT_PART_MAX_BYTES }),
  );
  try {
    return await unstable_parseMultipartFormData(request, handler);
  } catch (error) {
    await removeDirectory();
    if (error instanceof MaxPartSizeExceededError) throw uploadTooLarge();
    throw new AppError(400, "BAD_MULTIPART", koAdmin.upload.unreadable);
  }
}
