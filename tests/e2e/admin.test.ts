// End-to-end: the admin logs in through the form (the one real login of the browser suite), renames
// and hides menus on /home-update, sees the result on the home page, and logs out; the login form's
// validation messages. Each with JavaScript off and on. With JavaScript, at 375 px, axe-core finds no
// violation on the login form showing its errors nor with the menu edit confirmation open. Every other
// test starts signed in through a session made for it, and puts the menu back to the demo seed first.
// Runs about 19 s.
import type { BrowserContext, Page } from "playwright-core";
import { describe, test, expect } from "vitest";
import {
  ADMIN_ID,
  ADMIN_PASSWORD,
  hasHorizontalOverflow,
  isHttpErrorConsoleLine,
  open,
  useSite,
  waitForHydration,
} from "../support/browser";
import { assertAccessible, expectFieldError } from "./helpers";

const s = useSite();

/** docs/product.md §5: nothing ticked and named is not a change. */
const NOTHING_CHANGED = "변경된 내용이 없습니다. 정보를 확인해 주세요.";

/** Puts the menu back to the demo seed through the JSON API, so each test starts from the same state. */
async function resetMenu(context: BrowserContext) {
  const update = await context.request.post("/api/home/update", {
    data: {
      reelsMenuNm: "릴스 모음",
      productsMenuNm: "제품 소개",
      isViewFlags: { home: true, reels: true, products: true },
    },
  });
  const body = await update.text();
  // Already in the seed state: the API answers "nothing changed", which is fine here.
  expect(update.status() === 200 || body.includes("NOTHING_CHANGED"), `API update: ${update.status()} ${body}`).toBeTruthy();
}

/** A page signed in as the admin, with the menu as the demo seed has it. */
async function adminPageWithSeedMenu(js: boolean) {
  const visit = await s.open({ js, admin: true });
  await resetMenu(visit.context);
  return visit;
}

function bottomNav(page: Page) {
  return page.getByRole("navigation", { name: "하단 메뉴" });
}

function editMenuLink(page: Page) {
  return page.getByRole("link", { name: "메뉴 수정", exact: true });
}

async function submitLogin(page: Page, js: boolean, id: string, pw: string) {
  await page.getByLabel("아이디", { exact: true }).fill(id);
  await page.getByLabel("비밀번호", { exact: true }).fill(pw);
  if (js) await page.getByLabel("비밀번호", { exact: true }).press("Enter");
  else await page.getByRole("button", { name: "로그인", exact: true }).click();
}

/** Counts the POSTs of the menu form (the review step and the confirmation), to catch a double submit. */
function countMenuPosts(page: Page) {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname.startsWith("/home-update")) posts.push(request.url());
  });
  return posts;
}

function isMenuPost(response: { request(): { method(): string }; url(): string }) {
  return response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/home-update");
}

