import { describe, expect, test } from "vitest";
import { lowPriorityModulePreloads } from "~/lib/script-priority.server";

const PAGE =
  '<body><main>한글 본문, rel="modulepreload" in text</main><link rel="modulepreload" href="/build/entry.js"/>' +
  '<link rel="modulepreload" href="/build/root.js"/><script type="module" async="">import "/build/entry.js"</script></body>';
const EXPECTED = PAGE.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');

function run(chunks: Buffer[]) {
  const stream = lowPriorityModulePreloads();
  const out: Buffer[] = [];
  stream.on("data", (chunk: Buffer) => out.push(chunk));
  for (const chunk of chunks) stream.write(chunk);
  stream.end();
  return Buffer.concat(out).toString();
}

describe("lowPriorityModulePreloads", () => {
  test("every modulepreload link is marked low priority, nothing else changes", () => {
    expect(run([Buffer.from(PAGE)])).toBe(EXPECTED);
  });

  test("a tag split across chunks at any byte is still marked", () => {
    const whole = Buffer.from(PAGE);
    for (let cut = 1; cut < whole.length; cut++) {
      expect(run([whole.subarray(0, cut), whole.subarray(cut)]), `cut at byte ${cut}`).toBe(EXPECTED);
    }
  });

  test("a page without scripts passes through whole, its end included", () => {
    expect(run([Buffer.from("<p>끝 <link rel="), Buffer.from('"modulepre')])).toBe('<p>끝 <link rel="modulepre');
  });
});
