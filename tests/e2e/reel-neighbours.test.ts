// End-to-end, issue 21 item 6 at 375 px with JavaScript off and on: from the first reel of a category
// "다음 릴스" leads through its reels in the list's order and "이전 릴스" back, with no link past either
// end; with JavaScript a swipe left on the video area opens the next reel and a swipe right the
// previous one (touch pointer events dispatched on it). Reels come from a local fake of the Instagram
// Graph API through the JSON API; Instagram withholds their videos, so the area shows the poster.
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, test, expect } from "vitest";
import { open, useSite } from "../support/browser";
import { fakeVideos, startFakeGraph, type FakeGraph } from "../support/fake-graph";

let fake: FakeGraph;

/** Video i of the fake feed (0 = newest) has media id FIRST_MEDIA_ID + i. */
const FIRST_MEDIA_ID = 18400000000000000n;
const VIDEOS = 3;

beforeAll(async () => {
  fake = await startFakeGraph();
  const media = fakeVideos(fake.origin, VIDEOS, Date.parse("2025-06-30T03:00:00Z"), FIRST_MEDIA_ID);
  for (const item of media) delete item.media_url;
  fake.setMedia(media);
});

afterAll(() => fake?.close());

const s = useSite(() => ({ INSTAGRAM_GRAPH_URL: fake.origin, INSTAGRAM_ACCESS_TOKEN: "test-token" }));

/** A published category with reels "이웃 1" (newest on Instagram) to "이웃 3", registered oldest first. */
async function categoryOfThree(context: BrowserContext, name: string) {
  const category = await context.request.post("/api/reels-category/insert", { multipart: { categoryNm: name, isView: "true" } });
  expect(category.status(), `API category insert: ${await category.text()}`).toBe(200);
  const id = ((await category.json()) as { reelsCategorys: { index: number }[] }).reelsCategorys[0]!.index;
  for (let i = VIDEOS - 1; i >= 0; i--) {
    const data = { reelsNm: `이웃 ${i + 1}`, reelsCategoryID: id, mediaId: String(FIRST_MEDIA_ID + BigInt(i)) };
    const reel = await context.request.post("/api/reels/insert", { data });
    expect(reel.status(), `API reel insert: ${await reel.text()}`).toBe(200);
  }
  return `/reels-list/${id}/${encodeURIComponent(name)}`;
}

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

for (const js of [false, true]) {
  describe(js ? "with JavaScript" : "without JavaScript", () => {
    test("다음 릴스 and 이전 릴스 walk the category in its list's order, with no link past either end", async () => {
      const admin = await s.open({ js, admin: true });
      const listPath = await categoryOfThree(admin.context, `이웃 분류 ${js ? "JS" : "HTML"}`);

      const { page } = await s.open({ js });
      await open(page, listPath, js);
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

    if (js) {
      test("a swipe left on the video opens the next reel, a swipe right the previous one", async () => {
        const admin = await s.open({ js, admin: true });
        const listPath = await categoryOfThree(admin.context, "쓸어 넘기는 분류");

        const { page } = await s.open({ js });
        await open(page, listPath, js);
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
    }
  });
}
