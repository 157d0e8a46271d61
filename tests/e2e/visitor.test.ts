// End-to-end: what a visitor can and cannot do on the foundation pages — the admin page refuses,
// ten taps on the header name open the login (JavaScript only), and the share dialog.
import { afterAll, beforeAll, describe, test } from "vitest";
import assert from "node:assert/strict";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { ko } from "~/copy/ko";
import {
  hasHorizontalOverflow,
  openContext,
  PHONE,
  type Site,
  startSiteAndBrowser,
  stopSiteAndBrowser,
} from "../support/browser";
import { assertNoProblems } from "./helpers";

let site: Site;
let browser: Browser;

beforeAll(async () => {
  [site, browser] = await startSiteAndBrowser();
});

afterAll(() => stopSiteAndBrowser(site, browser));

function shareLink(page: Page) {
  return page.getByRole("banner").getByRole("link", { name: ko.common.share, exact: true });
}

function shareDialog(page: Page) {
  return page.getByRole("dialog", { name: ko.share.title });
}

for (const js of [false, true]) {
  describe(js ? "with JavaScript" : "without JavaScript", () => {
    let context: BrowserContext;
    let problems: string[];
    let page: Page;

    beforeAll(async () => {
      ({ context, problems } = await openContext(browser, site, { javaScriptEnabled: js, viewport: PHONE }));
      context.setDefaultTimeout(10_000);
      if (js) await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: site.origin });
      page = await context.newPage();
    });

    afterAll(async () => {
      await context?.close();
    });

    test("GET /home-update sends a visitor to /", async () => {
      const response = await page.goto("/home-update");
      assert.equal(new URL(page.url()).pathname, "/");
      assert.equal(response?.status(), 200);
      const redirect = response?.request().redirectedFrom();
      assert.ok(redirect, "the visitor was redirected");
      assert.equal(new URL(redirect.url()).pathname, "/home-update");
      assert.equal(await page.getByRole("link", { name: ko.home.editMenu, exact: true }).count(), 0);
      assert.equal(await page.getByLabel(ko.homeUpdate.nameLabel(ko.homeUpdate.rows.reels)).count(), 0);
      assertNoProblems(problems, js);
    });

    if (js) {
      test("ten taps on the header name open /admin-login; nine do not", async () => {
        await page.goto("/");
        const name = page.getByRole("banner").getByRole("link", { name: ko.site.name });
        for (let tap = 1; tap <= 9; tap++) await name.click();
        await page.waitForTimeout(200);
        assert.equal(new URL(page.url()).pathname, "/", "nine taps stay on the home page");
        await name.click();
        await page.waitForURL(`${site.origin}/admin-login`);
        await page.getByRole("heading", { level: 1, name: ko.login.title }).waitFor();
        assertNoProblems(problems, js);
      });
    }

    test("the share button opens the 공유하기 dialog with Facebook, X and the page address", async () => {
      await page.goto("/navi");
      const pageUrl = `${site.origin}/navi`;
      const dialog = shareDialog(page);
      assert.equal(await dialog.isVisible(), false, "the dialog starts closed");

      await shareLink(page).click();
      await dialog.waitFor();
      if (js) {
        assert.equal(await dialog.evaluate((element) => element.matches(":modal")), true, "a modal dialog with JavaScript");
      } else {
        assert.equal(new URL(page.url()).hash, "#share", "without JavaScript the #share link shows the panel");
      }

      const facebook = dialog.getByRole("link", { name: ko.share.facebook, exact: true });
      const twitter = dialog.getByRole("link", { name: ko.share.twitter, exact: true });
      assert.equal(await facebook.isVisible(), true);
      assert.equal(await twitter.isVisible(), true);
      const facebookHref = new URL((await facebook.getAttribute("href")) ?? "");
      assert.equal(facebookHref.hostname, "www.facebook.com");
      assert.equal(facebookHref.searchParams.get("u"), pageUrl, "Facebook shares this page");
      const twitterHref = new URL((await twitter.getAttribute("href")) ?? "");
      assert.ok(["twitter.com", "x.com"].includes(twitterHref.hostname), twitterHref.href);
      assert.equal(twitterHref.searchParams.get("url"), pageUrl, "X shares this page");

      const field = dialog.getByLabel(ko.share.linkLabel, { exact: true });
      assert.equal(await field.inputValue(), pageUrl, "the URL field holds the page address");
      assert.equal(await hasHorizontalOverflow(page), false);
      assertNoProblems(problems, js);
    });

    test(js ? "Escape closes the dialog and focus returns to the share button" : "the close link hides the panel", async () => {
      const dialog = shareDialog(page);
      if (js) {
        await page.keyboard.press("Escape");
        await dialog.waitFor({ state: "hidden" });
        assert.equal(
          await page.evaluate(() => document.activeElement?.getAttribute("aria-label")),
          ko.common.share,
          "focus is back on the share button",
        );
      } else {
        await dialog.getByRole("link", { name: ko.common.close, exact: true }).click();
        await dialog.waitFor({ state: "hidden" });
      }
      assertNoProblems(problems, js);
    });

    if (js) {
      test("링크 복사 copies the page address and says so", async () => {
        const dialog = shareDialog(page);
        await shareLink(page).click();
        await dialog.waitFor();
        await dialog.getByRole("button", { name: ko.share.clipboard, exact: true }).click();
        await dialog.getByText(ko.share.copied, { exact: true }).waitFor();
        assert.equal(await page.evaluate(() => navigator.clipboard.readText()), `${site.origin}/navi`);
        // The message is cleared when the dialog closes, so it does not greet the next opening.
        await dialog.getByRole("button", { name: ko.common.close, exact: true }).click();
        await dialog.waitFor({ state: "hidden" });
        await shareLink(page).click();
        await dialog.waitFor();
        assert.equal(await dialog.getByText(ko.share.copied).count(), 0);
        await page.keyboard.press("Escape");
        assertNoProblems(problems, js);
      });

      test("the dialog shares the page it was opened on after a client-side navigation", async () => {
        await page.goto("/");
        await page.getByRole("navigation", { name: ko.bottomNav.label }).getByRole("link", { name: ko.bottomNav.ai }).waitFor();
        await page.goto("/navi");
        await page.getByRole("link", { name: ko.navi.links.poonpee, exact: true }).click();
        await page.waitForURL(`${site.origin}/poonpee/privacy`);
        const dialog = shareDialog(page);
        await shareLink(page).click();
        await dialog.waitFor();
        assert.equal(await dialog.getByLabel(ko.share.linkLabel, { exact: true }).inputValue(), `${site.origin}/poonpee/privacy`);
        await page.keyboard.press("Escape");
        assertNoProblems(problems, js);
      });
    }
  });
}
