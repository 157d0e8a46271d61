// A stored page that changes by itself (issue 31, point 7: the next partner banner's turn) is kept no
// longer than that moment, with no write: before it, visitors get the stored page; right after it,
// the page is rendered anew. The app runs in this process, so the clock the cache and the loaders
// read is the test's (Date faked, timers real).
// Runs about 3 s.
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { BANNER_TURN_MS } from "~/features/ads/ads.server";
import { startApp, type TestApp } from "../support/app";
import { openDb, queryOneIn } from "./_helpers";

let app: TestApp;

beforeAll(async () => {
  app = await startApp();
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  await app?.close();
});

async function page(pathname: string) {
  const html = await (await fetch(app.url(pathname))).text();
  return { html, banner: /href="\/out\/ad\/(\d+)"/.exec(html)?.[1] ?? null };
}

describe("a stored page lives until its banner's turn ends", () => {
  test("10 s before the turn ends it is stored; 1 s before, still the stored page; 1 s after, rendered anew with the next banner", async () => {
    const shown = queryOneIn<{ count: number }>(
      app,
      "SELECT COUNT(*) AS count FROM partner_ads WHERE is_view = 1 AND link IS NOT NULL",
    ).count;
    expect(shown, "the demo shows several banners").toBeGreaterThan(1);
    const product = queryOneIn<{ id: number; name: string }>(app, "SELECT id, name FROM products WHERE is_view = 1 ORDER BY id LIMIT 1");
    // Around the next 12:00 in Korea: far from a Korean midnight, when the demo's group buys change
    // their day counts (and the page with them, group-buy-pages.test.ts).
    const day = 86_400_000;
    let noon = Math.floor(Date.now() / day) * day + 3 * 3_600_000;
    while (noon < Date.now()) noon += day;
    const turnEnds = (Math.floor(noon / BANNER_TURN_MS) + 3) * BANNER_TURN_MS;
    vi.useFakeTimers({ toFake: ["Date"], now: turnEnds - 10_000 });

    const before = await page("/product-list");
    expect(before.banner, "the product list shows a banner").not.toBeNull();
    const renamed = `${product.name} (몰래 바뀜)`;
    const db = openDb(app);
    try {
      // Behind the app's back: only a page rendered anew can show it.
      db.prepare("UPDATE products SET name = ? WHERE id = ?").run(renamed, product.id);
      vi.setSystemTime(turnEnds - 1_000);
      expect((await page("/product-list")).html, "still the stored page").toBe(before.html);

      vi.setSystemTime(turnEnds + 1_000);
      const after = await page("/product-list");
      expect(after.html, "rendered anew").toContain(renamed);
      expect(after.banner, "the next banner's turn").not.toBe(before.banner);
    } finally {
      db.prepare("UPDATE products SET name = ? WHERE id = ?").run(product.name, product.id);
      db.close();
    }
  });
});
