import { Transform } from "node:stream";

const DOCUMENT_END = Buffer.from("</body></html>");

/**
 * React 18 writes the document's closing `</body></html>` with the shell, and Remix's single-fetch
 * data scripts (and any late Suspense content) are streamed after it: invalid HTML that browsers
 * repair by moving them into the body. The closing tags are held back and written last instead
 * (as React 19 does); everything before and after them still streams as it comes.
 */
export function holdDocumentEnd() {
  let held = false;
  // The end of the last chunk when it could be the start of `</body></html>` split across chunks.
  let partial = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (held) return callback(null, chunk);
      const text = partial.length ? Buffer.concat([partial, chunk]) : chunk;
      const at = text.indexOf(DOCUMENT_END);
      if (at !== -1) {
        held = true;
        partial = Buffer.alloc(0);
        return callback(null, Buffer.concat([text.subarray(0, at), text.subarray(at + DOCUMENT_END.length)]));
      }
      const kept = partialDocumentEndLength(text);
      partial = Buffer.from(text.subarray(text.length - kept));
      callback(null, text.subarray(0, text.length - kept));
    },
    flush(callback) {
      callback(null, held ? DOCUMENT_END : partial);
    },
  });
}

/** How many bytes at the end of `text` are a beginning of `</body></html>`. */
function partialDocumentEndLength(text: Buffer) {
  for (let length = Math.min(DOCUMENT_END.length - 1, text.length); length > 0; length--) {
    if (text.subarray(text.length - length).equals(DOCUMENT_END.subarray(0, length))) return length;
  }
  return 0;
}
