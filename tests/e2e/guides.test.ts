// End-to-end (issue 32, "Done when"): at 375 px, the owner writes a guide with two photos and a
// checklist, previews it, publishes it; a parent finds it from the header's 검색 by a two-syllable
// search word and opens it from the RSS feed. Once with JavaScript off (the help line, photos beside
// the text placed by `사진1`/`사진2`, 미리보기 answered by the server; the parent's 배변 also finds the
// demo's reels, products and reel categories, grouped and marked, on an axe-clean page with 44 px
// controls) and once with it on (the toolbar's 체크리스트 and 사진, the 미리보기 tab).
// Runs about 12 s.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { hasHorizontalOverflow, open, PHONE, useSite, waitForHydration } from "../support/browser";
import { assertAccessible, withoutAppScripts } from "./helpers";

const s = useSite();

let dir: string;
let photos: [string, string];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "guides-e2e-"));
  const photo = async (name: string, background: string) => {
    const file = path.join(dir, name);
    await sharp({ create: { width: 1600, height: 1200, channels: 3, background } })
      .jpeg()
      .toFile(file);
    return file;
  };
  photos = [await photo("potty.jpg", "#f4a261"), await photo("chart.jpg", "#2a9d8f")];
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** From the section's categories to the 등록 screen of 배변훈련 안내, as she taps through it. */
async function openRegister(page: Page, js: boolean) {
  await open(page, "/detail-category", js);
  await page
    .getByRole("link", { name: /배변훈련 안내/ })
    .first()
    .click();
  await page.waitForURL(/\/detail-list\/\d+\//);
  await page.getByRole("link", { name: "등록", exact: true }).click();
  await page.waitForURL(/\/detail-list-upsert\/0\//);
  await page.getByRole("heading", { level: 1, name: "글 쓰기" }).waitFor();
  if (js) await waitForHydration(page);
}

/**
 * A parent finds the guide by `word` from the header's 검색 on /search, then opens it from /rss.xml;
 * what the guide page shows. Without JavaScript the search page itself is checked too: a thumb-sized
 * field and button, the word (배변, which the demo's reels, products and reel categories hold too)
 * marked in results grouped by kind and linked to their pages, nothing sideways, and axe.
 */
async function parentFindsIt(js: boolean, title: string, word: string) {
  const { page } = await s.open({ js, viewport: PHONE });
  await open(page, "/", js);
  await page.getByRole("banner").getByRole("link", { name: "검색", exact: true }).click();
  await page.waitForURL("**/search");
  const field = page.getByRole("searchbox", { name: "검색어" });
  const submit = page.getByRole("button", { name: "검색", exact: true });
  if (!js) {
    // The field and its button are a thumb's size (the list pages' search bar, shared styles).
    for (const control of [field, submit]) {
      expect((await control.boundingBox())?.height ?? 0, "a 44 px touch target").toBeGreaterThanOrEqual(44);
    }
  }
  await field.fill(word);
  await submit.click();
  await page.waitForURL(new RegExp(`/search\\?q=${encodeURIComponent(word)}$`));
  const guides = page.getByRole("region", { name: /^상세 정보 \d+건$/ });
  const found = guides.getByRole("link").filter({ hasText: title });
  expect(await found.getAttribute("href")).toMatch(/^\/detail-contents\/\d+$/);
  expect(await guides.locator("mark").first().textContent()).toBe(word);
  if (!js) {
    const reels = page.getByRole("region", { name: /^릴스 \d+건$/ });
    await reels.waitFor();
    await page.getByRole("region", { name: /^제품 \d+건$/ }).waitFor();
    await page.getByRole("region", { name: /^릴스 카테고리 \d+건$/ }).waitFor();
    expect(await reels.locator("mark").first().textContent()).toBe(word);
    expect(await hasHorizontalOverflow(page), "nothing scrolls sideways at 375 px").toBe(false);
    const reel = reels.getByRole("link").filter({ hasText: "변기를 무서워하는 아이" });
    expect((await reel.getAttribute("href")) ?? "").toMatch(/^\/reels-content\//);

    // axe needs a script of its own: the same markup, none of the site's scripts running.
    const withAxe = await s.open({ js: true, viewport: PHONE });
    await withoutAppScripts(withAxe.context);
    await open(withAxe.page, `/search?q=${encodeURIComponent(word)}`, false);
    await assertAccessible(withAxe.page, `/search?q=${word}`);
  }

  // The feed (what Naver and feed readers take) lists it; its link opens the guide.
  const feed = await (await page.request.get("/rss.xml")).text();
  const item = feed.split("<item>").find((part) => part.includes(`<title>${title}</title>`));
  expect(item, "the new guide is in /rss.xml").toBeTruthy();
  const link = /<link>([^<]+)<\/link>/.exec(item!)![1]!;
  expect(new URL(link).pathname).toBe(await found.getAttribute("href"));
  await open(page, new URL(link).pathname, js);
  await page.getByRole("heading", { level: 1, name: title }).waitFor();
  const body = page.locator(".guide-body");
  // The checklist parents print: a checkbox each, the item's words as its label.
  expect(await body.getByRole("checkbox").count()).toBe(2);
  await body.getByRole("checkbox", { name: "낮잠 전 변기에 앉기" }).waitFor();
  // Both photos, as the site's own pictures.
  const pictures = body.locator("img");
  expect(await pictures.count()).toBe(2);
  for (const src of await pictures.evaluateAll((images) =>
    images.map((image) => (image as HTMLImageElement).currentSrc || image.getAttribute("src")),
  ))
    expect(new URL(src!, s.site.origin).pathname).toMatch(/^\/uploads\//);
  expect(await hasHorizontalOverflow(page), "nothing scrolls sideways at 375 px").toBe(false);
  return page;
}

describe("guides at 375 px without JavaScript", () => {
  test("she writes (help line, photos beside the text, 미리보기 by the server), publishes; a parent searches 배변 (results of every kind, marked, axe-clean) and opens it from the feed", async () => {
    const title = "밤 배변 점검표: 낮잠과 밤잠";
    const { page } = await s.open({ js: false, viewport: PHONE, admin: true });
    await openRegister(page, false);
    // Without JavaScript: the same textarea, a help line on the syntax, and pictures beside the text.
    await page.getByText("- [ ] 체크리스트", { exact: false }).first().waitFor();
    await page.getByText("![설명](사진1)", { exact: false }).waitFor();
    expect(await page.getByRole("toolbar", { name: "서식 도구" }).count()).toBe(0);

    const text = [
      "## 준비",
      "![변기 의자](사진1)",
      "",
      "- [ ] 낮잠 전 변기에 앉기",
      "- [ ] 밤잠 전 물 줄이기",
      "",
      "![기록표](사진2)",
    ].join("\n");
    const fill = async () => {
      await page.getByLabel("본문 사진 1 (사진1)").setInputFiles(photos[0]);
      await page.getByLabel("본문 사진 2 (사진2)").setInputFiles(photos[1]);
    };
    await page.getByLabel("제목").fill(title);
    await page.getByLabel("요약").fill("낮잠과 밤잠 앞뒤로 하는 배변 점검.");
    await page.getByRole("textbox", { name: "본문" }).fill(text);
    await fill();

    await page.getByRole("button", { name: "미리보기", exact: true }).click();
    const preview = page.getByRole("region", { name: "미리보기 (저장되지 않았어요)" });
    await preview.waitFor();
    await preview.getByRole("heading", { level: 2, name: "준비" }).waitFor();
    expect(await preview.getByRole("checkbox").count()).toBe(2);
    // Nothing was saved; the form is as she typed it (a picked file cannot come back: she picks them again).
    expect(await page.getByLabel("제목").inputValue()).toBe(title);
    expect(await page.getByRole("textbox", { name: "본문" }).inputValue()).toBe(text);

    await fill();
    await page.getByRole("button", { name: "등록", exact: true }).click();
    await page.waitForURL(/\/detail-list\/\d+\//);
    await page.getByText("글 등록이 완료되었습니다.").waitFor();
    await page.getByRole("link", { name: new RegExp(title) }).waitFor();

    await parentFindsIt(false, title, "배변");
  });
});

describe("guides at 375 px with JavaScript", () => {
  test("she writes with the toolbar (체크리스트, 사진 twice), checks 미리보기, publishes; a parent searches 기록 and opens it from the feed", async () => {
    const title = "배변 기록 남기는 법";
    const { page } = await s.open({ js: true, viewport: PHONE, admin: true });
    await openRegister(page, true);
    const toolbar = page.getByRole("toolbar", { name: "서식 도구" });
    await toolbar.waitFor();
    await page.getByLabel("제목").fill(title);
    await page.getByLabel("요약").fill("하루 배변 기록을 남기는 방법.");
    const body = page.getByRole("textbox", { name: "본문" });
    await body.fill("## 기록표\n");

    // Two photos from the camera roll, each uploaded into the text where the cursor is.
    // The cursor at the end of the text (a phone's End key stops at the end of a wrapped line).
    const toEnd = () => body.evaluate((area: HTMLTextAreaElement) => area.setSelectionRange(area.value.length, area.value.length));
    for (const [at, photo] of photos.entries()) {
      await toEnd();
      await page.locator(".guide-editor__toolbar input[type=file]").setInputFiles(photo);
      await expect
        .poll(async () => (await body.inputValue()).match(/!\[\]\(\/uploads\/[^)]+\)/g)?.length ?? 0, { timeout: 20_000 })
        .toBe(at + 1);
      expect(await page.getByRole("alert").count(), "no refused upload").toBe(0);
    }
    // A checklist from the toolbar, its item typed over.
    await toEnd();
    await toolbar.getByRole("button", { name: "체크리스트" }).click();
    await page.keyboard.type("낮잠 전 변기에 앉기");
    await toEnd();
    await toolbar.getByRole("button", { name: "체크리스트" }).click();
    await page.keyboard.type("밤잠 전 물 줄이기");
    expect(await body.inputValue()).toContain("- [ ] 낮잠 전 변기에 앉기\n- [ ] 밤잠 전 물 줄이기");

    await page.getByRole("tab", { name: "미리보기" }).click();
    const preview = page.getByRole("tabpanel", { name: "미리보기" });
    await preview.getByRole("heading", { level: 2, name: "기록표" }).waitFor();
    expect(await preview.getByRole("checkbox").count()).toBe(2);
    expect(await preview.locator("img").count()).toBe(2);
    await page.getByRole("tab", { name: "쓰기" }).click();

    await page.getByRole("button", { name: "등록", exact: true }).click();
    await page.waitForURL(/\/detail-list\/\d+\//);
    await page.getByText("글 등록이 완료되었습니다.").waitFor();

    await parentFindsIt(true, title, "기록");
  });
});
