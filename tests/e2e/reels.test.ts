// End-to-end: the reels screens against a local fake of the Instagram Graph API. The admin creates
// a category with an image, opens it (empty), registers a reel from the fake feed (videos only, the
// date filter in Korea time, oldest first), watches it, renames it, finds it with the search box,
// deletes it, and deletes the category (the confirmation counts its reels). 등록 without a reel, from
// the bottom of the page, lands on its message (in view, focused). A visitor sees published
// categories only and no admin toolbar (that empty ones are left out and a hidden one's list is a 404
// is read from the server in tests/integration). With JavaScript: the date range clears an end
// before the start. The poster was copied to /uploads and outlives Instagram's CDN; an expired token
// is explained in Korean.
// Each with JavaScript off and on, at 375 px; every test starts from its own category (and reels),
// made through the JSON API unless making it is what the test is about.
// Runs about 50 s.
import fs from "node:fs";
import path from "node:path";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, test, vi, expect } from "vitest";
import { getAsBrowser, hasHorizontalOverflow, isHttpErrorConsoleLine, open, useSite } from "../support/browser";
import { fakeVideos, startFakeGraph, type FakeGraph } from "../support/fake-graph";
import {
  assertAccessibleAsSeen,
  assertInClearView,
  containing,
  effectiveOpacity,
  expectInPage,
  nameHeading,
  submitFromBottom,
  toolbar,
} from "./helpers";

let fake: FakeGraph;

// Eight videos, one a day, posted at 18:30 UTC: that is 03:30 the NEXT day in Korea, so a screen
// that showed UTC (or filtered by UTC days) would be a day off. Newest: 2025-07-01 03:30 KST.
const VIDEOS = 8;
const IMAGE_CAPTION = "사진 게시물: 오늘의 교구 소개";
/** The fake feed's media ids: video i (0 = newest) is FIRST_MEDIA_ID + i. */
const FIRST_MEDIA_ID = 18000000000000000n;

beforeAll(async () => {
  fake = await startFakeGraph();
  const media = fakeVideos(fake.origin, VIDEOS, Date.parse("2025-06-30T18:30:00Z"), FIRST_MEDIA_ID);
  media.push({
    id: "17900000000000001",
    caption: IMAGE_CAPTION,
    media_type: "IMAGE",
    media_product_type: "FEED",
    media_url: `${fake.origin}/cdn/i/17900000000000001.jpg?oe=ABCDEF`,
    permalink: "https://www.instagram.com/p/IMAGE1/",
    // Inside the filtered range below: the filter must still leave it out.
    timestamp: "2025-06-27T01:00:00+0000",
  });
  fake.setMedia(media);
});

afterAll(() => fake?.close());

const s = useSite(() => ({ INSTAGRAM_GRAPH_URL: fake.origin, INSTAGRAM_ACCESS_TOKEN: "test-token" }));

const POSTER = path.resolve("public/demo/reels/poster-3.jpg");

/** KST date of video i (0 = newest) of the fake feed: 2025-07-01 03:30:00 minus i days. */
function kstDateOf(i: number) {
  const day = new Date(Date.UTC(2025, 6, 1 - i));
  return `${day.toISOString().slice(0, 10)} 03:30:00`;
}
const captionOf = (i: number) => `소근육 놀이 ${i + 1}편 #아동작업치료`;

/**
 * The fake CDN is plain http on 127.0.0.1, where Instagram's is https (which the site's CSP allows
 * with `https:`). So that its thumbnails and videos load as Instagram's would, add the fake's origin
 * to img-src and media-src of the site's pages in this context (not of upload answers, which a
 * route cannot replay). Nothing else is changed.
 */
