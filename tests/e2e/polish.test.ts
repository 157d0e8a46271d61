// End-to-end at phone size, JavaScript on and off (issue 12, forms and polish): a failed submit
// lands on its error, delete mode keeps its bar in reach with the ticked count, missing pictures
// are drawn, the image picker, the two-way toggles, and the bottom bar on a section's sub-pages.
// The same landing for a reel registered without a reel is checked in reels.test.ts, for a product
// without a name and for 삭제 with nothing ticked in products.test.ts (their own flows).
// Each screen here is screenshotted into test-results/polish/ for a person to look at.
// Runs about 15 s.
import fs from "node:fs";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { describe, test, expect } from "vitest";
import { getAsBrowser, isHttpErrorConsoleLine, open, useSite } from "../support/browser";
import {
  assertAccessible,
  assertAccessibleAsSeen as checkAsSeen,
  assertInClearView,
  expectInPage,
  scrollToBottom,
  submitFromBottom,
} from "./helpers";

const s = useSite();

const SHOTS = path.resolve("test-results", "polish");

/** axe on the page as seen (without JavaScript: its markup, checked in a second context that has it). */
const assertAccessibleAsSeen = (page: Page, js: boolean, label: string) => checkAsSeen(page, js, label, () => s.open({ js: true }));

