// 사이트 설정 > 사이트 정보 (DESIGN §10 "Site identity") through the real route modules: the page
// form (multipart, with the profile picture) and POST /api/site-settings/update, what a visitor's
// shell then gets (the root loader's `site`), the fallbacks of a site never named, what the page
// form clears and what the API keeps, every refusal leaving nothing stored, and the picture's files
// (re-encoded, its 2:1 share image and the header's avatars; the old ones gone when replaced or removed).
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, beforeEach, describe, expect, test } from "vitest";

import { db } from "~/db/client.server";
import { settings } from "~/db/schema";
import { chatbotPrivacyPolicy } from "~/features/ai/privacy.server";
import { privacyPolicyPage } from "~/features/privacy/privacy.server";
import { currentSiteIdentity } from "~/features/settings/site-settings.server";
import { contentChanged } from "~/lib/content-version.server";
import { avatarName, shareImageName } from "~/lib/upload-names";
import * as rootRoute from "~/root";
import * as settingsPage from "~/routes/_admin.site-settings";
import * as identityPage from "~/routes/_admin.site-settings_.identity";
import * as apiSettings from "~/routes/api.site-settings";
import * as apiUpdate from "~/routes/api.site-settings.update";
import { adminCookie, callAction, callLoader, redirectTarget, thisFile } from "./_direct";
import { assertUploadsMatchDb, makeImage, multipart, uploadFiles, uploadName } from "./_uploads";

const NEW_SITE = {
  siteName: "소담 아동발달센터",
  siteIntro: "감각통합과 소근육 놀이를 함께 고민하는 작업치료사 소담 선생님입니다.",
  siteHandle: "sodam_ot",
  "footerLinks[0].label": "인스타그램",
  "footerLinks[0].url": "https://www.instagram.com/sodam_ot/",
  "footerLinks[1].label": "카카오톡 채널",
  "footerLinks[1].url": "pf.kakao.com/_sodam",
  "footerLinks[2].label": "",
  "footerLinks[2].url": "",
  "footerLinks[3].label": "스토어",
  "footerLinks[3].url": "https://smartstore.naver.com/sodam",
  copyrightHolder: "소담 작업치료 연구소",
  privacyContact: "hello@sodam.example",
};

const NEW_LINKS = [
  { label: "인스타그램", url: "https://www.instagram.com/sodam_ot/" },
  { label: "카카오톡 채널", url: "https://pf.kakao.com/_sodam" },
  { label: "스토어", url: "https://smartstore.naver.com/sodam" },
];

let admin: string;

beforeAll(async () => {
  admin = await adminCookie();
});

beforeEach(() => {
  db().delete(settings).run();
  // Deleted behind the use cases' back: the settings held in memory are read again.
  contentChanged();
  for (const name of uploadFiles(thisFile)) fs.rmSync(path.join(thisFile.uploadsDir, name), { force: true });
});

function postForm(fields: Record<string, string>, picture?: Buffer | string, { as = "admin" }: { as?: "admin" | "visitor" } = {}) {
  const files: Record<string, [Buffer | string, string, string]> = picture ? { imageFile: [picture, "me.png", "image/png"] } : {};
  return callAction(identityPage, "/site-settings/identity", {
    form: multipart(fields, files),
    cookie: as === "admin" ? admin : undefined,
  });
}

function postApi(json: unknown, { as = "admin" }: { as?: "admin" | "visitor" } = {}) {
  return callAction(apiUpdate, "/api/site-settings/update", { json, cookie: as === "admin" ? admin : undefined });
}

type Site = {
  name: string;
  intro: string;
  handle: string | null;
  profileImage: string | null;
  avatar: { src: string; srcSet: string } | null;
  shareImage: string | null;
  footerLinks: { label: string; url: string }[];
  copyright: string;
};

async function visitorSite(): Promise<Site> {
  return ((await (await callLoader(rootRoute, "/")).json()) as { site: Site }).site;
}

async function fieldErrors(response: Response) {
  return ((await response.json()) as { error: Record<string, string[]> }).error;
}

function identityRows() {
  return db()
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .all()
    .filter((row) => !["site.chatbotScriptUrl", "site.chatbotBotId", "site.kakaoJsKey"].includes(row.key));
}

const year = new Date().getFullYear();

