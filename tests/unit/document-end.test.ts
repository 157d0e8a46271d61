import { describe, expect, test } from "vitest";
import { finishedDocument, wholeDocument } from "~/lib/document-end.server";

const SHELL = '<!DOCTYPE html><html lang="ko"><head></head><body><main>한글 본문</main><script>boot()</script></body></html>';
const LATE = "<!--$--><script>stream.enqueue(1)</script><!--/$-->";

function finished(html: string | Buffer) {
  return finishedDocument(Buffer.from(html)).toString();
}

describe("finishedDocument", () => {
  test("the closing </body></html> comes after what React streams after it", () => {
    expect(finished(SHELL + LATE)).toBe(`${SHELL.replace("</body></html>", "")}${LATE}</body></html>`);
  });

  test("with the deferred scripts' template last in body, the data scripts go inside it, before its end tag", () => {
    const deferred = SHELL.replace("</body>", '<template id="deferred-scripts"><script type="module">hydrate()</script></template></body>');
    expect(finished(deferred + LATE)).toBe(`${deferred.replace("</template></body></html>", "")}${LATE}</template></body></html>`);
  });

  test("NUL bytes are dropped wherever they are, the Korean text around them kept", () => {
    const korean = Buffer.from(SHELL);
    const at = korean.indexOf(Buffer.from("본"));
    const nul = (count: number) => Buffer.alloc(count);
    const withNuls = Buffer.concat([nul(1), korean.subarray(0, 10), nul(2), korean.subarray(10, at), nul(3), korean.subarray(at), nul(1)]);
    expect(finished(withNuls)).toBe(SHELL);
  });

  test("a document without closing tags is unchanged", () => {
    expect(finished("<p>a</body> text </body")).toBe("<p>a</body> text </body");
  });
});

describe("wholeDocument", () => {
  test("hands on the pieces written to it as one finished document, once, at the end", async () => {
    const documents: string[] = [];
    const sink = wholeDocument((html) => documents.push(html.toString()));
    const whole = Buffer.from(SHELL + LATE);
    // React's pieces may cut a character or the closing tags anywhere.
    const cut = Buffer.byteLength(SHELL) - 5;
    sink.write(whole.subarray(0, 20));
    sink.write(whole.subarray(20, cut));
    sink.write(whole.subarray(cut));
    expect(documents).toEqual([]);
    await new Promise<void>((resolve) => sink.end(resolve));
    expect(documents).toEqual([`${SHELL.replace("</body></html>", "")}${LATE}</body></html>`]);
  });
});
