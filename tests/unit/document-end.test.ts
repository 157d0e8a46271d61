import { describe, expect, test } from "vitest";
import { holdDocumentEnd } from "~/lib/document-end.server";

const SHELL = '<!DOCTYPE html><html lang="ko"><head></head><body><main>한글 본문</main><script>boot()</script></body></html>';
const LATE = "<!--$--><script>stream.enqueue(1)</script><!--/$-->";

/** Writes the chunks one by one, noting what came out after each, then ends the stream. */
function run(chunks: (string | Buffer)[]) {
  const stream = holdDocumentEnd();
  const afterEach: string[] = [];
  const out: Buffer[] = [];
  const take = () => {
    const read = stream.read() as Buffer | null;
    if (read) out.push(read);
  };
  for (const chunk of chunks) {
    stream.write(Buffer.from(chunk));
    take();
    afterEach.push(Buffer.concat(out).toString());
  }
  stream.end();
  take();
  return { out: Buffer.concat(out).toString(), afterEach };
}

describe("holdDocumentEnd", () => {
  test("the closing </body></html> comes after what React streams after it", () => {
    const { out, afterEach } = run([SHELL, LATE]);
    expect(out).toBe(`${SHELL.replace("</body></html>", "")}${LATE}</body></html>`);
    expect(afterEach[0], "the shell is passed on at once, without its closing tags").toBe(SHELL.replace("</body></html>", ""));
  });

  test("closing tags split across chunks at any byte are still found and moved", () => {
    const whole = Buffer.from(SHELL + LATE);
    const expected = `${SHELL.replace("</body></html>", "")}${LATE}</body></html>`;
    const end = Buffer.byteLength(SHELL);
    for (let cut = end - "</body></html>".length - 1; cut <= end + 1; cut++) {
      expect(run([whole.subarray(0, cut), whole.subarray(cut)]).out, `cut at byte ${cut}`).toBe(expected);
    }
  });

  test("a document without closing tags passes through unchanged, held-back bytes included", () => {
    expect(run(["<p>a</bo", "dy> text </body"]).out).toBe("<p>a</body> text </body");
  });
});
