// End-to-end: the toilet-training AI page and the career images, in Chromium.
// - AI: a fake chatbot provider (a local node:http server) serves an embed script that puts an
//   iframe into #chatbot-area, or, in its "silent" mode, a script that does nothing. Nothing is
//   requested from it before consent; the policy overlay; 확인 without the tick; consent loads the
//   chatbot (JS on) or is remembered and explained (JS off); a returning visitor goes straight to the
//   chatbot; a silent provider ends in the connection-lost message after about 5 s; the page is black.
// - Career: the admin replaces the images with three PNGs (previews and ✕ with JavaScript), then one;
//   a visitor sees the images with their sizes and no 수정. JavaScript on and off, 375 px.
import { afterAll, beforeAll, describe, test } from "vitest";
import assert from "node:assert/strict";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { ko } from "~/copy/ko";
import {
  hasHorizontalOverflow,
  launchBrowser,
  openContext,
  PHONE,
  screenshotPath,
  startSite,
  type Site,
} from "../support/browser";
import { assertNoProblems, isHttpErrorConsoleLine, loginAsAdmin } from "./helpers";

// ---------------------------------------------------------------------------------------------
// The fake chatbot provider

/** Puts a chat iframe (served by the same fake provider) into the site's chat area. */
const EMBED_SCRIPT = `(function () {
  var origin = new URL(document.currentScript.src).origin;
  var area = document.getElementById("chatbot-area") || document.body;
  var frame = document.createElement("iframe");
  frame.src = origin + "/frame.html";
  frame.title = "fake chatbot";
  frame.width = "320";
  frame.height = "240";
  frame.setAttribute("data-fake-chatbot", "1");
  area.appendChild(frame);
})();
`;

const chat = {
  mode: "iframe" as "iframe" | "silent",
  /** Paths the fake provider was asked for. */
  served: [] as string[],
  origin: "",
};