async function allowFakeCdn(context: BrowserContext) {
  await context.route(
    (url) => url.origin === s.site.origin,
    async (route) => {
      const request = route.request();
      if (request.resourceType() !== "document") return route.fallback();
      // Replaying a file upload through the route would lose the file: leave uploads alone.
      if (/^multipart\//.test((await request.allHeaders())["content-type"] ?? "")) return route.fallback();
      const response = await route.fetch({ maxRedirects: 0 });
      const headers = response.headers();
      const csp = headers["content-security-policy"];
      if (csp) {
        headers["content-security-policy"] = csp
          .replace(/img-src ([^;]*)/, `img-src $1 ${fake.origin}`)
          .replace(/media-src ([^;]*)/, `media-src $1 ${fake.origin}`);
      }
      await route.fulfill({ response, headers });
    },
  );
}

/** A context for this test whose pages load the fake CDN's thumbnails and videos. */
async function openWithCdn(js: boolean, admin: boolean) {
  const visit = await s.open({ js, admin });
  await allowFakeCdn(visit.context);
  // The fake CDN is on the loopback address like the site; pages served through the route
  // above count as public to Chromium's local-network checks, so allow that explicitly.
  await visit.context.grantPermissions(["local-network-access"], { origin: s.site.origin });
  return visit;
}

/** Waits until a check in the page holds (page.waitForFunction needs the page's own scripts, off without JavaScript). */
function waitUntil(what: string, check: () => Promise<boolean>) {
  return vi.waitFor(async () => expect(await check().catch(() => false), `timed out waiting until ${what}`).toBeTruthy(), {
    timeout: 10_000,
    interval: 100,
  });
}

const imageLoaded = (img: Locator) => () =>
  img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0);

function categoryCard(page: Page, name: string) {
  return page.locator(".category-card", { has: nameHeading(page, name) });
}
function reelCard(page: Page, name: string) {
  return page.locator(".reel-card", { has: nameHeading(page, name) });
}

async function expectTotal(page: Page, count: number) {
  const total = `총 (${count.toLocaleString("ko-KR")})`;
  await page.locator(".list-total", { hasText: total }).waitFor();
  expect((await page.locator(".list-total").textContent())?.trim()).toBe(total);
}

function assertNoOverflow(page: Page) {
  return hasHorizontalOverflow(page).then((overflow) => expect(overflow, `no sideways scroll on ${page.url()}`).toBe(false));
}

/** The dates of the listed Instagram items on the register screen, in order. */
async function listedDates(page: Page) {
  const texts = await page.locator(".insta-item-list .insta-item__date").allTextContents();
  return texts.map((text) => text.replace("인스타 등록일", "").trim());
}

/** Submits the list's delete selection and confirms it. */
async function deleteSelected(page: Page, js: boolean, label: string, expectedLine: string) {
  await page.getByRole("checkbox", { name: `${label} 선택`, exact: true }).check();
  await toolbar(page).getByRole("button", { name: "삭제", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "정말 삭제하시겠습니까?" });
  await dialog.waitFor();
  expect(await dialog.evaluate((element) => element.matches(":modal")), js ? "a modal dialog" : "an in-page step").toBe(js);
  const lines = (await dialog.locator("li").allTextContents()).map((line) => line.trim());
  expect(lines, "the confirmation names what goes").toStrictEqual([expectedLine]);
  await dialog.getByRole("button", { name: "확인", exact: true }).click();
  await page.getByRole("status").filter({ hasText: "삭제가 완료되었습니다." }).waitFor();
  expect(await page.getByRole("dialog", { name: "정말 삭제하시겠습니까?" }).count()).toBe(0);
  expect(await page.getByText("삭제 중", { exact: true }).count(), "back to the normal mode").toBe(0);
}

/** Registers a category (with the demo poster as its image if asked) through the JSON API; returns its id and list's path. */
async function createCategory(context: BrowserContext, name: string, { image = false } = {}) {
  const response = await context.request.post("/api/reels-category/insert", {
    multipart: {
      categoryNm: name,
      description: "손끝 힘과 양손 협응을 기르는 놀이",
      isView: "true",
      ...(image ? { hasImage: "true", imageFile: { name: "category.jpg", mimeType: "image/jpeg", buffer: fs.readFileSync(POSTER) } } : {}),
    },
  });
  const body = await response.text();
  expect(response.status(), `API category insert: ${body}`).toBe(200);
  const id = (JSON.parse(body) as { reelsCategorys: { index: number }[] }).reelsCategorys[0]!.index;
  return { id, listPath: `/reels-list/${id}/${encodeURIComponent(name)}` };
}

