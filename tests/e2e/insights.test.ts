// End-to-end: click insights. A visitor's browser taps a product button (the browser is sent on to
// the partner's address, which it cannot reach here) and opens a reel from the reel lists; the
// owner's 방문·유입 경로·클릭 통계 page then shows that click and that view, in a server-drawn chart, the
// totals and the top lists. With JavaScript on and off, at 375 px; axe (JavaScript on) finds nothing.
// Without JavaScript the owner also follows the 최근 90일 period link (with it: visits.test.ts).
// Runs about 7 s.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { describe, test, expect } from "vitest";
import { hasHorizontalOverflow, open, useSite } from "../support/browser";
import { assertAccessible } from "./helpers";

const s = useSite();

/** Headless Chromium names itself HeadlessChrome, which is rightly not counted: visitors here are phones. */
const PHONE_BROWSER =
  "Mozilla/5.0 (Linux; Android 14; SM-S921N) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36";
const PARTNER = "https://link.coupang.com/a/";

async function createProduct(admin: BrowserContext, name: string, link: string) {
  const response = await admin.request.post("/api/product-list/insert", {
    multipart: {
      productsNm: name,
      description: "통계용 제품",
      isGroupBuy: "false",
      isView: "true",
      isLeft: "true",
      leftButtonNm: "구매하기",
      leftLink: link,
    },
  });
  expect(response.status(), `API insert: ${await response.text()}`).toBe(200);
}

/** A visitor on a phone. */
async function visitor(js: boolean) {
  const visit = await s.open({ js });
  await visit.context.setExtraHTTPHeaders({ "User-Agent": PHONE_BROWSER });
  return visit;
}

/** Opens the first reel of the first category, by tapping through the lists; resolves to its name once its view was sent. */
async function openFirstReel(page: Page, js: boolean) {
  await open(page, "/reels-category", js);
  await page.locator("a[href^='/reels-list/']").first().click();
  await page.waitForURL(/\/reels-list\//);
  const reelLink = page.locator("a[href^='/reels-content/']").first();
  const reelName = (await reelLink.locator("h2").textContent())!.trim();
  const viewSent = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith("/seen/reel/"));
  await reelLink.click();
  await page.getByRole("heading", { level: 1, name: reelName }).waitFor();
  const view = await viewSent;
  expect(view.status()).toBe(200);
  return reelName;
}

function topList(page: Page, title: string) {
  return page.locator(".card", { has: page.getByRole("heading", { level: 2, name: title, exact: true }) });
}

for (const js of [true, false]) {
  describe(`JavaScript ${js ? "on" : "off"}`, () => {
    test("the owner's insights page shows the product click and the reel view a visitor just made", async () => {
      const productName = `통계 제품 ${crypto.randomUUID().slice(0, 6)}`;
      const link = `${PARTNER}e2e-${crypto.randomUUID().slice(0, 8)}`;
      const owner = await s.open({ js, admin: true });
      await createProduct(owner.context, productName, link);

      const { page } = await visitor(js);
      await open(page, "/product-list", js);
      const card = page.locator(".product-card", { has: page.getByRole("heading", { name: productName }) });
      const button = card.getByRole("link", { name: `구매하기 · ${productName}`, exact: true });
      expect((await button.getAttribute("href"))!).toMatch(/^\/out\/product\/\d+\/left$/);
      // The whole page goes to the stored link (the site's redirect). Whether Playwright's route may answer a
      // redirect's target differs between Chromium's builds, so the test waits for the browser's request.
      const toPartner = page.waitForRequest((request) => request.url() === link && request.isNavigationRequest());
      await button.click();
      await toPartner;

      const reelName = await openFirstReel(page, js);

      await open(owner.page, "/insights", js);
      await owner.page.getByRole("heading", { level: 1, name: "방문·유입 경로·클릭 통계" }).waitFor();
      const products = topList(owner.page, "많이 누른 제품");
      expect(await products.getByRole("listitem").filter({ hasText: productName }).textContent()).toBe(`${productName}1회`);
      const reels = topList(owner.page, "많이 본 릴스");
      const reelItem = reels.getByRole("listitem").filter({ has: owner.page.getByRole("link", { name: reelName, exact: true }) });
      expect((await reelItem.textContent())!).toMatch(new RegExp(`^${reelName}\\d+회$`));
      const chart = owner.page.getByRole("img", {
        name: /^최근 30일 릴스 조회 \d+회, 글 읽기 \d+회, 제품 버튼 클릭 \d+회, 광고 클릭 \d+회\./,
      });
      await chart.waitFor();
      expect(await chart.locator("rect").count(), "today's bars are drawn").toBeGreaterThanOrEqual(2);
      expect(await hasHorizontalOverflow(owner.page), "no sideways scroll at 375 px").toBe(false);
      // axe needs the page's JavaScript engine; the markup is the same server render with it off.
      if (js) await assertAccessible(owner.page, "insights page");
      await screenshot(owner.page, `insights-js-${js ? "on" : "off"}`);

      // The numbers behind the chart open without JavaScript too (<details>).
      await owner.page.getByText("날짜별 숫자 보기", { exact: true }).click();
      await owner.page.getByRole("table").waitFor();
      if (js) await assertAccessible(owner.page, "insights page with its table open");
      await screenshot(owner.page, `insights-table-js-${js ? "on" : "off"}`);

      if (!js) {
        // The periods are plain links, followed without JavaScript too (with it: visits.test.ts).
        await owner.page.getByRole("navigation", { name: "기간" }).getByRole("link", { name: "최근 90일" }).click();
        await owner.page.waitForURL(/days=90$/);
        await owner.page.getByText("90일 동안 페이지 방문", { exact: true }).waitFor();
        const current = owner.page.getByRole("navigation", { name: "기간" }).locator("[aria-current=page]");
        expect(await current.textContent()).toBe("최근 90일");
        expect(await hasHorizontalOverflow(owner.page), "no sideways scroll at 375 px").toBe(false);
      }
    });
  });
}

async function screenshot(page: Page, name: string) {
  const dir = path.resolve("test-results", "screenshots");
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}
