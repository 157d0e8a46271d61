// End-to-end: every page of the foundation issue at phone (375 px) and tablet (690 px) width, with
// JavaScript off and on: Korean document, no sideways scrolling, nothing failing in the browser,
// and a screenshot of each for review (test-results/screenshots).
import { afterAll, beforeAll, describe, test } from "vitest";
import assert from "node:assert/strict";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { ko } from "~/copy/ko";
import {
  hasHorizontalOverflow,
  openContext,
  PHONE,
  screenshotPath,
  type Site,
  startSiteAndBrowser,
  stopSiteAndBrowser,
  TABLET,
} from "../support/browser";
import { assertNoProblems, isHttpErrorConsoleLine } from "./helpers";

let site: Site;
let browser: Browser;

beforeAll(async () => {
  [site, browser] = await startSiteAndBrowser();
});

afterAll(() => stopSiteAndBrowser(site, browser));

const UNKNOWN_PATH = "/no-such-page-here";

const PAGES: { name: string; path: string; status: number; heading: string }[] = [
  { name: "home", path: "/", status: 200, heading: ko.site.name },
  { name: "admin-login", path: "/admin-login", status: 200, heading: ko.login.title },
  { name: "navi", path: "/navi", status: 200, heading: ko.navi.title },
  { name: "poonpee-privacy", path: "/poonpee/privacy", status: 200, heading: ko.privacy.poonpee },
  { name: "phonefinder-privacy", path: "/phonefinder/privacy", status: 200, heading: ko.privacy.phonefinder },
  { name: "not-found", path: UNKNOWN_PATH, status: 404, heading: ko.errors.notFoundTitle },
];

const HANGUL = /[\uAC00-\uD7AF]/;

for (const js of [false, true]) {
  describe(js ? "with JavaScript" : "without JavaScript", () => {
    for (const viewport of [PHONE, TABLET]) {
      describe(`at ${viewport.width} px`, () => {
        let context: BrowserContext;
        let problems: string[];
        let page: Page;

        beforeAll(async () => {
          ({ context, problems } = await openContext(browser, site, { javaScriptEnabled: js, viewport }));
          context.setDefaultTimeout(10_000);
          page = await context.newPage();
        });

        afterAll(async () => {
          await context?.close();
        });

        if (viewport === PHONE) {
          test("the 404 page keeps the site shell (header, bottom navigation, footer)", async () => {
            problems.length = 0;
            const response = await page.goto(UNKNOWN_PATH);
            assert.equal(response?.status(), 404);
            // DESIGN §2: public screens share the shell, so a mistyped link still leaves the site's navigation.
            const missing = [];
            if ((await page.getByRole("banner").count()) === 0) missing.push("header (banner)");
            if ((await page.getByRole("navigation", { name: ko.bottomNav.label }).count()) === 0) missing.push(`bottom navigation (${ko.bottomNav.label})`);
            if ((await page.getByRole("contentinfo").count()) === 0) missing.push("footer (contentinfo)");
            assert.deepEqual(missing, [], `the 404 page lacks: ${missing.join(", ")}`);
          });
        }

        for (const { name, path, status, heading } of PAGES) {
          test(`${path}`, async () => {
            problems.length = 0;
            const response = await page.goto(path, { waitUntil: js ? "networkidle" : "load" });
            assert.equal(response?.status(), status, `HTTP status of ${path}`);

            assert.equal(await page.locator("html").getAttribute("lang"), "ko");
            const title = await page.title();
            assert.ok(HANGUL.test(title), `a Korean <title>: "${title}"`);
            const h1 = page.getByRole("heading", { level: 1 });
            assert.equal(await h1.count(), 1, "one h1");
            assert.equal((await h1.textContent())?.trim(), heading);
            if (status === 404) {
              await page.getByText(ko.errors.notFound, { exact: true }).waitFor();
              const home = page.getByRole("link", { name: ko.common.goHome, exact: true });
              assert.equal(await home.getAttribute("href"), "/");
            }

            assert.equal(await hasHorizontalOverflow(page), false, `${path} scrolls sideways at ${viewport.width} px`);
            // Content is centred within 690 px (DESIGN §4).
            const mainWidth = await page.locator("main").evaluate((element) => element.getBoundingClientRect().width);
            assert.ok(mainWidth <= 690, `main is ${mainWidth} px wide`);

            await page.screenshot({ path: screenshotPath(`${name}-${viewport.width}-${js ? "js" : "nojs"}`), fullPage: true });

            // The unknown path answers 404 on purpose; Chromium logs that status to the console.
            assertNoProblems(problems, js, status === 404 ? isHttpErrorConsoleLine(404) : undefined);
          });
        }
      });
    }
  });
}
