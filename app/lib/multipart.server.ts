import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import {
  NodeOnDiskFile,
  unstable_createFileUploadHandler,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type UploadHandler,
} from "@remix-run/node";
import { koServer } from "~/copy/ko-server.server";
import { config } from "./config.server";
import { AppError, isAppError } from "./errors";
import { MULTIPART_FRAMING_MAX_BYTES, MULTIPART_MAX_PARTS, MULTIPART_TEXT_MAX_BYTES, uploadBodyLimit } from "./upload-limits";
import { UPLOAD_TEMP_FOLDER, uploadTooLarge } from "./uploads.server";

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
 * What one form may hold besides its files' content, counted while the body streams in
 * (docs/architecture.md §5): at most MULTIPART_MAX_PARTS parts, MULTIPART_TEXT_MAX_BYTES of text in
 * its fields (kept in memory) and MULTIPART_FRAMING_MAX_BYTES of part headers and boundaries (the
 * parser keeps a part's headers whole until they end). Past any of them the form is refused at once,
 * and the rest of the body is read and dropped by the server's edge, as for any early answer.
 */
class FormBudget {
  private parts = 0;
  /** Bytes the parser has taken from the body, and how many of them were file or text content. */
  private read = 0;
  private fileBytes = 0;
  private textBytes = 0;

  /** Counts a new part: a form we send has far fewer. */
  part() {
    this.parts += 1;
    if (this.parts > MULTIPART_MAX_PARTS) {
      throw new AppError(413, "TOO_MANY_PARTS", koServer.upload.tooManyParts(MULTIPART_MAX_PARTS));
    }
  }

  /** A file part's bytes, which go to disk. */
  async *file(data: AsyncIterable<Uint8Array>) {
    for await (const chunk of data) {
      this.fileBytes += chunk.byteLength;
      yield chunk;
    }
  }

  /** A field's bytes, which stay in memory: refused as soon as the form's text is over its budget. */
  async *text(data: AsyncIterable<Uint8Array>) {
    for await (const chunk of data) {
      this.textBytes += chunk.byteLength;
      if (this.textBytes > MULTIPART_TEXT_MAX_BYTES) {
        throw new AppError(413, "TEXT_TOO_LARGE", koServer.upload.textTooLarge(MULTIPART_TEXT_MAX_BYTES / (1024 * 1024)));
      }
      yield chunk;
    }
  }

  /**
   * The request with its body counted as the parser takes it, one chunk at a time: before each
   * chunk, everything taken so far has been handed on as file or text content but the headers and
   * boundaries, which may not pass MULTIPART_FRAMING_MAX_BYTES (a part whose headers never end).
   */
  watch(request: Request, body: ReadableStream<Uint8Array>): Request {
    const source = body.getReader();
    const counted = new ReadableStream<Uint8Array>(
      {
        pull: async (controller) => {
          if (this.read - this.fileBytes - this.textBytes > MULTIPART_FRAMING_MAX_BYTES) {
            controller.error(new AppError(400, "BAD_MULTIPART", koServer.upload.unreadable));
            await source.cancel();
            return;
          }
          const { done, value } = await source.read();
          if (done) return controller.close();
          this.read += value.byteLength;
          controller.enqueue(value);
        },
        cancel: (reason) => source.cancel(reason),
      },
      { highWaterMark: 0 },
    );
    const init: RequestInit & { duplex: "half" } = { method: request.method, headers: request.headers, body: counted, duplex: "half" };
    return new Request(request.url, init);
  }
}

/**
 * Reads a multipart form with every file part capped at UPLOAD_MAX_MB and the rest bounded by
 * `FormBudget`. File parts are streamed to
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
    throw new AppError(415, "UNSUPPORTED_MEDIA_TYPE", koServer.upload.multipartOnly);
  }
  const { uploadMaxBytes, uploadsDir } = config();
  // Every browser sends a length with a form post; without one the body could not be bounded.
  const declared = Number(request.headers.get("Content-Length") ?? Number.NaN);
  if (!Number.isFinite(declared)) throw new AppError(411, "LENGTH_REQUIRED", koServer.upload.lengthRequired);
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
  // The budget refuses a field before this size could be reached.
  const inMemory = unstable_createMemoryUploadHandler({ maxPartSize: MULTIPART_TEXT_MAX_BYTES });
  const budget = new FormBudget();
  const tooLarge = new Set<string>();
  // A part with a file name goes to disk (`toDisk` takes no other, and leaves its data unread); the rest stays in memory.
  const handler: UploadHandler = async (part) => {
    budget.part();
    const onDisk = await toDisk({ ...part, data: upToLimit(budget.file(part.data), uploadMaxBytes, () => tooLarge.add(part.name)) });
    return onDisk ?? inMemory({ ...part, data: budget.text(part.data) });
  };
  let form: FormData;
  try {
    form = await unstable_parseMultipartFormData(request.body ? budget.watch(request, request.body) : request, handler);
  } catch (error) {
    await removeDirectory();
    throw isAppError(error) ? error : new AppError(400, "BAD_MULTIPART", koServer.upload.unreadable);
  }
  if (tooLarge.size === 0) {
    // A form sent without a file (an edit that keeps its picture) leaves no empty folder behind.
    if (![...form.values()].some((value) => value instanceof NodeOnDiskFile)) await removeDirectory();
    return form;
  }
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
