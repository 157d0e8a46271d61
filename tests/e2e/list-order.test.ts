// End-to-end (issue 20): on a 375 px phone, the admin moves a product up in /product-list's edit
// mode, with JavaScript off (a plain form post that comes back to edit mode) and on (moved in place,
// no reload); a visitor then sees the new order.
import type { BrowserContext, Page } from "playwright-core";
import { describe, test, expect } from "vitest";
import { open, useSite } from "../support/browser";

const s = useSite();

async function createProduct(context: BrowserContext, name: string) {
  const response = await context.request.post("/api/product-list/insert", {
    multipart: { productsNm: name, description: "순서 확인용 교구.", isGroupBuy: "true", isView: "true" },
  });
  expect(response.status(), `API insert: ${await response.text()}`).toBe(200);
}

/** Our two products' names in the order the 공동구매 section shows them. */
async function orderOf(page: Page, names: string[]) {
  const shown = await page.getByRole("region", { name: "공동구매", exact: true }).locator(".product-card h3").allTextContents();
  return shown.map((text) => text.trim()).filter((text) => names.includes(text));
}

for (const js of [false, true]) {
  describe(js ? "with JavaScript" : "without JavaScript", () => {
    test("위로 moves a product above the newer one, and visitors see that order", async () => {
      const older = `감각 놀이 매트 ${js ? "JS" : "HTML"}`;
      const newer = `소근육 퍼즐 ${js ? "JS" : "HTML"}`;
      const { context, page } = await s.open({ js, admin: true });
      await createProduct(context, older);
      await createProduct(context, newer);

      await open(page, "/product-list?mode=edit", js);
      expect(await orderOf(page, [older, newer]), "new products go on top").toStrictEqual([newer, older]);
      expect(await page.getByRole("button", { name: `${older} 아래로`, exact: true }).isDisabled()).toBe(false);

      // With JavaScript the page must not reload: a marker on window survives only without one.
      await page.evaluate(() => ((window as unknown as { orderMarker?: boolean }).orderMarker = true));
      await page.getByRole("button", { name: `${older} 위로`, exact: true }).click();
      await page.getByRole("button", { name: `${newer} 위로`, exact: true }).waitFor();
      // Our two only: the section may begin with group buys that have an end (they come first, the soonest on top).
      await page.waitForFunction(
        ({ above, below }) => {
          const names = Array.from(document.querySelectorAll("[aria-label='공동구매'] .product-card h3"), (heading) =>
            heading.textContent?.trim(),
          );
          return names.indexOf(above) < names.indexOf(below);
        },
        { above: older, below: newer },
      );
      expect(await orderOf(page, [older, newer])).toStrictEqual([older, newer]);
      expect(new URL(page.url()).search).toBe("?mode=edit");
      expect(await page.getByRole("status").filter({ hasText: "수정 중" }).count()).toBe(1);
      const marker = await page.evaluate(() => (window as unknown as { orderMarker?: boolean }).orderMarker === true);
      expect(marker, js ? "moved in place, without a reload" : "a plain form post loads the page again").toBe(js);

      const visitor = (await s.open({ js })).page;
      await open(visitor, "/product-list", js);
      expect(await orderOf(visitor, [older, newer])).toStrictEqual([older, newer]);
    });
  });
}
