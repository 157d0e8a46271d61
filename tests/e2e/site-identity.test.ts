// End-to-end at 375 px: a fresh install (the demo therapist's site) becomes another therapist's
// from 사이트 설정 alone (its 사이트 정보 screen) — name, introduction, handle, picture, footer links, copyright holder and
// privacy contact — first with JavaScript (rows added and removed by buttons, the picture sent as
// the browser shrank it), then without it (a spare row, the picture removed); after each save the
// home page as a visitor's browser shows it (header with her picture decoded, footer, title, preview
// tags, JSON-LD, hydrated cleanly) has the new identity, with JavaScript on and off. The server's
// markup of every other page after a save, the career page's handle and the privacy pages' mailto:
// and tel: links are tests/integration/site-identity-pages.test.ts's and site-identity.test.ts's.
// The RSS feed (/rss.xml) names her site and shows her picture too.
// Runs about 8 s.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, describe, expect, test } from "vitest";
import { open, useSite } from "../support/browser";
import { assertAccessible } from "./helpers";

const s = useSite();

const fixtureDir = fs.mkdtempSync(path.join(os.tmpdir(), "ot-identity-"));
afterAll(() => fs.rmSync(fixtureDir, { recursive: true, force: true }));
const screenshotDir = path.resolve("test-results", "screenshots");

const SAVED = "사이트 정보가 저장되었습니다.";
const year = new Date().getFullYear();

async function portrait() {
  const file = path.join(fixtureDir, "sodam.jpg");
  await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#7fb8a4" } })
    .jpeg()
    .toFile(file);
  return file;
}

async function screenshot(page: Page, name: string) {
  fs.mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `site-identity-${name}.png`), fullPage: true });
}

type Identity = { name: string; links: [string, string][]; copyright: string; avatar: boolean };

