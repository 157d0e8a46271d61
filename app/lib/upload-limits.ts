/** Multipart framing and text fields beside the files of an upload. */
export const MULTIPART_MARGIN = 1024 * 1024;

/**
 * The largest upload body read to its end (docs/architecture.md §5): the files a form takes at
 * UPLOAD_MAX_MB each, room for one picture over the limit, and the form's text. A picture over the
 * limit within it is read and dropped, so the form comes back with everything else she typed; a
 * larger body is refused at the edge before it is read.
 */
export function uploadBodyLimit(uploadMaxBytes: number, files: number) {
  return uploadMaxBytes * (files + 1) + MULTIPART_MARGIN;
}
