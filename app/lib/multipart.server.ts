import { unstable_createMemoryUploadHandler, unstable_parseMultipartFormData, MaxPartSizeExceededError } from "@remix-run/node";
import { koAdmin } from "~/copy/ko-admin";
import { config } from "./config.server";
import { AppError } from "./errors";
import { uploadTooLarge } from "./uploads.server";

/**
 * Reads a multipart form with every file part capped at UPLOAD_MAX_MB; a larger body is answered
 * with 413 before it is read whole.
 */
export async function readMultipartForm(request: Request, maxFiles = 1): Promise<FormData> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^multipart\/form-data/i.test(type)) {
    throw new AppError(415, "UNSUPPORTED_MEDIA_TYPE", koAdmin.upload.multipartOnly);
  }
  const { uploadMaxBytes } = config();
  // Every browser sends a length with a form post; without one the body could not be bounded.
  const declared = Number(request.headers.get("Content-Length") ?? Number.NaN);
  if (!Number.isFinite(declared)) throw new AppError(411, "LENGTH_REQUIRED", koAdmin.upload.lengthRequired);
  // Room for the text fields and multipart framing beside the files themselves.
  if (declared > uploadMaxBytes * maxFiles + 1024 * 1024) throw uploadTooLarge();
  try {
    return await unstable_parseMultipartFormData(request, unstable_createMemoryUploadHandler({ maxPartSize: uploadMaxBytes }));
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) throw uploadTooLarge();
    throw new AppError(400, "BAD_MULTIPART", koAdmin.upload.unreadable);
  }
}
