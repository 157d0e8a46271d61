// End-to-end: the toilet-training AI page and the career images, in Chromium.
// - AI: a fake chatbot provider (a local node:http server) serves an embed script that puts an
//   iframe into #chatbot-area, or, in its "silent" mode, a script that does nothing. Nothing is
//   requested from it before consent; the policy overlay; 확인 without the tick; consent loads the
//   chatbot (JS on) or is remembered and explained (JS off); a returning visitor goes straight to the
//   chatbot; until the chat frame comes the page says it is loading; a silent provider ends in the
//   connection-lost message and 다시 시도 loads the chatbot again (timers fast-forwarded with
//   Playwright's clock); the page is black. The consent card links to the full policy page. The share
//   dialog on the black page is readable (axe, JS on and off), and with a Kakao key its first target
//   shares through Kakao's SDK (served by a stand-in for Kakao's CDN).
// - Career (issue 33, point 5): the admin edits the pictures one by one: a caption, a new place, one
//   deleted and one added, in one save (rows moved in place with JavaScript; a 순서 choice and a 삭제
//   tick without); a refused save keeps every choice, which a visitor then sees unchanged, with
//   their sizes and no 수정; the page shows them in her order as figures with captions. JavaScript on
//   and off, 375 px. (The server's markup of the career page for a visitor, each image's width, height
//   and alt and no 수정, is tests/integration/seo.test.ts's.)
// Runs about 27 s.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, test, expect } from "vitest";
import { hasHorizontalOverflow, isHttpErrorConsoleLine, open, useSite } from "../support/browser";
import { expectPresent } from "../support/expect-present";
import { assertAccessible, withoutAppScripts } from "./helpers";

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
    response.end(
      '<!doctype html><html lang="ko"><title>챗봇</title><body style="background:#222;color:#fff">안녕하세요, 배변훈련 챗봇입니다.</body></html>',
    );
  } else {
    response.writeHead(404, { "Content-Type": "text/plain" });
    response.end("not found");
  }
});

