// End-to-end, issue 21 item 6 at 375 px with JavaScript on: from the first reel of a category
// "다음 릴스" leads through its reels in the list's order and "이전 릴스" back, with no link past either
// end; a swipe left on the video area opens the next reel and a swipe right the previous one (touch
// pointer events dispatched on it). Without JavaScript the same links are plain server-rendered
// ones: their order both ways and the missing ends are asserted on the served HTML in
// tests/integration/reel-neighbours.test.ts, and the tour (tests/e2e/tour.test.ts) opens a reel with
// JavaScript off. One category of three reels for the file, written straight into the database with
// a demo reel's poster and no video link (as when Instagram withholds the video), so the area shows the poster.
// Runs about 5 s.
import type { Page } from "playwright-core";
import { beforeAll, describe, test, expect } from "vitest";
import { open, useSite } from "../support/browser";
import { addCategory, addReels, withDatabase } from "../support/records";

const s = useSite();

const CATEGORY = "이웃 분류";
let listPath: string;

/** A published category with reels "이웃 1" (newest on Instagram) to "이웃 3", written oldest first; no test changes it. */
beforeAll(() => {
  listPath = withDatabase(s.site, (db) => {
    const image = db.prepare("SELECT image FROM reels WHERE image IS NOT NULL ORDER BY id LIMIT 1").pluck().get() as string;
    const id = addCategory(db, { name: CATEGORY });
    addReels(
      db,
      id,
      [3, 2, 1].map((n) => ({ name: `이웃 ${n}`, instaRegDate: new Date(Date.UTC(2025, 5, 30 - n)).toISOString(), image })),
    );
    return `/reels-list/${id}/${encodeURIComponent(CATEGORY)}`;
  });
});

const link = (page: Page, name: string) => page.getByRole("link", { name, exact: true });

async function expectReel(page: Page, name: string, { previous, next }: { previous: boolean; next: boolean }) {
  await page.getByRole("heading", { level: 1, name, exact: true }).waitFor();
  expect(await link(page, "이전 릴스").count(), `${name}: 이전 릴스`).toBe(previous ? 1 : 0);
  expect(await link(page, "다음 릴스").count(), `${name}: 다음 릴스`).toBe(next ? 1 : 0);
}

/** A touch swipe across the middle of the video area, `dx` px sideways. */
async function swipe(page: Page, dx: number) {
  const area = page.locator(".reel-swipe");
  const box = (await area.boundingBox())!;
  const x = box.x + box.width / 2 - dx / 2;
  const y = box.y + box.height / 2;
  const init = { bubbles: true, isPrimary: true, pointerId: 1, pointerType: "touch" };
  await area.dispatchEvent("pointerdown", { ...init, clientX: x, clientY: y });
  await area.dispatchEvent("pointerup", { ...init, clientX: x + dx, clientY: y + 8 });
}

describe("with JavaScript", () => {
  test("다음 릴스 and 이전 릴스 walk the category in its list's order, with no link past either end", async () => {
    const { page } = await s.open({ js: true });
    await open(page, listPath, true);
    await page.locator(".reel-grid a").first().click();
    await expectReel(page, "이웃 1", { previous: false, next: true });
    await link(page, "다음 릴스").click();
    await expectReel(page, "이웃 2", { previous: true, next: true });
    await link(page, "다음 릴스").click();
    await expectReel(page, "이웃 3", { previous: true, next: false });
    await link(page, "이전 릴스").click();
    await expectReel(page, "이웃 2", { previous: true, next: true });
    await link(page, "이전 릴스").click();
    await expectReel(page, "이웃 1", { previous: false, next: true });
  });

  test("a swipe left on the video opens the next reel, a swipe right the previous one", async () => {
    const { page } = await s.open({ js: true });
    await open(page, listPath, true);
    await page.locator(".reel-grid a").first().click();
    await expectReel(page, "이웃 1", { previous: false, next: true });
    await swipe(page, -150);
    await expectReel(page, "이웃 2", { previous: true, next: true });
    await swipe(page, -150);
    await expectReel(page, "이웃 3", { previous: true, next: false });
    await swipe(page, 150);
    await expectReel(page, "이웃 2", { previous: true, next: true });
    expect(new URL(page.url()).pathname).toMatch(/^\/reels-content\//);
  });
});
