// End-to-end: axe-core finds no accessibility violations on the foundation pages (JavaScript on,
// 375 px), including the admin's menu edit page and the open dialogs.
import { afterAll, beforeAll, describe, test } from "vitest";
import assert from "node:assert/strict";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { ko } from "~/copy/ko";
import {
  ADMIN_ID,
  ADMIN_PASSWORD,
  openContext,
  PHONE,
  type Site,
  startSiteAndBrowser,
  stopSiteAndBrowser,
} from "../support/browser";
import { assertNoProblems, axeViolations, isHttpErrorConsoleLine } from "./helpers";




let site: Site;
let browser: Browser;
/** The problems of the context in use (each describe opens its own). */
let problems: string[] = [];

beforeAll(async () => {
  [site, browser] = await startSiteAndBrowser();
});

afterAll(() => stopSiteAndBrowser(site, browser));

/** Injects axe-core and runs it on the whole page; asserts there are no violations, listing them if any. */
async function assertAccessible(page: Page, label: string) {
  const violations = await axeViolations(page);
  assert.equal(violations.length, 0, `axe violations on ${label}:\n${violations.join("\n")}`);
}

async function settle(page: Page, path: string) {
  problems.length = 0; // each test answers for its own page only
  const response = await page.goto(path, { waitUntil: "networkidle" });
  return response;
}

describe("visitor pages", () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context, problems } = await openContext(browser, site, { javaScriptEnabled: true, viewport: PHONE }));
    context.setDefaultTimeout(10_000);
    page = await context.newPage();
  });

  afterAll(async () => {
    await context?.close();
  });

  for (const path of ["/", "/admin-login", "/navi"]) {
    test(path, async () => {
      await settle(page, path);
      await assertAccessible(page, path);
      assertNoProblems(problems, true);
    });
  }

  test("the 404 page", async () => {
    const response = await settle(page, "/no-such-page-here");
    assert.equal(response?.status(), 404);
    await assertAccessible(page, "the 404 page");
    assertNoProblems(problems, true, isHttpErrorConsoleLine(404));
  });

  test("/ with the share dialog open", async () => {
    await settle(page, "/");
    await page.getByRole("banner").getByRole("link", { name: ko.common.share, exact: true }).click();
    await page.getByRole("dialog", { name: ko.share.title }).waitFor();
    await assertAccessible(page, "the share dialog");
    assertNoProblems(problems, true);
  });

  test("/admin-login showing validation errors", async () => {
    await settle(page, "/admin-login");
    await page.getByLabel(ko.login.id, { exact: true }).fill("관리자");
    await page.getByLabel(ko.login.pw, { exact: true }).fill("x");
    await page.getByRole("button", { name: ko.login.submit, exact: true }).click();
    await page.getByText(ko.login.noHangul, { exact: true }).waitFor();
    await assertAccessible(page, "/admin-login with errors");
    assertNoProblems(problems, true, isHttpErrorConsoleLine(400));
  });
});

describe("admin pages", () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context, problems } = await openContext(browser, site, { javaScriptEnabled: true, viewport: PHONE }));
    context.setDefaultTimeout(10_000);
    page = await context.newPage();
    await page.goto("/admin-login");
    await page.getByLabel(ko.login.id, { exact: true }).fill(ADMIN_ID);
    await page.getByLabel(ko.login.pw, { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByLabel(ko.login.pw, { exact: true }).press("Enter");
    await page.waitForURL(`${site.origin}/`);
  });

  afterAll(async () => {
    await context?.close();
  });

  test("/ as the admin (admin bar, edit link)", async () => {
    await settle(page, "/");
    await page.getByRole("link", { name: ko.home.editMenu, exact: true }).waitFor();
    await assertAccessible(page, "/ as admin");
    assertNoProblems(problems, true);
  });

  test("/home-update", async () => {
    await settle(page, "/home-update");
    await page.getByRole("heading", { level: 1, name: ko.homeUpdate.title }).waitFor();
    await assertAccessible(page, "/home-update");
    assertNoProblems(problems, true);
  });

  test("/home-update with the confirmation dialog open", async () => {
    problems.length = 0;
    await page.getByLabel(ko.homeUpdate.changeLabel(ko.homeUpdate.rows.detail), { exact: true }).check();
    await page.getByLabel(ko.homeUpdate.nameLabel(ko.homeUpdate.rows.detail), { exact: true }).fill("심화 정보");
    await page.getByRole("button", { name: ko.homeUpdate.submit, exact: true }).click();
    const dialog = page.getByRole("dialog", { name: ko.homeUpdate.confirmQuestion });
    await dialog.waitFor();
    await assertAccessible(page, "the menu edit confirmation");
    await dialog.getByRole("button", { name: ko.common.cancel, exact: true }).click();
    assertNoProblems(problems, true);
  });
});
