import { Writable } from "node:stream";

const DOCUMENT_END = Buffer.from("</body></html>");
/** The end of a document whose last child is the template of app/components/DeferredScripts.tsx. */
const DEFERRED_SCRIPTS_END = Buffer.from("</template></body></html>");

/**
 * Collects a whole rendered document (no page streams a part that waits, so nothing is gained by
 * sending it piece by piece: the server compresses it in one call), then hands it on finished.
 * One buffer instead of React's 2 KB pieces through two transforms and a web stream: about a tenth
 * of a cache miss's CPU (docs/performance.md, "Route tree once").
 */
export function wholeDocument(done: (html: Buffer<ArrayBuffer>) => void) {
  const chunks: Buffer[] = [];
  return new Writable({
    // React aborts its (finished) render when its destination closes, ending it a second time: an
    // error object made and dropped on every page.
    emitClose: false,
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
    final(callback) {
      done(finishedDocument(Buffer.concat(chunks)));
      callback();
    },
  });
}

/**
 * - React 18.3's streaming renderer can leave NUL bytes where a multi-byte (Korean) character meets
 *   its 2 KB chunk boundary (facebook/react#24985). HTML never contains NUL, so they are dropped.
 * - React 18 writes the closing `</body></html>` with the shell, and Remix's single-fetch data
 *   scripts (and any late Suspense content) come after it: invalid HTML that browsers repair by
 *   moving them into the body. The closing tags are moved to the end (as React 19 writes them);
 *   when the body ends with the deferred scripts' template, the template's end tag moves too, so
 *   the data scripts wait in it with the scripts they feed (app/components/DeferredScripts.tsx).
 */
export function finishedDocument(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const nulFree = withoutNulBytes(html);
  for (const end of [DEFERRED_SCRIPTS_END, DOCUMENT_END]) {
    const at = nulFree.indexOf(end);
    if (at !== -1) return Buffer.concat([nulFree.subarray(0, at), nulFree.subarray(at + end.length), end]);
  }
  return nulFree;
}

/** The bytes between the NULs, joined (a filter with a callback per byte took a fifth of a Korean page's render). */
function withoutNulBytes(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  let nul = html.indexOf(0);
  if (nul === -1) return html;
  const pieces: Buffer[] = [];
  let start = 0;
  for (; nul !== -1; nul = html.indexOf(0, start)) {
    pieces.push(html.subarray(start, nul));
    start = nul + 1;
  }
  pieces.push(html.subarray(start));
  return Buffer.concat(pieces);
}
