// End-to-end: what a visitor can do on the foundation pages — ten taps on the header name open the
// login (JavaScript only); the share dialog, followed through on one page per mode (with JavaScript:
// its targets, 링크 복사, closing and reopening, Escape, then a client-side navigation); the bottom bar
// while a page loads; a page opened in a background tab. (The admin page sending a visitor home is
// what a loader decides: tests/integration/home-menu.test.ts and pages.test.ts.)
// Runs about 6 s.
import type { Page } from "playwright-core";
import { describe, test, expect } from "vitest";
import { hasHorizontalOverflow, open, useSite } from "../support/browser";

const s = useSite();

function shareLink(page: Page) {
  return page.getByRole("banner").getByRole("link", { name: "공유하기", exact: true });
}

function shareDialog(page: Page) {
  return page.getByRole("dialog", { name: "공유하기" });
}

for (const js of [false, true]) {
  describe(js ? "with JavaScript" : "without JavaScript", () => {
    if (js) {
      test("ten taps on the header name open /admin-login; nine do not", async () => {
        const { page } = await s.open({ js });
        await open(page, "/", true);
        const name = page.getByRole("banner").getByRole("link", { name: "우리아이 작업치료" });
        // The taps must come within 1.5 s of each other: they are dispatched inside the page in one
        // go, so a busy machine cannot space them out. The tap handler calls navigate() synchronously,
        // which marks the router as navigating at once: read after the ninth tap, before the tenth.
        const afterNineTaps = await name.evaluate((link: HTMLElement) => {
          for (let tap = 1; tap <= 9; tap++) link.click();
          const router = (window as unknown as { __remixRouter: { state: { navigation: { state: string } } } }).__remixRouter;
          const seen = { navigation: router.state.navigation.state, pathname: window.location.pathname };
          link.click();
          return seen;
        });
        expect(afterNineTaps, "nine taps start no navigation and stay home").toStrictEqual({ navigation: "idle", pathname: "/" });
        await page.waitForURL(`${s.site.origin}/admin-login`);
        await page.getByRole("heading", { level: 1, name: "관리자 로그인" }).waitFor();
      });
    }

    test(
      js
        ? "the 공유하기 dialog, on one page: Facebook, X and the address; 링크 복사 says so once; Escape returns focus; after a client-side navigation it shares the new page"
        : "the share link shows the 공유하기 panel with Facebook, X and the page address; the close link hides it",
      async () => {
        const { context, page } = await s.open({ js });
        if (js) await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: s.site.origin });
        await open(page, "/navi", js);
        const pageUrl = `${s.site.origin}/navi`;
        const dialog = shareDialog(page);
        expect(await dialog.isVisible(), "the dialog starts closed").toBe(false);

        await shareLink(page).click();
        await dialog.waitFor();
        if (js) {
          expect(await dialog.evaluate((element) => element.matches(":modal")), "a modal dialog with JavaScript").toBe(true);
        } else {
          expect(new URL(page.url()).hash, "without JavaScript the #share link shows the panel").toBe("#share");
        }

        const facebook = dialog.getByRole("link", { name: "페이스북", exact: true });
        const twitter = dialog.getByRole("link", { name: "X(트위터)", exact: true });
        expect(await facebook.isVisible()).toBe(true);
        expect(await twitter.isVisible()).toBe(true);
        const facebookHref = new URL((await facebook.getAttribute("href")) ?? "");
        expect(facebookHref.hostname).toBe("www.facebook.com");
        expect(facebookHref.searchParams.get("u"), "Facebook shares this page").toBe(pageUrl);
        const twitterHref = new URL((await twitter.getAttribute("href")) ?? "");
        expect(["twitter.com", "x.com"], twitterHref.href).toContain(twitterHref.hostname);
        expect(twitterHref.searchParams.get("url"), "X shares this page").toBe(pageUrl);

        const field = dialog.getByLabel("공유할 주소", { exact: true });
        expect(await field.inputValue(), "the URL field holds the page address").toBe(pageUrl);
        expect(await hasHorizontalOverflow(page)).toBe(false);

        if (!js) {
          await dialog.getByRole("link", { name: "닫기", exact: true }).click();
          await dialog.waitFor({ state: "hidden" });
          return;
        }

        // 링크 복사 copies the page address and says so.
        await dialog.getByRole("button", { name: "링크 복사", exact: true }).click();
        await dialog.getByText("링크가 복사되었습니다.", { exact: true }).waitFor();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(pageUrl);
        // The message is cleared when the dialog closes, so it does not greet the next opening.
        await dialog.getByRole("button", { name: "닫기", exact: true }).click();
        await dialog.waitFor({ state: "hidden" });
        await shareLink(page).click();
        await dialog.waitFor();
        expect(await dialog.getByText("링크가 복사되었습니다.").count()).toBe(0);

        // Escape closes the dialog and focus returns to the share button.
        await page.keyboard.press("Escape");
        await dialog.waitFor({ state: "hidden" });
        expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label")), "focus is back on the share button").toBe(
          "공유하기",
        );

        // After a client-side navigation the dialog shares the page it was opened on.
        await page.getByRole("link", { name: "푼피 개인정보처리방침", exact: true }).click();
        await page.waitForURL(`${s.site.origin}/poonpee/privacy`);
        await shareLink(page).click();
        await dialog.waitFor();
        expect(await dialog.getByLabel("공유할 주소", { exact: true }).inputValue()).toBe(`${s.site.origin}/poonpee/privacy`);
      },
    );
  });
}

