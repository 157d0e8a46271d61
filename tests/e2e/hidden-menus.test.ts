// End-to-end, issue 33 points 7 and 9 at 375 px with JavaScript off and on: a menu the owner hides
// is gone for visitors (with JavaScript: no card, no bottom-navigation entry, the 404 page; what the
// server answers them, in tests/integration/hidden-menus.test.ts) while she sees its page with a
// 숨김 notice; a parent from a shared /r/ link finds the way back to the reel's category,
// whose description shows with its line breaks; a withheld reel says so above the fold, before a
// still poster; /ai says it needs JavaScript before its consent, and 동의 철회 withdraws the consent;
// a banner takes a shop's address typed without https://. Reels come from a local fake of the
// Instagram Graph API; the chatbot from a local script that draws nothing.
// Runs about 15 s.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { getAsBrowser, hasHorizontalOverflow, open, PHONE, useSite } from "../support/browser";
import { fakeVideos, startFakeGraph, type FakeGraph } from "../support/fake-graph";
import { assertAccessible } from "./helpers";

const NOT_FOUND = "페이지를 찾을 수 없습니다";
const OWNER_NOTICE = "이 메뉴는 숨겨져 있어 방문자에게는 ‘페이지를 찾을 수 없습니다’로 보입니다.";
const NEEDS_SCRIPT =
  "이 챗봇은 자바스크립트가 켜져 있어야 동작합니다. 지금 브라우저는 자바스크립트가 꺼져 있어 동의해도 챗봇을 쓸 수 없습니다. 자바스크립트를 켠 뒤 다시 열어 주세요.";
const WITHHELD_MESSAGE = "인스타그램에서 이 영상을 재생할 수 없도록 했습니다. 인스타그램에서 확인해 주세요.";

const FIRST_MEDIA_ID = 18400000000000000n;
/** Video i of the fake feed has media id FIRST_MEDIA_ID + i; the last two are Instagram-withheld. */
const WITHHELD = [2n, 3n].map((i) => String(FIRST_MEDIA_ID + i));

let fake: FakeGraph;
/** A chatbot provider whose script draws nothing: the consent and its withdrawal are what is tested. */
const quietChatbot = http.createServer((_request, response) => {
  response.writeHead(200, { "Content-Type": "text/javascript; charset=utf-8" });
  response.end("/* no chat */\n");
});
let chatbotOrigin = "";

beforeAll(async () => {
  fake = await startFakeGraph();
  const media = fakeVideos(fake.origin, 4, Date.parse("2025-06-30T03:00:00Z"), FIRST_MEDIA_ID);
  for (const item of media) if (WITHHELD.includes(item.id)) delete item.media_url;
  fake.setMedia(media);
  await new Promise<void>((resolve) => quietChatbot.listen(0, "127.0.0.1", resolve));
  chatbotOrigin = `http://127.0.0.1:${(quietChatbot.address() as AddressInfo).port}`;
});

afterAll(async () => {
  fake?.close();
  await new Promise((resolve) => quietChatbot.close(resolve));
});

const s = useSite(() => ({
  INSTAGRAM_GRAPH_URL: fake.origin,
  INSTAGRAM_ACCESS_TOKEN: "test-token",
  CHATBOT_SCRIPT_URL: `${chatbotOrigin}/embed.js`,
}));

async function setProductsShown(context: BrowserContext, shown: boolean) {
  const response = await context.request.post("/api/home/update", { data: { isViewFlags: { products: shown } } });
  expect(response.status(), await response.text()).toBe(200);
}

async function createCategory(context: BrowserContext, name: string, description: string) {
  const response = await context.request.post("/api/reels-category/insert", {
    multipart: { categoryNm: name, description, isView: "true" },
  });
  expect(response.status(), `API category insert: ${await response.text()}`).toBe(200);
  const id = ((await response.json()) as { reelsCategorys: { index: number }[] }).reelsCategorys[0]!.index;
  return { id, listPath: `/reels-list/${id}/${encodeURIComponent(name)}` };
}