describe("a site never named", () => {
  test("has a neutral name, the introduction that names the menus shown, the drawn face, no links, its name as the copyright holder, no privacy contact", async () => {
    const site = await visitorSite();
    expect(site).toMatchObject({
      name: "아동 작업치료",
      intro: "아동 작업치료사가 전하는 발달·배변훈련 정보, 릴스 모음, 추천 제품과 공동구매를 한곳에서 만나보세요.",
      handle: null,
      profileImage: null,
      avatar: null,
      shareImage: null,
      footerLinks: [],
      copyright: `© ${year} 아동 작업치료. All rights reserved.`,
    });
    expect(privacyPolicyPage("poonpee")).not.toMatch(/개발자 (이메일|전화번호):|mailto:|tel:/);
    expect(privacyPolicyPage("poonpee")).not.toContain("{{");
    expect(chatbotPrivacyPolicy().contacts).toEqual([]);
  });
});

describe("the 사이트 정보 screen (/site-settings/identity)", () => {
  test("turns the site into another therapist's: every field, the picture re-encoded with its share image and avatars", async () => {
    const response = await postForm(NEW_SITE, await makeImage("png", { width: 900, height: 600 }));
    expect(response.status, await response.clone().text()).toBe(302);
    expect(redirectTarget(response)).toBe("/site-settings");

    const site = await visitorSite();
    expect(site).toMatchObject({
      name: "소담 아동발달센터",
      intro: NEW_SITE.siteIntro,
      handle: "@sodam_ot",
      footerLinks: NEW_LINKS,
      copyright: `© ${year} 소담 작업치료 연구소. All rights reserved.`,
    });
    const picture = uploadName(site.profileImage)!;
    expect(picture).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(site.shareImage).toBe(`/uploads/${shareImageName(picture)}`);
    expect(site.avatar).toEqual({
      src: `/uploads/${avatarName(picture, 28)}`,
      srcSet: [1, 2, 3].map((density) => `/uploads/${avatarName(picture, 28 * density)} ${density}x`).join(", "),
    });
    for (const side of [28, 56, 84]) {
      const file = path.join(thisFile.uploadsDir, avatarName(picture, side));
      // Square, cropped from the centre: what the header draws at 28 px.
      expect(await sharp(file).metadata()).toMatchObject({
        width: side,
        height: side,
        format: "webp",
      });
    }
    assertUploadsMatchDb(thisFile, "after the picture");

    // The privacy pages state her contact; the chatbot's names the site and her Instagram by handle.
    expect(privacyPolicyPage("poonpee")).toContain('<li>개발자 이메일: <a href="mailto:hello@sodam.example">hello@sodam.example</a></li>');
    expect(privacyPolicyPage("phonefinder")).toContain('<a href="mailto:hello@sodam.example">hello@sodam.example</a>');
    const chatbot = chatbotPrivacyPolicy();
    expect(chatbot.intro).toMatch(/^소담 아동발달센터\(이하 '사이트'\)/);
    expect(chatbot.contacts).toEqual([
      { label: "문의 이메일:", text: "hello@sodam.example", href: "mailto:hello@sodam.example" },
      { label: "문의: 인스타그램 다이렉트 메시지", text: "@sodam_ot", href: "https://www.instagram.com/sodam_ot/" },
    ]);

    // The settings page shows what is saved.
    const page = (await (await callLoader(settingsPage, "/site-settings", { cookie: admin })).json()) as {
      settings: { identity: Record<string, unknown> };
    };
    expect(page.settings.identity).toEqual({
      siteName: "소담 아동발달센터",
      siteIntro: NEW_SITE.siteIntro,
      siteHandle: "@sodam_ot",
      profileImage: site.profileImage,
      footerLinks: NEW_LINKS,
      copyrightHolder: "소담 작업치료 연구소",
      privacyContact: "hello@sodam.example",
    });
  });

  test("a field left blank clears it (the form shows them all); a phone number is a tel: link; a new picture replaces the old one's files", async () => {
    expect((await postForm(NEW_SITE, await makeImage("png"))).status).toBe(302);
    const first = uploadName((await visitorSite()).profileImage)!;

    const response = await postForm({ siteName: "소담", privacyContact: "010-1234-5678" }, await makeImage("jpeg"));
    expect(response.status).toBe(302);
    const site = await visitorSite();
    expect(site).toMatchObject({ name: "소담", handle: null, footerLinks: [], copyright: `© ${year} 소담. All rights reserved.` });
    expect(site.intro).toContain("한곳에서 만나보세요.");
    expect(uploadName(site.profileImage)).not.toBe(first);
    expect(uploadFiles(thisFile).filter((name) => name.startsWith(first.slice(0, 36)))).toEqual([]);
    assertUploadsMatchDb(thisFile, "after a new picture");
    expect(privacyPolicyPage("poonpee")).toContain('<li>개발자 전화번호: <a href="tel:01012345678">010-1234-5678</a></li>');
    expect(chatbotPrivacyPolicy().contacts).toEqual([{ label: "문의 전화:", text: "010-1234-5678", href: "tel:01012345678" }]);

    // 사진 삭제 (removeImage): back to the drawn face, the files gone once the row is written.
    expect((await postForm({ siteName: "소담", removeImage: "on" })).status).toBe(302);
    expect(await visitorSite()).toMatchObject({ profileImage: null, avatar: null, shareImage: null });
    expect(uploadFiles(thisFile)).toEqual([]);
  });

  test("without a new file or removeImage, the picture stays", async () => {
    expect((await postForm(NEW_SITE, await makeImage("png"))).status).toBe(302);
    const picture = (await visitorSite()).profileImage;
    expect((await postForm({ ...NEW_SITE, siteName: "다른 이름" })).status).toBe(302);
    expect(await visitorSite()).toMatchObject({ name: "다른 이름", profileImage: picture });
  });

  test.each([
    ["no site name", { siteName: "" }, "siteName", "사이트 이름을 입력해 주세요."],
    ["a site name over 30", { siteName: "가".repeat(31) }, "siteName", "사이트 이름은 30자 이내로 입력해 주세요."],
    [
      "a line break in the name",
      { siteName: "소담\n센터" },
      "siteName",
      "줄바꿈, 탭 등 보이지 않는 제어 문자는 쓸 수 없습니다. 한 줄로 입력해 주세요.",
    ],
    ["an introduction over 200", { siteIntro: "가".repeat(201) }, "siteIntro", "짧은 소개는 200자 이내로 입력해 주세요."],
    [
      "a handle with Hangul",
      { siteHandle: "@소담" },
      "siteHandle",
      "핸들은 @ 뒤에 영문, 숫자, 밑줄(_), 마침표(.), 하이픈(-)으로 30자 이내로 입력해 주세요.",
    ],
    [
      "an http footer link",
      { "footerLinks[0].label": "블로그", "footerLinks[0].url": "http://blog.example" },
      "footerLinks[0].url",
      "링크 주소는 https 주소만 쓸 수 있습니다.",
    ],
    ["a footer link without its address", { "footerLinks[0].label": "블로그" }, "footerLinks[0].url", "링크 주소를 입력해 주세요."],
    [
      "a footer address without its label",
      { "footerLinks[0].url": "https://blog.example" },
      "footerLinks[0].label",
      "링크 이름을 입력해 주세요.",
    ],
    [
      "nine footer links",
      Object.fromEntries(
        Array.from({ length: 9 }, (_, at) => [
          [`footerLinks[${at}].label`, `링크${at}`],
          [`footerLinks[${at}].url`, `https://l${at}.example`],
        ]).flat(),
      ),
      "footerLinks",
      "아래쪽 링크는 8개까지 넣을 수 있습니다.",
    ],
    [
      "a privacy contact that is neither",
      { privacyContact: "인스타 DM" },
      "privacyContact",
      "이메일 주소(예: name@example.com)나 전화번호(예: 010-1234-5678)를 입력해 주세요.",
    ],
  ])("refuses %s with 400 and the Korean message beside the field; nothing is stored", async (_, fields, field, message) => {
    const response = await postForm({ siteName: "소담", ...fields } as Record<string, string>, await makeImage("png"));
    expect(response.status).toBe(400);
    expect((await fieldErrors(response))[field]).toEqual([message]);
    expect(identityRows()).toEqual([]);
    expect(uploadFiles(thisFile)).toEqual([]);
  });

  test("a file that is not a picture is refused (415) and nothing is stored", async () => {
    const response = await postForm(NEW_SITE, "<svg onload=alert(1)>");
    expect(response.status).toBe(415);
    expect(identityRows()).toEqual([]);
    expect(uploadFiles(thisFile)).toEqual([]);
  });

  test("a visitor posting the form is sent home and nothing is stored", async () => {
    const response = await postForm(NEW_SITE, undefined, { as: "visitor" });
    expect(redirectTarget(response)).toBe("/");
    expect(identityRows()).toEqual([]);
  });
});