beforeAll(async () => {
  await new Promise<void>((resolve) => chatServer.listen(0, "127.0.0.1", resolve));
  chat.origin = `http://127.0.0.1:${(chatServer.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => chatServer.close(resolve)));

const KAKAO_JS_KEY = "e2e-kakao-key";

const s = useSite(() => ({ CHATBOT_SCRIPT_URL: `${chat.origin}/embed.js`, CHATBOT_BOT_ID: "bot-1", KAKAO_JS_KEY }));

/** Records every request the browser makes to the chatbot provider, for one context. */
function chatbotRequests(context: BrowserContext) {
  const seen: string[] = [];
  context.on("request", (request) => {
    if (request.url().startsWith(chat.origin)) seen.push(request.url());
  });
  return seen;
}

async function effectiveBackground(page: Page, selector: string) {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => {
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
  expect(
    body === "rgb(0, 0, 0)" || section === "rgb(0, 0, 0)",
    `${label}: the AI page is black (body ${body}, section ${section})`,
  ).toBeTruthy();
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
  expect(below, `${label}: the bottom of the screen is black too`).toBe("rgb(0, 0, 0)");
}

function consentHeading(page: Page) {
  return page.getByRole("heading", { name: "개인정보 수집·이용 동의" });
}

function confirmButton(page: Page) {
  return page.getByRole("main").getByRole("button", { name: "확인", exact: true });
}

const AI_CONSENT_COOKIE = "ot_ai_consent";

/** docs/product.md §4: with a valid consent the chatbot loads after about 1.8 s; the fast-forward goes past that. */
const PAST_AUTOLOAD_MS = 2_200;
/** docs/product.md §9: the chat area shows 0.7 s after the chatbot starts loading. */
const PAST_CHAT_AREA_MS = 1_000;
/** docs/product.md §4/§9: the connection-lost check runs 5 s after the chatbot starts loading. */
const PAST_CONNECTION_CHECK_MS = 5_500;

/** A visitor's page on /ai whose timers the test fast-forwards (Playwright's clock) instead of sitting them out. */
async function openAi(js: boolean) {
  const visit = await s.open({ js });
  const requests = chatbotRequests(visit.context);
  if (js) await visit.page.clock.install();
  return { ...visit, requests };
}

async function consent(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === AI_CONSENT_COOKIE);
}

for (const js of [false, true]) {
  describe(`AI page ${js ? "with" : "without"} JavaScript`, () => {
    test("the first visit shows the consent gate and asks nothing of the chatbot provider", async () => {
      const { context, page, requests } = await openAi(js);
      const servedBefore = chat.served.length;
      const response = await open(page, "/ai", js);
      expect(response?.status()).toBe(200);
      await page.getByRole("heading", { level: 1, name: "배변훈련 AI" }).waitFor();
      await consentHeading(page).waitFor();
      for (const text of [
        "수집 항목: 챗봇에 입력한 질문과 답변, 임의의 방문자 식별값, 접속 정보(IP 주소, 브라우저 종류, 접속 시각).",
        "목적: 질문에 대한 답변 제공과 서비스 품질 개선.",
        "아이의 이름, 생년월일, 연락처, 주소 같은 개인정보는 입력하지 마세요.",
      ])
        await page.getByText(text, { exact: true }).first().waitFor();
      if (js) await page.clock.runFor(PAST_AUTOLOAD_MS);
      expect(requests, "no request to the chatbot provider before consent").toStrictEqual([]);
      expect(chat.served.length, "the provider saw nothing").toBe(servedBefore);
      expect(await page.locator("#chatbot-area").count(), "no chat area before consent").toBe(0);
      expect(await consent(context)).toBe(undefined);
      await assertBlackPage(page, "the consent gate");
      expect(await hasHorizontalOverflow(page)).toBe(false);
    });

    test("'개인정보 처리방침 자세히 보기' leads to the full policy, which names the provider and leads back", async () => {
      const { page, requests } = await openAi(js);
      await open(page, "/ai", js);
      await page.getByRole("link", { name: "개인정보 처리방침 자세히 보기", exact: true }).click();
      await page.waitForURL(`${s.site.origin}/ai/privacy`);
      await page.getByRole("heading", { level: 1, name: "배변훈련 AI 챗봇 개인정보 처리방침" }).waitFor();
      const recipient = page.getByRole("row", { name: /제공받는 자/ });
      expect((await recipient.textContent())?.includes(`챗봇 서비스 제공자 (${new URL(chat.origin).host})`)).toBe(true);
      await page.getByRole("heading", { level: 2, name: "6. 만 14세 미만 아동의 개인정보" }).waitFor();
      expect(await hasHorizontalOverflow(page)).toBe(false);
      if (js) await assertAccessible(page, "the chatbot's privacy policy");
      await page.getByRole("link", { name: "배변훈련 AI로 돌아가기", exact: true }).click();
      await page.waitForURL(`${s.site.origin}/ai`);
      await consentHeading(page).waitFor();
      expect(requests, "reading the policy asks nothing of the provider").toStrictEqual([]);
    });

    test("the share dialog on the black page is readable" + (js ? "" : " (opened through its #share link)"), async () => {
      // Without JavaScript: the server's markup with the app's scripts held back, so axe can still run.
      const { context, page } = await s.open({ js: true });
      if (!js) await withoutAppScripts(context);
      await (js ? open(page, "/ai", true) : page.goto("/ai"));
      await page.getByRole("banner").getByRole("link", { name: "공유하기", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "공유하기" });
      await dialog.waitFor();
      if (!js) expect(new URL(page.url()).hash, "opened by its #share link").toBe("#share");
      // 메시지 shows on touch screens and 이메일 on the others: every link shown is drawn in the dark ink.
      const targets = await dialog
        .locator("a.share-target")
        .evaluateAll((elements) =>
          elements.filter((element) => element.checkVisibility()).map((element) => [element.textContent, getComputedStyle(element).color]),
        );
      expect(targets.length, `the share targets: ${JSON.stringify(targets)}`).toBeGreaterThanOrEqual(4);
      for (const [name, color] of targets) expect(color, `${name} is drawn in the dark ink`).toBe("rgb(43, 33, 24)");
      await assertAccessible(page, `the share dialog open on /ai, JavaScript ${js ? "on" : "off"}`);
    });

    // Without JavaScript the refusal is the action's alone (tests/integration/ai.test.ts).
    if (js) {
      test("확인 without the tick says the policy must be agreed to", async () => {
        const { page, requests } = await openAi(true);
        await open(page, "/ai", true);
        await confirmButton(page).click();
        await page.getByText("개인정보 처리방침에 동의해 주세요.", { exact: true }).waitFor();
        expect(new URL(page.url()).pathname).toBe("/ai");
        const checkbox = page.getByLabel("위 내용을 읽었으며 개인정보 수집·이용에 동의합니다.", { exact: true });
        expect(await checkbox.getAttribute("aria-invalid"), "the checkbox is marked invalid").toBe("true");
        await consentHeading(page).waitFor();
        expect(requests, "no chatbot without consent").toStrictEqual([]);
        s.expectProblems(isHttpErrorConsoleLine(400));
      });
    }

    test("취소 goes home", async () => {
      const { context, page } = await openAi(js);
      await open(page, "/ai", js);
      await page.getByRole("main").getByRole("button", { name: "취소", exact: true }).click();
      await page.waitForURL(`${s.site.origin}/`);
      expect(await consent(context), "cancel stores no consent").toBe(undefined);
    });

    test(
      js
        ? "ticked 확인 loads the chatbot script and its iframe appears"
        : "ticked 확인 is remembered and the page says the chatbot needs JavaScript",
      async () => {
        const { context, page, requests } = await openAi(js);
        await open(page, "/ai", js);
        await page.getByLabel("위 내용을 읽었으며 개인정보 수집·이용에 동의합니다.", { exact: true }).check();
        await confirmButton(page).click();
        if (js) {
          const frame = page.locator("#chatbot-area iframe");
          await frame.waitFor({ state: "visible" });
          expect(
            requests.some((url) => new URL(url).pathname === "/embed.js"),
            "the embed script was requested",
          ).toBeTruthy();
          expect(await frame.getAttribute("src")).toBe(`${chat.origin}/frame.html`);
          await page.frameLocator("#chatbot-area iframe").getByText("배변훈련 챗봇", { exact: false }).waitFor();
          expect(await consentHeading(page).count(), "the consent gate is gone").toBe(0);
          // The frame came in time: no connection-lost message once the 5 s check has run.
          await page.clock.runFor(PAST_CONNECTION_CHECK_MS);
          expect(
            await page.getByText("연결이 끊겼습니다. 잠시 후 다시 시도해 주세요.").count(),
            "no connection-lost message when the chat came",
          ).toBe(0);
          await assertBlackPage(page, "the chatbot");
        } else {
          await page.waitForURL(`${s.site.origin}/ai`);
          await page.getByText("챗봇은 자바스크립트가 켜져 있어야 동작합니다.", { exact: true }).waitFor();
          expect(await consentHeading(page).count(), "the consent gate is gone").toBe(0);
          expect(requests, "without JavaScript nothing is loaded from the provider").toStrictEqual([]);
        }
        const stored = await consent(context);
        expectPresent(stored, "the consent cookie is set");
        expect(stored.httpOnly).toBe(true);
        expect(stored.sameSite).toBe("Lax");
        const days = (stored.expires - Date.now() / 1000) / 86_400;
        expect(days > 89 && days <= 90.01, `kept for 90 days (${days.toFixed(2)})`).toBeTruthy();
        expect(await hasHorizontalOverflow(page)).toBe(false);
      },
    );

    // Without JavaScript the returning visitor's page is the loader's decision (tests/integration/ai.test.ts).
    if (js) {
      test("a returning visitor (consent cookie present) goes straight to the chatbot", async () => {
        const { context, page, requests } = await openAi(true);
        await open(page, "/ai", true);
        await page.getByLabel("위 내용을 읽었으며 개인정보 수집·이용에 동의합니다.", { exact: true }).check();
        await confirmButton(page).click();
        await page.locator("#chatbot-area iframe").waitFor();
        const before = requests.length;

        const again = await context.newPage();
        await open(again, "/ai", true);
        expect(await consentHeading(again).count(), "no consent gate for a returning visitor").toBe(0);
        await again.locator("#chatbot-area iframe").waitFor({ state: "visible" });
        expect(
          requests.slice(before).some((url) => new URL(url).pathname === "/embed.js"),
          "the chatbot loaded again",
        ).toBeTruthy();
      });
    }

    if (js) {
      test("until the chat frame comes, the page says the chatbot is loading", async () => {
        const { page } = await openAi(js);
        await page.context().addCookies([{ name: AI_CONSENT_COOKIE, value: await consentCookieValue(), url: s.site.origin }]);
        chat.mode = "silent";
        try {
          await page.goto("/ai", { waitUntil: "domcontentloaded" });
          await page.locator("#chatbot-area").waitFor({ state: "attached" });
          await page.clock.runFor(PAST_CHAT_AREA_MS);
          const loading = page.getByRole("status").filter({ hasText: "챗봇을 불러오는 중입니다…" });
          await loading.waitFor();
          expect(await loading.isVisible(), "the loading state is on screen, not a black void").toBe(true);
          await assertAccessible(page, "the chatbot loading");
          await assertBlackPage(page, "the loading state");
        } finally {
          chat.mode = "iframe";
        }
      });

      test("다시 시도 after a lost connection loads the chatbot again", async () => {
        const { page, requests } = await openAi(js);
        await page.context().addCookies([{ name: AI_CONSENT_COOKIE, value: await consentCookieValue(), url: s.site.origin }]);
        chat.mode = "silent";
        try {
          await page.goto("/ai", { waitUntil: "domcontentloaded" });
          await page.locator("#chatbot-area").waitFor({ state: "attached" });
          await page.clock.runFor(PAST_CONNECTION_CHECK_MS);
          await page.getByRole("alert").filter({ hasText: "연결이 끊겼습니다. 잠시 후 다시 시도해 주세요." }).waitFor();
          await assertAccessible(page, "the connection-lost state");
        } finally {
          chat.mode = "iframe";
        }
        const scriptsBefore = requests.filter((url) => new URL(url).pathname === "/embed.js").length;
        await page.getByRole("button", { name: "다시 시도", exact: true }).click();
        await page.locator("#chatbot-area iframe").waitFor({ state: "attached" });
        await page.clock.runFor(PAST_CONNECTION_CHECK_MS);
        await page.locator("#chatbot-area iframe").waitFor({ state: "visible" });
        expect(requests.filter((url) => new URL(url).pathname === "/embed.js").length, "the script was asked for again").toBe(
          scriptsBefore + 1,
        );
        expect(await page.getByRole("alert").count(), "the connection-lost message is gone").toBe(0);
        expect(await page.getByText("챗봇을 불러오는 중입니다…").count(), "no longer loading").toBe(0);
      });

      test("with a Kakao key, 카카오톡 comes first and asks for Kakao's SDK on the tap, by its integrity hash: a changed file is never run", async () => {
        s.expectProblems((problem) => /integrity.*kakao_js_sdk\/2\.7\.4\/kakao\.min\.js.*has been blocked/.test(problem));
        const { context, page } = await openAi(js);
        const sdkRequests: string[] = [];
        // A stand-in for Kakao's CDN serving a file that is not Kakao's published one (sharing through the
        // real SDK is covered by the ShareDialog component test): the browser must refuse to run it.
        await context.route("https://t1.kakaocdn.net/**", (route) => {
          sdkRequests.push(route.request().url());
          return route.fulfill({
            contentType: "text/javascript",
            headers: { "Access-Control-Allow-Origin": "*" },
            body: `window.Kakao = { isInitialized() { return true; }, init() {}, Share: { sendScrap() { window.__kakaoShared = true; } } };`,
          });
        });
        await open(page, "/ai", js);
        expect(sdkRequests, "the SDK is not loaded before the tap").toStrictEqual([]);
        await page.getByRole("banner").getByRole("link", { name: "공유하기", exact: true }).click();
        const dialog = page.getByRole("dialog", { name: "공유하기" });
        const first = dialog.getByRole("listitem").first();
        await first.getByRole("button", { name: "카카오톡", exact: true }).click();
        await dialog.getByText("링크를 복사하지 못했습니다. 주소를 길게 눌러 복사해 주세요.").waitFor();
        expect(sdkRequests, "the SDK is asked for on the tap").toStrictEqual(["https://t1.kakaocdn.net/kakao_js_sdk/2.7.4/kakao.min.js"]);
        expect(await page.locator('script[src="https://t1.kakaocdn.net/kakao_js_sdk/2.7.4/kakao.min.js"]').getAttribute("integrity")).toBe(
          "sha384-DKYJZ8NLiK8MN4/C5P2dtSmLQ4KwPaoqAfyA/DfmEc1VDxu4yyC7wy6K1Hs90nka",
        );
        expect(await page.evaluate(() => "Kakao" in window || "__kakaoShared" in window), "the changed file did not run").toBe(false);
      });

      test("a provider whose script does nothing ends in the connection-lost message", async () => {
        const { page } = await openAi(js);
        await page.context().addCookies([{ name: AI_CONSENT_COOKIE, value: await consentCookieValue(), url: s.site.origin }]);
        chat.mode = "silent";
        try {
          await page.goto("/ai", { waitUntil: "domcontentloaded" });
          await page.locator("#chatbot-area").waitFor({ state: "attached" });
          await page.clock.runFor(PAST_CONNECTION_CHECK_MS);
          await page.getByRole("alert").filter({ hasText: "연결이 끊겼습니다. 잠시 후 다시 시도해 주세요." }).waitFor();
          expect(await page.locator("#chatbot-area iframe").count()).toBe(0);
          await assertBlackPage(page, "the connection-lost state");
        } finally {
          chat.mode = "iframe";
        }
      });
    }
  });
}

/** The cookie a visitor's consent leaves (unsigned, value "1"), for a visitor who agreed before. */
/** A consent the site itself signed: a value made up here would be no consent. */
async function consentCookieValue() {
  const response = await fetch(`${s.site.origin}/ai`, {
    method: "POST",
    body: new URLSearchParams({ agree: "on", intent: "consent" }),
    redirect: "manual",
  });
  const line = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${AI_CONSENT_COOKIE}=`));
  expectPresent(line, "the consent form sets the consent cookie");
  return line.slice(AI_CONSENT_COOKIE.length + 1).split(";")[0]!;
}

