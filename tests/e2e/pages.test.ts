// End-to-end: the pages of the foundation issue and the 404 page, with JavaScript off and on, laid
// out at 375 px (phone) and 690 px (tablet): no sideways scrolling, content within 690 px, and nothing
// failing in the browser. What the server answers for them (status, lang, title, the one h1, the 404
// page's shell and wording) is read from the HTML in tests/integration/routes.test.ts.
import { describe, test, expect } from "vitest";
import { hasHorizontalOverflow, isHttpErrorConsoleLine, open, PHONE, TABLET, useSite } from "../support/browser";

const s = useSite();

const PATHS = ["/", "/admin-login", "/navi", "/poonpee/privacy", "/phonefinder/privacy", "/no-such-page-here"];

for (const js of [false, true]) {
  describe(js ? "with JavaScript" : "without JavaScript", () => {
    test("every page fits 375 and 690 px: no sideways scrolling, main at most 690 px wide", async () => {
      const { page } = await s.open({ js, viewport: PHONE });
      const problems: string[] = [];
      for (const path of PATHS) {
        await page.setViewportSize(PHONE);
        await open(page, path, js);
        for (const viewport of [PHONE, TABLET]) {
          await page.setViewportSize(viewport);
          if (await hasHorizontalOverflow(page)) problems.push(`${path} scrolls sideways at ${viewport.width} px`);
          // Content is centred within 690 px (docs/architecture.md §4).
          const mainWidth = await page.locator("main").evaluate((element) => element.getBoundingClientRect().width);
          if (mainWidth > 690) problems.push(`${path}: main is ${mainWidth} px wide at ${viewport.width} px`);
        }
      }
      expect(problems).toStrictEqual([]);
      // The unknown path answers 404 on purpose; Chromium logs that status to the console.
      s.expectProblems(isHttpErrorConsoleLine(404));
    });

    test("the 404 page shows the id of its request (the X-Request-Id answer header) for the owner to quote", async () => {
      const { page } = await s.open({ js, viewport: PHONE });
      const response = await open(page, "/no-such-page-here", js);
      const requestId = (await response?.headerValue("x-request-id")) ?? "";
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      await page.getByText(`오류 번호: ${requestId}`).waitFor();
      s.expectProblems(isHttpErrorConsoleLine(404));
    });
  });
}
