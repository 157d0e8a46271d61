// End-to-end, issue 12 at 375 px with JavaScript off and on: a shared link to a reel whose poster file
// is gone shows "이미지를 찾을 수 없습니다 (id)" on the first load (viewer and list), never a broken
// image; a category of 30 reels shows 24 and "더 보기", a real link without JavaScript and an append
// (first items kept, focus on the first new one, all of them again on coming back) with it; a search with no match says so and leads
// back. Reels are registered from a local fake of the Instagram Graph API through the JSON API; the 30
// reels are written straight into the database, each with a copy of a demo poster and its sizes
// (registering is tests/e2e/reels.test.ts's; paging is what this file is about).
// Runs about 16 s.
import fs from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, test, vi, expect } from "vitest";
import { getAsBrowser, open, useSite } from "../support/browser";
import { fakeVideos, startFakeGraph, type FakeGraph } from "../support/fake-graph";
import { addCategory, addReels, copyUpload, withDatabase } from "../support/records";
import { assertAccessible } from "./helpers";

let fake: FakeGraph;

const PAGED_REELS = 30;
/** Videos of the fake feed registered through the API, then two Instagram withholds. */
const FEED_VIDEOS = 3;
/** Video i of the fake feed (0 = newest) has media id FIRST_MEDIA_ID + i; the last ones are Instagram-withheld. */
const FIRST_MEDIA_ID = 18300000000000000n;
const WITHHELD = [FEED_VIDEOS, FEED_VIDEOS + 1].map((i) => String(FIRST_MEDIA_ID + BigInt(i)));

beforeAll(async () => {
  // A small poster: each poster's sizes are made as it is stored.
  const poster = await sharp({ create: { width: 180, height: 320, channels: 3, background: "#a0b08a" } })
    .jpeg()
    .toBuffer();
  fake = await startFakeGraph({ poster });
  const media = fakeVideos(fake.origin, FEED_VIDEOS + WITHHELD.length, Date.parse("2025-06-30T03:00:00Z"), FIRST_MEDIA_ID);
  // Copyrighted audio: Instagram answers the reel without its video, so the viewer shows the poster.
  for (const item of media) if (WITHHELD.includes(item.id)) delete item.media_url;
  fake.setMedia(media);
});

afterAll(() => fake?.close());

const s = useSite(() => ({ INSTAGRAM_GRAPH_URL: fake.origin, INSTAGRAM_ACCESS_TOKEN: "test-token" }));

async function createCategory(context: BrowserContext, name: string) {
  const response = await context.request.post("/api/reels-category/insert", { multipart: { categoryNm: name, isView: "true" } });
  expect(response.status(), `API category insert: ${await response.text()}`).toBe(200);
  const id = ((await response.json()) as { reelsCategorys: { index: number }[] }).reelsCategorys[0]!.index;
  return { id, listPath: `/reels-list/${id}/${encodeURIComponent(name)}` };
}

async function createReel(context: BrowserContext, categoryId: number, name: string, mediaId: string) {
  const response = await context.request.post("/api/reels/insert", { data: { reelsNm: name, reelsCategoryID: categoryId, mediaId } });
  expect(response.status(), `API reel insert: ${await response.text()}`).toBe(200);
}

/**
 * A published category of `count` reels "놀이 1" (newest on Instagram) onwards, a minute apart, written
 * oldest first, each with its own copy of a demo reel's poster and sizes (a delete removes a reel's
 * files): no poster is fetched or sized. Its list was never asked for, so the page cache has no copy.
 */
function categoryOfReels(name: string, count: number) {
  return withDatabase(s.site, (db) => {
    const poster = db.prepare("SELECT image FROM reels WHERE image IS NOT NULL ORDER BY id LIMIT 1").pluck().get() as string;
    const categoryId = addCategory(db, { name });
    const reels = Array.from({ length: count }, (_, i) => {
      const n = count - i;
      return {
        name: `놀이 ${n}`,
        instaRegDate: new Date(Date.UTC(2025, 5, 30, 12, 0) - n * 60_000).toISOString(),
        image: copyUpload(s.site.uploadsDir, poster),
      };
    });
    addReels(db, categoryId, reels);
    return { id: categoryId, listPath: `/reels-list/${categoryId}/${encodeURIComponent(name)}` };
  });
}

/** The category's reels as the API lists them (id and poster URL), newest first. */
async function reelsOf(context: BrowserContext, categoryId: number) {
  const response = await getAsBrowser(context.request, `/api/reels/list?reelsCategoryId=${categoryId}`);
  return ((await response.json()) as { reelsLists: { index: number; image: string; reelsNm: string }[] }).reelsLists;
}

