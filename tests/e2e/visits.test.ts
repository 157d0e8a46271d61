// End-to-end: where parents come from. A parent in Instagram's in-app browser (arriving from a
// l.instagram.com link) and one in KakaoTalk's (no referrer, as KakaoTalk sends none) each open a
// page and then a second page from the site's own menu; the owner's insights page then shows both
// visits under 인스타그램 and 카카오톡, with the pages they opened. With JavaScript on, at 375 px: the
// second page is a client-side navigation, told by the page's beacon. (With JavaScript off every page
// is a document request the server counts: tests/integration/page-visits.test.ts, "where visits come
// from"; the insights page and its period links without JavaScript: insights.test.ts.)
// Runs about 4 s.
import type { Page } from "playwright-core";
import { describe, test, expect } from "vitest";
import { hasHorizontalOverflow, open, useSite, waitForHydration } from "../support/browser";
import { assertAccessible } from "./helpers";

const s = useSite();

/** Real in-app User-Agents. */
const instagramIos = (build: string) =>
  `Mozilla/5.0 (iPhone; CPU iPhone OS 17_5_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram ${build} (iPhone15,3; iOS 17_5_1; ko_KR; ko; scale=3.00; 1290x2796; 620563735)`;
const kakaoTalkAndroid = (build: string) =>
  `Mozilla/5.0 (Linux; Android 14; SM-S921N Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.6478.122 Mobile Safari/537.36;KAKAOTALK ${build}`;

/** The owner's figures for the last 7 days: visits per source and per page, as the page shows them. */
async function figures(page: Page) {
  await open(page, "/insights?days=7", true);
  await page.getByRole("heading", { level: 1, name: "방문·유입 경로·클릭 통계" }).waitFor();
  const countIn = async (listName: string, label: string) => {
    const list = page.getByRole("list", { name: listName, exact: true });
    const item = list.getByRole("listitem").filter({ hasText: new RegExp(`^${label}\\d`) });
    if ((await item.count()) === 0) return 0;
    return Number(
      (await item.textContent())!
        .slice(label.length)
        .match(/^([\d,]+)회/)![1]!
        .replaceAll(",", ""),
    );
  };
  return {
    instagram: await countIn("어디에서 왔나요", "인스타그램"),
    kakaotalk: await countIn("어디에서 왔나요", "카카오톡"),
    home: await countIn("페이지별 방문", "홈"),
    reels: await countIn("페이지별 방문", "릴스 모음"),
    products: await countIn("페이지별 방문", "제품 소개"),
  };
}

let nextParent = 1;

/**
 * A parent on a phone in an app's browser: opens `first`, then taps the bottom menu to `second`.
 * Each parent comes from an address of their own, as the proxy in front names it (the test server
 * trusts loopback as its proxy): one address counts at most three visitors of a page an hour (issue 28).
 */
async function parentVisits(userAgent: string, first: string, second: { name: string; path: string }, referer?: string) {
  const visit = await s.open({ js: true });
  await visit.context.setExtraHTTPHeaders({ "User-Agent": userAgent, "X-Forwarded-For": `203.0.113.${nextParent++}` });
  const { page } = visit;
  const response = await page.goto(first, referer ? { referer } : {});
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
  const told = page.waitForResponse((answer) => new URL(answer.url()).pathname === "/seen/page");
  await page.getByRole("navigation", { name: "하단 메뉴" }).getByRole("link", { name: second.name }).click();
  await page.waitForURL((url) => url.pathname === second.path);
  expect((await told).status(), "the page's beacon told the server about the page opened inside the site").toBe(200);
}

describe("JavaScript on", () => {
  test("visits from Instagram's and KakaoTalk's in-app browsers show under their sources on the owner's insights page", async () => {
    const owner = await s.open({ js: true, admin: true });
    const before = await figures(owner.page);

    await parentVisits(instagramIos("339.0.3.12.91"), "/", { name: "릴스 모음", path: "/reels-category" }, "https://l.instagram.com/");
    await parentVisits(kakaoTalkAndroid("2410850"), "/product-list", { name: "홈", path: "/" });

    const after = await figures(owner.page);
    expect({
      instagram: after.instagram - before.instagram,
      kakaotalk: after.kakaotalk - before.kakaotalk,
      home: after.home - before.home,
      reels: after.reels - before.reels,
      products: after.products - before.products,
    }).toStrictEqual({ instagram: 2, kakaotalk: 2, home: 2, reels: 1, products: 1 });
    expect(await hasHorizontalOverflow(owner.page), "no sideways scroll at 375 px").toBe(false);
    await assertAccessible(owner.page, "insights page with visits");

    // The periods are plain links: 90 days shows the same visits, marked as the period shown.
    await owner.page.getByRole("navigation", { name: "기간" }).getByRole("link", { name: "최근 90일" }).click();
    await owner.page.waitForURL(/days=90$/);
    // The address changes before React has drawn the new period: wait for its figures first.
    await owner.page.getByText("90일 동안 페이지 방문", { exact: true }).waitFor();
    const current = owner.page.getByRole("navigation", { name: "기간" }).locator("[aria-current=page]");
    expect(await current.textContent()).toBe("최근 90일");
  });
});