const chatServer = http.createServer((request, response) => {
  const pathname = new URL(request.url ?? "/", "http://x").pathname;
  chat.served.push(pathname);
  if (pathname === "/embed.js") {
    response.writeHead(200, { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-store" });
    response.end(chat.mode === "iframe" ? EMBED_SCRIPT : "/* a provider that never answers with a chat */\n");
  } else if (pathname === "/frame.html") {
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
    response.end('<!doctype html><html lang="ko"><title>챗봇</title><body style="background:#222;color:#fff">안녕하세요, 배변훈련 챗봇입니다.</body></html>');
  } else {
    response.writeHead(404, { "Content-Type": "text/plain" });
    response.end("not found");
  }
});

let site: Site;
let browser: Browser;

beforeAll(async () => {
  await new Promise<void>((resolve) => chatServer.listen(0, "127.0.0.1", resolve));
  chat.origin = `http://127.0.0.1:${(chatServer.address() as AddressInfo).port}`;
  [site, browser] = await Promise.all([
    startSite({ CHATBOT_SCRIPT_URL: `${chat.origin}/embed.js`, CHATBOT_BOT_ID: "bot-1" }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await new Promise((resolve) => chatServer.close(resolve));
});

/** Records every request the browser makes to the chatbot provider, for one context. */
function chatbotRequests(context: BrowserContext) {
  const seen: string[] = [];
  context.on("request", (request) => {
    if (request.url().startsWith(chat.origin)) seen.push(request.url());
  });
  return seen;
}

async function effectiveBackground(page: Page, selector: string) {
  return page.locator(selector).first().evaluate((element) => {
    for (let node: Element | null = element; node; node = node.parentElement) {
      const color = getComputedStyle(node).backgroundColor;
      if (color && color !== "transparent" && color !== "rgba(0, 0, 0, 0)") return color;
    }
    return getComputedStyle(document.documentElement).backgroundColor;
  });
}

async function assertBlackPage(page: Page, label: string) {
  const body = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const section = await effectiveBackground(page, "section.ai");
  assert.ok(body === "rgb(0, 0, 0)" || section === "rgb(0, 0, 0)", `${label}: the AI page is black (body ${body}, section ${section})`);
  // The black reaches the bottom of the screen above the bottom navigation, even when the content is short.
  const below = await page.evaluate(() => {
    const nav = document.querySelector("nav.bottom-nav, [aria-label='하단 메뉴']");
    const navTop = nav ? nav.getBoundingClientRect().top : window.innerHeight;
    const y = Math.max(0, Math.min(window.innerHeight, navTop) - 4);
    const element = document.elementFromPoint(4, y);
    if (!element) return null;
    for (let node: Element | null = element; node; node = node.parentElement) {
      const color = getComputedStyle(node).backgroundColor;
      if (color && color !== "rgba(0, 0, 0, 0)" && color !== "transparent") return color;
    }
    return getComputedStyle(document.body).backgroundColor;
  });
  assert.equal(below, "rgb(0, 0, 0)", `${label}: the bottom of the screen is black too`);
}

function consentHeading(page: Page) {
  return page.getByRole("heading", { name: ko.ai.consentTitle });
}

function confirmButton(page: Page) {
  return page.getByRole("main").getByRole("button", { name: ko.common.confirm, exact: true });
}

const AI_CONSENT_COOKIE = "ot_ai_consent";

for (const js of [false, true]) {
  describe(`AI page ${js ? "with" : "without"} JavaScript`, () => {
    let context: BrowserContext;
    let problems: string[];
    let requests: string[];
    let page: Page;

    beforeAll(async () => {
      chat.mode = "iframe";
      ({ context, problems } = await openContext(browser, site, { javaScriptEnabled: js, viewport: PHONE }));
      context.setDefaultTimeout(10_000);
      requests = chatbotRequests(context);
      page = await context.newPage();
    });

    afterAll(async () => {
      await context?.close();
    });

    test("the first visit shows the consent gate and asks nothing of the chatbot provider", async () => {
      const servedBefore = chat.served.length;
      const response = await page.goto("/ai", { waitUntil: js ? "networkidle" : "load" });
      assert.equal(response?.status(), 200);
      await page.getByRole("heading", { level: 1, name: ko.ai.title }).waitFor();
      await consentHeading(page).waitFor();
      for (const text of [ko.ai.collected, ko.ai.purpose, ko.ai.noPersonal]) await page.getByText(text, { exact: true }).first().waitFor();
      // SPEC §4 loads the chatbot after about 1.8 s when consent is valid: wait past that.
      await page.waitForTimeout(2_200);
      assert.deepEqual(requests, [], "no request to the chatbot provider before consent");
      assert.equal(chat.served.length, servedBefore, "the provider saw nothing");
      assert.equal(await page.locator("#chatbot-area").count(), 0, "no chat area before consent");
      assert.equal((await context.cookies()).some((cookie) => cookie.name === AI_CONSENT_COOKIE), false);
      await assertBlackPage(page, "the consent gate");
      assert.equal(await hasHorizontalOverflow(page), false);
      await page.screenshot({ path: screenshotPath(`ai-${js ? "js" : "nojs"}-consent`), fullPage: true });
      assertNoProblems(problems, js);
    });

    test("'개인정보 처리방침 자세히 보기' opens the policy overlay; ✕ closes it", async () => {
      problems.length = 0;
      const dialog = page.getByRole("dialog", { name: ko.ai.policyTitle });
      assert.equal(await dialog.isVisible(), false, "closed at first");
      await page.getByRole("link", { name: ko.ai.policyOpen, exact: true }).click();
      await dialog.waitFor();
      await dialog.getByText(ko.ai.collected, { exact: true }).waitFor();
      if (js) assert.equal(await dialog.evaluate((element) => element.matches(":modal")), true, "a modal with JavaScript");
      const close = dialog.getByRole(js ? "button" : "link", { name: ko.common.close, exact: true });
      assert.equal((await close.textContent())?.trim(), "✕");
      await close.click();
      await dialog.waitFor({ state: "hidden" });
      assert.deepEqual(requests, [], "still nothing from the provider");
      assertNoProblems(problems, js);
    });

    test("확인 without the tick says the policy must be agreed to", async () => {
      problems.length = 0;
      await page.goto("/ai", { waitUntil: js ? "networkidle" : "load" });
      await confirmButton(page).click();
      await page.getByText(ko.ai.mustAgree, { exact: true }).waitFor();
      assert.equal(new URL(page.url()).pathname, "/ai");
      const checkbox = page.getByLabel(ko.ai.agree, { exact: true });
      assert.equal(await checkbox.getAttribute("aria-invalid"), "true", "the checkbox is marked invalid");
      await consentHeading(page).waitFor();
      assert.deepEqual(requests, [], "no chatbot without consent");
      assertNoProblems(problems, js, isHttpErrorConsoleLine(400));
    });

    test("취소 goes home", async () => {
      problems.length = 0;
      const other = await context.newPage();
      await other.goto("/ai", { waitUntil: js ? "networkidle" : "load" });
      await other.getByRole("main").getByRole("button", { name: ko.common.cancel, exact: true }).click();
      await other.waitForURL(`${site.origin}/`);
      assert.equal((await context.cookies()).some((cookie) => cookie.name === AI_CONSENT_COOKIE), false, "cancel stores no consent");
      await other.close();
      assertNoProblems(problems, js);
    });

    test(js ? "ticked 확인 loads the chatbot script and its iframe appears" : "ticked 확인 is remembered and the page says the chatbot needs JavaScript", async () => {
      problems.length = 0;
      await page.goto("/ai", { waitUntil: js ? "networkidle" : "load" });
      await page.getByLabel(ko.ai.agree, { exact: true }).check();
      await confirmButton(page).click();
      const cookie = async () => (await context.cookies()).find((item) => item.name === AI_CONSENT_COOKIE);
      if (js) {
        const frame = page.locator("#chatbot-area iframe");
        await frame.waitFor({ state: "visible" });
        assert.ok(requests.some((url) => new URL(url).pathname === "/embed.js"), "the embed script was requested");
        assert.equal(await frame.getAttribute("src"), `${chat.origin}/frame.html`);
        await page.frameLocator("#chatbot-area iframe").getByText("배변훈련 챗봇", { exact: false }).waitFor();
        assert.equal(await consentHeading(page).count(), 0, "the consent gate is gone");
        // The frame came in time: no connection-lost message once the 5 s check has passed.
        await page.waitForTimeout(5_500);
        assert.equal(await page.getByText(ko.ai.connectionLost).count(), 0, "no connection-lost message when the chat came");
        await assertBlackPage(page, "the chatbot");
      } else {
        await page.waitForURL(`${site.origin}/ai`);
        await page.getByText(ko.ai.needsScript, { exact: true }).waitFor();
        assert.equal(await consentHeading(page).count(), 0, "the consent gate is gone");
        assert.deepEqual(requests, [], "without JavaScript nothing is loaded from the provider");
      }
      const stored = await cookie();
      assert.ok(stored, "the consent cookie is set");
      assert.equal(stored!.httpOnly, true);
      assert.equal(stored!.sameSite, "Lax");
      const days = (stored!.expires - Date.now() / 1000) / 86_400;
      assert.ok(days > 89 && days <= 90.01, `kept for 90 days (${days.toFixed(2)})`);
      assert.equal(await hasHorizontalOverflow(page), false);
      await page.screenshot({ path: screenshotPath(`ai-${js ? "js" : "nojs"}-consented`), fullPage: true });
      assertNoProblems(problems, js);
    });

    test("a returning visitor (consent cookie present) goes straight to the chatbot", async () => {
      problems.length = 0;
      const before = requests.length;
      const again = await context.newPage();
      await again.goto("/ai", { waitUntil: js ? "networkidle" : "load" });
      assert.equal(await consentHeading(again).count(), 0, "no consent gate for a returning visitor");
      if (js) {
        await again.locator("#chatbot-area iframe").waitFor({ state: "visible" });
        assert.ok(requests.slice(before).some((url) => new URL(url).pathname === "/embed.js"), "the chatbot loaded again");
      } else {
        await again.getByText(ko.ai.needsScript, { exact: true }).waitFor();
      }
      await again.close();
      assertNoProblems(problems, js);
    });

    if (js) {
      test("a provider whose script does nothing ends in the connection-lost message after about 5 s", async () => {
        problems.length = 0;
        chat.mode = "silent";
        const silent = await context.newPage();
        try {
          await silent.goto("/ai", { waitUntil: "domcontentloaded" });
          await silent.locator("#chatbot-area").waitFor({ state: "attached" });
          const started = Date.now();
          await silent.getByText(ko.ai.loading, { exact: true }).or(silent.locator("#chatbot-area:not([hidden])")).first().waitFor();
          const message = silent.getByRole("alert").filter({ hasText: ko.ai.connectionLost });
          await message.waitFor({ timeout: 12_000 });
          const elapsed = Date.now() - started;
          assert.ok(elapsed >= 3_500 && elapsed <= 9_000, `the message came after ${elapsed} ms (SPEC: 5 s)`);
          assert.equal(await silent.locator("#chatbot-area iframe").count(), 0);
          await assertBlackPage(silent, "the connection-lost state");
          await silent.screenshot({ path: screenshotPath("ai-js-connection-lost"), fullPage: true });
        } finally {
          chat.mode = "iframe";
          await silent.close();
        }
        assertNoProblems(problems, js);
      });
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Career images

const fixtureDir = fs.mkdtempSync(path.join(os.tmpdir(), "ot-career-png-"));
afterAll(() => fs.rmSync(fixtureDir, { recursive: true, force: true }));

/** A PNG of the given width on disk (the widths tell the images apart after re-encoding). */
async function pngFile(width: number, color: string) {
  const file = path.join(fixtureDir, `career-${width}.png`);
  await sharp({ create: { width, height: Math.round(width * 1.4), channels: 3, background: color } }).png().toFile(file);
  return file;
}

/** The career page's images: natural width and the width/height attributes, in page order. */
async function careerImages(page: Page) {
  const images = page.locator("main ol.career__images img, main .career__images img");
  await images.first().waitFor();
  // Lazy images below the fold: bring each into view so it loads.
  const count = await images.count();
  for (let index = 0; index < count; index++) await images.nth(index).scrollIntoViewIfNeeded();
  await page.waitForFunction(
    () => [...document.querySelectorAll<HTMLImageElement>("main .career__images img")].every((img) => img.complete && img.naturalWidth > 0),
    undefined,
    { timeout: 10_000 },
  );
  return images.evaluateAll((elements) =>
    (elements as HTMLImageElement[]).map((img) => ({
      natural: img.naturalWidth,
      width: img.getAttribute("width"),
      height: img.getAttribute("height"),
      alt: img.getAttribute("alt"),
    })),
  );
}

function modifyControls(page: Page) {
  return page.getByRole("main").getByRole("link", { name: ko.career.modify, exact: true }).or(page.getByRole("main").getByRole("button", { name: ko.career.modify, exact: true }));
}

for (const js of [false, true]) {
  describe(`career images ${js ? "with" : "without"} JavaScript`, () => {
    let context: BrowserContext;
    let problems: string[];
    let page: Page;
    let visitor: BrowserContext;
    let visitorProblems: string[];
    // Distinct per mode, so the second run cannot pass on the first run's images.
    const base = js ? 300 : 200;
    let files: string[] = [];

    beforeAll(async () => {
      files = [await pngFile(base + 1, "#e06666"), await pngFile(base + 2, "#6aa84f"), await pngFile(base + 3, "#3d85c6"), await pngFile(base + 4, "#f1c232")];
      ({ context, problems } = await openContext(browser, site, { javaScriptEnabled: js, viewport: PHONE }));
      context.setDefaultTimeout(10_000);
      page = await context.newPage();
      ({ context: visitor, problems: visitorProblems } = await openContext(browser, site, { javaScriptEnabled: js, viewport: PHONE }));
      visitor.setDefaultTimeout(10_000);
      await loginAsAdmin(page, site.origin);
    });

    afterAll(async () => {
      await context?.close();
      await visitor?.close();
    });

    async function openUpdate() {
      await page.goto("/career-background", { waitUntil: js ? "networkidle" : "load" });
      await modifyControls(page).click();
      await page.waitForURL(/\/career-background-update\//);
      await page.getByRole("heading", { level: 1, name: ko.career.modifyTitle }).waitFor();
      if (js) await page.waitForLoadState("networkidle");
    }

    const picker = () => page.getByLabel(ko.career.chooseLabel, { exact: true });
    const submit = () => page.getByRole("main").getByRole("button", { name: ko.common.edit, exact: true });

    test("수정 with no image chosen says to register an image", async () => {
      problems.length = 0;
      await openUpdate();
      await submit().click();
      await page.getByText(ko.career.required, { exact: true }).first().waitFor();
      assert.match(new URL(page.url()).pathname, /^\/career-background-update\//, "stays on the form");
      assertNoProblems(problems, js, isHttpErrorConsoleLine(400));
    });

    test("three PNGs replace the images, in the chosen order" + (js ? " (previews, and ✕ clears the choice)" : ""), async () => {
      problems.length = 0;
      await openUpdate();
      const chosen = [files[2]!, files[0]!, files[1]!];
      await picker().setInputFiles(chosen);
      if (js) {
        const previews = page.locator(".career-picker__previews img");
        await previews.nth(2).waitFor();
        assert.equal(await previews.count(), 3, "three previews");
        for (let index = 0; index < 3; index++) assert.equal(await previews.nth(index).isVisible(), true, `preview ${index + 1} visible`);
        await page.getByText(ko.career.chosen(3), { exact: true }).waitFor();
        await page.screenshot({ path: screenshotPath("career-js-previews"), fullPage: true });

        await page.getByRole("button", { name: ko.career.clear, exact: true }).click();
        await previews.first().waitFor({ state: "detached" });
        assert.equal(await picker().evaluate((input) => (input as HTMLInputElement).files?.length ?? 0), 0, "✕ empties the file input");
        assert.equal(await page.getByText(ko.career.chosen(3), { exact: true }).count(), 0);
        await picker().setInputFiles(chosen);
        await previews.nth(2).waitFor();
      }
      await submit().click();
      await page.waitForURL(`${site.origin}/career-background`);
      await page.getByText(ko.career.done, { exact: true }).first().waitFor();
      const images = await careerImages(page);
      assert.deepEqual(images.map((image) => image.natural), [base + 3, base + 1, base + 2], "the new images in the chosen order");
      assert.equal(await hasHorizontalOverflow(page), false);
      await page.screenshot({ path: screenshotPath(`career-${js ? "js" : "nojs"}-three`), fullPage: true });
      assertNoProblems(problems, js);
    });

    test("then one PNG replaces the three", async () => {
      problems.length = 0;
      await openUpdate();
      await picker().setInputFiles([files[3]!]);
      if (js) await page.locator(".career-picker__previews img").first().waitFor();
      await submit().click();
      await page.waitForURL(`${site.origin}/career-background`);
      const images = await careerImages(page);
      assert.deepEqual(images.map((image) => image.natural), [base + 4]);
      assertNoProblems(problems, js);
    });

    test("a visitor sees the images with width and height, and no 수정", async () => {
      visitorProblems.length = 0;
      const visitorPage = await visitor.newPage();
      await visitorPage.goto("/career-background", { waitUntil: js ? "networkidle" : "load" });
      await visitorPage.getByRole("heading", { level: 1, name: ko.career.title }).waitFor();
      const images = await careerImages(visitorPage);
      assert.equal(images.length, 1);
      for (const image of images) {
        assert.ok(Number(image.width) > 0 && Number(image.height) > 0, `width/height attributes: ${JSON.stringify(image)}`);
        assert.equal(Number(image.width), image.natural, "the width attribute is the image's own width");
        assert.ok(image.alt && image.alt.length > 0, "an alt text");
      }
      assert.equal(await modifyControls(visitorPage).count(), 0, "a visitor has no 수정");
      assert.equal(await hasHorizontalOverflow(visitorPage), false);
      await visitorPage.screenshot({ path: screenshotPath(`career-${js ? "js" : "nojs"}-visitor`), fullPage: true });
      await visitorPage.close();
      assertNoProblems(visitorProblems, js);
    });
  });
}
