// 사이트 정보 as visitors get it from the real built app: the demo's identity on a fresh install
// (header, footer, <title>, previews, JSON-LD, the sitemap's picture, the privacy pages), then one
// save on the 사이트 설정 page (multipart, with a new picture) and the next anonymous visit of every
// stored page carries the new identity at once (the page cache is fresh after the write).
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { startApp, type TestApp } from "../support/app";
import { parseHtml } from "../support/dom";
import { Client } from "../support/http";
import { adminClient } from "./_helpers";
import { makeImage, multipart } from "./_uploads";

let app: TestApp;
let admin: Client;
let visitor: Client;

beforeAll(async () => {
  app = await startApp();
  admin = await adminClient(app);
  visitor = new Client(app.origin);
});
afterAll(() => app?.close());

/** Pages a parent reaches, each with the shell (header, footer). */
const PAGES = [
  "/",
  "/career-background",
  "/reels-category",
  "/product-list",
  "/search",
  "/ai/privacy",
  "/poonpee/privacy",
  "/phonefinder/privacy",
];

async function page(pathname: string) {
  const response = await visitor.fetch(pathname);
  expect(response.status, pathname).toBe(200);
  return parseHtml(await response.text());
}

function meta(document: Document, key: string) {
  return document.head.querySelector(`meta[name="${key}"], meta[property="${key}"]`)?.getAttribute("content") ?? null;
}

function shell(document: Document) {
  const header = document.querySelector("header .header__name");
  return {
    name: header?.textContent?.trim(),
    avatar: header?.querySelector("img")?.getAttribute("src") ?? null,
    links: [...document.querySelectorAll("footer .footer__links a")].map((link) => [link.textContent, link.getAttribute("href")]),
    copyright: document.querySelector("footer .footer__copy")?.textContent,
  };
}

function structuredData(document: Document) {
  const script = document.head.querySelector('script[type="application/ld+json"]');
  return JSON.parse(script?.textContent ?? "null") as { "@graph": Record<string, unknown>[] } | null;
}

const year = new Date().getFullYear();

describe("a fresh install shows the demo's identity, from its settings", () => {
  test("header, footer, title, previews, JSON-LD, the sitemap and the privacy pages", async () => {
    for (const pathname of PAGES) {
      const document = await page(pathname);
      const seen = shell(document);
      expect(seen.name, pathname).toBe("우리아이 작업치료");
      expect(seen.avatar, pathname).toMatch(/^\/uploads\/[0-9a-f-]{36}-avatar-28\.webp$/);
      expect(seen.links, pathname).toEqual([
        ["인스타그램", "https://www.instagram.com/ot_teacher_kids/"],
        ["유튜브", "https://www.youtube.com/@ot_teacher_kids"],
        ["블로그", "https://blog.naver.com/ot_teacher_kids"],
      ]);
      expect(seen.copyright, pathname).toBe(`© ${year} 우리아이 작업치료. All rights reserved.`);
      expect(document.title, pathname).toMatch(/(^| \| )우리아이 작업치료$/);
      // A page kept out of search engines (/search) has no preview tags.
      if (meta(document, "robots") !== "noindex") expect(meta(document, "og:site_name"), pathname).toBe("우리아이 작업치료");
    }
    const home = await page("/");
    // The home page has no picture of its own: it is shared with the profile picture's 2:1 image.
    expect(meta(home, "og:image")).toMatch(new RegExp(`^${app.origin}/uploads/[0-9a-f-]{36}-share\\.jpg$`));
    const graph = structuredData(home)!["@graph"];
    expect(graph[1]).toMatchObject({
      "@type": "Organization",
      name: "우리아이 작업치료",
      alternateName: "@ot_teacher_kids",
      sameAs: [
        "https://www.instagram.com/ot_teacher_kids/",
        "https://www.youtube.com/@ot_teacher_kids",
        "https://blog.naver.com/ot_teacher_kids",
      ],
    });
    expect(String(graph[1]!.logo)).toMatch(new RegExp(`^${app.origin}/uploads/[0-9a-f-]{36}\\.jpg$`));
    expect(await (await visitor.fetch("/sitemap.xml")).text()).toMatch(
      /<image:loc>http:\/\/127\.0\.0\.1:\d+\/uploads\/[0-9a-f-]{36}\.jpg<\/image:loc>/,
    );
    // The demo gives no privacy contact (a made-up address would be worse): questions go to her Instagram.
    const policy = await page("/poonpee/privacy");
    expect(policy.querySelector('a[href="https://www.instagram.com/ot_teacher_kids/"]')?.parentElement?.textContent).toBe(
      "문의: 인스타그램 다이렉트 메시지 @ot_teacher_kids",
    );
    expect(policy.body.textContent).not.toMatch(/@[a-z0-9-]+\.[a-z]/i);
  });
});