/** What a visitor sees of whose site it is on `pathname`: the header, the footer, the tab's title and the preview tags. */
async function expectIdentity(page: Page, pathname: string, js: boolean, identity: Identity) {
  await open(page, pathname, js);
  const name = page.getByRole("banner").getByRole("link", { name: identity.name, exact: true });
  await name.waitFor();
  expect(await name.locator("img").count(), `${pathname}: her picture in the header`).toBe(identity.avatar ? 1 : 0);
  if (identity.avatar)
    expect(await name.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const footer = page.getByRole("contentinfo");
  const links = await footer.getByRole("link").evaluateAll((anchors) => anchors.map((a) => [a.textContent, a.getAttribute("href")]));
  expect(links, `${pathname}: the footer's links`).toEqual(identity.links);
  expect(await footer.locator(".footer__copy").textContent()).toBe(identity.copyright);
  expect(await page.title(), `${pathname}: the title`).toMatch(new RegExp(`(^| \\| )${identity.name}$`));
  expect(await page.locator('meta[property="og:site_name"]').getAttribute("content")).toBe(identity.name);
}

describe("사이트 정보", () => {
  test("with JavaScript the owner makes the demo site hers; a visitor sees it in the header, footer, previews and JSON-LD", async () => {
    const { page } = await s.open({ js: true, admin: true });
    await open(page, "/site-settings", true);
    await page.getByRole("link", { name: "사이트 정보 수정", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "사이트 정보" }).waitFor();
    const identity = page.getByRole("group", { name: "사이트 정보" });
    await identity.getByLabel("사이트 이름", { exact: true }).fill("소담 아동발달센터");
    await identity.getByLabel("짧은 소개", { exact: true }).fill("감각통합과 소근육 놀이를 함께 고민하는 소담 선생님입니다.");
    await identity.getByLabel("핸들(계정 이름)", { exact: true }).fill("sodam_ot");
    await identity.getByLabel("프로필 사진", { exact: true }).setInputFiles(await portrait());
    await identity.getByRole("img", { name: "미리보기" }).waitFor();

    // The demo's three links: the first becomes hers, YouTube goes, the blog becomes her KakaoTalk channel, and a shop is added.
    await identity.getByLabel("링크 1 주소", { exact: true }).fill("https://www.instagram.com/sodam_ot/");
    await identity.getByRole("button", { name: "링크 2 삭제", exact: true }).click();
    expect(await identity.getByLabel("링크 2 이름", { exact: true }).inputValue()).toBe("블로그");
    await identity.getByLabel("링크 2 이름", { exact: true }).fill("카카오톡 채널");
    await identity.getByLabel("링크 2 주소", { exact: true }).fill("pf.kakao.com/_sodam");
    // The spare rows the page drew for a browser without JavaScript: the shop goes in the first.
    await identity.getByLabel("링크 3 이름", { exact: true }).fill("스토어");
    await identity.getByLabel("링크 3 주소", { exact: true }).fill("https://smartstore.naver.com/sodam");
    await identity.getByRole("button", { name: "링크 추가", exact: true }).click();
    await identity.getByLabel("링크 5 이름", { exact: true }).waitFor();
    await identity.getByLabel("저작권자", { exact: true }).fill("소담 작업치료 연구소");
    await identity.getByLabel("개인정보 문의 연락처", { exact: true }).fill("hello@sodam.example");
    await assertAccessible(page, "사이트 정보 filled");
    await page.getByRole("button", { name: "저장", exact: true }).click();
    await page.getByText(SAVED, { exact: true }).first().waitFor();
    // Back on 사이트 설정, its card says whose site it is now; the screen shows what is saved.
    await page.getByRole("heading", { level: 1, name: "사이트 설정" }).waitFor();
    await page.getByText("인스타그램 · 카카오톡 채널 · 스토어", { exact: true }).waitFor();
    await page.getByRole("link", { name: "사이트 정보 수정", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "사이트 정보" }).waitFor();
    expect(await identity.getByLabel("핸들(계정 이름)", { exact: true }).inputValue()).toBe("@sodam_ot");
    expect(await identity.getByLabel("링크 2 주소", { exact: true }).inputValue()).toBe("https://pf.kakao.com/_sodam");
    await identity.getByRole("img", { name: "현재 이미지" }).waitFor();
    await screenshot(page, "settings-js");

    const hers: Identity = {
      name: "소담 아동발달센터",
      links: [
        ["인스타그램", "https://www.instagram.com/sodam_ot/"],
        ["카카오톡 채널", "https://pf.kakao.com/_sodam"],
        ["스토어", "https://smartstore.naver.com/sodam"],
      ],
      copyright: `© ${year} 소담 작업치료 연구소. All rights reserved.`,
      avatar: true,
    };
    // One page per mode: every page's markup after a save is tests/integration/site-identity-pages.test.ts's.
    for (const js of [true, false]) {
      const visitor = await s.open({ js });
      await expectIdentity(visitor.page, "/", js, hers);
      await visitor.page.getByRole("heading", { level: 1, name: "소담 아동발달센터" }).waitFor();
      await visitor.page.getByText("감각통합과 소근육 놀이를 함께 고민하는 소담 선생님입니다.", { exact: true }).waitFor();
      const preview = (await visitor.page.locator('meta[property="og:image"]').getAttribute("content"))!;
      expect(preview).toMatch(/\/uploads\/[0-9a-f-]{36}-share\.jpg$/);
      const jsonLd = JSON.parse((await visitor.page.locator('script[type="application/ld+json"]').textContent())!) as {
        "@graph": Record<string, unknown>[];
      };
      expect(jsonLd["@graph"][1]).toMatchObject({ name: "소담 아동발달센터", alternateName: "@sodam_ot" });
      if (js) await screenshot(visitor.page, "visitor-home-js");
    }
    const share = await fetch(new URL("/", s.site.origin));
    expect(await share.text()).not.toContain("ot_teacher_kids");
    // The feed readers and Naver take (/rss.xml) names her site and shows her picture.
    const feed = await (await fetch(new URL("/rss.xml", s.site.origin))).text();
    expect(feed).toContain("<title>소담 아동발달센터 · ");
    expect(feed).toMatch(/<image>\n\s*<url>http:\/\/[^<]+\/uploads\/[0-9a-f-]{36}\.(?:jpg|png|webp)<\/url>/);
    expect(feed).not.toContain("우리아이 작업치료");
  });

  test("without JavaScript she renames it, adds a link in a spare row, removes her picture and gives a phone number", async () => {
    const { page } = await s.open({ js: false, admin: true });
    await open(page, "/site-settings/identity", false);
    const identity = page.getByRole("group", { name: "사이트 정보" });
    await identity.getByLabel("사이트 이름", { exact: true }).fill("소담 놀이터");
    // A row is removed by clearing it; a spare blank row takes a new one.
    await identity.getByLabel("링크 3 이름", { exact: true }).fill("");
    await identity.getByLabel("링크 3 주소", { exact: true }).fill("");
    await identity.getByLabel("링크 4 이름", { exact: true }).fill("블로그");
    await identity.getByLabel("링크 4 주소", { exact: true }).fill("https://blog.naver.com/sodam");
    await identity.getByLabel("이미지 삭제", { exact: true }).check();
    await identity.getByLabel("개인정보 문의 연락처", { exact: true }).fill("02-123-4567");
    await page.getByRole("button", { name: "저장", exact: true }).click();
    await page.getByText(SAVED, { exact: true }).first().waitFor();
    await screenshot(page, "settings-nojs");

    const renamed: Identity = {
      name: "소담 놀이터",
      links: [
        ["인스타그램", "https://www.instagram.com/sodam_ot/"],
        ["카카오톡 채널", "https://pf.kakao.com/_sodam"],
        ["블로그", "https://blog.naver.com/sodam"],
      ],
      copyright: `© ${year} 소담 작업치료 연구소. All rights reserved.`,
      avatar: false,
    };
    // The tel: link of a phone number is tests/integration/site-identity-pages.test.ts's (02-123-4567) and site-identity.test.ts's.
    for (const js of [false, true]) {
      const visitor = await s.open({ js });
      await expectIdentity(visitor.page, "/", js, renamed);
      // Without her picture, previews use the site's own image again.
      expect(await visitor.page.locator('meta[property="og:image"]').getAttribute("content")).toMatch(/\/share-default\.png$/);
    }
  });
});