/** Every <img> on the page drew a picture: no broken-image icon anywhere. */
async function assertNoBrokenImage(page: Page) {
  const broken = await page
    .locator("img")
    .evaluateAll((images) =>
      images
        .filter((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth === 0)
        .map((img) => img.outerHTML),
    );
  expect(broken, "no broken images").toStrictEqual([]);
}

/** The largest difference of one colour channel between two same-sized screenshots (0–255). */
async function largestPixelDifference(first: Buffer, second: Buffer) {
  const [a, b] = await Promise.all([first, second].map((png) => sharp(png).removeAlpha().raw().toBuffer()));
  expect(a!.length, "same size").toBe(b!.length);
  let largest = 0;
  for (let i = 0; i < a!.length; i++) largest = Math.max(largest, Math.abs(a![i]! - b![i]!));
  return largest;
}

const cardNames = (page: Page) => page.locator(".reel-grid .reel-card__name").allTextContents();
const expectedNames = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `놀이 ${from + i}`);

for (const js of [false, true]) {
  describe(js ? "with JavaScript" : "without JavaScript", () => {
    const named = (name: string) => `${name} ${js ? "JS" : "HTML"}`;

    test("a shared link to a reel whose poster file is gone says '이미지를 찾을 수 없습니다 (id)' at once, in the viewer and the list", async () => {
      const admin = await s.open({ js, admin: true });
      const { id, listPath } = await createCategory(admin.context, named("표지 잃은 릴스"));
      const mediaId = WITHHELD[js ? 1 : 0]!;
      await createReel(admin.context, id, named("표지 없는 릴스"), mediaId);
      const [reel] = await reelsOf(admin.context, id);
      fs.rmSync(path.join(s.site.uploadsDir, decodeURIComponent(reel!.image.replace("/uploads/", ""))));

      const { page } = await s.open({ js });
      const info = encodeURIComponent(JSON.stringify({ id: reel!.index, mediaId, reelsNm: reel!.reelsNm }));
      await open(page, `/reels-content/${info}`, js);
      await page.getByText(`이미지를 찾을 수 없습니다 (${mediaId})`, { exact: true }).waitFor();
      expect(await page.locator(`img[src="${reel!.image}"]`).count(), "the lost poster is not drawn").toBe(0);
      await assertNoBrokenImage(page);
      // axe needs scripts in the page: checked with JavaScript on, on the same markup.
      if (js) await assertAccessible(page, "the viewer of a reel without its poster");

      await open(page, listPath, js);
      await page.getByRole("img", { name: `이미지를 찾을 수 없습니다 (${mediaId})` }).waitFor();
      await assertNoBrokenImage(page);
      if (js) await assertAccessible(page, "a list with a lost poster");
    });

    test("a poster that fails to load shows the reel's title on its calm tile, no broken-image icon", async () => {
      const admin = await s.open({ js, admin: true });
      const { id, listPath } = await createCategory(admin.context, named("깨진 표지"));
      const name = named("표지가 깨진 릴스");
      await createReel(admin.context, id, name, String(FIRST_MEDIA_ID + 2n));
      const [reel] = await reelsOf(admin.context, id);
      // The files are there (so the server draws them), but no browser can decode the poster or any of its sizes.
      const stem = decodeURIComponent(reel!.image.replace("/uploads/", "")).replace(/\.\w+$/, "");
      for (const file of fs.readdirSync(s.site.uploadsDir).filter((name) => name.startsWith(stem) && !name.endsWith(".json"))) {
        fs.writeFileSync(path.join(s.site.uploadsDir, file), "not a picture");
      }

      const { page } = await s.open({ js });
      await open(page, listPath, js);
      const tile = page.locator(".reel-card .poster-frame").first();
      await tile.scrollIntoViewIfNeeded();
      const images = tile.locator("img");
      // Settled: the picture failed (scripts take it out when they see that happen; CSS covers it otherwise).
      await vi.waitFor(
        async () => expect(await images.evaluateAll((all) => all.every((img) => (img as HTMLImageElement).complete))).toBeTruthy(),
        { timeout: 10_000 },
      );
      expect(
        await images
          .evaluateAll((all) => all.map((img) => (img as HTMLImageElement).naturalWidth))
          .then((widths) => widths.filter(Boolean)),
      ).toStrictEqual([]);
      const shown = await tile.screenshot();
      // What the title tile alone looks like: the same picture (text smoothing aside), so no
      // broken-image icon or frame shows.
      await images.evaluateAll((all) => all.forEach((img) => img.remove()));
      expect(await largestPixelDifference(shown, await tile.screenshot()), "the failed poster draws the title tile").toBeLessThan(48);
      expect((await tile.textContent())?.trim()).toBe(name);
    });

    test("30 reels show 24 and '더 보기', which leads on to the last 6; in delete mode a reel of page 2 is deleted", async () => {
      const admin = await s.open({ js, admin: true });
      // Oldest first, so the newest ("놀이 1") has the largest id: the list is newest on Instagram first either way.
      const { id, listPath } = categoryOfReels(named("서른 개"), PAGED_REELS);

      const { page } = await s.open({ js });
      await open(page, listPath, js);
      expect(await cardNames(page)).toStrictEqual(expectedNames(1, 24));
      await page.getByText("총 (30)", { exact: true }).waitFor();
      const more = page.getByRole("link", { name: "더 보기", exact: true });
      if (js) await assertAccessible(page, "a list with more to see");
      await more.click();
      if (js) {
        await page.getByRole("heading", { name: "놀이 25", exact: true }).waitFor();
        expect(await cardNames(page), "the first items stay, the next ones follow").toStrictEqual(expectedNames(1, 30));
        expect(await page.evaluate(() => document.activeElement?.textContent ?? ""), "focus is on the first new reel").toBe(
          await page.locator(".reel-grid > li").nth(24).locator("a").textContent(),
        );
      } else {
        await page.waitForURL((url) => url.searchParams.has("after"));
        expect(await cardNames(page)).toStrictEqual(expectedNames(25, 30));
      }
      await page.getByText("총 (30)", { exact: true }).waitFor();
      expect(await more.count(), "the last page has no '더 보기'").toBe(0);
      if (js) {
        await assertAccessible(page, "the list after '더 보기'");
        // Back from a reel of page 2, and a reload of that page: the whole list again, not only page 2.
        await page.locator(".reel-grid > li").nth(24).locator("a").click();
        await page.waitForURL((url) => url.pathname.startsWith("/reels-content/"));
        await page.goBack();
        // Waited for, not read at once: the list may be rendered again as the page comes back.
        await vi.waitFor(async () => expect(await cardNames(page), "back from a reel").toStrictEqual(expectedNames(1, 30)), {
          timeout: 10_000,
        });
        const opened = await page.locator(".reel-grid > li").nth(24).boundingBox();
        const viewport = page.viewportSize()!;
        expect(opened && opened.y >= 0 && opened.y < viewport.height, `the opened reel is in view again (at y ${opened?.y})`).toBeTruthy();
        await page.reload();
        await vi.waitFor(async () => expect(await cardNames(page), "after a reload").toStrictEqual(expectedNames(1, 30)), {
          timeout: 10_000,
        });
      }

      await open(admin.page, `${listPath}?mode=delete`, js);
      await admin.page.getByRole("link", { name: "더 보기", exact: true }).click();
      await admin.page.getByRole("checkbox", { name: "놀이 27 선택", exact: true }).check();
      await admin.page.getByRole("toolbar", { name: "관리 메뉴" }).getByRole("button", { name: "삭제", exact: true }).click();
      const dialog = admin.page.getByRole("dialog", { name: "정말 삭제하시겠습니까?" });
      await dialog.getByText("놀이 27", { exact: true }).waitFor();
      if (js) await assertAccessible(admin.page, "the delete confirmation on page 2");
      await dialog.getByRole("button", { name: "확인", exact: true }).click();
      await admin.page.getByRole("status").filter({ hasText: "삭제가 완료되었습니다." }).waitFor();
      await admin.page.getByText("총 (29)", { exact: true }).waitFor();
      const left = await reelsOf(admin.context, id);
      expect(left.map((reel) => reel.reelsNm)).toStrictEqual(expectedNames(1, 30).filter((name) => name !== "놀이 27"));
    });

    test("a search with no match says so, with the word as typed, and leads back to every reel", async () => {
      const admin = await s.open({ js, admin: true });
      const { id, listPath } = await createCategory(admin.context, named("검색할 곳"));
      await createReel(admin.context, id, "가위질 놀이", String(FIRST_MEDIA_ID));

      const { page } = await s.open({ js });
      await open(page, listPath, js);
      const word = "<b>없는 말</b>";
      await page.getByRole("searchbox", { name: "릴스 제목 검색" }).fill(word);
      await page.getByRole("searchbox", { name: "릴스 제목 검색" }).press("Enter");
      await page.getByText(`‘${word}’에 맞는 릴스가 없습니다.`, { exact: false }).waitFor();
      expect(await page.getByText("등록된 릴스가 없습니다.").count()).toBe(0);
      expect(await page.locator(".empty b").count(), "the word is text, not markup").toBe(0);
      if (js) await assertAccessible(page, "a search with no match");
      await page.getByRole("link", { name: "전체 릴스 보기", exact: true }).click();
      await page.getByRole("heading", { name: "가위질 놀이", exact: true }).waitFor();
      expect(new URL(page.url()).search).toBe("");
    });
  });
}
