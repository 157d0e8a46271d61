// End-to-end: the admin logs in, renames and hides menus on /home-update, sees the result on the
// home page, and logs out; the login form's validation messages. Each with JavaScript off and on.
import { afterAll, beforeAll, describe, test } from "vitest";
import assert from "node:assert/strict";
import { request, type Browser, type BrowserContext, type Page } from "playwright-core";
import { ko } from "~/copy/ko";
import {
  ADMIN_ID,
  ADMIN_PASSWORD,
  hasHorizontalOverflow,
  openContext,
  PHONE,
  type Site,
  startSiteAndBrowser,
  stopSiteAndBrowser,
} from "../support/browser";
import { assertNoProblems, isHttpErrorConsoleLine } from "./helpers";

let site: Site;
let browser: Browser;

beforeAll(async () => {
  [site, browser] = await startSiteAndBrowser();
});

afterAll(() => stopSiteAndBrowser(site, browser));

const rows = ko.homeUpdate.rows;

/** Puts the menu back to the demo seed through the JSON API, so each mode starts from the same state. */
async function resetMenu() {
  const api = await request.newContext({ baseURL: site.origin });
  try {
    const login = await api.post("/api/login", { data: { id: ADMIN_ID, pw: ADMIN_PASSWORD } });
    assert.equal(login.status(), 200, `API login: ${await login.text()}`);
    const update = await api.post("/api/home/update", {
      data: {
        reelsMenuNm: rows.reels,
        productsMenuNm: rows.products,
        isViewFlags: { home: true, reels: true, products: true },
      },
    });
    const body = await update.text();
    // Already in the seed state: the API answers "nothing changed", which is fine here.
    assert.ok(update.status() === 200 || body.includes("NOTHING_CHANGED"), `API update: ${update.status()} ${body}`);
  } finally {
    await api.dispose();
  }
}

function bottomNav(page: Page) {
  return page.getByRole("navigation", { name: ko.bottomNav.label });
}

function editMenuLink(page: Page) {
  return page.getByRole("link", { name: ko.home.editMenu, exact: true });
}

async function submitLogin(page: Page, js: boolean, id: string, pw: string) {
  await page.getByLabel(ko.login.id, { exact: true }).fill(id);
  await page.getByLabel(ko.login.pw, { exact: true }).fill(pw);
  if (js) await page.getByLabel(ko.login.pw, { exact: true }).press("Enter");
  else await page.getByRole("button", { name: ko.login.submit, exact: true }).click();
}