describe("one save on 사이트 설정", () => {
  test("reaches every stored page at the next anonymous visit: name, picture, links, copyright, previews, JSON-LD, privacy contact", async () => {
    // Stored by the page cache first.
    for (const pathname of PAGES) await page(pathname);

    const form = multipart(
      {
        siteName: "소담 아동발달센터",
        siteIntro: "감각통합과 소근육 놀이를 함께 고민하는 소담 선생님입니다.",
        siteHandle: "@sodam_ot",
        "footerLinks[0].label": "인스타그램",
        "footerLinks[0].url": "https://www.instagram.com/sodam_ot/",
        "footerLinks[1].label": "카카오톡 채널",
        "footerLinks[1].url": "https://pf.kakao.com/_sodam",
        copyrightHolder: "소담",
        privacyContact: "02-123-4567",
      },
      { imageFile: [await makeImage("png", { width: 800, height: 800, color: "#55aa77" }), "sodam.png", "image/png"] },
    );
    const saved = await admin.fetch("/site-settings/identity", { body: form });
    expect(saved.status, await saved.clone().text()).toBe(302);

    for (const pathname of PAGES) {
      const document = await page(pathname);
      const seen = shell(document);
      expect(seen.name, pathname).toBe("소담 아동발달센터");
      expect(seen.avatar, pathname).toMatch(/^\/uploads\/[0-9a-f-]{36}-avatar-28\.webp$/);
      expect(seen.links, pathname).toEqual([
        ["인스타그램", "https://www.instagram.com/sodam_ot/"],
        ["카카오톡 채널", "https://pf.kakao.com/_sodam"],
      ]);
      expect(seen.copyright, pathname).toBe(`© ${year} 소담. All rights reserved.`);
      expect(document.title, pathname).toMatch(/(^| \| )소담 아동발달센터$/);
      // A page kept out of search engines (/search) has no preview tags.
      if (meta(document, "robots") !== "noindex") expect(meta(document, "og:site_name"), pathname).toBe("소담 아동발달센터");
      expect(document.body.textContent, pathname).not.toContain("우리아이 작업치료");
      expect(document.body.textContent, pathname).not.toContain("ot_teacher_kids");
    }
    const home = await page("/");
    expect(home.querySelector("h1")?.textContent).toBe("소담 아동발달센터");
    expect(meta(home, "description")).toBe("감각통합과 소근육 놀이를 함께 고민하는 소담 선생님입니다.");
    expect(meta(home, "og:image")).toMatch(new RegExp(`^${app.origin}/uploads/[0-9a-f-]{36}-share\\.jpg$`));
    const share = await visitor.fetch(new URL(meta(home, "og:image")!).pathname);
    expect(share.status).toBe(200);
    expect(share.headers.get("content-type")).toBe("image/jpeg");
    expect(structuredData(home)!["@graph"][1]).toMatchObject({ name: "소담 아동발달센터", alternateName: "@sodam_ot" });
    const career = await page("/career-background");
    expect(career.querySelector(".career__handle")?.textContent).toBe("@sodam_ot");
    const policy = await page("/phonefinder/privacy");
    expect(policy.querySelector('a[href="tel:021234567"]')?.parentElement?.textContent).toBe("개발자 전화번호: 02-123-4567");
    const chatbotPolicy = await page("/ai/privacy");
    expect(chatbotPolicy.body.textContent).toContain("소담 아동발달센터(이하 '사이트')");
    expect(chatbotPolicy.querySelector('a[href="https://www.instagram.com/sodam_ot/"]')?.textContent).toBe("@sodam_ot");
  });
});