async function createReel(context: BrowserContext, categoryId: number, name: string, mediaId: string) {
  const response = await context.request.post("/api/reels/insert", { data: { reelsNm: name, reelsCategoryID: categoryId, mediaId } });
  expect(response.status(), `API reel insert: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { reelsLists: { index: number }[] }).reelsLists[0]!.index;
}

/** Whether the element's box lies within the phone's first screen. */
async function aboveTheFold(page: Page, selector: string) {
  const box = await page.locator(selector).first().boundingBox();
  return box !== null && box.y >= 0 && box.y + box.height <= PHONE.height;
}

const fixtureDir = fs.mkdtempSync(path.join(os.tmpdir(), "ot-shop-png-"));
afterAll(() => fs.rmSync(fixtureDir, { recursive: true, force: true }));

for (const js of [false, true]) {
  describe(js ? "with JavaScript" : "without JavaScript", () => {
    const named = (name: string) => `${name} ${js ? "JS" : "HTML"}`;

    test(
      js
        ? "a hidden 제품 소개: visitors get the 404 page and no way to it; the owner sees the page, marked 숨김"
        : "a hidden 제품 소개: the owner sees the page, marked 숨김",
      async () => {
        const owner = await s.open({ js, admin: true });
        await setProductsShown(owner.context, false);
        try {
          // What the server gives a visitor (the home page without the card, the entry of the bottom
          // navigation and the introduction's words; 404 for /product-list, /product/{id} and /p/{id}) is
          // read in tests/integration/hidden-menus.test.ts, "제품 소개 hidden". The browser, once: the
          // hydrated home page and bottom bar, and a 404 page that the section's loader answered.
          if (js) {
            const { page } = await s.open({ js });
            await open(page, "/", js);
            await page.getByRole("heading", { level: 1, name: "우리아이 작업치료" }).waitFor();
            await page
              .getByText("아동 작업치료사가 전하는 발달·배변훈련 정보와 릴스 모음을 한곳에서 만나보세요.", { exact: true })
              .waitFor();
            expect(
              await page
                .getByRole("main")
                .getByRole("link", { name: /제품 소개/ })
                .count(),
            ).toBe(0);
            const bottomNav = page.getByRole("navigation", { name: "하단 메뉴" });
            await bottomNav.getByRole("link", { name: "릴스 모음" }).waitFor();
            expect(await bottomNav.getByRole("link", { name: "제품 소개" }).count()).toBe(0);

            s.expectProblems((problem) =>
              problem.startsWith("console error: Failed to load resource: the server responded with a status of 404"),
            );
            const response = await page.goto("/product-list");
            expect(response?.status()).toBe(404);
            await page.getByRole("heading", { level: 1, name: NOT_FOUND }).waitFor();
          }

          await open(owner.page, "/", js);
          const card = owner.page.getByRole("main").getByRole("link", { name: /^제품 소개 숨김/ });
          await card.click();
          await owner.page.waitForURL(`${s.site.origin}/product-list`);
          const notice = owner.page.getByRole("note");
          await notice.waitFor();
          expect(await notice.textContent()).toBe(`숨김 ${OWNER_NOTICE} 메뉴 수정에서 보이기`);
          expect(await notice.getByRole("link", { name: "메뉴 수정에서 보이기" }).getAttribute("href")).toBe("/home-update");
          expect(await hasHorizontalOverflow(owner.page)).toBe(false);
          if (js) await assertAccessible(owner.page, "a hidden menu's page, as the owner sees it");

          await open(owner.page, "/navi", js);
          await owner.page.getByRole("navigation", { name: "관리자 페이지" }).getByRole("link", { name: "사이트 설정" }).waitFor();
          await owner.page.getByRole("link", { name: "제품 소개 숨김" }).waitFor();
          if (js) await assertAccessible(owner.page, "/navi as the owner, with a hidden menu");
        } finally {
          await setProductsShown(owner.context, true);
        }
      },
    );

    test("a parent from a shared /r/ link goes back to the reel's category, whose description keeps its line breaks", async () => {
      const admin = await s.open({ js, admin: true });
      const name = named("손놀이");
      const { id, listPath } = await createCategory(admin.context, name, "집에서 하는 손놀이 모음\n하루 10분이면 충분해요");
      const reelId = await createReel(admin.context, id, named("콩 옮기기"), String(FIRST_MEDIA_ID + (js ? 1n : 0n)));

      const { page } = await s.open({ js });
      await open(page, `/r/${reelId}`, js);
      await page.getByRole("heading", { level: 1, name: named("콩 옮기기") }).waitFor();
      const back = page.getByRole("link", { name: `${name} 카테고리로`, exact: true });
      expect(await aboveTheFold(page, `a[href="${listPath}"]`), "the way back is on the first screen").toBe(true);
      if (js) await assertAccessible(page, "the reel viewer with its way back");
      await back.click();
      await page.waitForURL(`${s.site.origin}${listPath}`);
      await page.getByRole("heading", { level: 1, name }).waitFor();
      const description = page.locator(".category-description");
      expect(await description.innerText()).toBe("집에서 하는 손놀이 모음\n하루 10분이면 충분해요");
      expect(await hasHorizontalOverflow(page)).toBe(false);
    });

    test("a withheld reel says so on the first screen, with the Instagram link, above a small still poster", async () => {
      const admin = await s.open({ js, admin: true });
      const { id } = await createCategory(admin.context, named("저작권 음원"), "");
      const reelId = await createReel(admin.context, id, named("음원 때문에 막힌 릴스"), WITHHELD[js ? 1 : 0]!);

      const { page } = await s.open({ js });
      await open(page, `/r/${reelId}`, js);
      const message = page.getByRole("status").filter({ hasText: WITHHELD_MESSAGE });
      await message.waitFor();
      expect(await aboveTheFold(page, ".reel-player__message--unavailable"), "the message is on the first screen").toBe(true);
      expect(await aboveTheFold(page, '.reel-player a:has-text("인스타그램에서 보기")'), "so is the way to Instagram").toBe(true);
      const [messageBox, posterBox] = await Promise.all([message.boundingBox(), page.locator(".reel-player .poster-frame").boundingBox()]);
      expect(posterBox!.y, "the poster comes after the message").toBeGreaterThan(messageBox!.y + messageBox!.height);
      expect(posterBox!.width, "a small still picture, not a player's frame").toBeLessThanOrEqual(180);
      expect(await page.locator("video").count()).toBe(0);
      if (js) await assertAccessible(page, "a withheld reel");
    });

    test("/ai: the need for JavaScript is said before the consent (only without it); 동의 철회 withdraws the consent", async () => {
      const { page } = await s.open({ js });
      await open(page, "/ai", js);
      const checkbox = page.getByRole("checkbox", { name: "위 내용을 읽었으며 개인정보 수집·이용에 동의합니다." });
      await checkbox.waitFor();
      const needsScript = page.getByText(NEEDS_SCRIPT, { exact: true });
      if (js) {
        expect(await needsScript.count(), "a browser running scripts is not told it has none").toBe(0);
      } else {
        const [notice, box] = await Promise.all([needsScript.boundingBox(), checkbox.boundingBox()]);
        expect(notice!.y, "before the tick box").toBeLessThan(box!.y);
        expect(await aboveTheFold(page, ".consent__needs-script"), "on the first screen").toBe(true);
      }

      await checkbox.check();
      await page.getByRole("button", { name: "확인", exact: true }).click();
      const withdraw = page.getByRole("button", { name: "동의 철회", exact: true });
      await withdraw.waitFor();
      await withdraw.click();
      await page.getByText("개인정보 수집·이용 동의를 철회했습니다. 챗봇을 다시 쓰려면 새로 동의해 주세요.", { exact: true }).waitFor();
      await checkbox.waitFor();
      expect(await withdraw.count()).toBe(0);
      const cookies = await page.context().cookies();
      expect(cookies.map((cookie) => cookie.name)).not.toContain("ot_ai_consent");
    });

    test("a banner takes a shop's own address typed without https:// (read as https)", async () => {
      const { page } = await s.open({ js, admin: true });
      await open(page, "/site-settings/ad/0", js);
      const name = named("원목 교구 가게");
      await page.getByLabel("배너 이름", { exact: true }).fill(name);
      const file = path.join(fixtureDir, `shop-${js}.png`);
      await sharp({ create: { width: 640, height: 100, channels: 3, background: "#e8f5e9" } })
        .png()
        .toFile(file);
      await page.getByLabel("배너 이미지", { exact: true }).setInputFiles(file);
      await page.getByLabel("연결할 주소", { exact: true }).fill("www.wooden-toys.example/store");
      await page.getByRole("button", { name: "등록", exact: true }).click();
      await page.getByText("배너가 등록되었습니다.", { exact: true }).first().waitFor();

      const ads = (await (await getAsBrowser(page.context().request, "/api/site-settings")).json()) as {
        partnerAds: { index: number; name: string; link: string | null }[];
      };
      const saved = ads.partnerAds.find((ad) => ad.name === name)!;
      expect(saved.link).toBe("https://www.wooden-toys.example/store");
      const deleted = await page
        .context()
        .request.post("/api/site-settings/ad-command", { data: { index: saved.index, command: "delete" } });
      expect(deleted.status()).toBe(200);
    });
  });
}