/** Registers video `video` of the fake feed as a reel of the category through the JSON API. */
async function createReel(context: BrowserContext, categoryId: number, name: string, video: number) {
  const response = await context.request.post("/api/reels/insert", {
    data: { reelsNm: name, reelsCategoryID: categoryId, mediaId: String(FIRST_MEDIA_ID + BigInt(video)) },
  });
  expect(response.status(), `API reel insert: ${await response.text()}`).toBe(200);
}

/** Opens the reel register screen of a list through its 등록 link. */
async function openRegister(page: Page, listPath: string, js: boolean) {
  await open(page, listPath, js);
  await toolbar(page).getByRole("link", { name: "등록", exact: true }).click();
  await page.waitForURL((url) => url.pathname.startsWith("/reels-upsert/0/"));
  await page.getByRole("heading", { level: 1, name: "릴스 등록" }).waitFor();
}

for (const js of [false, true]) {
  describe(js ? "with JavaScript" : "without JavaScript", () => {
    // Distinct per test and mode, so no test can pass on another's data.
    const named = (name: string) => `${name} ${js ? "JS" : "HTML"}`;

    test("creates a category with an image; it shows on /reels-category (릴스 모음) and opens empty", async () => {
      const category = named("가위질 연습");
      const { page } = await openWithCdn(js, true);
      await open(page, "/reels-category", js);
      await page.getByRole("heading", { level: 1, name: "릴스 모음" }).waitFor();
      await toolbar(page).getByRole("link", { name: "등록", exact: true }).click();
      await page.waitForURL(`${s.site.origin}/reels-category-upsert/0`);
      await page.getByRole("heading", { level: 1, name: "릴스 카테고리 등록" }).waitFor();
      await page.getByText("대표 이미지를 설정해 주세요.").waitFor();
      await page.getByLabel("카테고리 이름", { exact: true }).fill(category);
      await page.getByLabel("대표 이미지", { exact: true }).setInputFiles(POSTER);
      if (js) await page.getByRole("img", { name: "미리보기" }).waitFor();
      await page.getByLabel("설명", { exact: true }).fill("손끝 힘과 양손 협응을 기르는 놀이");
      await assertNoOverflow(page);
      await page.getByRole("main").getByRole("button", { name: "등록", exact: true }).click();
      await page.waitForURL(`${s.site.origin}/reels-category`);
      await page.getByRole("status").filter({ hasText: "카테고리 등록이 완료되었습니다." }).waitFor();

      const card = categoryCard(page, category);
      await card.waitFor();
      const src = await card.getByRole("img", { name: `${category} 카테고리 대표 이미지` }).getAttribute("src");
      expect(src ?? "", `the category image is an upload: ${src}`).toMatch(/^\/uploads\/[^/?]+\.jpe?g/);
      expect((await getAsBrowser(page.request, src!)).status()).toBe(200);
      // Visitors never see a category without reels; the admin sees it marked as empty.
      expect((await card.locator(".category-card__count").textContent())?.trim() ?? "").toMatch(/^릴스 0개/);
      await card.getByText("릴스 없음", { exact: true }).waitFor();
      await assertNoOverflow(page);
      // Visitors do not see it until it has a reel: tests/integration/list-order.test.ts.

      // The new category opens empty: 총 (0) and 등록된 릴스가 없습니다.
      await page.locator(`a[href^="/reels-list/"]`, { has: nameHeading(page, category) }).click();
      await page.waitForURL((url) => url.pathname.startsWith("/reels-list/"));
      const listPath = new URL(page.url()).pathname;
      expect(decodeURIComponent(listPath.split("/")[3] ?? ""), "the title is in the path").toBe(category);
      await page.getByRole("heading", { level: 1, name: category }).waitFor();
      await expectTotal(page, 0);
      await page.getByText("등록된 릴스가 없습니다.", { exact: true }).waitFor();
      await assertNoOverflow(page);
    });

    test("등록 lists the feed's videos (not the image post); the date filter and oldest first narrow and order them", async () => {
      const category = named("종이 접기");
      const reelName = named("종이 띠 자르기");
      const { context, page } = await openWithCdn(js, true);
      const { listPath } = await createCategory(context, category);
      await openRegister(page, listPath, js);
      const items = page.getByRole("group", { name: "인스타그램 릴스" });
      const radios = items.getByRole("radio");
      await radios.first().waitFor();
      expect(await radios.count(), "every video of the feed is offered").toBe(VIDEOS);
      expect(await page.getByText(IMAGE_CAPTION).count(), "the image post is not offered").toBe(0);
      expect(await listedDates(page), "newest first, in Korea time").toStrictEqual(Array.from({ length: VIDEOS }, (_, i) => kstDateOf(i)));
      expect(
        await page.getByText("데모 피드를 사용 중입니다. 실제 인스타그램 계정을 연결하려면 토큰을 등록해 주세요.").count(),
        "the real (fake) feed, not the demo one",
      ).toBe(0);
      // The thumbnails come from the (fake) Instagram CDN and load.
      const thumb = items.locator("img").first();
      await thumb.scrollIntoViewIfNeeded();
      await waitUntil("the first thumbnail has loaded", imageLoaded(thumb));
      await assertNoOverflow(page);

      // 2025-06-26 .. 2025-06-28 in Korea time: videos 3, 4 and 5 (the image post of the 27th stays out).
      await page.getByLabel("등록일 시작", { exact: true }).fill("2025-06-26");
      await page.getByLabel("등록일 끝", { exact: true }).fill("2025-06-28");
      await page.getByLabel("오래된 순으로 보기", { exact: true }).check();
      await page.locator(".insta-filter").getByRole("button", { name: "검색", exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get("regDateFilter") === "2025-06-26");
      await waitUntil("three videos are listed", async () => (await radios.count()) === 3);
      const url = new URL(page.url());
      expect(url.searchParams.get("endDateFilter")).toBe("2025-06-28");
      expect(url.searchParams.has("checkedAscFilter"), "oldest first is in the URL").toBeTruthy();
      expect(await listedDates(page), "the range in Korea days, oldest first").toStrictEqual([kstDateOf(5), kstDateOf(4), kstDateOf(3)]);
      expect(await page.getByText(IMAGE_CAPTION).count()).toBe(0);
      // The filter keeps its values.
      expect(await page.getByLabel("등록일 시작", { exact: true }).inputValue()).toBe("2025-06-26");
      expect(await page.getByLabel("등록일 끝", { exact: true }).inputValue()).toBe("2025-06-28");
      expect(await page.getByLabel("오래된 순으로 보기", { exact: true }).isChecked()).toBe(true);
      await assertNoOverflow(page);

      // 등록 without choosing a video, pressed from the bottom of the page, is refused in Korean: the
      // message is in clear view and has the focus; the filtered list and the name stay.
      await page.getByLabel("릴스 이름", { exact: true }).fill(reelName);
      await submitFromBottom(page, page.getByRole("main").getByRole("button", { name: "등록", exact: true }), js);
      const refusal = page.getByText("등록할 릴스를 선택해 주세요.", { exact: true });
      await refusal.waitFor();
      await expectInPage(page, js, () => document.activeElement?.textContent === "등록할 릴스를 선택해 주세요.", "the message has focus");
      await assertInClearView(refusal, "the message");
      await assertAccessibleAsSeen(page, js, `reel registration error (${js ? "JS on" : "JS off"})`, () => openWithCdn(true, false));
      expect(await radios.count(), "the filtered list stays after the refusal").toBe(3);
      expect(await page.getByLabel("릴스 이름", { exact: true }).inputValue(), "the name is kept").toBe(reelName);

      // Choose the oldest (video 5), 등록.
      await items.getByRole("radio", { name: containing(captionOf(5)) }).check();
      await page.getByRole("main").getByRole("button", { name: "등록", exact: true }).click();
      await page.waitForURL((next) => next.pathname === listPath && next.search === "");
      await page.getByRole("status").filter({ hasText: "릴스 저장이 완료되었습니다." }).waitFor();
      await expectTotal(page, 1);
      const card = reelCard(page, reelName);
      await card.waitFor();
      const date = card.locator(".reel-card__date");
      expect((await date.textContent())?.replace(/\s+/g, " ").trim()).toBe(`${"인스타 등록일"} ${kstDateOf(5)}`);
      expect(await card.locator("time").getAttribute("datetime")).toBe(`${kstDateOf(5).replace(" ", "T")}+09:00`);
      const poster = await card.locator("img.poster-frame__image").getAttribute("src");
      expect(poster ?? "", `the poster was copied into uploads: ${poster}`).toMatch(/^\/uploads\//);
      await assertNoOverflow(page);
      // The refused 등록 answered 400, which Chromium logs to the console.
      s.expectProblems(isHttpErrorConsoleLine(400));
    });

    test("the reel opens on /reels-content with its name and a video with a poster", async () => {
      const category = named("콩 옮기기");
      const reelName = named("젓가락으로 콩 옮기기");
      const { context, page } = await openWithCdn(js, true);
      const { id, listPath } = await createCategory(context, category);
      await createReel(context, id, reelName, 5);
      await open(page, listPath, js);
      await page.locator(`a[href^="/reels-content/"]`, { has: nameHeading(page, reelName) }).click();
      await page.waitForURL((url) => url.pathname.startsWith("/reels-content/"));
      await page.getByRole("heading", { level: 1, name: reelName }).waitFor();
      const video = page.locator("video");
      await video.waitFor();
      expect((await video.getAttribute("poster")) ?? "", "the poster is the copied one").toMatch(/^\/uploads\//);
      expect(await video.getAttribute("controls"), "the video has controls").toBe("");
      const source = await video.locator("source").getAttribute("src");
      expect(source?.startsWith(`${fake.origin}/cdn/v/`), `the video plays from Instagram's link: ${source}`).toBeTruthy();
      await page.getByText(captionOf(5)).waitFor();
      if (js) {
        // The video is playable (the player did not fall back to 'does not exist').
        await waitUntil("the video has loaded its metadata", () => video.evaluate((el) => (el as HTMLVideoElement).readyState >= 1));
        expect(await page.getByText("릴스가 존재하지 않습니다.").count()).toBe(0);
      }
      await assertNoOverflow(page);
    });

    test("수정 mode renames the reel", async () => {
      const category = named("집게 놀이");
      const reelName = named("빨래집게 옮기기");
      const renamed = named("빨래집게 옮기기 2탄");
      const { context, page } = await openWithCdn(js, true);
      const { id, listPath } = await createCategory(context, category);
      await createReel(context, id, reelName, 5);
      await open(page, listPath, js);
      await toolbar(page).getByRole("link", { name: "수정", exact: true }).click();
      await page.waitForURL((url) => url.pathname === listPath && url.searchParams.get("mode") === "edit");
      await toolbar(page).getByText("수정 중", { exact: true }).waitFor();
      expect(await toolbar(page).getByRole("link", { name: "취소", exact: true }).count()).toBe(1);
      await assertNoOverflow(page);
      await page.getByRole("link", { name: `${reelName} 수정`, exact: true }).click();
      await page.waitForURL((url) => url.pathname.startsWith("/reels-upsert/") && !url.pathname.startsWith("/reels-upsert/0/"));
      await page.getByRole("heading", { level: 1, name: "릴스 수정" }).waitFor();
      const nameInput = page.getByLabel("릴스 이름", { exact: true });
      expect(await nameInput.inputValue(), "prefilled").toBe(reelName);
      expect(await page.getByRole("radio").count(), "edit shows the one reel, nothing to choose").toBe(0);
      await page.getByText(kstDateOf(5)).waitFor();
      await assertNoOverflow(page);
      await nameInput.fill(renamed);
      await page.getByRole("main").getByRole("button", { name: "수정", exact: true }).click();
      await page.waitForURL((url) => url.pathname === listPath && url.search === "");
      await page.getByRole("status").filter({ hasText: "릴스 저장이 완료되었습니다." }).waitFor();
      await reelCard(page, renamed).waitFor();
      expect(await reelCard(page, reelName).count(), "the old name is gone").toBe(0);
      await expectTotal(page, 1);
    });

    test("the edit form's 카테고리 moves the reel to another category (issue 33, point 6)", async () => {
      const from = named("옮기기 전");
      const to = named("옮긴 곳");
      const reelName = named("컵 옮기기");
      const { context, page } = await openWithCdn(js, true);
      const source = await createCategory(context, from);
      const target = await createCategory(context, to);
      await createReel(context, source.id, reelName, 7);
      await open(page, `${source.listPath}?mode=edit`, js);
      await page.getByRole("link", { name: `${reelName} 수정`, exact: true }).click();
      await page.getByRole("heading", { level: 1, name: "릴스 수정" }).waitFor();
      const choice = page.getByRole("combobox", { name: "카테고리" });
      expect(await choice.inputValue(), "its own category is chosen").toBe(String(source.id));
      await choice.selectOption({ label: to });
      await assertNoOverflow(page);
      await page.getByRole("main").getByRole("button", { name: "수정", exact: true }).click();
      await page.waitForURL((url) => url.pathname === target.listPath);
      await page.getByRole("status").filter({ hasText: "릴스 저장이 완료되었습니다." }).waitFor();
      await reelCard(page, reelName).waitFor();
      await open(page, source.listPath, js);
      expect(await reelCard(page, reelName).count(), "gone from where it was").toBe(0);
    });

    test("the list's search box finds the reel (Enter submits); a nonsense keyword finds nothing", async () => {
      const category = named("블록 쌓기");
      const reelName = named("컵 쌓기 놀이");
      const { context, page } = await openWithCdn(js, true);
      const { id, listPath } = await createCategory(context, category);
      await createReel(context, id, reelName, 2);
      await createReel(context, id, named("공 굴리기"), 3);
      await open(page, listPath, js);
      await expectTotal(page, 2);
      const search = page.getByRole("searchbox", { name: "릴스 제목 검색" });
      await search.fill("컵 쌓기");
      await search.press("Enter");
      await page.waitForURL((url) => url.searchParams.get("keyword") === "컵 쌓기");
      await expectTotal(page, 1);
      await reelCard(page, reelName).waitFor();
      await assertNoOverflow(page);

      await page.getByRole("searchbox", { name: "릴스 제목 검색" }).fill("없는제목zzz");
      await page.getByRole("searchbox", { name: "릴스 제목 검색" }).press("Enter");
      await page.waitForURL((url) => url.searchParams.get("keyword") === "없는제목zzz");
      await expectTotal(page, 0);
      expect(await reelCard(page, reelName).count()).toBe(0);
      expect(await page.getByRole("searchbox", { name: "릴스 제목 검색" }).inputValue(), "the keyword stays in the box").toBe(
        "없는제목zzz",
      );
    });

    test("deletes the reel with the confirmation", async () => {
      const category = named("색종이");
      const reelName = named("색종이 오리기");
      const { context, page } = await openWithCdn(js, true);
      const { id, listPath } = await createCategory(context, category);
      await createReel(context, id, reelName, 1);
      await open(page, listPath, js);
      await toolbar(page).getByRole("link", { name: "삭제", exact: true }).click();
      await page.waitForURL((url) => url.pathname === listPath && url.searchParams.get("mode") === "delete");
      await toolbar(page).getByText("삭제 중", { exact: true }).waitFor();
      await assertNoOverflow(page);
      await deleteSelected(page, js, reelName, reelName);
      expect(new URL(page.url()).pathname).toBe(listPath);
      await expectTotal(page, 0);
      await page.getByText("등록된 릴스가 없습니다.", { exact: true }).waitFor();
    });

    test("the reels list's delete mode dims the page like the other lists (docs/product.md §2)", async () => {
      const category = named("끈 끼우기");
      const reelName = named("구슬 끼우기");
      const { context, page } = await openWithCdn(js, true);
      const { id, listPath } = await createCategory(context, category);
      await createReel(context, id, reelName, 1);
      await open(page, `${listPath}?mode=delete`, js);
      await toolbar(page).getByText("삭제 중", { exact: true }).waitFor();
      const picture = reelCard(page, reelName).locator("img.poster-frame__image");
      const opacity = await effectiveOpacity(picture);
      const productPage = await context.newPage();
      await productPage.goto("/product-list?mode=delete");
      const productOpacity = await effectiveOpacity(productPage.locator(".selectable img").first());
      await productPage.close();
      expect(productOpacity, `the product list dims its items in delete mode (opacity ${productOpacity})`).toBeLessThan(1);
      expect(
        opacity,
        `the reels list dims its unticked items in delete mode like the product list (reel ${opacity}, product ${productOpacity})`,
      ).toBeLessThan(1);
      // Ticking a reel changes how it looks (the selection shows), as on the other lists.
      await page.getByRole("checkbox", { name: `${reelName} 선택`, exact: true }).check();
      expect(await effectiveOpacity(picture), "a ticked reel is not dimmer than an unticked one").toBeGreaterThanOrEqual(opacity);
    });

    test("the reel's poster still shows after Instagram's CDN links expire (it was copied to /uploads)", async () => {
      const category = named("풍선 놀이");
      const reelName = named("풍선 치기");
      const { context, page } = await openWithCdn(js, true);
      const { id, listPath } = await createCategory(context, category);
      await createReel(context, id, reelName, 1);
      fake.stopCdn();
      try {
        await open(page, listPath, js);
        const card = reelCard(page, reelName);
        await card.waitFor();
        const img = card.locator("img.poster-frame__image");
        await img.waitFor();
        await img.scrollIntoViewIfNeeded();
        await waitUntil("the copied poster has loaded", imageLoaded(img));
        expect(await card.getByText(/^이미지를 찾을 수 없습니다/).count(), "no missing-image notice").toBe(0);

        await page.locator(`a[href^="/reels-content/"]`, { has: nameHeading(page, reelName) }).click();
        await page.waitForURL((url) => url.pathname.startsWith("/reels-content/"));
        await page.getByRole("heading", { level: 1, name: reelName }).waitFor();
        let posterSrc: string | null;
        if (js) {
          // The video itself is gone from the CDN: the player shows the poster and a way to Instagram.
          const poster = page.locator(".reel-player img.poster-frame__image");
          await poster.waitFor();
          posterSrc = await poster.getAttribute("src");
          await page.getByRole("link", { name: "인스타그램에서 보기" }).waitFor();
          await waitUntil("the poster has loaded", imageLoaded(poster));
        } else {
          posterSrc = await page.locator("video").getAttribute("poster");
        }
        expect(posterSrc ?? "").toMatch(/^\/uploads\//);
        const response = await getAsBrowser(page.request, posterSrc!);
        expect(response.status(), "the copied poster is served").toBe(200);
        // The poster itself (JPEG), or for the video's poster one of its sizes (WebP, docs/architecture.md §5).
        expect(response.headers()["content-type"]).toMatch(/^image\/(jpeg|webp)$/);
        await assertNoOverflow(page);
        s.expectProblems(isHttpErrorConsoleLine(404));
      } finally {
        fake.startCdn();
      }
    });

    if (js) {
      test("date range: a start date after the end date clears the end", async () => {
        const { context, page } = await openWithCdn(js, true);
        const { listPath } = await createCategory(context, named("날짜 범위"));
        await openRegister(page, listPath, js);
        const start = page.getByLabel("등록일 시작", { exact: true });
        const end = page.getByLabel("등록일 끝", { exact: true });
        await start.fill("2025-06-20");
        await end.fill("2025-06-22");
        await start.fill("2025-06-21");
        expect(await end.inputValue(), "a start before the end keeps the end").toBe("2025-06-22");
        await start.fill("2025-06-25");
        expect(await end.inputValue(), "a start after the end clears the end").toBe("");
        expect(await start.inputValue()).toBe("2025-06-25");
      });
    }

    test("hidden via its edit form, the category is gone for a visitor; the admin sees 숨김", async () => {
      const category = named("숨길 카테고리");
      const { context, page } = await openWithCdn(js, true);
      await createCategory(context, category, { image: true });
      await open(page, "/reels-category", js);
      await toolbar(page).getByRole("link", { name: "수정", exact: true }).click();
      await page.waitForURL(`${s.site.origin}/reels-category?mode=edit`);
      await toolbar(page).getByText("수정 중", { exact: true }).waitFor();
      await page.getByRole("link", { name: `${category} 수정`, exact: true }).click();
      await page.waitForURL((url) => url.pathname.startsWith("/reels-category-upsert/") && !url.pathname.endsWith("/0"));
      await page.getByRole("heading", { level: 1, name: "릴스 카테고리 수정" }).waitFor();
      expect(await page.getByLabel("카테고리 이름", { exact: true }).inputValue()).toBe(category);
      expect(await page.getByRole("img", { name: "현재 이미지" }).getAttribute("src"), "the current image is shown").toBeTruthy();
      await assertNoOverflow(page);
      await page.getByRole("group", { name: "공개 여부" }).getByLabel("숨김", { exact: true }).check();
      await page.getByRole("main").getByRole("button", { name: "수정", exact: true }).click();
      await page.waitForURL(`${s.site.origin}/reels-category`);
      await page.getByRole("status").filter({ hasText: "카테고리 수정이 완료되었습니다." }).waitFor();
      const card = categoryCard(page, category);
      await card.waitFor();
      expect(await card.locator(".badge").filter({ hasText: "숨김" }).count(), "the admin sees 숨김").toBe(1);
      // The image survived an edit that did not touch it.
      expect(await card.getByRole("img", { name: `${category} 카테고리 대표 이미지` }).count()).toBe(1);

      const visitorPage = (await s.open({ js })).page;
      await open(visitorPage, "/reels-category", js);
      await visitorPage.getByRole("heading", { level: 1, name: "릴스 모음" }).waitFor();
      expect(await categoryCard(visitorPage, category).count(), "a visitor does not see the hidden category").toBe(0);
      expect(await visitorPage.locator(".category-card").count(), "the published demo categories remain").toBeGreaterThan(0);
      expect(await toolbar(visitorPage).count(), "a visitor has no admin toolbar").toBe(0);
      await assertNoOverflow(visitorPage);
      // Nor can a visitor open its list by its address (a 404): tests/integration/reels.test.ts, "visibility".
    });

    test("deletes the category; its reel waits in the inbox with its name and is filed again from there", async () => {
      const category = named("지울 카테고리");
      const reelName = named("살릴 릴스");
      const { context, page } = await openWithCdn(js, true);
      const { id, listPath } = await createCategory(context, category);
      const home = await createCategory(context, named("새 집"));
      // A video of its own per mode: one still filed elsewhere would not wait in the inbox (the site keeps it there).
      await createReel(context, id, reelName, js ? 6 : 4);
      await open(page, "/reels-category", js);
      await toolbar(page).getByRole("link", { name: "삭제", exact: true }).click();
      await page.waitForURL(`${s.site.origin}/reels-category?mode=delete`);
      await toolbar(page).getByText("삭제 중", { exact: true }).waitFor();
      await assertNoOverflow(page);
      await deleteSelected(page, js, category, `${category} (릴스 1개는 미분류 릴스로 옮겨집니다)`);
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/reels-category");
      expect(await categoryCard(page, category).count(), "the category is gone").toBe(0);
      const response = await page.goto(listPath);
      expect(response?.status(), "its list is gone too").toBe(404);
      s.expectProblems(isHttpErrorConsoleLine(404));

      // Issue 33, point 6: the reel is not lost; it waits in the inbox to be filed again, name and all.
      await open(page, "/reels-inbox", js);
      const row = page.getByRole("article", { name: reelName });
      await row.getByText("카테고리가 삭제된 릴스", { exact: true }).waitFor();
      await row.getByRole("combobox", { name: "카테고리" }).selectOption({ value: String(home.id) });
      await row.getByRole("button", { name: "등록", exact: true }).click();
      await page.getByRole("status").filter({ hasText: "릴스를 등록했습니다." }).waitFor();
      await open(page, home.listPath, js);
      await page.locator(".reel-card__name", { hasText: reelName }).waitFor();
    });
  });
}
