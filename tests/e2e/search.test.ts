// End-to-end: a parent on a phone without JavaScript finds the toilet-training reels from the header:
// the search link, the field, the grouped results with the word marked and linked to their pages.
import { describe, test, expect } from "vitest";
import { hasHorizontalOverflow, open, PHONE, useSite } from "../support/browser";
import { assertAccessible, withoutAppScripts } from "./helpers";

const s = useSite();

describe("search without JavaScript at 375 px", () => {
  test("header → 검색 → 배변 → grouped results, 배변 marked", async () => {
    const { page } = await s.open({ js: false, viewport: PHONE });
    await open(page, "/", false);
    await page.getByRole("banner").getByRole("link", { name: "검색", exact: true }).click();
    await page.waitForURL("**/search");
    const field = page.getByRole("searchbox", { name: "검색어" });
    // The field and its button are a thumb's size (the list pages' search bar, shared styles).
    for (const control of [field, page.getByRole("button", { name: "검색", exact: true })]) {
      expect((await control.boundingBox())?.height ?? 0, "a 44 px touch target").toBeGreaterThanOrEqual(44);
    }
    await field.fill("배변");
    await page.getByRole("button", { name: "검색", exact: true }).click();
    await page.waitForURL(/\/search\?q=%EB%B0%B0%EB%B3%80$/);

    const reels = page.getByRole("region", { name: /^릴스 \d+건$/ });
    await reels.waitFor();
    await page.getByRole("region", { name: /^제품 \d+건$/ }).waitFor();
    await page.getByRole("region", { name: /^릴스 카테고리 \d+건$/ }).waitFor();
    expect(await reels.locator("mark").first().textContent()).toBe("배변");
    expect(await hasHorizontalOverflow(page), "nothing scrolls sideways at 375 px").toBe(false);

    const reel = reels.getByRole("link").filter({ hasText: "변기를 무서워하는 아이" });
    expect((await reel.getAttribute("href")) ?? "").toMatch(/^\/reels-content\//);

    // axe needs a script of its own: the same markup, none of the site's scripts running.
    const withAxe = await s.open({ js: true, viewport: PHONE });
    await withoutAppScripts(withAxe.context);
    await open(withAxe.page, "/search?q=%EB%B0%B0%EB%B3%80", false);
    await assertAccessible(withAxe.page, "/search?q=배변");
  });
});
