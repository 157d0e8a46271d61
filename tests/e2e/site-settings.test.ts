// End-to-end: starting from an empty site (SEED_DEMO=0), the owner sets up two partner banners (an
// uploaded picture and pasted Coupang iframe code), the chatbot and the Kakao key on 사이트 설정,
// with JavaScript and, for the key and the order, without it; a visitor then sees both banners with
// the fee disclosure, the chatbot's consent on /ai and the KakaoTalk share button.
// Runs about 11 s.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, describe, test, expect } from "vitest";
import { isHttpErrorConsoleLine, open, useSite } from "../support/browser";
import { assertAccessible, expectFieldError, focusedLabel } from "./helpers";

const s = useSite(() => ({ SEED_DEMO: "0" }));

const DISCLOSURE = "이 포스팅은 쿠팡 파트너스 활동의 일환으로, 이에 따른 일정액의 수수료를 제공받습니다.";
const IMAGE_AD = "배변훈련 변기 커버";
const FRAME_AD = "소근육 블록 위젯";
const FRAME_URL = "https://coupa.ng/e2eFrame";
const KAKAO_KEY = "0123456789abcdef0123456789abcdef";

const fixtureDir = fs.mkdtempSync(path.join(os.tmpdir(), "ot-ad-png-"));
afterAll(() => fs.rmSync(fixtureDir, { recursive: true, force: true }));
const screenshotDir = path.resolve("test-results", "screenshots");

async function bannerPng() {
  const file = path.join(fixtureDir, "banner.png");
  await sharp({ create: { width: 640, height: 100, channels: 3, background: "#e5f0ff" } })
    .png()
    .toFile(file);
  return file;
}

async function screenshot(page: Page, name: string) {
  fs.mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `site-settings-${name}.png`), fullPage: true });
}

async function toast(page: Page, message: string) {
  await page.getByText(message, { exact: true }).first().waitFor();
}

/** The banner named `name` in the 사이트 설정 list. */
function bannerRow(page: Page, name: string) {
  return page.getByRole("listitem").filter({ hasText: name });
}

/** The visitor's banner on /ai, with the disclosure beside it. */
async function shownBanner(page: Page) {
  await page.goto("/ai");
  const ad = page.locator(".ai__ad .partner-ad");
  await ad.waitFor();
  expect(await ad.locator(".disclosure").textContent()).toBe(DISCLOSURE);
  return ad;
}

