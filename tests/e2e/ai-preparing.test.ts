// End-to-end: the AI page while no chatbot is configured, and sharing without a Kakao key, in
// Chromium at 375 px. No consent is asked: a 준비 중 card leads to the reels and the products
// (JavaScript on and off, axe clean, the page black). The share dialog's first target is the phone's
// share sheet (Web Share API, which lists KakaoTalk), offered only where the browser has one:
// Chromium's is replaced by a recorder (page.addInitScript) that keeps what the page shared.
// Runs about 6 s.
import type { Page } from "playwright-core";
import { describe, test, expect } from "vitest";
import { hasHorizontalOverflow, open, useSite } from "../support/browser";
import { assertAccessible, withoutAppScripts } from "./helpers";

const s = useSite(() => ({ CHATBOT_SCRIPT_URL: "", KAKAO_JS_KEY: "" }));

function preparingCard(page: Page) {
  return page.getByRole("region", { name: "AI 상담을 준비하고 있어요" });
}

for (const js of [false, true]) {
  describe(`/ai with no chatbot configured, JavaScript ${js ? "on" : "off"}`, () => {
    test("a 준비 중 card instead of a consent, leading to the reels and the products", async () => {
      const { page } = await s.open({ js });
      const response = await open(page, "/ai", js);
      expect(response?.status()).toBe(200);
      await page.getByRole("heading", { level: 1, name: "배변훈련 AI" }).waitFor();
      const card = preparingCard(page);
      await card.waitFor();
      await card.getByText("챗봇을 곧 열어 드릴게요. 그동안 아래 메뉴를 먼저 둘러보세요.", { exact: true }).waitFor();
      expect(await page.getByRole("heading", { name: "개인정보 수집·이용 동의" }).count(), "no consent is asked").toBe(0);
      expect(await page.getByRole("checkbox").count()).toBe(0);
      expect(
        await card.getByRole("link").evaluateAll((links) => links.map((link) => [link.textContent, link.getAttribute("href")])),
      ).toStrictEqual([
        ["릴스 모음", "/reels-category"],
        ["제품 소개", "/product-list"],
      ]);
      expect(await hasHorizontalOverflow(page)).toBe(false);
      if (js) await assertAccessible(page, "the 준비 중 card, JavaScript on");
      await card.getByRole("link", { name: "릴스 모음", exact: true }).click();
      await page.waitForURL(`${s.site.origin}/reels-category`);
      await page.getByRole("heading", { level: 1, name: "릴스 모음" }).waitFor();
    });
  });
}

describe("/ai with no chatbot configured: accessibility", () => {
  // With JavaScript the card's own test above runs axe on its page.
  test("the 준비 중 card, JavaScript off, has no axe violation", async () => {
    // Without JavaScript: the server's markup with the app's scripts held back, so axe can still run.
    const { context, page } = await s.open({ js: true });
    await withoutAppScripts(context);
    await page.goto("/ai");
    await preparingCard(page).waitFor();
    await assertAccessible(page, "the 준비 중 card, JavaScript off");
  });
});

/** Replaces the browser's navigator.share with one that records what it was handed (or removes it). */
const RECORDING_SHARE = `Object.defineProperty(Navigator.prototype, "share", {
  configurable: true,
  value(data) { window.__shared = (window.__shared || []).concat([data]); return Promise.resolve(); },
});`;
const NO_SHARE = `delete Navigator.prototype.share;`;

describe("sharing without a Kakao key", () => {
  test("카카오톡 등 앱으로 공유 comes first and hands the page's title and address to the share sheet", async () => {
    const { context, page } = await s.open({ js: true });
    await context.addInitScript(RECORDING_SHARE);
    await open(page, "/ai", true);
    await page.getByRole("banner").getByRole("link", { name: "공유하기", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "공유하기" });
    await dialog.waitFor();
    const first = dialog.getByRole("listitem").first();
    await first.getByRole("button", { name: "카카오톡 등 앱으로 공유", exact: true }).click();
    await page.waitForFunction(() => Array.isArray((window as unknown as { __shared?: unknown[] }).__shared));
    const shared = await page.evaluate(() => (window as unknown as { __shared: unknown[] }).__shared);
    expect(shared).toStrictEqual([{ title: "배변훈련 AI | 우리아이 작업치료", url: `${s.site.origin}/ai` }]);
    expect(await dialog.getByRole("button", { name: "카카오톡", exact: true }).count(), "no Kakao SDK button without a key").toBe(0);
    await assertAccessible(page, "the share dialog with the share sheet first");
  });

  test("a browser without a share sheet is not offered one", async () => {
    const { context, page } = await s.open({ js: true });
    await context.addInitScript(NO_SHARE);
    await open(page, "/ai", true);
    await page.getByRole("banner").getByRole("link", { name: "공유하기", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "공유하기" });
    await dialog.getByRole("button", { name: "링크 복사", exact: true }).waitFor();
    expect(await dialog.getByRole("button", { name: "카카오톡 등 앱으로 공유", exact: true }).count()).toBe(0);
    expect(await dialog.getByRole("link", { name: "페이스북", exact: true }).isVisible(), "the other targets remain").toBe(true);
  });
});