// ---------------------------------------------------------------------------------------------
// Career images

const fixtureDir = fs.mkdtempSync(path.join(os.tmpdir(), "ot-career-png-"));
afterAll(() => fs.rmSync(fixtureDir, { recursive: true, force: true }));

/** A PNG of the given width on disk (the widths tell the images apart after re-encoding). */
async function pngFile(width: number, color: string) {
  const file = path.join(fixtureDir, `career-${width}.png`);
  await sharp({ create: { width, height: Math.round(width * 1.4), channels: 3, background: color } })
    .png()
    .toFile(file);
  return file;
}

/**
 * The career page's images: the width of the file each shows (one of its sizes: the `w` its srcset
 * gives that file; else the file's own width) and the width/height attributes, in page order.
 */
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
      // naturalWidth of a picture chosen from a srcset is in CSS pixels at the density the browser chose.
      natural:
        Array.from(img.parentElement!.querySelectorAll("source"))
          .flatMap((source) => source.srcset.split(", ").map((candidate) => candidate.split(" ")))
          .filter(([url]) => new URL(url!, location.href).href === img.currentSrc)
          .map(([, width]) => parseInt(width!, 10))[0] ?? img.naturalWidth,
      width: img.getAttribute("width"),
      height: img.getAttribute("height"),
      alt: img.getAttribute("alt"),
    })),
  );
}