describe("사이트 설정", () => {
  test("with JavaScript the owner adds an uploaded banner and a pasted Coupang iframe, refusing script code, and sets the chatbot", async () => {
    // No banner yet: no ad box and no lone disclosure for visitors.
    const visitor = await s.open({ js: false });
    await visitor.page.goto("/ai");
    await visitor.page.getByRole("heading", { level: 1, name: "배변훈련 AI" }).waitFor();
    expect(await visitor.page.locator(".partner-ad").count()).toBe(0);
    expect(await visitor.page.getByText(DISCLOSURE).count()).toBe(0);

    const { page } = await s.open({ js: true, admin: true });
    s.expectProblems(isHttpErrorConsoleLine(400));
    await open(page, "/navi", true);
    await page.getByRole("link", { name: "사이트 설정", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "사이트 설정" }).waitFor();
    await page.getByText("등록된 배너가 없습니다.", { exact: false }).waitFor();
    await assertAccessible(page, "사이트 설정 (empty)");

    // 1. An uploaded picture with a partner link.
    await page.getByRole("link", { name: "배너 추가", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "배너 등록" }).waitFor();
    await page.getByLabel("배너 이름", { exact: true }).fill(IMAGE_AD);
    await page.getByLabel("배너 이미지", { exact: true }).setInputFiles(await bannerPng());
    const link = page.getByLabel("연결할 주소", { exact: true });
    await link.fill("http://link.coupang.com/a/e2eImage");
    await page.getByRole("button", { name: "등록", exact: true }).click();
    await expectFieldError(page, link, "연결할 주소는 https 주소만 쓸 수 있습니다.");
    await link.fill("https://link.coupang.com/a/e2eImage");
    await page.getByRole("button", { name: "등록", exact: true }).click();
    await toast(page, "배너가 등록되었습니다.");
    await bannerRow(page, IMAGE_AD).waitFor();

    // 2. Pasted code: a script is refused by the server with the reason, then the real iframe code.
    await page.getByRole("link", { name: "배너 추가", exact: true }).click();
    await page.getByLabel("배너 이름", { exact: true }).fill(FRAME_AD);
    await page.getByRole("radio", { name: "배너 코드 붙여넣기" }).check();
    expect(await page.getByLabel("배너 이미지", { exact: true }).isVisible(), "the upload fields hide for pasted code").toBe(false);
    const code = page.getByLabel("배너 코드", { exact: true });
    await code.fill(`<script src="https://coupa.ng/x.js"></script><iframe src="${FRAME_URL}"></iframe>`);
    await page.getByRole("button", { name: "등록", exact: true }).click();
    await expectFieldError(
      page,
      code,
      "쿠팡 파트너스의 이미지 배너 코드(<a><img></a>)나 iframe 코드만 쓸 수 있습니다. 스크립트나 다른 태그가 든 코드는 저장하지 않습니다.",
    );
    await screenshot(page, "register-js");
    await code.fill(
      `<iframe src="${FRAME_URL}" width="320" height="100" frameborder="0" scrolling="no" referrerpolicy="unsafe-url"></iframe>`,
    );
    await page.getByRole("button", { name: "등록", exact: true }).click();
    await toast(page, "배너가 등록되었습니다.");
    await bannerRow(page, FRAME_AD).waitFor();

    // 3. The chatbot embed.
    await page.getByLabel("챗봇 스크립트 주소", { exact: true }).fill("https://www.chatbase.co/embed.min.js");
    await page.getByLabel("챗봇 ID", { exact: true }).fill("ot-toilet-bot");
    await page.getByRole("button", { name: "저장", exact: true }).click();
    await toast(page, "사이트 설정이 저장되었습니다.");
    expect(await page.getByLabel("챗봇 ID", { exact: true }).inputValue()).toBe("ot-toilet-bot");
    await assertAccessible(page, "사이트 설정 (two banners)");
    await screenshot(page, "js");

    // Moving a banner keeps her place (issue 33, point 8): in place, the focus on the button pressed,
    // or on its other one when the banner reached the end.
    await page.getByRole("button", { name: `${FRAME_AD} 아래로`, exact: true }).click();
    await toast(page, "순서가 바뀌었습니다.");
    await expect.poll(() => page.locator(".ad-settings__name strong").allTextContents()).toStrictEqual([IMAGE_AD, FRAME_AD]);
    await expect.poll(() => focusedLabel(page)).toBe(`${FRAME_AD} 위로`);
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator(".ad-settings__name strong").allTextContents()).toStrictEqual([FRAME_AD, IMAGE_AD]);
    await expect.poll(() => focusedLabel(page)).toBe(`${FRAME_AD} 아래로`);
    expect(new URL(page.url()).hash, "no jump to an anchor").toBe("");

    // Delete asks first, in a dialog; 취소 keeps the banner.
    await page.getByRole("link", { name: `${IMAGE_AD} 삭제`, exact: true }).click();
    const question = page.getByRole("dialog", { name: "정말 삭제하시겠습니까?" });
    await question.waitFor();
    await assertAccessible(page, "사이트 설정 with the delete question open");
    await question.getByRole("button", { name: "취소", exact: true }).click();
    await question.waitFor({ state: "hidden" });
    await bannerRow(page, IMAGE_AD).waitFor();
  });

  test("without JavaScript the owner saves the Kakao key (a bad shape is refused) and reorders the banners", async () => {
    const { page } = await s.open({ js: false, admin: true });
    s.expectProblems(isHttpErrorConsoleLine(400));
    await page.goto("/site-settings");
    const key = page.getByLabel("카카오 JavaScript 키", { exact: true });
    // The browser's own check (pattern) would stop this first; an older browser sends it anyway.
    await key.evaluate((input) => input.closest("form")?.setAttribute("novalidate", ""));
    await key.fill("not-a-kakao-key");
    const refused = page.waitForResponse((response) => response.request().method() === "POST");
    await page.getByRole("button", { name: "저장", exact: true }).click();
    expect((await refused).status()).toBe(400);
    await expectFieldError(page, key, "카카오 JavaScript 키는 숫자와 영문 a~f로 된 32자입니다. 다시 확인해 주세요.");

    await key.fill(KAKAO_KEY);
    await page.getByRole("button", { name: "저장", exact: true }).click();
    await toast(page, "사이트 설정이 저장되었습니다.");
    expect(await page.getByLabel("카카오 JavaScript 키", { exact: true }).inputValue()).toBe(KAKAO_KEY);
    // The chatbot saved with JavaScript is still there.
    expect(await page.getByLabel("챗봇 ID", { exact: true }).inputValue()).toBe("ot-toilet-bot");

    // The newer banner is on top; 위로 brings the older one above it.
    expect(await page.locator(".ad-settings__name strong").allTextContents()).toStrictEqual([FRAME_AD, IMAGE_AD]);
    await page.getByRole("button", { name: `${IMAGE_AD} 위로`, exact: true }).click();
    await toast(page, "순서가 바뀌었습니다.");
    const names = await page.locator(".ad-settings__name strong").allTextContents();
    expect(names).toStrictEqual([IMAGE_AD, FRAME_AD]);
    // The page came back to the banner it moved (issue 33, point 8).
    const hash = new URL(page.url()).hash;
    expect(hash).toMatch(/^#item-\d+$/);
    expect(await page.locator(hash).locator(".ad-settings__name strong").textContent()).toBe(IMAGE_AD);

    await page.getByRole("link", { name: `${IMAGE_AD} 수정`, exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "배너 수정" }).waitFor();
    expect(await page.getByLabel("연결할 주소", { exact: true }).inputValue()).toBe("https://link.coupang.com/a/e2eImage");
    await screenshot(page, "edit-nojs");
    await screenshot(page, "nojs");
  });

  test("a visitor sees each banner with the disclosure, the chatbot consent and the KakaoTalk share button", async () => {
    const owner = await s.open({ js: false, admin: true });
    const { page } = await s.open({ js: true });

    // Only the picture banner shown: it links out through /out/ad/{id}.
    await owner.page.goto("/site-settings");
    await owner.page.getByRole("button", { name: `${FRAME_AD} 숨김`, exact: true }).click();
    await toast(owner.page, "배너를 숨겼습니다.");
    const imageAd = await shownBanner(page);
    const pictureLink = imageAd.getByRole("link", { name: `광고: ${IMAGE_AD}` });
    expect((await pictureLink.getAttribute("href")) ?? "").toMatch(/^\/out\/ad\/\d+$/);
    const uploadedSrc = (await pictureLink.getByRole("img").getAttribute("src")) ?? "";
    expect(uploadedSrc).toMatch(/^\/uploads\//);
    await screenshot(page, "visitor-image-banner");

    // Only the widget banner shown: a sandboxed lazy frame of the partner's address, and the CSP allows it.
    await owner.page.getByRole("button", { name: `${FRAME_AD} 공개`, exact: true }).click();
    await toast(owner.page, "배너를 공개했습니다.");
    await owner.page.getByRole("button", { name: `${IMAGE_AD} 숨김`, exact: true }).click();
    await toast(owner.page, "배너를 숨겼습니다.");
    const frameAd = await shownBanner(page);
    const frame = frameAd.locator("iframe");
    expect(await frame.getAttribute("src")).toBe(FRAME_URL);
    expect(await frame.getAttribute("title")).toBe(`광고: ${FRAME_AD}`);
    expect(await frame.getAttribute("loading")).toBe("lazy");
    expect(await frame.getAttribute("sandbox")).toBe("allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox");
    await frame.scrollIntoViewIfNeeded();
    await screenshot(page, "visitor-frame-banner");
    // Without JavaScript the widget is the same frame, at the size its pasted code gave it (320×100).
    const noScript = await s.open({ js: false });
    await noScript.page.goto("/ai");
    const slot = noScript.page.getByTitle(`광고: ${FRAME_AD}`);
    expect([await slot.getAttribute("width"), await slot.getAttribute("height")]).toStrictEqual(["320", "100"]);
    await slot.scrollIntoViewIfNeeded();
    await screenshot(noScript.page, "visitor-frame-banner-nojs");
    const response = await page.goto("/ai");
    expect(response?.headers()["content-security-policy"] ?? "").toMatch(/frame-src [^;]*https:\/\/coupa\.ng/);

    // The chatbot saved on 사이트 설정 asks for consent, naming its provider.
    await page.getByRole("heading", { name: "개인정보 수집·이용 동의" }).waitFor();
    await page.getByText("www.chatbase.co", { exact: false }).first().waitFor();

    // The Kakao key saved on 사이트 설정 puts KakaoTalk in the share dialog.
    await open(page, "/", true);
    await page.getByRole("banner").getByRole("link", { name: "공유하기", exact: true }).click();
    await page.getByRole("dialog", { name: "공유하기" }).getByRole("button", { name: "카카오톡" }).waitFor();
    await assertAccessible(page, "share dialog with KakaoTalk");

    // Deleting without JavaScript: a confirmation step, then the banner and its uploaded picture are gone.
    const picture = path.basename(new URL(uploadedSrc, s.site.origin).pathname);
    expect(fs.existsSync(path.join(s.site.uploadsDir, picture)), "the uploaded picture is stored").toBeTruthy();
    await owner.page.goto("/site-settings");
    await owner.page.getByRole("link", { name: `${IMAGE_AD} 삭제`, exact: true }).click();
    await owner.page.getByText(`배너 "${IMAGE_AD}"을(를) 삭제합니다.`, { exact: true }).waitFor();
    await owner.page.getByRole("button", { name: "확인", exact: true }).click();
    await toast(owner.page, "배너가 삭제되었습니다.");
    expect(await bannerRow(owner.page, IMAGE_AD).count()).toBe(0);
    expect(fs.existsSync(path.join(s.site.uploadsDir, picture)), "the picture went with the banner").toBe(false);
  });
});
