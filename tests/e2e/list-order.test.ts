// End-to-end (issues 20 and 33) on a 375 px phone, JavaScript on and off: edit mode shows compact rows;
// the admin moves a product up (JavaScript off: a plain form post that comes back to the row,
// #item-{id}, in view; on: moved in place, no reload, the focus back on the button pressed and the row
// in view), and a visitor sees the new order; in a reel list she pins a reel (first, 고정됨) and moves
// another, a fourth pin refused in Korean; a banner on 사이트 설정 keeps her place the same way.
// Runs about 9 s.
import type { BrowserContext, Locator, Page } from "playwright-core";
import { describe, test, expect } from "vitest";
import { hasHorizontalOverflow, open, useSite } from "../support/browser";
import { focusedLabel } from "./helpers";

const s = useSite();

async function createProduct(context: BrowserContext, name: string) {
  const response = await context.request.post("/api/product-list/insert", {
    multipart: { productsNm: name, description: "순서 확인용 교구.", isGroupBuy: "true", isView: "true" },
  });
  expect(response.status(), `API insert: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { productLists: { index: number }[] }).productLists[0]!.index;
}

/** Our products' names in the order the 공동구매 section shows them (cards, or edit mode's rows). */
async function orderOf(page: Page, names: string[]) {
  const shown = await page
    .getByRole("region", { name: "공동구매", exact: true })
    .locator(".product-card h3, .edit-row__name")
    .allTextContents();
  return shown.map((text) => text.trim()).filter((text) => names.includes(text));
}

/** With JavaScript, edit mode's rows are loaded after the page: their buttons work in place once the row says so. */
async function rowsReady(page: Page, js: boolean) {
  if (js) await page.locator(".edit-row input[name=inPlace]").first().waitFor({ state: "attached" });
}

async function isInView(locator: Locator) {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  });
}

for (const js of [false, true]) {
  describe(js ? "with JavaScript" : "without JavaScript", () => {
    test("위로 moves a product in its compact row and keeps her place; visitors see that order", async () => {
      const tag = js ? "JS" : "HTML";
      const { context, page } = await s.open({ js, admin: true });
      // Enough products that the list is long, ours at its end.
      const older = `감각 놀이 매트 ${tag}`;
      const newer = `소근육 퍼즐 ${tag}`;
      const olderId = await createProduct(context, older);
      await createProduct(context, newer);
      for (let n = 1; n <= 6; n++) await createProduct(context, `채우기 ${tag} ${n}`);
      // Ours to the end of the section through the API (every product, ours last).
      const all = (
        (await (await context.request.get("/api/product-list")).json()) as { productLists: { index: number; productNm: string }[] }
      ).productLists;
      const ids = [...all.filter((item) => ![older, newer].includes(item.productNm)), ...all.filter((item) => item.productNm === newer)];
      const order = [...ids.map((item) => item.index), olderId];
      expect((await context.request.post("/api/product-list/order", { data: { ids: order } })).status()).toBe(200);

      await open(page, "/product-list?mode=edit", js);
      await rowsReady(page, js);
      expect(await orderOf(page, [older, newer])).toStrictEqual([newer, older]);
      const row = page.locator(`#item-${olderId}`);
      const height = (await row.boundingBox())!.height;
      expect(height, "a compact row, not a full card").toBeLessThan(160);
      expect(await hasHorizontalOverflow(page)).toBe(false);

      // With JavaScript the page must not reload: a marker on window survives only without one.
      await page.evaluate(() => ((window as unknown as { orderMarker?: boolean }).orderMarker = true));
      await row.getByRole("button", { name: `${older} 위로`, exact: true }).scrollIntoViewIfNeeded();
      const before = await row.evaluate((element) => element.getBoundingClientRect().top);
      await row.getByRole("button", { name: `${older} 위로`, exact: true }).click();
      await expect.poll(() => orderOf(page, [older, newer])).toStrictEqual([older, newer]);
      await page.getByRole("status").filter({ hasText: "수정 중" }).waitFor();
      const url = new URL(page.url());
      expect(url.search).toBe("?mode=edit");
      const marker = await page.evaluate(() => (window as unknown as { orderMarker?: boolean }).orderMarker === true);
      expect(marker, js ? "moved in place, without a reload" : "a plain form post loads the page again").toBe(js);
      if (js) {
        expect(url.hash, "no jump to an anchor").toBe("");
        await expect.poll(() => focusedLabel(page), { message: "the focus is back on the button pressed" }).toBe(`${older} 위로`);
        const after = await page.locator(`#item-${olderId}`).evaluate((element) => element.getBoundingClientRect().top);
        expect(Math.abs(after - before), "the row moved one step, the page did not jump").toBeLessThan(height + 20);
      } else {
        expect(url.hash, "the page comes back to the moved row").toBe(`#item-${olderId}`);
      }
      expect(await isInView(page.locator(`#item-${olderId}`)), "the moved row is in view").toBe(true);

      const visitor = (await s.open({ js })).page;
      await open(visitor, "/product-list", js);
      expect(await orderOf(visitor, [older, newer])).toStrictEqual([older, newer]);
    });

    test("a reel pinned with 고정 goes first (고정됨), a fourth pin is refused in Korean, and 아래로 moves a pinned one", async () => {
      const { context, page } = await s.open({ js, admin: true });
      type Category = { index: number; categoryNm: string; reelsCount: number };
      type Reel = { index: number; reelsNm: string; isPinned: boolean };
      const categories = ((await (await context.request.get("/api/reels-category")).json()) as { reelsCategorys: Category[] })
        .reelsCategorys;
      // Each mode its own demo category of three reels, and one reel moved in from the demo's third category.
      const [ownA, ownB, donor] = ["배변훈련", "소근육 놀이", "감각통합"].map((name) =>
        categories.find((item) => item.categoryNm === name)!,
      );
      const category = js ? ownB! : ownA!;
      const reelsOf = async (id: number) =>
        ((await (await context.request.get(`/api/reels/list?reelsCategoryId=${id}`)).json()) as { reelsLists: Reel[] }).reelsLists;
      const incoming = (await reelsOf(donor!.index))[0]!;
      const moved = await context.request.post("/api/reels/update", {
        data: { index: incoming.index, reelsNm: incoming.reelsNm, reelsCategoryID: category.index },
      });
      expect(moved.status(), await moved.text()).toBe(200);
      const reels = await reelsOf(category.index);
      expect(reels).toHaveLength(4);
      const last = reels.at(-1)!;
      const listPath = `/reels-list/${category.index}/${encodeURIComponent(category.categoryNm)}`;

      await open(page, `${listPath}?mode=edit`, js);
      await rowsReady(page, js);
      await page.getByText("고정한 릴스(3개까지)는 첫 페이지 맨 위에 보입니다.", { exact: true }).waitFor();
      expect(await hasHorizontalOverflow(page)).toBe(false);
      const pin = (reel: Reel) => page.locator(`#item-${reel.index}`).getByRole("button", { name: `${reel.reelsNm} 고정`, exact: true });
      expect(await pin(last).getAttribute("aria-pressed")).toBe("false");
      await pin(last).click();
      await page.getByRole("status").filter({ hasText: "릴스를 맨 위에 고정했습니다." }).waitFor();
      await expect.poll(async () => (await reelsOf(category.index))[0]!.index).toBe(last.index);
      await page.locator(`#item-${last.index}`).getByText("고정됨", { exact: true }).waitFor();
      await expect.poll(() => pin(last).getAttribute("aria-pressed")).toBe("true");
      expect(await page.locator(".edit-row").first().getAttribute("id"), "first in the list").toBe(`item-${last.index}`);
      if (js) await expect.poll(() => focusedLabel(page), { message: "the focus stays on the toggle" }).toBe(`${last.reelsNm} 고정`);
      else expect(new URL(page.url()).hash).toBe(`#item-${last.index}`);

      // Two more pinned through the API; a fourth from the page is refused.
      for (const reel of reels.slice(0, 2)) {
        expect((await context.request.post("/api/reels/pin", { data: { index: reel.index, isPinned: true } })).status()).toBe(200);
      }
      await open(page, `${listPath}?mode=edit`, js);
      await rowsReady(page, js);
      await pin(reels[2]!).click();
      await page
        .getByRole("status")
        .filter({ hasText: "고정은 카테고리마다 3개까지 할 수 있습니다. 다른 릴스의 고정을 먼저 풀어 주세요." })
        .waitFor();
      expect((await reelsOf(category.index)).filter((reel) => reel.isPinned)).toHaveLength(3);

      // 아래로 on the first pinned reel: it passes the second among the pinned ones.
      await open(page, `${listPath}?mode=edit`, js);
      await rowsReady(page, js);
      const pinnedBefore = (await reelsOf(category.index)).filter((reel) => reel.isPinned);
      const top = pinnedBefore[0]!;
      await page
        .locator(`#item-${top.index}`)
        .getByRole("button", { name: `${top.reelsNm} 아래로`, exact: true })
        .click();
      await page.getByRole("status").filter({ hasText: "순서가 바뀌었습니다." }).waitFor();
      await expect
        .poll(async () => (await reelsOf(category.index)).filter((reel) => reel.isPinned).map((reel) => reel.index))
        .toStrictEqual([pinnedBefore[1]!.index, top.index, pinnedBefore[2]!.index]);
      expect(await isInView(page.locator(`#item-${top.index}`))).toBe(true);
      if (js) await expect.poll(() => focusedLabel(page)).toBe(`${top.reelsNm} 아래로`);

      // A visitor sees the pinned ones first, in her order.
      const visitor = (await s.open({ js })).page;
      await open(visitor, listPath, js);
      const names = (await visitor.locator(".reel-card__name").allTextContents()).map((text) => text.trim());
      expect(names).toStrictEqual((await reelsOf(category.index)).map((reel) => reel.reelsNm));
      expect(names.slice(0, 3)).toStrictEqual([pinnedBefore[1]!.reelsNm, top.reelsNm, pinnedBefore[2]!.reelsNm]);
    });
  });
}