function modifyControls(page: Page) {
  return page
    .getByRole("main")
    .getByRole("link", { name: "수정", exact: true })
    .or(page.getByRole("main").getByRole("button", { name: "수정", exact: true }));
}

/** Replaces the career images through the JSON API (multipart, one imageFile per image). */
async function setCareerImages(context: BrowserContext, files: string[]) {
  const form = new FormData();
  form.set("hasImage", "true");
  for (const file of files) form.append("imageFile", new Blob([fs.readFileSync(file)], { type: "image/png" }), path.basename(file));
  const response = await context.request.post("/api/career-background/upsert", { multipart: form });
  expect(response.status(), `API career upsert: ${await response.text()}`).toBe(200);
}

for (const js of [false, true]) {
  describe(`career images ${js ? "with" : "without"} JavaScript`, () => {
    // Distinct per mode, so the second run cannot pass on the first run's images.
    const base = js ? 300 : 200;
    let files: string[] = [];

    beforeAll(async () => {
      files = [
        await pngFile(base + 1, "#e06666"),
        await pngFile(base + 2, "#6aa84f"),
        await pngFile(base + 3, "#3d85c6"),
        await pngFile(base + 4, "#f1c232"),
      ];
    });

    async function openUpdate(page: Page) {
      await open(page, "/career-background", js);
      await modifyControls(page).click();
      await page.waitForURL(/\/career-background-update\//);
      await page.getByRole("heading", { level: 1, name: "경력 수정" }).waitFor();
      // With JavaScript the rows have their 위로/아래로 once the scripts run.
      if (js) await page.getByRole("button", { name: "사진 1 아래로", exact: true }).waitFor();
    }

    const adder = (page: Page) => page.getByLabel("사진 추가", { exact: true });
    const submit = (page: Page) => page.getByRole("main").getByRole("button", { name: "수정", exact: true });

    test("one save adds, removes, reorders and captions; the page shows them in her order as figures", async () => {
      const { context, page } = await s.open({ js, admin: true });
      await setCareerImages(context, files.slice(0, 3));
      await openUpdate(page);
      expect(
        await page
          .getByRole("listitem")
          .filter({ has: page.getByRole("img", { name: /^사진 \d$/ }) })
          .count(),
      ).toBe(3);

      await page.getByLabel("사진 1 설명", { exact: true }).fill("감각통합 전문가 과정 수료 (2019)");
      if (js) {
        // The third picture to the top, the focus staying on its button as it goes.
        await page.getByRole("button", { name: "사진 3 위로", exact: true }).click();
        expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("사진 2 위로");
        await page.keyboard.press("Enter");
        expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label")), "at the top: its other button").toBe(
          "사진 1 아래로",
        );
        // The second picture now is the one that was first: delete the one that was second (now third).
        await page.getByRole("button", { name: "사진 3 삭제", exact: true }).click();
        await page.getByText("저장하면 삭제됩니다.", { exact: true }).waitFor();
        await adder(page).setInputFiles([files[3]!]);
        await page.getByText("새 사진", { exact: true }).waitFor();
        await page.getByLabel("사진 4 설명", { exact: true }).fill("새로 받은 수료증");
      } else {
        await page.getByLabel("사진 3 순서", { exact: true }).selectOption({ label: "1" });
        await page.getByRole("checkbox", { name: "사진 2 삭제", exact: true }).check();
        await adder(page).setInputFiles([files[3]!]);
      }
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await submit(page).click();
      await page.waitForURL(`${s.site.origin}/career-background`);
      await page.getByText("경력 수정이 완료되었습니다.", { exact: true }).first().waitFor();
      const images = await careerImages(page);
      expect(
        images.map((image) => image.natural),
        "her order: the third first, the first, then the new one; the second gone",
      ).toStrictEqual([base + 3, base + 1, base + 4]);
      const figures = page.getByRole("main").getByRole("figure");
      expect(await figures.count()).toBe(3);
      expect(
        await figures.nth(1).getByText("감각통합 전문가 과정 수료 (2019)", { exact: true }).count(),
        "the caption under its picture",
      ).toBe(1);
      expect(
        await page.getByRole("figure", { name: "감각통합 전문가 과정 수료 (2019)" }).count(),
        "the figure is named by its caption",
      ).toBe(1);
      if (js) expect(await page.getByRole("figure", { name: "새로 받은 수료증" }).count()).toBe(1);
      expect(await hasHorizontalOverflow(page)).toBe(false);
    });

    test(`a refused save keeps her choices${js ? "" : "; the pictures she added are held, and the next 수정 saves them"}`, async () => {
      const { context, page } = await s.open({ js, admin: true });
      await setCareerImages(context, files.slice(0, 2));
      await openUpdate(page);
      await page.getByLabel("사진 2 설명", { exact: true }).fill("그대로 남을 설명");
      if (js) await page.getByRole("button", { name: "사진 2 위로", exact: true }).click();
      else await page.getByLabel("사진 2 순서", { exact: true }).selectOption({ label: "1" });
      // A file that is not a picture: refused by its content (415). Without JavaScript a real picture beside it.
      const note = path.join(fixtureDir, `not-a-picture-${js}.png`);
      fs.writeFileSync(note, "not a picture");
      await adder(page).setInputFiles(js ? [note] : [note, files[2]!]);
      s.expectProblems(isHttpErrorConsoleLine(415));
      await submit(page).click();
      await page.getByText("PNG, JPEG, WEBP 형식의 이미지만 올릴 수 있습니다.", { exact: true }).first().waitFor();
      expect(new URL(page.url()).pathname, "stays on the form").toMatch(/^\/career-background-update\//);
      if (js) {
        expect(await page.getByLabel("사진 1 설명", { exact: true }).inputValue(), "the moved row keeps its caption").toBe(
          "그대로 남을 설명",
        );
        expect(await page.getByText("새 사진", { exact: true }).count(), "the chosen file is still there").toBe(1);
      } else {
        // The rows as she sent them, each with the place she chose and its caption.
        expect(await page.getByLabel("사진 2 설명", { exact: true }).inputValue()).toBe("그대로 남을 설명");
        expect(await page.getByLabel("사진 2 순서", { exact: true }).inputValue()).toMatch(/:1$/);
        // The picture beside the refused file is held by the server, shown ticked; 수정 saves it at the end.
        await page.getByText("고른 사진이 그대로 있습니다. 저장하면 함께 추가되고, 빼려면 체크를 해제하세요.", { exact: true }).waitFor();
        expect(await page.getByRole("checkbox", { name: "고른 사진 1 함께 저장", exact: true }).isChecked()).toBe(true);
        const heldPreview = page.getByRole("img", { name: "고른 사진 1", exact: true });
        expect(await heldPreview.evaluate((img: HTMLImageElement) => img.naturalWidth), "its preview is drawn").toBeGreaterThan(0);
        await submit(page).click();
        await page.waitForURL((url) => url.pathname === "/career-background");
      }
      // A visitor (her session gone) sees the page as saved: the images with their sizes, and no 수정.
      await context.clearCookies();
      await open(page, "/career-background", js);
      await page.getByRole("heading", { level: 1, name: "경력" }).waitFor();
      const images = await careerImages(page);
      expect(
        images.map((image) => image.natural),
        js ? "nothing changed" : "her order, and the held picture at the end",
      ).toStrictEqual(js ? [base + 1, base + 2] : [base + 2, base + 1, base + 3]);
      for (const image of images) {
        expect(Number(image.width) > 0 && Number(image.height) > 0, `width/height attributes: ${JSON.stringify(image)}`).toBeTruthy();
        expect(Number(image.width), "the width attribute is the image's own width").toBe(image.natural);
        expect(image.alt && image.alt.length > 0, "an alt text").toBeTruthy();
      }
      expect(await modifyControls(page).count(), "a visitor has no 수정").toBe(0);
      expect(await hasHorizontalOverflow(page)).toBe(false);
    });
  });
}
