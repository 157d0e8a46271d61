// End-to-end: the 404 page, with JavaScript off and on: the id of its request for the owner to quote,
// laid out at 375 px (phone) and 690 px (tablet) with no sideways scrolling and content within 690 px,
// no axe-core violation (JavaScript on, 375 px) and nothing failing in the browser. The other pages of
// the foundation issue (/, /admin-login, /navi, both privacy pages) are laid out at both widths by the
// site tour (tour.test.ts). What the server answers for them (status, lang, title, the one h1, the 404
// page's shell and wording) is read from the HTML in tests/integration/routes.test.ts.
import { describe, test, expect } from "vitest";
import { hasHorizontalOverflow, isHttpErrorConsoleLine, open, PHONE, TABLET, useSite } from "../support/browser";
import { assertAccessible } from "./helpers";

const s = useSite();

for (const js of [false, true]) {
  describe(js ? "with JavaScript" : "without JavaScript", () => {
    test("the 404 page shows the id of its request (the X-Request-Id answer header) for the owner to quote, and fits 375 and 690 px", async () => {
      const { page } = await s.open({ js, viewport: PHONE });
      const response = await open(page, "/no-such-page-here", js);
      const requestId = (await response?.headerValue("x-request-id")) ?? "";
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      await page.getByText(`오류 번호: ${requestId}`).waitFor();
      if (js) await assertAccessible(page, "the 404 page");
      const problems: string[] = [];
      for (const viewport of [PHONE, TABLET]) {
        await page.setViewportSize(viewport);
        if (await hasHorizontalOverflow(page)) problems.push(`the 404 page scrolls sideways at ${viewport.width} px`);
        // Content is centred within 690 px (docs/architecture.md §4).
        const mainWidth = await page.locator("main").evaluate((element) => element.getBoundingClientRect().width);
        if (mainWidth > 690) problems.push(`the 404 page: main is ${mainWidth} px wide at ${viewport.width} px`);
      }
      expect(problems).toStrictEqual([]);
      // The unknown path answers 404 on purpose; Chromium logs that status to the console.
      s.expectProblems(isHttpErrorConsoleLine(404));
    });
  });
}
