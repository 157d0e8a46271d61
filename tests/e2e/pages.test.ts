// End-to-end: every page of the foundation issue with JavaScript off and on, looked at 375 px
// (phone) and 690 px (tablet) wide: Korean document, one h1, no sideways scrolling, content within
// 690 px, and nothing failing in the browser.
import assert from "node:assert/strict";
import { describe, test } from "vitest";
import { hasHorizontalOverflow, isHttpErrorConsoleLine, open, PHONE, TABLET, useSite } from "../support/browser";

const s = useSite();

const UNKNOWN_PATH = "/no-such-page-here";

const PAGES: { path: string; status: number; heading: string }[] = [
  { path: "/", status: 200, heading: "우리아이 작업치료" },
  { path: "/admin-login", status: 200, heading: "관리자 로그인" },
  { path: "/navi", status: 200, heading: "전체 페이지" },
  { path: "/poonpee/privacy", status: 200, heading: "푼피 개인정보처리방침" },
  { path: "/phonefinder/privacy", status: 200, heading: "폰파인더 개인정보처리방침" },
  { path: UNKNOWN_PATH, status: 404, heading: "페이지를 찾을 수 없습니다" },
];

const HANGUL = /[\uAC00-\uD7AF]/;

for (const js of [false, true]) {
  describe(js ? "with JavaScript" : "without JavaScript", () => {
    test("the 404 page keeps the site shell (header, bottom navigation, footer)", async () => {
      const { page } = await s.open({ js });
      const response = await page.goto(UNKNOWN_PATH);
      assert.equal(response?.status(), 404);
      // DESIGN §2: public screens share the shell, so a mistyped link still leaves the site's navigation.
      const missing = [];
      if ((await page.getByRole("banner").count()) === 0) missing.push("header (banner)");
      if ((await page.getByRole("navigation", { name: "하단 메뉴" }).count()) === 0) missing.push("bottom navigation (하단 메뉴)");
      if ((await page.getByRole("contentinfo").count()) === 0) missing.push("footer (contentinfo)");
      assert.deepEqual(missing, [], `the 404 page lacks: ${missing.join(", ")}`);
      // The unknown path answers 404 on purpose; Chromium logs that status to the console.
      s.expectProblems(isHttpErrorConsoleLine(404));
    });

    for (const { path, status, heading } of PAGES) {
      test(`${path}`, async () => {
        const { page } = await s.open({ js, viewport: PHONE });
        const response = await open(page, path, js);
        assert.equal(response?.status(), status, `HTTP status of ${path}`);

        assert.equal(await page.locator("html").getAttribute("lang"), "ko");
        const title = await page.title();
        assert.ok(HANGUL.test(title), `a Korean <title>: "${title}"`);
        const h1 = page.getByRole("heading", { level: 1 });
        assert.equal(await h1.count(), 1, "one h1");
        assert.equal((await h1.textContent())?.trim(), heading);
        if (status === 404) {
          await page.getByText("요청하신 페이지가 없거나 주소가 바뀌었습니다.", { exact: true }).waitFor();
          const home = page.getByRole("link", { name: "홈으로", exact: true });
          assert.equal(await home.getAttribute("href"), "/");
          // The unknown path answers 404 on purpose; Chromium logs that status to the console.
          s.expectProblems(isHttpErrorConsoleLine(404));
        }

        for (const viewport of [PHONE, TABLET]) {
          await page.setViewportSize(viewport);
          assert.equal(await hasHorizontalOverflow(page), false, `${path} scrolls sideways at ${viewport.width} px`);
          // Content is centred within 690 px (DESIGN §4).
          const mainWidth = await page.locator("main").evaluate((element) => element.getBoundingClientRect().width);
          assert.ok(mainWidth <= 690, `main is ${mainWidth} px wide at ${viewport.width} px`);
        }
      });
    }
  });
}