describe("the two forms of 사이트 설정", () => {
  test("the settings form (chatbot, Kakao key) keeps the identity; the identity screen keeps the chatbot and the key", async () => {
    expect((await postForm(NEW_SITE)).status).toBe(302);
    const kakao = await callAction(settingsPage, "/site-settings", {
      form: { kakaoJsKey: "0123456789abcdef0123456789abcdef" },
      cookie: admin,
    });
    expect(kakao.status).toBe(302);
    expect(await visitorSite()).toMatchObject({ name: "소담 아동발달센터", handle: "@sodam_ot", footerLinks: NEW_LINKS });
    expect((await postForm({ ...NEW_SITE, siteName: "소담" })).status).toBe(302);
    expect(
      db()
        .select()
        .from(settings)
        .all()
        .find((row) => row.key === "site.kakaoJsKey")?.value,
    ).toBe("0123456789abcdef0123456789abcdef");
    const page = (await (await callLoader(identityPage, "/site-settings/identity", { cookie: admin })).json()) as {
      identity: { siteName: string };
    };
    expect(page.identity.siteName).toBe("소담");
    expect(redirectTarget(await callLoader(identityPage, "/site-settings/identity"))).toBe("/");
  });
});

describe("the API door", () => {
  test("a missing identity field keeps what is saved; blank clears it; www. reads as https; GET answers the identity", async () => {
    expect((await postForm(NEW_SITE, await makeImage("png"))).status).toBe(302);
    const picture = (await visitorSite()).profileImage;

    const renamed = await postApi({ siteName: "소담 센터", footerLinks: [{ label: "블로그", url: "www.sodam.example/blog" }] });
    expect(renamed.status, await renamed.clone().text()).toBe(200);
    expect(await renamed.json()).toMatchObject({
      errMsg: "",
      errCode: "",
      siteSettings: {
        identity: {
          siteName: "소담 센터",
          siteIntro: NEW_SITE.siteIntro,
          siteHandle: "@sodam_ot",
          profileImage: picture,
          footerLinks: [{ label: "블로그", url: "https://www.sodam.example/blog" }],
          copyrightHolder: "소담 작업치료 연구소",
          privacyContact: "hello@sodam.example",
        },
      },
    });
    expect(await visitorSite()).toMatchObject({ name: "소담 센터", handle: "@sodam_ot", profileImage: picture });

    expect((await postApi({ siteHandle: "", copyrightHolder: "", footerLinks: [] })).status).toBe(200);
    expect(await visitorSite()).toMatchObject({ handle: null, footerLinks: [], copyright: `© ${year} 소담 센터. All rights reserved.` });

    const read = await callLoader(apiSettings, "/api/site-settings", { cookie: admin });
    expect(await read.json()).toMatchObject({ siteSettings: { identity: { siteName: "소담 센터", siteHandle: null, footerLinks: [] } } });
  });

  test("refuses a blank site name, a bad contact and an http link with 400 and errCode; 401 for a visitor; nothing stored", async () => {
    const blank = await postApi({ siteName: " " });
    expect(blank.status).toBe(400);
    expect(await blank.json()).toMatchObject({ errCode: "VALIDATION", errMsg: "사이트 이름을 입력해 주세요." });
    const contact = await postApi({ privacyContact: "not a contact" });
    expect(contact.status).toBe(400);
    const link = await postApi({ footerLinks: [{ label: "블로그", url: "http://blog.example" }] });
    expect(link.status).toBe(400);
    expect(await link.json()).toMatchObject({ errMsg: "링크 주소는 https 주소만 쓸 수 있습니다." });
    const visitor = await postApi({ siteName: "남의 사이트" }, { as: "visitor" });
    expect(visitor.status).toBe(401);
    expect(identityRows()).toEqual([]);
    expect(currentSiteIdentity().name).toBe("아동 작업치료");
  });
});
