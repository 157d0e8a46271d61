const KIB = 1024;
const MIB = 1024 * KIB;

/**
 * The parts of one form, files and fields together: the largest form, 경력 수정, sends 21 (its 20
 * pictures and `hasImage`), a product 13; this leaves room for the guides' form (a dozen fields and
 * the pictures placed in the text).
 */
export const MULTIPART_MAX_PARTS = 64;

/**
 * The text of one form's fields together, kept in memory while the form is read: a guide's body of
 * 100,000 Korean characters is about 300 KB of UTF-8; every other form sends a few KB.
 */
export const MULTIPART_TEXT_MAX_BYTES = 1 * MIB;

/** The parts' headers and boundaries of one form: 64 parts with a long file name each are far below it. */
export const MULTIPART_FRAMING_MAX_BYTES = 64 * KIB;

/**
 * Multipart framing and text fields beside the files of an upload (what a form may hold besides its
 * files is MULTIPART_TEXT_MAX_BYTES and MULTIPART_FRAMING_MAX_BYTES, which the room for one picture
 * over the limit below also covers).
 */
export const MULTIPART_MARGIN = 1 * MIB;

/**
 * The largest upload body read to its end (docs/architecture.md §5): the files a form takes at
 * UPLOAD_MAX_MB each, room for one picture over the limit, and the form's text. A picture over the
 * limit within it is read and dropped, so the form comes back with everything else she typed; a
 * larger body is refused at the edge before it is read.
 */
export function uploadBodyLimit(uploadMaxBytes: number, files: number) {
  return uploadMaxBytes * (files + 1) + MULTIPART_MARGIN;
}
