import { Transform } from "node:stream";
import { partialMatchLength } from "./document-end.server";

const MODULE_PRELOAD = Buffer.from('<link rel="modulepreload"');
const LOW_PRIORITY_MODULE_PRELOAD = Buffer.from('<link rel="modulepreload" fetchpriority="low"');

/**
 * Marks Remix's `<link rel="modulepreload">` tags `fetchpriority="low"` (its `<Scripts>` takes no
 * such prop). The page is whole without its scripts (they add the interactive parts, and every page
 * works with JavaScript off), so on a slow connection the document's own pictures, the first card's
 * above all, go before them, and Lighthouse stops counting them as holding the first paint
 * (docs/performance.md, "Styles in the document"). React's hydration leaves the extra attribute alone.
 */
export function lowPriorityModulePreloads() {
  // The end of the last chunk when it could be the start of a tag split across chunks.
  let partial = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = partial.length ? Buffer.concat([partial, chunk]) : chunk;
      const pieces: Buffer[] = [];
      let from = 0;
      for (let at = text.indexOf(MODULE_PRELOAD); at !== -1; at = text.indexOf(MODULE_PRELOAD, from)) {
        pieces.push(text.subarray(from, at), LOW_PRIORITY_MODULE_PRELOAD);
        from = at + MODULE_PRELOAD.length;
      }
      const kept = partialMatchLength(text.subarray(from), MODULE_PRELOAD);
      partial = Buffer.from(text.subarray(text.length - kept));
      pieces.push(text.subarray(from, text.length - kept));
      callback(null, Buffer.concat(pieces));
    },
    flush(callback) {
      callback(null, partial);
    },
  });
}
