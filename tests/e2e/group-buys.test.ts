// End-to-end (issue 31), at 375 px with JavaScript off and on: the owner registers a group buy on her
// phone with its prices, window, condition and seller; a parent sees its state, the discount and the
// disclosure on the list, opens the product's page from the list (the seller and how to ask are
// there), and again from its short address /p/{id}. What the loaders decide at each moment (the
// order, the words at a start or an end, the cache) is asserted in the integration tests; this keeps
// what needs a browser: the form's native date and time fields, the fields that hide for 제품 추천,
// the links followed, and no sideways scroll.
// Runs about 8 s.
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { hasHorizontalOverflow, open, useSite } from "../support/browser";
import { nameHeading } from "./helpers";

const s = useSite();

const PHOTO = path.resolve("public/demo/products/product-5.jpg");

/** A minute of Korea time as a datetime-local field takes it ('yyyy-MM-ddTHH:mm'). */
function koreaMinute(instant: number) {
  return new Date(instant + 9 * 3_600_000).toISOString().slice(0, 16);
}

/** A product's card in the list's 공동구매 section. */
function groupBuyCard(page: Page, name: string) {
  return page.getByRole("region", { name: "공동구매", exact: true }).locator(".product-card", { has: nameHeading(page, name) });
}

for (const js of [false, true]) {
  describe(js ? "with JavaScript" : "without JavaScript", () => {
    test("the owner registers a group buy on her phone; a parent sees its state, discount and seller, from the list and from /p/{id}", async () => {
      const name = `공구 균형 쿠션 ${js ? "JS" : "HTML"}`;
      const owner = await s.open({ js, admin: true });
      await open(owner.page, "/product-upsert/0", js);
      const form = owner.page.getByRole("main");
      await form.getByLabel("제품명", { exact: true }).fill(name);
      await form.getByLabel("제품 이미지", { exact: true }).setInputFiles(PHOTO);
      // The group buy's terms hide while 제품 추천 is chosen (CSS, with or without scripts), and come back.
      const start = form.getByLabel("오픈 시각 (비우면 바로)", { exact: true });
      await form.getByRole("group", { name: "제품 구분" }).getByLabel("제품 추천", { exact: true }).check();
      expect(await start.isVisible(), "hidden for a recommendation").toBe(false);
      await form.getByRole("group", { name: "제품 구분" }).getByLabel("공동구매", { exact: true }).check();
      await form.getByLabel("정가", { exact: true }).fill("39,000");
      await form.getByLabel("공구가", { exact: true }).fill("29000");
      // Opened an hour ago; closes at 23:59 two days from today (Korea time).
      const now = Date.now();
      await start.fill(koreaMinute(now - 3_600_000));
      const endDay = koreaMinute(now + 2 * 86_400_000).slice(0, 10);
      await form.getByLabel("마감 시각 (비우면 마감 없음)", { exact: true }).fill(`${endDay}T23:59`);
      await form.getByLabel("구매 조건", { exact: true }).fill("2개 이상 무료배송");
      await form.getByLabel("판매자", { exact: true }).fill("우리아이 생활연구소");
      await form.getByLabel("판매자 정보 · 교환/환불 안내", { exact: true }).fill("사업자등록번호 000-00-00000\n교환·환불: 7일 이내");
      await form.getByLabel("문의 링크 (카카오톡 채널 등 https)", { exact: true }).fill("pf.kakao.com/_abcd");
      await form.getByLabel("왼쪽 버튼 사용", { exact: true }).check();
      await form.getByLabel("왼쪽 버튼 이름", { exact: true }).fill("구매하기");
      await form.getByLabel("왼쪽 버튼 링크", { exact: true }).fill("https://link.coupang.com/a/cushion");
      expect(await hasHorizontalOverflow(owner.page), "no sideways scroll on the form").toBe(false);
      await form.getByRole("button", { name: "등록", exact: true }).click();
      await owner.page.waitForURL(`${s.site.origin}/product-list`);
      await owner.page.getByRole("status").filter({ hasText: "제품 등록이 완료되었습니다." }).waitFor();

      // A parent's phone.
      const { page } = await s.open({ js });
      await open(page, "/product-list", js);
      const item = groupBuyCard(page, name);
      await item.waitFor();
      const text = (await item.textContent())!;
      expect(text.startsWith("광고 · 판매 수수료를 받는 공동구매입니다"), `the disclosure first: ${text}`).toBe(true);
      expect(await item.locator(".group-buy-state").textContent()).toMatch(/^진행 중 D-2 · \d+월 \d+일\(.\) 23:59 마감$/);
      expect(await item.locator("del").textContent(), "정가 struck through").toBe("39,000원");
      expect(text).toContain("공구가 29,000원25% 할인");
      expect(text).toContain("2개 이상 무료배송");
      expect(await item.getByRole("link", { name: `구매하기 · ${name}`, exact: true }).getAttribute("href")).toMatch(
        /^\/out\/product\/\d+\/left$/,
      );
      expect(await hasHorizontalOverflow(page), "no sideways scroll on the list").toBe(false);

      // Its name opens its page, where the seller's details and the inquiry link are.
      await item.getByRole("link", { name, exact: true }).click();
      await page.waitForURL(/\/product\/\d+$/);
      const productPath = new URL(page.url()).pathname;
      await page.getByRole("heading", { level: 1, name }).waitFor();
      const article = page.getByRole("article");
      expect(await article.textContent()).toContain("판매자: 우리아이 생활연구소");
      expect(await article.getByRole("link", { name: "판매자에게 문의하기", exact: true }).getAttribute("href")).toBe(
        "https://pf.kakao.com/_abcd",
      );
      expect(await article.locator(".group-buy-state").textContent()).toMatch(/^진행 중 D-2 /);
      expect(await hasHorizontalOverflow(page), "no sideways scroll on the product page").toBe(false);

      // The short address a QR code or a message carries lands on the same page.
      await open(page, productPath.replace("/product/", "/p/"), js);
      expect(new URL(page.url()).pathname).toBe(productPath);
      await page.getByRole("heading", { level: 1, name }).waitFor();
    });
  });
}