describe("the bottom bar while a page loads", () => {
  test("an idle page runs no animation; while a page loads the bar slides and the tapped tab stays visible (React Router marks it pending; nothing may hide it)", async () => {
    const { page } = await s.open({ js: true });
    await open(page, "/", true);
    const running = () =>
      page.evaluate(() =>
        document
          .getAnimations()
          .map((animation) =>
            animation instanceof CSSAnimation
              ? animation.animationName
              : animation instanceof CSSTransition
                ? `transition of ${animation.transitionProperty}`
                : "scripted",
          ),
      );
    expect(await running(), "nothing animates on a page at rest (a phone would draw 60 frames a second for it)").toStrictEqual([]);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/product-list.data**", async (route) => {
      await held;
      await route.continue();
    });
    const tab = page.getByRole("navigation", { name: "하단 메뉴" }).getByRole("link", { name: "제품 소개" });
    await tab.click();
    await page.waitForFunction(() => document.querySelector('nav a[href="/product-list"].pending') !== null);
    const opacity = await tab.evaluate((link) => getComputedStyle(link).opacity);
    await page.locator(".route-progress--visible").waitFor({ state: "attached" });
    const whileLoading = await running();
    release();
    await page.waitForURL(`${s.site.origin}/product-list`);
    expect(opacity, "the pending tab is drawn, not left as a hole in the bar").toBe("1");
    expect(whileLoading, "the bar slides while the page loads").toContain("pending-slide");
  });
});

describe("a page opened in a background tab", () => {
  test("starts its scripts without waiting for a frame it will not get, and its load event comes", async () => {
    const { context, page } = await s.open({ js: true });
    // A hidden tab: no animation frames until it is shown.
    await context.addInitScript(() => {
      Object.defineProperty(Document.prototype, "hidden", { get: () => true });
      Object.defineProperty(Document.prototype, "visibilityState", { get: () => "hidden" });
      // Frames asked for while the page is read never come; later ones (Playwright's polling) do.
      const requestFrame = window.requestAnimationFrame.bind(window);
      window.requestAnimationFrame = (callback) => (document.readyState === "loading" ? 0 : requestFrame(callback));
    });
    // goto resolves at the load event, then (the harness) once React has hydrated: neither comes if
    // the scripts wait for a frame or the load event is held for one.
    await page.goto("/");
    expect(await page.locator("#deferred-scripts").count(), "the deferred scripts are in the page").toBe(0);
    await page.getByRole("link", { name: "공유하기" }).click();
    await page.getByRole("dialog", { name: "공유하기" }).waitFor();
    expect(new URL(page.url()).hash, "the dialog opened by the scripts, not the no-JavaScript #share panel").toBe("");
  });
});
