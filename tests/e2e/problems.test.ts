// End-to-end: the browser's record that fails a test (tests/support/browser.ts) still sees a real
// aborted request, and leaves out only the abort of a request its page navigated away from.
import { describe, test } from "vitest";
import assert from "node:assert/strict";
import { useSite } from "../support/browser";

const s = useSite();

describe("the problems recorded in the browser", () => {
  test("a same-site request aborted while its page stays is reported", async () => {
    const { page, problems, forgetProblems } = await s.open({ js: true });
    await page.goto("/navi");
    await page.route("**/healthz", (route) => route.abort("aborted"));
    const failed = page.waitForEvent("requestfailed");
    await page.evaluate(() => fetch("/healthz").catch(() => "aborted"));
    await failed;
    assert.deepEqual(await problems(), [`request failed: ${s.site.origin}/healthz net::ERR_ABORTED`]);
    // Reported as it should be; this test provoked it on purpose.
    forgetProblems();
  });

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
    const failed = page.waitForEvent("requestfailed");
    await page.evaluate(() => void fetch("/healthz"));
    await started;
    await page.goto("/");
    release();
    assert.equal((await failed).url(), `${s.site.origin}/healthz`);
    assert.deepEqual(await problems(), []);
  });
});