async function shot(page: Page, name: string, js: boolean) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}-${js ? "js" : "nojs"}.png`) });
}

/**
 * The ticked count as the browser's accessibility tree reads it: it is a CSS counter (generated
 * content), which only the rendering engine resolves, live with or without JavaScript.
 */
async function tickedCount(page: Page) {
  type AXNode = { nodeId: string; parentId?: string; childIds?: string[]; role?: { value?: unknown }; name?: { value?: unknown } };
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send("Accessibility.getFullAXTree")) as { nodes: AXNode[] };
  await cdp.detach();
  const byId = new Map(nodes.map((node) => [node.nodeId, node]));
  const text = (node: AXNode | undefined) => (node?.role?.value === "StaticText" ? String(node.name?.value ?? "") : "");
  // The number and the words are separate text pieces of the same ::after box.
  const suffix = nodes.find((node) => text(node) === "개 선택됨");
  const box = suffix?.parentId ? byId.get(suffix.parentId) : undefined;
  return box ? (box.childIds ?? []).map((id) => text(byId.get(id))).join("") : null;
}

async function firstCategoryId(page: Page) {
  const response = await getAsBrowser(page.request, "/api/reels-category");
  const body = (await response.json()) as { reelsCategorys: { index: number; categoryNm: string }[] };
  return body.reelsCategorys[0]!;
}

for (const js of [true, false]) {
  const mode = js ? "JS on" : "JS off";

  describe(`a failed submit lands on its first error (${mode})`, () => {
    test("/home-update with nothing ticked: the message, in view and focused", async () => {
      s.expectProblems(isHttpErrorConsoleLine(400));
      const { page } = await s.open({ js, admin: true });
      await open(page, "/home-update", js);
      await submitFromBottom(page, page.getByRole("button", { name: "수정", exact: true }), js);
      const message = page.getByRole("alert").filter({ hasText: "변경된 내용이 없습니다. 정보를 확인해 주세요." });
      await message.waitFor();
      await expectInPage(page, js, () => document.activeElement?.classList.contains("form-error") ?? false, "the message has focus");
      await assertInClearView(message, "the message");
      await shot(page, "error-home-update", js);
      await assertAccessibleAsSeen(page, js, `/home-update error (${mode})`);
    });
  });

  describe(`product form controls (${mode})`, () => {
    test("the image picker is a labelled area that opens the chooser; the toggles are even 44 px halves", async () => {
      const { page } = await s.open({ js, admin: true });
      await open(page, "/product-upsert/0", js);
      const area = page.locator(".image-field__area");
      expect(await area.textContent()).toBe("이미지 선택");
      const chooser = page.waitForEvent("filechooser");
      await area.click();
      await (
        await chooser
      ).setFiles({ name: "매트.png", mimeType: "image/png", buffer: fs.readFileSync(path.resolve("public/share-default.png")) });
      if (js) await page.getByText("매트.png", { exact: true }).waitFor();
      else expect(await page.getByLabel("제품 이미지").evaluate((input) => (input as HTMLInputElement).files?.[0]?.name)).toBe("매트.png");

      for (const legend of ["제품 구분", "공개 여부"]) {
        const options = page.getByRole("group", { name: legend }).locator(".segmented__option span");
        const boxes = await options.evaluateAll((spans) => spans.map((span) => span.getBoundingClientRect()));
        expect(boxes.length, legend).toBe(2);
        expect(Math.abs(boxes[0]!.width - boxes[1]!.width), `${legend}: equal widths ${boxes.map((box) => box.width)}`).toBeLessThan(1);
        expect(boxes[0]!.top, `${legend}: aligned`).toBe(boxes[1]!.top);
        for (const box of boxes) expect(box.height, `${legend}: 44 px tall (${box.height})`).toBeGreaterThanOrEqual(44);
      }
      await page.getByRole("group", { name: "제품 구분" }).scrollIntoViewIfNeeded();
      await shot(page, "product-form-controls", js);
      await assertAccessibleAsSeen(page, js, `product form (${mode})`);
    });
  });

  describe(`delete mode on a long list (${mode})`, () => {
    test("the bar stays in reach above the bottom bar, counts the ticks live, covers nothing; 삭제 asks with the count, the ticks stay", async () => {
      const { page } = await s.open({ js, admin: true });
      await open(page, "/product-list?mode=delete", js);
      await scrollToBottom(page);
      const bar = page.getByRole("toolbar", { name: "관리 메뉴" });
      await assertInClearView(bar, "the delete bar");
      const boxes = page.getByRole("checkbox");
      expect(await tickedCount(page)).toBe("0개 선택됨");
      await boxes.last().check();
      expect(await tickedCount(page)).toBe("1개 선택됨");
      await boxes.first().check();
      expect(await tickedCount(page)).toBe("2개 선택됨");
      // A tap on an item's name, not on its box, ticks it too (the box's label lies over the whole item).
      const heading = page.locator(".selectable").nth(1).getByRole("heading");
      await heading.scrollIntoViewIfNeeded();
      const name = (await heading.boundingBox())!;
      await page.mouse.click(name.x + name.width / 2, name.y + name.height / 2);
      expect(await tickedCount(page)).toBe("3개 선택됨");
      expect(await boxes.nth(1).isChecked()).toBe(true);
      await scrollToBottom(page);
      const lastCard = page.locator(".selectable").last();
      const cardBottom = await lastCard.evaluate((element) => element.getBoundingClientRect().bottom);
      const barTop = await bar.evaluate((element) => element.getBoundingClientRect().top);
      expect(cardBottom, `the last item (bottom ${cardBottom}) ends above the bar (top ${barTop})`).toBeLessThanOrEqual(barTop);
      await shot(page, "delete-bar", js);
      await assertAccessibleAsSeen(page, js, `delete mode (${mode})`);

      // 삭제 asks 정말 삭제하시겠습니까? with the count of what was ticked, and the ticks stay.
      await submitFromBottom(page, bar.getByRole("button", { name: "삭제" }), js);
      const dialog = page.getByRole("dialog", { name: "정말 삭제하시겠습니까?" });
      await dialog.getByText("3개 선택됨", { exact: true }).waitFor();
      // Without JavaScript this is a new page: the boxes are ticked from the ids the server received.
      if (!js) expect(await tickedCount(page)).toBe("3개 선택됨");
      expect(await page.locator('input[type="checkbox"][form]:checked').count()).toBe(3);
    });
  });

  describe(`a product without a picture (${mode})`, () => {
    test("shows a drawn placeholder the size of a picture", async () => {
      const { page } = await s.open({ js, admin: true });
      const created = await page.request.post("/api/product-list/insert", {
        multipart: { productsNm: js ? "그림 없는 매트" : "그림 없는 퍼즐", isGroupBuy: "false", isView: "true" },
      });
      expect(created.status(), await created.text()).toBe(200);
      await open(page, "/product-list", js);
      const card = page.locator(".product-card").filter({ hasText: js ? "그림 없는 매트" : "그림 없는 퍼즐" });
      const placeholder = card.locator(".image-placeholder");
      expect(await placeholder.textContent()).toBe("그");
      expect(await placeholder.getAttribute("aria-hidden")).toBe("true");
      const sizeOf = (locator: Locator) => locator.evaluate((element) => element.getBoundingClientRect().height);
      const pictureHeight = await sizeOf(page.locator("img.product-card__image").first());
      expect(Math.abs((await sizeOf(placeholder)) - pictureHeight), "as tall as a picture").toBeLessThan(1);
      await placeholder.scrollIntoViewIfNeeded();
      await shot(page, "product-placeholder", js);
      await assertAccessibleAsSeen(page, js, `product list with a placeholder (${mode})`);
    });
  });
}

describe("the bottom bar on a section's sub-pages", () => {
  test("a category's reel list lights 릴스 모음 (renamed: its new name)", async () => {
    const { page } = await s.open({ js: true, admin: true });
    const category = await firstCategoryId(page);
    const renamed = await page.request.post("/api/home/update", { data: { reelsMenuNm: "놀이 영상" } });
    expect(renamed.status(), await renamed.text()).toBe(200);
    await open(page, `/reels-list/${category.index}/${encodeURIComponent(category.categoryNm)}`, true);
    const tab = page.getByRole("navigation", { name: "하단 메뉴" }).getByRole("link", { name: "놀이 영상" });
    expect(await tab.getAttribute("aria-current")).toBe("true");
    await shot(page, "bottom-nav-section", true);
    await page.getByRole("link", { name: "놀이 영상" }).first().click();
    await page.getByRole("heading", { level: 1, name: "놀이 영상" }).waitFor();
    expect(await tab.getAttribute("aria-current")).toBe("page");
    expect(await page.title()).toMatch(/^놀이 영상/);
    await shot(page, "renamed-menu", true);
    await assertAccessible(page, "renamed reels page");
  });
});