for (const js of [false, true]) {
  describe(js ? "with JavaScript" : "without JavaScript", () => {
    describe("admin flow", () => {
      let context: BrowserContext;
      let problems: string[];
      let page: Page;
      // Distinct per mode, so the second run cannot pass on the first run's data.
      const newProducts = js ? "추천템 모음" : "우리 아이 추천템";
      const newReels = js ? "짧은 영상" : "릴스 영상관";

      beforeAll(async () => {
        await resetMenu();
        ({ context, problems } = await openContext(browser, site, { javaScriptEnabled: js, viewport: PHONE }));
        context.setDefaultTimeout(10_000);
        page = await context.newPage();
        page.on("request", (req) => {
          if (req.method() === "POST" && /\/home-update(\.data)?(\?|$)/.test(new URL(req.url()).pathname + "?")) {
            menuPosts.push(req.url());
          }
        });
      });

      afterAll(async () => {
        await context?.close();
      });

      const menuPosts: string[] = [];

      test("logs in from /admin-login and lands on / with the menu edit link", async () => {
        await page.goto("/");
        assert.equal(await editMenuLink(page).count(), 0, "a visitor must not see the menu edit link");

        await page.goto("/admin-login");
        assert.equal(await page.getByRole("heading", { level: 1 }).textContent(), ko.login.title);
        await submitLogin(page, js, ADMIN_ID, ADMIN_PASSWORD);
        await page.waitForURL(`${site.origin}/`);

        await page.getByRole("heading", { name: ko.home.menuStructure }).waitFor();
        const heading = page.locator(".section-heading", { has: page.getByRole("heading", { name: ko.home.menuStructure }) });
        const link = heading.getByRole("link", { name: ko.home.editMenu, exact: true });
        await link.waitFor();
        assert.equal(await link.getAttribute("href"), "/home-update");
        // The home cards show the demo menu before the edit.
        const main = page.getByRole("main");
        assert.equal(await main.getByRole("heading", { name: rows.reels, exact: true }).count(), 1);
        assert.equal(await main.getByRole("heading", { name: rows.products, exact: true }).count(), 1);
        assertNoProblems(problems, js);
      });

      test("pressing 수정 with nothing to change says so and asks nothing", async () => {
        await editMenuLink(page).click();
        await page.waitForURL(`${site.origin}/home-update`);
        await page.getByRole("heading", { level: 1, name: ko.homeUpdate.title }).waitFor();
        // SPEC §5: a ticked row with an empty name is not a change either.
        await page.getByLabel(ko.homeUpdate.changeLabel(rows.home), { exact: true }).check();
        await page.getByRole("button", { name: ko.homeUpdate.submit, exact: true }).click();
        await page.getByRole("alert").filter({ hasText: ko.homeUpdate.nothingChanged }).waitFor();
        assert.equal(await page.getByRole("dialog", { name: ko.homeUpdate.confirmQuestion }).count(), 0);
        assert.equal(new URL(page.url()).pathname, "/home-update");
        // The refusal answers 400, which Chromium logs to the console.
        assertNoProblems(problems, js, isHttpErrorConsoleLine(400));
        problems.length = 0;
      });

      test("renames two menus and hides the reels on /home-update, with a confirmation", async () => {
        // With JavaScript, wait for the scripts to take over before checking the enhanced behaviour.
        await page.goto("/home-update", { waitUntil: js ? "networkidle" : "load" });
        await page.getByRole("heading", { level: 1, name: ko.homeUpdate.title }).waitFor();
        const postsBefore = menuPosts.length;

        const reelsName = page.getByLabel(ko.homeUpdate.nameLabel(rows.reels), { exact: true });
        const productsName = page.getByLabel(ko.homeUpdate.nameLabel(rows.products), { exact: true });
        if (js) {
          // SPEC §2: the name becomes editable once its row is ticked.
          assert.equal(await reelsName.isDisabled(), true, "with JavaScript the name waits for its checkbox");
        }
        await page.getByLabel(ko.homeUpdate.changeLabel(rows.reels), { exact: true }).check();
        await reelsName.fill(newReels);
        await page.getByLabel(ko.homeUpdate.changeLabel(rows.products), { exact: true }).check();
        await productsName.fill(newProducts);
        const reelsVisibility = page.getByRole("radiogroup", { name: ko.homeUpdate.visibilityLabel(rows.reels) });
        await reelsVisibility.getByLabel(ko.common.hide, { exact: true }).check();

        await page.getByRole("button", { name: ko.homeUpdate.submit, exact: true }).click();

        const dialog = page.getByRole("dialog", { name: ko.homeUpdate.confirmQuestion });
        await dialog.waitFor();
        const modal = await dialog.evaluate((element) => element.matches(":modal"));
        if (js) {
          assert.equal(modal, true, "with JavaScript the confirmation is a modal dialog");
          // Escape... is not pressed here: the flow confirms. Focus is inside the modal.
          assert.equal(
            await dialog.evaluate((element) => element.contains(document.activeElement)),
            true,
            "focus moves into the confirmation dialog",
          );
        } else {
          assert.equal(modal, false, "without JavaScript the confirmation is an in-page step");
          assert.equal(new URL(page.url()).pathname, "/home-update");
        }
        // The confirmation shows what will change.
        const summary = await dialog.textContent();
        assert.ok(summary?.includes(newReels), `summary names the new reels name: ${summary}`);
        assert.ok(summary?.includes(newProducts), `summary names the new products name: ${summary}`);
        assert.ok(summary?.includes(ko.common.hide), `summary says the reels will be hidden: ${summary}`);

        assert.equal(menuPosts.length - postsBefore, 1, `one POST for the review step: ${menuPosts.join(", ")}`);

        await dialog.getByRole("button", { name: ko.common.confirm, exact: true }).click();

        const flash = page.getByRole("status").filter({ hasText: ko.homeUpdate.done });
        await flash.waitFor();
        assert.ok((await flash.textContent())?.includes(ko.homeUpdate.goHomeQuestion));
        assert.equal(await page.getByRole("dialog", { name: ko.homeUpdate.confirmQuestion }).count(), 0);
        assert.equal(menuPosts.length - postsBefore, 2, `one confirmation POST, no double submit: ${menuPosts.join(", ")}`);
        assert.equal(await hasHorizontalOverflow(page), false);
        assertNoProblems(problems, js);
      });

      test("the go-home answer leads to / with the new names and no reels entry", async () => {
        const flash = page.getByRole("status").filter({ hasText: ko.homeUpdate.done });
        await flash.getByRole("link", { name: ko.common.confirm, exact: true }).click();
        await page.waitForURL(`${site.origin}/`);

        const main = page.getByRole("main");
        await main.getByRole("heading", { name: newProducts, exact: true }).waitFor();
        assert.equal(await main.getByRole("heading", { name: rows.products, exact: true }).count(), 0);
        assert.equal(await main.getByRole("heading", { name: newReels, exact: true }).count(), 0, "hidden reels card");
        assert.equal(await main.getByRole("heading", { name: rows.reels, exact: true }).count(), 0, "hidden reels card");
        assert.equal(await main.locator('a[href="/reels-category"]').count(), 0, "no link to the reels from the cards");

        const nav = bottomNav(page);
        const productsLink = nav.getByRole("link", { name: newProducts, exact: true });
        assert.equal(await productsLink.count(), 1, "bottom navigation shows the new products name");
        assert.equal(await productsLink.getAttribute("href"), "/product-list");
        assert.equal(await nav.locator('a[href="/reels-category"]').count(), 0, "no reels entry in the bottom navigation");
        assert.equal(await nav.getByRole("link", { name: newReels }).count(), 0);
        // The flash message was consumed: it does not show again.
        assert.equal(await page.getByText(ko.homeUpdate.done).count(), 0);
        assertNoProblems(problems, js);
      });

      test("logs out from the admin bar and the edit link is gone", async () => {
        // The admin bar (shown on every page while logged in) carries the logout button.
        const bar = page.locator(".admin-bar").filter({ hasText: ko.admin.mode });
        await bar.waitFor();
        await bar.getByRole("button", { name: ko.login.logout, exact: true }).click();
        await page.getByText(ko.login.loggedOut).waitFor();
        assert.equal(new URL(page.url()).pathname, "/");
        assert.equal(await editMenuLink(page).count(), 0, "the edit link is gone after logout");
        assert.equal(await page.getByRole("button", { name: ko.login.logout }).count(), 0, "the admin bar is gone");

        // A fresh load as a visitor: still no edit link, the admin page refuses, and the new names stay.
        await page.goto("/");
        assert.equal(await editMenuLink(page).count(), 0);
        await page.getByRole("main").getByRole("heading", { name: newProducts, exact: true }).waitFor();
        assert.equal(await bottomNav(page).locator('a[href="/reels-category"]').count(), 0);
        await page.goto("/home-update");
        assert.equal(new URL(page.url()).pathname, "/");
        assertNoProblems(problems, js);
      });
    });

    describe("login validation", () => {
      let context: BrowserContext;
      let problems: string[];
      let page: Page;

      beforeAll(async () => {
        ({ context, problems } = await openContext(browser, site, { javaScriptEnabled: js, viewport: PHONE }));
        context.setDefaultTimeout(10_000);
        page = await context.newPage();
        await page.goto("/admin-login");
      });

      afterAll(async () => {
        await context?.close();
      });

      async function expectFieldError(field: string, message: string) {
        const input = page.getByLabel(field, { exact: true });
        await page.getByText(message, { exact: true }).waitFor();
        assert.equal(await input.getAttribute("aria-invalid"), "true", `${field} is marked invalid`);
        const describedBy = (await input.getAttribute("aria-describedby")) ?? "";
        const descriptions = await Promise.all(
          describedBy
            .split(/\s+/)
            .filter(Boolean)
            .map((id) => page.locator(`[id="${id}"]`).textContent()),
        );
        assert.ok(
          descriptions.some((text) => text?.includes(message)),
          `${field} is described by its error "${message}" (aria-describedby="${describedBy}")`,
        );
      }

      test("an empty submit asks for the id and the password", async () => {
        await page.getByRole("button", { name: ko.login.submit, exact: true }).click();
        await page.getByRole("alert").filter({ hasText: ko.login.required }).waitFor();
        assert.equal(new URL(page.url()).pathname, "/admin-login");
      });

      test("a Hangul id is refused", async () => {
        await submitLogin(page, js, "관리자", "password1");
        await expectFieldError(ko.login.id, ko.login.noHangul);
        assert.equal(new URL(page.url()).pathname, "/admin-login");
      });

      test("an underscore is refused", async () => {
        await submitLogin(page, js, "my_admin", "password1");
        await expectFieldError(ko.login.id, ko.login.noUnderscore);
        assert.equal(await page.getByText(ko.login.noHangul, { exact: true }).count(), 0, "the old error is gone");
        assert.equal(new URL(page.url()).pathname, "/admin-login");
      });

      test("a wrong password is refused with the failed message and does not log in", async () => {
        await submitLogin(page, js, ADMIN_ID, `${ADMIN_PASSWORD}-wrong`);
        await page.getByRole("alert").filter({ hasText: ko.login.failed }).waitFor();
        assert.equal(new URL(page.url()).pathname, "/admin-login");
        assert.equal(await page.getByText(ko.login.noUnderscore, { exact: true }).count(), 0, "the old error is gone");
        // The server never sends the password back into the form.
        if (!js) assert.equal(await page.getByLabel(ko.login.pw, { exact: true }).inputValue(), "");
        await page.goto("/");
        assert.equal(await editMenuLink(page).count(), 0, "not logged in");
        // The refused submits answer 400 and 401, which Chromium logs to the console.
        assertNoProblems(problems, js, (problem) => isHttpErrorConsoleLine(400)(problem) || isHttpErrorConsoleLine(401)(problem));
      });

      test("a login without 계정 기억하기 lasts the browser session; with it, 60 days", async () => {
        problems.length = 0;
        for (const remember of [false, true]) {
          await context.clearCookies();
          await page.goto("/admin-login");
          if (remember) await page.getByLabel(ko.login.remember, { exact: true }).check();
          await submitLogin(page, js, ADMIN_ID, ADMIN_PASSWORD);
          await page.waitForURL(`${site.origin}/`);
          await editMenuLink(page).waitFor();
          const cookies = await context.cookies(site.origin);
          const session = cookies.filter((cookie) => cookie.httpOnly && !cookie.name.includes("flash"));
          assert.equal(session.length, 1, `one session cookie: ${JSON.stringify(cookies)}`);
          const cookie = session[0]!;
          assert.equal(cookie.sameSite, "Lax");
          assert.ok(!cookie.value.includes(ADMIN_PASSWORD), "no password in the cookie");
          if (remember) {
            const days = (cookie.expires - Date.now() / 1000) / 86_400;
            assert.ok(days > 59 && days <= 60.01, `remembered for 60 days, got ${days.toFixed(2)}`);
          } else {
            assert.equal(cookie.expires, -1, "a session cookie");
          }
        }
        assertNoProblems(problems, js);
      });
    });

    if (js) {
      describe("confirmation dialog", () => {
        let context: BrowserContext;
        let problems: string[];
        let page: Page;
        const reviewPosts: string[] = [];

        beforeAll(async () => {
          ({ context, problems } = await openContext(browser, site, { javaScriptEnabled: true, viewport: PHONE }));
          context.setDefaultTimeout(10_000);
          page = await context.newPage();
          page.on("request", (req) => {
            if (req.method() === "POST" && new URL(req.url()).pathname.startsWith("/home-update")) reviewPosts.push(req.url());
          });
          await page.goto("/admin-login");
          await submitLogin(page, true, ADMIN_ID, ADMIN_PASSWORD);
          await page.waitForURL(`${site.origin}/`);
        });

        afterAll(async () => {
          await context?.close();
        });

        async function askAgain(expectedPosts: number) {
          await page.getByRole("button", { name: ko.homeUpdate.submit, exact: true }).click();
          for (let i = 0; i < 50 && reviewPosts.length < expectedPosts; i++) await page.waitForTimeout(100);
          assert.equal(reviewPosts.length, expectedPosts, "the review was posted");
          await page.waitForTimeout(300); // let the answer render
        }

        test("a row ticked and named before the scripts load stays editable and is saved", async () => {
          // A slow phone: the visitor ticks and types before hydration. Hold the scripts back.
          let release!: () => void;
          const held = new Promise<void>((resolve) => (release = resolve));
          await page.route("**/build/**/*.js", async (route) => {
            await held;
            await route.continue();
          });
          try {
            await page.goto("/home-update", { waitUntil: "domcontentloaded" });
            await page.getByLabel(ko.homeUpdate.changeLabel(rows.detail), { exact: true }).check();
            await page.getByLabel(ko.homeUpdate.nameLabel(rows.detail), { exact: true }).fill("심화 자료");
          } finally {
            release();
          }
          await page.waitForLoadState("networkidle");
          await page.unroute("**/build/**/*.js");
          const name = page.getByLabel(ko.homeUpdate.nameLabel(rows.detail), { exact: true });
          assert.equal(await page.getByLabel(ko.homeUpdate.changeLabel(rows.detail), { exact: true }).isChecked(), true);
          assert.equal(await name.inputValue(), "심화 자료");
          const disabled = await name.isDisabled();

          // What the admin sees: pressing 수정 must offer to save the name that is on screen.
          await page.getByRole("button", { name: ko.homeUpdate.submit, exact: true }).click();
          const dialog = page.getByRole("dialog", { name: ko.homeUpdate.confirmQuestion });
          const refusal = page.getByRole("alert").filter({ hasText: ko.homeUpdate.nothingChanged });
          await dialog.or(refusal).first().waitFor();
          const offered = (await dialog.isVisible()) && ((await dialog.textContent()) ?? "").includes("심화 자료");
          if (await dialog.isVisible()) await dialog.getByRole("button", { name: ko.common.cancel, exact: true }).click();
          assert.ok(
            offered && !disabled,
            `the ticked row's name must be kept: after hydration the name input is ${disabled ? "disabled" : "enabled"} ` +
              `(a disabled input is not submitted) and pressing 수정 ${offered ? "offered to save it" : (await refusal.isVisible()) ? `answered "${ko.homeUpdate.nothingChanged}"` : "did not offer to save it"}`,
          );
        });

        test("Escape and 취소 close the confirmation; asking again with the same values shows it again", async () => {
          const dialog = page.getByRole("dialog", { name: ko.homeUpdate.confirmQuestion });
          await page.goto("/home-update", { waitUntil: "networkidle" });
          problems.length = 0;
          reviewPosts.length = 0; // posts of earlier tests in this block do not count
          await page.getByLabel(ko.homeUpdate.changeLabel(rows.home), { exact: true }).check();
          await page.getByLabel(ko.homeUpdate.nameLabel(rows.home), { exact: true }).fill("처음 화면");

          await askAgain(1);
          await dialog.waitFor();
          await page.keyboard.press("Escape");
          await dialog.waitFor({ state: "hidden" });
          assert.equal(reviewPosts.length, 1, "Escape posts nothing");

          await askAgain(2);
          assert.equal(
            await dialog.isVisible(),
            true,
            "after Escape, pressing 수정 again with the same values shows the confirmation again",
          );
          await dialog.getByRole("button", { name: ko.common.cancel, exact: true }).click();
          await dialog.waitFor({ state: "hidden" });
          assert.equal(reviewPosts.length, 2, "취소 posts nothing");
          // Nothing was saved.
          await page.goto("/");
          assert.equal(await bottomNav(page).getByRole("link", { name: "처음 화면" }).count(), 0);
          assertNoProblems(problems, true);
        });

        test("asking again after changing a value shows the confirmation with the new value", async () => {
          const dialog = page.getByRole("dialog", { name: ko.homeUpdate.confirmQuestion });
          await page.goto("/home-update", { waitUntil: "networkidle" });
          problems.length = 0;
          reviewPosts.length = 0; // posts of earlier tests in this block do not count
          await page.getByLabel(ko.homeUpdate.changeLabel(rows.home), { exact: true }).check();
          await page.getByLabel(ko.homeUpdate.nameLabel(rows.home), { exact: true }).fill("첫 화면");
          const before = reviewPosts.length;
          await askAgain(before + 1);
          await dialog.waitFor();
          await page.keyboard.press("Escape");
          await dialog.waitFor({ state: "hidden" });
          await page.getByLabel(ko.homeUpdate.nameLabel(rows.home), { exact: true }).fill("첫 화면2");
          await askAgain(before + 2);
          await dialog.waitFor({ timeout: 3000 });
          assert.ok((await dialog.textContent())?.includes("첫 화면2"));
          await dialog.getByRole("button", { name: ko.common.cancel, exact: true }).click();
          assertNoProblems(problems, true);
        });
      });
    }
  });
}
