// End-to-end: the browser's record that fails a test (tests/support/browser.ts) still sees a real
// aborted request, and leaves out only the abort of a request its page navigated away from.
import { describe, test, expect } from "vitest";
import { open, useSite } from "../support/browser";

const s = useSite();

describe("the problems recorded in the browser", () => {
  // A plain request, and a single-fetch data request aborted before any answer came.
  for (const path of ["/healthz", "/navi.data"]) {
    test(`a same-site request aborted while its page stays is reported (${path})`, async () => {
      const { page, problems, forgetProblems } = await s.open({ js: true });
      // Hydration replaces the history entry (a same-document navigation): done first, so the abort
      // below happens while the page stays.
      await open(page, "/navi", true);
      await page.route(`**${path}`, (route) => route.abort("aborted"));
      const failed = page.waitForEvent("requestfailed", (request) => request.url().endsWith(path));
      await page.evaluate((url) => fetch(url).catch(() => "aborted"), path);
      await failed;
      expect(await problems()).toStrictEqual([`request failed: ${s.site.origin}${path} net::ERR_ABORTED`]);
      // Reported as it should be; this test provoked it on purpose.
      forgetProblems();
    });
  }

  test("a request its page navigates away from is not reported", async () => {
    const { page, problems } = await s.open({ js: true });
    await page.goto("/navi");
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/healthz", async (route) => {
      await held;
      await route.continue().catch(() => {});
    });
    const started = page.waitForRequest("**/healthz");
    const failed = page.waitForEvent("requestfailed", (request) => request.url().endsWith("/healthz"));
    await page.evaluate(() => void fetch("/healthz"));
    await started;
    await page.goto("/");
    release();
    await failed;
    expect(await problems()).toStrictEqual([]);
  });
});