for (const js of [false, true]) {
  describe(js ? "with JavaScript" : "without JavaScript", () => {
    describe("admin flow", () => {
      test("logs in through the form: without 계정 기억하기 for the browser session, with it for 60 days; / shows the menu edit link", async () => {
        await adminPageWithSeedMenu(js);
        const { context, page } = await s.open({ js });
        await page.goto("/");
        expect(await editMenuLink(page).count(), "a visitor must not see the menu edit link").toBe(0);

        for (const remember of [false, true]) {
          await context.clearCookies();
          await page.goto("/admin-login");
          expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("관리자 로그인");
          if (remember) await page.getByLabel("계정 기억하기", { exact: true }).check();
          await submitLogin(page, js, ADMIN_ID, ADMIN_PASSWORD);
          await page.waitForURL(`${s.site.origin}/`);

          const heading = page.locator(".section-heading", { has: page.getByRole("heading", { name: "메뉴 구성" }) });
          const link = heading.getByRole("link", { name: "메뉴 수정", exact: true });
          await link.waitFor();
          expect(await link.getAttribute("href")).toBe("/home-update");

          const cookies = await context.cookies(s.site.origin);
          const session = cookies.filter((cookie) => cookie.httpOnly && !cookie.name.includes("flash"));
          expect(session.length, `one session cookie: ${JSON.stringify(cookies)}`).toBe(1);
          const cookie = session[0]!;
          expect(cookie.sameSite).toBe("Lax");
          expect(cookie.value, "no password in the cookie").not.toContain(ADMIN_PASSWORD);
          if (remember) {
            const days = (cookie.expires - Date.now() / 1000) / 86_400;
            expect(days > 59 && days <= 60.01, `remembered for 60 days, got ${days.toFixed(2)}`).toBeTruthy();
          } else {
            expect(cookie.expires, "a session cookie").toBe(-1);
          }
        }
        // The home cards show the demo menu.
        const main = page.getByRole("main");
        expect(await main.getByRole("heading", { name: "릴스 모음", exact: true }).count()).toBe(1);
        expect(await main.getByRole("heading", { name: "제품 소개", exact: true }).count()).toBe(1);
      });

      test("pressing 수정 with nothing to change says so and asks nothing", async () => {
        const { page } = await s.open({ js, admin: true });
        await page.goto("/");
        await editMenuLink(page).click();
        await page.waitForURL(`${s.site.origin}/home-update`);
        await page.getByRole("heading", { level: 1, name: "메뉴 수정" }).waitFor();
        // Four rows, the menus visitors see (상세/심화 정보 is back with the guides); no switch that changes nothing (docs/product.md §5).
        const rows = await page
          .getByRole("group")
          .filter({ has: page.getByRole("radiogroup") })
          .all();
        const legends = await Promise.all(rows.map((row) => row.locator("legend").textContent()));
        expect(legends).toStrictEqual(["홈 화면", "릴스 모음", "제품 소개", "상세/심화 정보"]);
        // docs/product.md §5: a ticked row with an empty name is not a change either.
        await page.getByLabel("홈 화면 변경", { exact: true }).check();
        await page.getByRole("button", { name: "수정", exact: true }).click();
        await page.getByRole("alert").filter({ hasText: NOTHING_CHANGED }).waitFor();
        expect(await page.getByRole("dialog", { name: "메뉴를 수정하시겠습니까?" }).count()).toBe(0);
        expect(new URL(page.url()).pathname).toBe("/home-update");
        // The refusal answers 400, which Chromium logs to the console.
        s.expectProblems(isHttpErrorConsoleLine(400));
      });

      test("renames two menus and hides the reels with a confirmation; the go-home answer shows the new menu to all", async () => {
        // Distinct per mode, so the second run cannot pass on the first run's data.
        const newProducts = js ? "추천템 모음" : "우리 아이 추천템";
        const newReels = js ? "짧은 영상" : "릴스 영상관";
        const { page } = await adminPageWithSeedMenu(js);
        const menuPosts = countMenuPosts(page);
        await open(page, "/home-update", js);
        await page.getByRole("heading", { level: 1, name: "메뉴 수정" }).waitFor();

        const reelsName = page.getByLabel("릴스 모음 메뉴 이름", { exact: true });
        const productsName = page.getByLabel("제품 소개 메뉴 이름", { exact: true });
        if (js) {
          // docs/product.md §2: the name becomes editable once its row is ticked.
          expect(await reelsName.isDisabled(), "with JavaScript the name waits for its checkbox").toBe(true);
        }
        await page.getByLabel("릴스 모음 변경", { exact: true }).check();
        await reelsName.fill(newReels);
        await page.getByLabel("제품 소개 변경", { exact: true }).check();
        await productsName.fill(newProducts);
        const reelsVisibility = page.getByRole("radiogroup", { name: "릴스 모음 노출 여부" });
        await reelsVisibility.getByLabel("숨김", { exact: true }).check();

        await page.getByRole("button", { name: "수정", exact: true }).click();

        const dialog = page.getByRole("dialog", { name: "메뉴를 수정하시겠습니까?" });
        await dialog.waitFor();
        const modal = await dialog.evaluate((element) => element.matches(":modal"));
        if (js) {
          expect(modal, "with JavaScript the confirmation is a modal dialog").toBe(true);
          expect(
            await dialog.evaluate((element) => element.contains(document.activeElement)),
            "focus moves into the confirmation dialog",
          ).toBe(true);
        } else {
          expect(modal, "without JavaScript the confirmation is an in-page step").toBe(false);
          expect(new URL(page.url()).pathname).toBe("/home-update");
        }
        // The confirmation shows what will change.
        const summary = await dialog.textContent();
        expect(summary, `summary names the new reels name: ${summary}`).toContain(newReels);
        expect(summary, `summary names the new products name: ${summary}`).toContain(newProducts);
        expect(summary, `summary says the reels will be hidden: ${summary}`).toContain("숨김");
        expect(menuPosts.length, `one POST for the review step: ${menuPosts.join(", ")}`).toBe(1);

        await dialog.getByRole("button", { name: "확인", exact: true }).click();

        const flash = page.getByRole("status").filter({ hasText: "메뉴 수정이 완료되었습니다." });
        await flash.waitFor();
        expect(await flash.textContent()).toContain("홈 화면으로 이동하시겠습니까?");
        expect(await page.getByRole("dialog", { name: "메뉴를 수정하시겠습니까?" }).count()).toBe(0);
        expect(menuPosts.length, `one confirmation POST, no double submit: ${menuPosts.join(", ")}`).toBe(2);
        expect(await hasHorizontalOverflow(page)).toBe(false);

        await flash.getByRole("link", { name: "확인", exact: true }).click();
        await page.waitForURL(`${s.site.origin}/`);
        const main = page.getByRole("main");
        await main.getByRole("heading", { name: newProducts, exact: true }).waitFor();
        expect(await main.getByRole("heading", { name: "제품 소개", exact: true }).count()).toBe(0);
        expect(await main.getByRole("heading", { name: newReels, exact: true }).count(), "hidden reels card").toBe(0);
        expect(await main.getByRole("heading", { name: "릴스 모음", exact: true }).count(), "hidden reels card").toBe(0);
        // The owner keeps her hidden menu's card, marked 숨김 (visitors have none: below).
        expect(
          await main
            .locator('a[href="/reels-category"]')
            .getByRole("heading", { name: `${newReels} 숨김`, exact: true })
            .count(),
        ).toBe(1);
        const nav = bottomNav(page);
        const productsLink = nav.getByRole("link", { name: newProducts, exact: true });
        expect(await productsLink.count(), "bottom navigation shows the new products name").toBe(1);
        expect(await productsLink.getAttribute("href")).toBe("/product-list");
        expect(await nav.locator('a[href="/reels-category"]').count(), "no reels entry in the bottom navigation").toBe(0);
        expect(await nav.getByRole("link", { name: newReels }).count()).toBe(0);
        // The flash message was consumed: it does not show again.
        expect(await page.getByText("메뉴 수정이 완료되었습니다.").count()).toBe(0);

        // A visitor sees the new menu too.
        const visitor = (await s.open({ js })).page;
        await visitor.goto("/");
        await visitor.getByRole("main").getByRole("heading", { name: newProducts, exact: true }).waitFor();
        expect(await visitor.getByRole("main").locator('a[href="/reels-category"]').count(), "no link to the reels from the cards").toBe(0);
        expect(await bottomNav(visitor).locator('a[href="/reels-category"]').count()).toBe(0);
        expect(await editMenuLink(visitor).count()).toBe(0);
      });

      test("logs out from the admin bar: the edit link and the admin page are gone", async () => {
        const { page } = await s.open({ js, admin: true });
        await page.goto("/");
        // The admin bar (shown on every page while logged in) carries the logout button.
        const bar = page.locator(".admin-bar").filter({ hasText: "관리자 모드" });
        await bar.waitFor();
        await bar.getByRole("button", { name: "로그아웃", exact: true }).click();
        await page.getByText("로그아웃되었습니다.").waitFor();
        expect(new URL(page.url()).pathname).toBe("/");
        expect(await editMenuLink(page).count(), "the edit link is gone after logout").toBe(0);
        expect(await page.getByRole("button", { name: "로그아웃" }).count(), "the admin bar is gone").toBe(0);

        // A fresh load: still no edit link, and the admin page refuses.
        await page.goto("/");
        expect(await editMenuLink(page).count()).toBe(0);
        await page.goto("/home-update");
        expect(new URL(page.url()).pathname).toBe("/");
      });
    });

    // Without JavaScript the messages are the action's (tests/integration/login.test.ts): one test shows the
    // browser round trip. With it, the form checks before sending.
    describe("login validation", () => {
      async function loginPage() {
        const { page } = await s.open({ js });
        // With JavaScript, once the scripts have taken over: the checks below are the script's.
        await open(page, "/admin-login", js);
        return page;
      }

      if (js) {
        test("an empty submit asks for the id and the password", async () => {
          const page = await loginPage();
          await page.getByRole("button", { name: "로그인", exact: true }).click();
          await page.getByRole("alert").filter({ hasText: "아이디와 비밀번호를 입력해 주세요." }).waitFor();
          expect(new URL(page.url()).pathname).toBe("/admin-login");
          s.expectProblems(isHttpErrorConsoleLine(400));
        });

        test("a Hangul id is refused, then an underscore, and the earlier error goes", async () => {
          const page = await loginPage();
          await submitLogin(page, js, "관리자", "password1");
          await expectFieldError(page, page.getByLabel("아이디", { exact: true }), "한글은 입력할 수 없습니다.");
          expect(new URL(page.url()).pathname).toBe("/admin-login");
          await assertAccessible(page, "/admin-login with errors");
          await submitLogin(page, js, "my_admin", "password1");
          await expectFieldError(page, page.getByLabel("아이디", { exact: true }), "특수문자 _(밑줄)은 사용할 수 없습니다.");
          expect(await page.getByText("한글은 입력할 수 없습니다.", { exact: true }).count(), "the old error is gone").toBe(0);
          expect(new URL(page.url()).pathname).toBe("/admin-login");
          s.expectProblems(isHttpErrorConsoleLine(400));
        });
      }

      test("a wrong password is refused with the failed message and does not log in", async () => {
        const page = await loginPage();
        await submitLogin(page, js, "my_admin", "password1");
        await expectFieldError(page, page.getByLabel("아이디", { exact: true }), "특수문자 _(밑줄)은 사용할 수 없습니다.");
        await submitLogin(page, js, ADMIN_ID, `${ADMIN_PASSWORD}-wrong`);
        await page.getByRole("alert").filter({ hasText: "아이디 또는 비밀번호가 올바르지 않습니다." }).waitFor();
        expect(new URL(page.url()).pathname).toBe("/admin-login");
        expect(await page.getByText("특수문자 _(밑줄)은 사용할 수 없습니다.", { exact: true }).count(), "the old error is gone").toBe(0);
        // The server never sends the password back into the form.
        if (!js) expect(await page.getByLabel("비밀번호", { exact: true }).inputValue()).toBe("");
        await page.goto("/");
        expect(await editMenuLink(page).count(), "not logged in").toBe(0);
        // The refused submits answer 400 and 401, which Chromium logs to the console.
        s.expectProblems(isHttpErrorConsoleLine(400), isHttpErrorConsoleLine(401));
      });
    });

    if (js) {
      describe("confirmation dialog", () => {
        const dialogOf = (page: Page) => page.getByRole("dialog", { name: "메뉴를 수정하시겠습니까?" });

        /** Presses 수정 and waits for the review's answer to arrive and the confirmation to show. */
        async function askForConfirmation(page: Page) {
          await Promise.all([page.waitForResponse(isMenuPost), page.getByRole("button", { name: "수정", exact: true }).click()]);
          const shown = await dialogOf(page)
            .waitFor({ timeout: 5_000 })
            .then(() => true)
            .catch(() => false);
          expect(shown, "the review was answered and the confirmation shows").toBeTruthy();
        }

        async function closeWithEscape(page: Page) {
          await page.keyboard.press("Escape");
          await dialogOf(page).waitFor({ state: "hidden" });
        }

        test("a row ticked and named before the scripts load stays editable and is saved", async () => {
          const { page } = await s.open({ js: true, admin: true });
          // A slow phone: the visitor ticks and types before hydration. Hold the scripts back.
          let release!: () => void;
          const held = new Promise<void>((resolve) => (release = resolve));
          await page.route("**/build/**/*.js", async (route) => {
            await held;
            await route.continue();
          });
          try {
            await page.goto("/home-update", { waitUntil: "domcontentloaded" });
            await page.getByLabel("제품 소개 변경", { exact: true }).check();
            await page.getByLabel("제품 소개 메뉴 이름", { exact: true }).fill("추천 제품");
          } finally {
            release();
          }
          await waitForHydration(page);
          await page.unroute("**/build/**/*.js");
          const name = page.getByLabel("제품 소개 메뉴 이름", { exact: true });
          expect(await page.getByLabel("제품 소개 변경", { exact: true }).isChecked()).toBe(true);
          expect(await name.inputValue()).toBe("추천 제품");
          const disabled = await name.isDisabled();

          // What the admin sees: pressing 수정 must offer to save the name that is on screen.
          await page.getByRole("button", { name: "수정", exact: true }).click();
          const dialog = dialogOf(page);
          const refusal = page.getByRole("alert").filter({ hasText: NOTHING_CHANGED });
          await dialog.or(refusal).first().waitFor();
          const offered = (await dialog.isVisible()) && ((await dialog.textContent()) ?? "").includes("추천 제품");
          const refused = await refusal.isVisible();
          if (await dialog.isVisible()) await dialog.getByRole("button", { name: "취소", exact: true }).click();
          expect(
            offered && !disabled,
            `the ticked row's name must be kept: after hydration the name input is ${disabled ? "disabled" : "enabled"} ` +
              `(a disabled input is not submitted) and pressing 수정 ${offered ? "offered to save it" : refused ? `answered "${NOTHING_CHANGED}"` : "did not offer to save it"}`,
          ).toBeTruthy();
        });

        test("Escape and 취소 close the confirmation; asking again with the same values shows it again, with a changed value the new value", async () => {
          const { page } = await s.open({ js: true, admin: true });
          const menuPosts = countMenuPosts(page);
          await open(page, "/home-update", true);
          await page.getByLabel("홈 화면 변경", { exact: true }).check();
          await page.getByLabel("홈 화면 메뉴 이름", { exact: true }).fill("처음 화면");

          await askForConfirmation(page);
          await assertAccessible(page, "the menu edit confirmation");
          await closeWithEscape(page);
          expect(menuPosts.length, "Escape posts nothing").toBe(1);

          // After Escape, pressing 수정 again with the same values shows the confirmation again.
          await askForConfirmation(page);
          await dialogOf(page).getByRole("button", { name: "취소", exact: true }).click();
          await dialogOf(page).waitFor({ state: "hidden" });
          expect(menuPosts.length, "취소 posts nothing").toBe(2);

          // Asking again after changing a value (closed with Escape) shows the confirmation with the new value.
          await askForConfirmation(page);
          await closeWithEscape(page);
          await page.getByLabel("홈 화면 메뉴 이름", { exact: true }).fill("처음 화면2");
          await askForConfirmation(page);
          expect(await dialogOf(page).textContent()).toContain("처음 화면2");
          await dialogOf(page).getByRole("button", { name: "취소", exact: true }).click();
          await dialogOf(page).waitFor({ state: "hidden" });
          expect(menuPosts.length, "취소 posts nothing").toBe(4);
          // Nothing was saved.
          await page.goto("/");
          expect(
            await bottomNav(page)
              .getByRole("link", { name: /^처음 화면/ })
              .count(),
          ).toBe(0);
        });
      });
    }
  });
}
