// 사이트 설정 through the real route modules: the settings form and the banner screens (page door),
// /api/site-settings (API door), every refusal (host off the allowlist, http, script code, a bad key,
// a bad picture) leaving nothing stored, the banners visitors get, and what follows the saved values:
// the chatbot, the Kakao key and the Content-Security-Policy.
import fs from "node:fs";
import path from "node:path";
import { asc } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, test, vi } from "vitest";

import { db } from "~/db/client.server";
import { partnerAds, settings } from "~/db/schema";
import { BANNER_TURN_MS, pickPartnerAd, shownPartnerAds } from "~/features/ads/ads.server";
import { chatbotSettings } from "~/features/ai/consent.server";
import { newPageChanges } from "~/lib/page-changes.server";
import type { RouteFacts } from "~/lib/route-facts";
import * as rootRoute from "~/root";
import * as settingsPage from "~/routes/_admin.site-settings";
import * as adPage from "~/routes/_admin.site-settings_.ad.$tag.($info)";
import * as adCommandRoute from "~/routes/_admin.site-settings_.ads";
import * as apiSettings from "~/routes/api.site-settings";
import * as apiAdCommand from "~/routes/api.site-settings.ad-command";
import * as apiAdInsert from "~/routes/api.site-settings.ad-insert";
import * as apiAdUpdate from "~/routes/api.site-settings.ad-update";
import * as apiUpdate from "~/routes/api.site-settings.update";
import { contentSecurityPolicy } from "~/startup/csp.server";
import { adminCookie, callAction, callLoader, cookiesFrom, redirectTarget, thisFile } from "./_direct";
import { assertUploadsMatchDb, makeImage, multipart, uploadFiles } from "./_uploads";

vi.hoisted(() => {
  // The environment's defaults, read once by the app's configuration.
  Object.assign(process.env, { CHATBOT_SCRIPT_URL: "https://chat.example/embed.js", CHATBOT_BOT_ID: "env-bot", KAKAO_JS_KEY: "" });
});

const KAKAO_KEY = "0123456789abcdef0123456789abcdef";
const SAVED = "사이트 설정이 저장되었습니다.";
const UNAUTHORIZED = "로그인이 필요합니다.";
const CHATBOT_NOT_ALLOWED =
  "챗봇 스크립트는 허용된 임베드 주소(https://www.chatbase.co/embed.min.js, https://cdn.channel.io/plugin/ch-plugin-web.js, https://www.gstatic.com/dialogflow-console/fast/messenger/bootstrap.js, https://cdn.botpress.cloud/webchat/v버전/inject.js)만 쓸 수 있습니다.";
const LINK_UNFOLLOWABLE = "링크에 띄어쓰기나 줄바꿈, 보이지 않는 문자가 들어 있어 열 수 없습니다. 주소를 다시 복사해 붙여 넣어 주세요.";
const LINK_CREDENTIALS = "아이디나 비밀번호가 들어 있는 주소는 쓸 수 없습니다.";
const KAKAO_SDK = "https://t1.kakaocdn.net/kakao_js_sdk/2.7.4/kakao.min.js";
const BAD_KAKAO_KEY = "카카오 JavaScript 키는 숫자와 영문 a~f로 된 32자입니다. 다시 확인해 주세요.";
const BAD_BOT_ID = "챗봇 ID는 64자 이내의 영문, 숫자, -, _ 로만 입력해 주세요.";
const LINK_NOT_ALLOWED = "연결할 주소는 https 주소만 쓸 수 있습니다.";
const CODE_NOT_PARTNER =
  "쿠팡 파트너스의 이미지 배너 코드(<a><img></a>)나 iframe 코드만 쓸 수 있습니다. 스크립트나 다른 태그가 든 코드는 저장하지 않습니다.";
const CODE_BAD_FRAME = "배너 코드의 iframe 주소는 쿠팡 파트너스(coupa.ng, ads-partners.coupang.com)의 https 주소여야 합니다.";
const CODE_BAD_LINK = "배너 코드의 링크는 https 주소여야 합니다.";
const CODE_BAD_IMAGE = "배너 코드의 이미지는 쿠팡 이미지 서버(coupangcdn.com)의 https 주소여야 합니다.";
const BAD_TYPE = "PNG, JPEG, WEBP, GIF 형식의 이미지만 올릴 수 있습니다.";

const COUPANG_IMAGE_CODE =
  '<a href="https://link.coupang.com/a/bXyZ12" target="_blank" referrerpolicy="unsafe-url"><img src="https://image7.coupangcdn.com/image/affiliate/banner/abc.jpg" alt="유아 변기" width="120" height="240"></a>';
const COUPANG_IFRAME_CODE =
  '<iframe src="https://coupa.ng/cdEfGh" width="120" height="240" frameborder="0" scrolling="no" referrerpolicy="unsafe-url"></iframe>';
const COUPANG_WIDGET_CODE =
  '<iframe src="https://ads-partners.coupang.com/widgets.html?id=123456&amp;template=carousel&amp;trackingCode=AF1234567&amp;subId=&amp;width=680&amp;height=140" width="680" height="140" frameborder="0" scrolling="no" referrerpolicy="unsafe-url"></iframe>';

let admin: string;

beforeAll(async () => {
  admin = await adminCookie();
});

beforeEach(() => {
  db().delete(partnerAds).run();
  db().delete(settings).run();
  for (const name of uploadFiles(thisFile)) fs.rmSync(path.join(thisFile.uploadsDir, name), { force: true });
});

/** The banner a page at / shows now, drawn as `variant` (the picture and box a visitor's page gets). */
function drawn(variant: "banner" | "frame") {
  return pickPartnerAd({ context: { pageChanges: newPageChanges() }, request: new Request("http://localhost/") }, variant);
}

function adRows() {
  return db().select().from(partnerAds).orderBy(asc(partnerAds.position)).all();
}

function directives(nonce = "n", facts?: RouteFacts) {
  return new Map(
    contentSecurityPolicy(nonce, facts)
      .split("; ")
      .map((directive) => {
        const [name, ...values] = directive.split(" ");
        return [name!, values] as const;
      }),
  );
}

function postSettings(form: Record<string, string>, { as = "admin" }: { as?: "admin" | "visitor" } = {}) {
  return callAction(settingsPage, "/site-settings", { form, cookie: as === "admin" ? admin : undefined });
}

async function fieldErrors(response: Response) {
  return ((await response.json()) as { error: Record<string, string[]> }).error;
}

function adForm(fields: Record<string, string>, file?: [Buffer | string, string, string]) {
  return multipart(fields, file ? { imageFile: file } : {});
}

function postAd(form: FormData, tag = "0", info?: string) {
  const params: Record<string, string> = info ? { tag, info } : { tag };
  return callAction(adPage, `/site-settings/ad/${tag}`, { form, cookie: admin, params });
}

async function uploadBanner(name = "배변훈련 변기 커버", link = "https://link.coupang.com/a/up1") {
  const response = await postAd(adForm({ name, source: "upload", link, isView: "true" }, [await makeImage("png"), "b.png", "image/png"]));
  expect(response.status).toBe(302);
  return adRows().find((row) => row.name === name)!;
}

async function codeBanner(name: string, code: string) {
  const response = await postAd(adForm({ name, source: "code", code, isView: "true" }));
  expect(response.status, await response.clone().text()).toBe(302);
  return adRows().find((row) => row.name === name)!;
}

describe("the chatbot and the Kakao key", () => {
  test("environment values are the defaults; a saved value overrides them and a blank field clears the override", async () => {
    expect(chatbotSettings()).toEqual({ scriptUrl: "https://chat.example/embed.js", botId: "env-bot", provider: "chat.example" });
    expect(directives().get("script-src")).not.toContain(KAKAO_SDK);

    const saved = await postSettings({
      chatbotScriptUrl: "https://www.chatbase.co/embed.min.js",
      chatbotBotId: "ot_bot-1",
      kakaoJsKey: KAKAO_KEY,
    });
    expect(saved.status).toBe(302);
    expect(redirectTarget(saved)).toBe("/site-settings");
    const toast = (await (await callLoader(rootRoute, "/site-settings", { cookie: cookiesFrom(saved) })).json()) as {
      flash: { message: string };
    };
    expect(toast.flash.message).toBe(SAVED);

    expect(chatbotSettings()).toEqual({
      scriptUrl: "https://www.chatbase.co/embed.min.js",
      botId: "ot_bot-1",
      provider: "www.chatbase.co",
    });
    const root = (await (await callLoader(rootRoute, "/")).json()) as { kakaoJsKey: string | null };
    expect(root.kakaoJsKey).toBe(KAKAO_KEY);
    const csp = directives();
    // The chatbot by its embed's folder (here the provider's own origin), the Kakao SDK by its exact file.
    expect(csp.get("script-src")).toEqual(expect.arrayContaining(["https://www.chatbase.co/", KAKAO_SDK]));
    expect(csp.get("script-src")).not.toContain("https://t1.kakaocdn.net");
    expect(csp.get("script-src")).not.toContain("https://chat.example/");
    expect(csp.get("frame-src")).toEqual(["https://www.chatbase.co"]);

    const cleared = await postSettings({ chatbotScriptUrl: "", chatbotBotId: "", kakaoJsKey: "" });
    expect(cleared.status).toBe(302);
    expect(chatbotSettings()).toEqual({ scriptUrl: "https://chat.example/embed.js", botId: "env-bot", provider: "chat.example" });
    expect(((await (await callLoader(rootRoute, "/")).json()) as { kakaoJsKey: string | null }).kakaoJsKey).toBeNull();
    expect(directives().get("script-src")).not.toContain(KAKAO_SDK);
    expect(db().select().from(settings).all()).toEqual([]);
  });

  test("the chatbot's script, frame and connection are allowed where it may load (public pages, no route), never on the owner's screens", () => {
    for (const facts of [{ access: "public", cache: true }, { access: "public" }, undefined] as const) {
      const csp = directives("n", facts);
      expect(csp.get("script-src"), JSON.stringify(facts)).toContain("https://chat.example/");
      expect(csp.get("frame-src"), JSON.stringify(facts)).toContain("https://chat.example");
      expect(csp.get("connect-src"), JSON.stringify(facts)).toContain("https://chat.example");
    }
    const owner = directives("n", { access: "admin", jsBudgetKiB: 150 });
    expect(owner.get("script-src")).toEqual(["'self'", "'nonce-n'"]);
    expect(owner.get("frame-src")).toEqual(["'none'"]);
    expect(owner.get("connect-src")).toEqual(["'self'"]);
  });

  test("the chatbot allowlist names exact scripts: Dialogflow's embed is accepted, nothing else of www.gstatic.com; the CSP names the embed's folder, not the shared origin", async () => {
    for (const other of [
      "https://www.gstatic.com/firebasejs/10.0.0/firebase-app.js",
      "https://www.gstatic.com/dialogflow-console/fast/messenger/bootstrap.js/../../../../firebasejs/x.js",
      "https://www.chatbase.co/other.js",
      "https://cdn.botpress.cloud/evil/inject.js",
    ]) {
      const refused = await postSettings({ chatbotScriptUrl: other });
      expect(refused.status, other).toBe(400);
      expect((await fieldErrors(refused)).chatbotScriptUrl, other).toEqual([CHATBOT_NOT_ALLOWED]);
    }
    expect(db().select().from(settings).all()).toEqual([]);

    const saved = await postSettings({ chatbotScriptUrl: "https://www.gstatic.com/dialogflow-console/fast/messenger/bootstrap.js?v=1" });
    expect(saved.status).toBe(302);
    expect(chatbotSettings()?.scriptUrl).toBe("https://www.gstatic.com/dialogflow-console/fast/messenger/bootstrap.js?v=1");
    const scripts = directives().get("script-src")!;
    expect(scripts).toContain("https://www.gstatic.com/dialogflow-console/fast/messenger/");
    expect(scripts).not.toContain("https://www.gstatic.com");
    expect(scripts).not.toContain("https://www.gstatic.com/");
    expect((await postSettings({ chatbotScriptUrl: "https://cdn.botpress.cloud/webchat/v3.6/inject.js" })).status).toBe(302);
    expect(directives().get("script-src")).toContain("https://cdn.botpress.cloud/webchat/v3.6/");
    await postSettings({ chatbotScriptUrl: "" });
  });

  test.each([
    ["an http script", { chatbotScriptUrl: "http://www.chatbase.co/embed.min.js" }, "chatbotScriptUrl", CHATBOT_NOT_ALLOWED],
    ["a host off the allowlist", { chatbotScriptUrl: "https://evil.example/embed.js" }, "chatbotScriptUrl", CHATBOT_NOT_ALLOWED],
    ["a look-alike host", { chatbotScriptUrl: "https://www.chatbase.co.evil.example/embed.js" }, "chatbotScriptUrl", CHATBOT_NOT_ALLOWED],
    [
      "a script address with a line break",
      { chatbotScriptUrl: "https://www.chatbase.co/embed\n.min.js" },
      "chatbotScriptUrl",
      LINK_UNFOLLOWABLE,
    ],
    ["a key of the wrong shape", { kakaoJsKey: "0123456789abcdef" }, "kakaoJsKey", BAD_KAKAO_KEY],
    ["a key with other letters", { kakaoJsKey: "z123456789abcdef0123456789abcdef" }, "kakaoJsKey", BAD_KAKAO_KEY],
    ["a bot id with markup", { chatbotBotId: '"><script>' }, "chatbotBotId", BAD_BOT_ID],
  ])("the page form refuses %s with 400 and the Korean message; nothing is stored", async (_, form, field, message) => {
    const response = await postSettings(form);
    expect(response.status).toBe(400);
    expect((await fieldErrors(response))[field]).toEqual([message]);
    expect(db().select().from(settings).all()).toEqual([]);
  });

  test("a visitor posting the form is sent home and nothing is stored", async () => {
    const response = await postSettings({ kakaoJsKey: KAKAO_KEY }, { as: "visitor" });
    expect(redirectTarget(response)).toBe("/");
    expect(db().select().from(settings).all()).toEqual([]);
  });

  test("the API door: 401 for a visitor, the saved values for the admin, 400 with errCode for a bad key", async () => {
    const anonymous = await callAction(apiUpdate, "/api/site-settings/update", { json: { kakaoJsKey: KAKAO_KEY } });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ errMsg: UNAUTHORIZED });

    const refused = await callAction(apiUpdate, "/api/site-settings/update", { json: { kakaoJsKey: "nope" }, cookie: admin });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ errCode: "VALIDATION", errMsg: BAD_KAKAO_KEY });
    expect(db().select().from(settings).all()).toEqual([]);

    const saved = await callAction(apiUpdate, "/api/site-settings/update", { json: { kakaoJsKey: KAKAO_KEY }, cookie: admin });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({
      errMsg: "",
      siteSettings: {
        saved: { kakaoJsKey: KAKAO_KEY, chatbotScriptUrl: null },
        defaults: { chatbotScriptUrl: "https://chat.example/embed.js" },
      },
    });

    expect((await callLoader(apiSettings, "/api/site-settings")).status).toBe(401);
    const read = await callLoader(apiSettings, "/api/site-settings", { cookie: admin });
    expect(await read.json()).toMatchObject({ siteSettings: { saved: { kakaoJsKey: KAKAO_KEY } }, partnerAds: [] });
  });

  test("the settings page shows what is saved and the defaults a blank field falls back to", async () => {
    await postSettings({ kakaoJsKey: KAKAO_KEY });
    const data = (await (await callLoader(settingsPage, "/site-settings", { cookie: admin })).json()) as {
      settings: { saved: Record<string, string | null>; defaults: Record<string, string | null> };
    };
    expect(data.settings.saved).toEqual({ chatbotScriptUrl: null, chatbotBotId: null, kakaoJsKey: KAKAO_KEY, kakaoChannelUrl: null });
    expect(data.settings.defaults).toEqual({
      chatbotScriptUrl: "https://chat.example/embed.js",
      chatbotBotId: "env-bot",
      kakaoJsKey: null,
      kakaoChannelUrl: null,
    });
    expect(redirectTarget(await callLoader(settingsPage, "/site-settings"))).toBe("/");
  });
});

describe("partner banners", () => {
  test("an uploaded picture with a partner link is stored re-encoded; visitors get it through /out/ad/{id}", async () => {
    const response = await postAd(
      adForm({ name: "배변훈련 변기 커버", source: "upload", link: "https://link.coupang.com/a/up1", isView: "true" }, [
        await makeImage("png"),
        "banner.png",
        "image/png",
      ]),
    );
    expect(redirectTarget(response)).toBe("/site-settings");
    const [row] = adRows();
    expect(row).toMatchObject({
      name: "배변훈련 변기 커버",
      link: "https://link.coupang.com/a/up1",
      imageUrl: null,
      frameUrl: null,
      isView: true,
    });
    expect(row!.image).toMatch(/^[0-9a-f-]{36}\.png$/);
    assertUploadsMatchDb(thisFile, "after the upload");
    expect(shownPartnerAds()[0]).toEqual({
      id: row!.id,
      name: "배변훈련 변기 커버",
      coupang: true,
      kind: "image",
      href: `/out/ad/${row!.id}`,
      src: `/uploads/${row!.image}`,
      // Drawn at the stored picture's own size.
      size: { width: row!.width, height: row!.height },
    });
    expect(row!.width).toBe(64);
    // As a page draws it: its box, its name, and its sizes (docs/architecture.md §5) with the width it is shown at.
    const stem = row!.image!.replace(/\.png$/, "");
    const { width, height } = row!;
    expect(await drawn("banner")).toEqual({
      id: row!.id,
      name: "배변훈련 변기 커버",
      label: "광고: 배변훈련 변기 커버",
      // A banner to Coupang carries Coupang Partners' words (smaller-points.test.ts: a shop's banner).
      cta: "쿠팡에서 보기",
      disclosure: "이 포스팅은 쿠팡 파트너스 활동의 일환으로, 이에 따른 일정액의 수수료를 제공받습니다.",
      variant: "banner",
      kind: "image",
      href: `/out/ad/${row!.id}`,
      box: { width, height, style: { aspectRatio: `${width} / ${height}` } },
      picture: {
        sources: ["avif", "webp"].map((format) => ({
          type: `image/${format}`,
          srcSet: `/uploads/${stem}-full.${format} 64w`,
          sizes: "min(64px, 100vw - 32px, 658px)",
        })),
        img: { src: `/uploads/${row!.image}`, width, height, loading: "lazy" },
      },
    });
    // In the list pages' frame: its own 64 px (at most the frame's inside, 210 px, and 240 px high).
    expect(await drawn("frame")).toMatchObject({ variant: "frame", picture: { sources: [{ sizes: "64px" }, { sizes: "64px" }] } });
  });

  test("Coupang's image code becomes a link and a picture, its iframe codes a frame; the code itself is not kept", async () => {
    const image = await codeBanner("이미지 코드", COUPANG_IMAGE_CODE);
    expect(image).toMatchObject({
      link: "https://link.coupang.com/a/bXyZ12",
      imageUrl: "https://image7.coupangcdn.com/image/affiliate/banner/abc.jpg",
      frameUrl: null,
      image: null,
    });
    const frame = await codeBanner("아이프레임 코드", COUPANG_IFRAME_CODE);
    expect(frame).toMatchObject({ link: null, imageUrl: null, frameUrl: "https://coupa.ng/cdEfGh" });
    const widget = await codeBanner("위젯 코드", COUPANG_WIDGET_CODE);
    expect(widget.frameUrl).toBe(
      "https://ads-partners.coupang.com/widgets.html?id=123456&template=carousel&trackingCode=AF1234567&subId=&width=680&height=140",
    );
    expect(JSON.stringify(adRows())).not.toContain("<");
    // Coupang's widget names its size in its address; the frame is drawn at that size.
    await callAction(adCommandRoute, "/site-settings/ads", { form: { index: String(image.id), command: "hide" }, cookie: admin });
    await callAction(adCommandRoute, "/site-settings/ads", { form: { index: String(frame.id), command: "hide" }, cookie: admin });
    expect(shownPartnerAds()[0]).toMatchObject({ kind: "frame", size: { width: 680, height: 140 } });
  });

  test.each([
    ["a script", `<script src="https://coupa.ng/x.js"></script>`, CODE_NOT_PARTNER],
    ["a script beside real code", `${COUPANG_IFRAME_CODE}<script>alert(1)</script>`, CODE_NOT_PARTNER],
    ["an event handler's markup", `<img src="https://image7.coupangcdn.com/a.jpg" onerror="alert(1)">`, CODE_NOT_PARTNER],
    ["text around the code", `클릭하세요 ${COUPANG_IFRAME_CODE}`, CODE_NOT_PARTNER],
    ["an http iframe", '<iframe src="http://coupa.ng/cdEfGh"></iframe>', CODE_BAD_FRAME],
    ["an iframe off the allowlist", '<iframe src="https://evil.example/ad"></iframe>', CODE_BAD_FRAME],
    ["a javascript: link", '<a href="javascript:alert(1)"><img src="https://image7.coupangcdn.com/a.jpg"></a>', CODE_BAD_LINK],
    ["an http link", '<a href="http://shop.example/"><img src="https://image7.coupangcdn.com/a.jpg"></a>', CODE_BAD_LINK],
    [
      "a picture off the image host",
      '<a href="https://link.coupang.com/a/x"><img src="https://coupangcdn.com.evil.example/a.jpg"></a>',
      CODE_BAD_IMAGE,
    ],
  ])("pasted code with %s is refused with 400 and its reason; nothing is stored", async (_, code, message) => {
    const response = await postAd(adForm({ name: "거절될 배너", source: "code", code }));
    expect(response.status).toBe(400);
    expect((await fieldErrors(response)).code).toEqual([message]);
    expect(adRows()).toEqual([]);
  });

  test("a partner link a browser cannot follow as written is refused with its reason; an accepted one is stored as parsed", async () => {
    const refusals: [string, string][] = [
      ["https://link.coupang.com/a/\nx", LINK_UNFOLLOWABLE],
      ["https://link.coupang .com/a/x", LINK_UNFOLLOWABLE],
      ["https://me:pw@link.coupang.com/a/x", LINK_CREDENTIALS],
    ];
    for (const [link, message] of refusals) {
      const response = await postAd(adForm({ name: "배너", source: "upload", link }, [await makeImage("png"), "b.png", "image/png"]));
      expect(response.status, link).toBe(400);
      expect((await fieldErrors(response)).link, link).toEqual([message]);
    }
    const code = '<a href="https://link.coupang.com/a/x&#10;y"><img src="https://image7.coupangcdn.com/a.jpg"></a>';
    const pasted = await postAd(adForm({ name: "배너", source: "code", code }));
    expect(pasted.status).toBe(400);
    expect((await fieldErrors(pasted)).code).toEqual([CODE_BAD_LINK]);
    expect(adRows()).toEqual([]);

    const saved = await postAd(
      adForm({ name: "배너", source: "upload", link: "HTTPS://LINK.COUPANG.COM/a/x" }, [await makeImage("png"), "b.png", "image/png"]),
    );
    expect(saved.status).toBe(302);
    expect(adRows().map((row) => row.link)).toEqual(["https://link.coupang.com/a/x"]);
    const fromCode = await codeBanner(
      "코드 배너",
      '<a href="https://link.coupang.com/a/%7Ex"><img src="https://IMAGE7.coupangcdn.com/a.jpg"></a>',
    );
    expect(fromCode).toMatchObject({ link: "https://link.coupang.com/a/%7Ex", imageUrl: "https://image7.coupangcdn.com/a.jpg" });
    db().delete(partnerAds).run();
  });

  test("an upload refuses an http link or one that is no address (400) and a file that is no picture (415), storing nothing", async () => {
    for (const link of ["http://link.coupang.com/a/x", "ftp://shop.example/a", "javascript:alert(1)", "쇼핑몰"]) {
      const response = await postAd(adForm({ name: "배너", source: "upload", link }, [await makeImage("png"), "b.png", "image/png"]));
      expect(response.status).toBe(400);
      expect((await fieldErrors(response)).link).toEqual([LINK_NOT_ALLOWED]);
    }
    const notPicture = await postAd(
      adForm({ name: "배너", source: "upload", link: "https://link.coupang.com/a/x" }, ["<svg onload=alert(1)>", "b.png", "image/png"]),
    );
    expect(notPicture.status).toBe(415);
    expect((await fieldErrors(notPicture)).imageFile).toEqual([BAD_TYPE]);
    expect(adRows()).toEqual([]);
    expect(uploadFiles(thisFile)).toEqual([]);
  });

  test("switching an uploaded banner to code removes its picture after the write", async () => {
    const row = await uploadBanner();
    const info = encodeURIComponent(JSON.stringify({ id: row.id }));
    const response = await postAd(
      adForm({ name: row.name, source: "code", code: COUPANG_IFRAME_CODE, isView: "true" }),
      "1700000000000",
      info,
    );
    expect(redirectTarget(response)).toBe("/site-settings");
    expect(adRows()[0]).toMatchObject({ id: row.id, image: null, frameUrl: "https://coupa.ng/cdEfGh" });
    expect(uploadFiles(thisFile)).toEqual([]);
  });

  test("a demo banner (a picture of the site's own) keeps its picture when edited without a new file", async () => {
    const link = `https://www.coupang.com/np/search?q=${encodeURIComponent("어린이 균형 쿠션")}`;
    const demo = db()
      .insert(partnerAds)
      .values({ name: "어린이 균형 쿠션", link, imageUrl: "/demo/ads/ad-5.png", position: 0 })
      .returning()
      .get();
    const info = encodeURIComponent(JSON.stringify({ id: demo.id }));
    const response = await postAd(adForm({ name: "균형 쿠션", source: "upload", link, isView: "true" }), "1700000000000", info);
    expect(redirectTarget(response)).toBe("/site-settings");
    expect(adRows()[0]).toMatchObject({ name: "균형 쿠션", imageUrl: "/demo/ads/ad-5.png", image: null, link });
    expect(shownPartnerAds()[0]).toMatchObject({ kind: "image", src: "/demo/ads/ad-5.png", href: `/out/ad/${demo.id}` });
    // A demo picture is the site's own file, not an upload: no sizes.
    expect(await drawn("banner")).toMatchObject({ kind: "image", picture: { sources: [], img: { src: "/demo/ads/ad-5.png" } } });
  });

  test("the list buttons move, hide and delete banners (page door), and a deleted banner's picture goes with it", async () => {
    const first = await uploadBanner("첫째", "https://link.coupang.com/a/1");
    const second = await codeBanner("둘째", COUPANG_IFRAME_CODE);
    const command = (index: number, name: string) =>
      callAction(adCommandRoute, "/site-settings/ads", { form: { index: String(index), command: name }, cookie: admin });

    expect(redirectTarget(await command(second.id, "up"))).toBe("/site-settings");
    expect(adRows().map((row) => row.name)).toEqual(["둘째", "첫째"]);
    await command(second.id, "up");
    expect(adRows().map((row) => row.name)).toEqual(["둘째", "첫째"]);

    await command(second.id, "hide");
    expect(adRows()[0]!.isView).toBe(false);
    expect(directives().get("frame-src")).not.toContain("https://coupa.ng");
    await command(second.id, "show");
    expect(directives().get("frame-src")).toContain("https://coupa.ng");

    await command(first.id, "delete");
    expect(adRows().map((row) => row.name)).toEqual(["둘째"]);
    expect(uploadFiles(thisFile)).toEqual([]);

    const anonymous = await callAction(adCommandRoute, "/site-settings/ads", { form: { index: String(second.id), command: "delete" } });
    expect(redirectTarget(anonymous)).toBe("/");
    expect(adRows()).toHaveLength(1);
  });

  test("the API door: 401 for a visitor, insert and update (multipart), commands (JSON), 404 for a missing banner", async () => {
    const anonymous = await callAction(apiAdInsert, "/api/site-settings/ad-insert", {
      form: adForm({ name: "배너", source: "code", code: COUPANG_IFRAME_CODE }),
    });
    expect(anonymous.status).toBe(401);
    expect(adRows()).toEqual([]);

    const inserted = await callAction(apiAdInsert, "/api/site-settings/ad-insert", {
      form: adForm({ name: "API 배너", source: "code", code: COUPANG_IMAGE_CODE }),
      cookie: admin,
    });
    expect(inserted.status).toBe(200);
    const [ad] = ((await inserted.json()) as { partnerAds: { index: number; source: string; link: string }[] }).partnerAds;
    expect(ad).toMatchObject({ source: "code", link: "https://link.coupang.com/a/bXyZ12" });

    const refused = await callAction(apiAdUpdate, "/api/site-settings/ad-update", {
      form: adForm({ index: String(ad!.index), name: "API 배너", source: "code", code: "<script>alert(1)</script>" }),
      cookie: admin,
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ errCode: "VALIDATION", errMsg: CODE_NOT_PARTNER });
    expect(adRows()[0]!.link).toBe("https://link.coupang.com/a/bXyZ12");

    const hidden = await callAction(apiAdCommand, "/api/site-settings/ad-command", {
      json: { index: ad!.index, command: "hide" },
      cookie: admin,
    });
    expect(hidden.status).toBe(200);
    expect(await hidden.json()).toMatchObject({ message: "배너를 숨겼습니다.", partnerAds: [{ index: ad!.index, isView: false }] });

    const missing = await callAction(apiAdCommand, "/api/site-settings/ad-command", {
      json: { index: 999_999, command: "delete" },
      cookie: admin,
    });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ errMsg: "배너를 찾을 수 없습니다." });
  });
});

describe("what visitors get", () => {
  test("no banner shown: no ad at all", async () => {
    expect(shownPartnerAds()).toEqual([]);
    const hidden = await codeBanner("숨긴 배너", COUPANG_IFRAME_CODE);
    await callAction(adCommandRoute, "/site-settings/ads", { form: { index: String(hidden.id), command: "hide" }, cookie: admin });
    expect(shownPartnerAds()).toEqual([]);
    // Only the environment's chatbot is framed: no partner origin for a hidden banner.
    expect(directives().get("frame-src")).toEqual(["https://chat.example"]);
  });

  test("every shown banner takes its turn on every page, a turn every five minutes, in order (new ones on top); hidden ones never show", async () => {
    const names = ["하나", "둘", "셋", "넷", "다섯", "여섯", "일곱"];
    for (const name of names) await codeBanner(name, COUPANG_IFRAME_CODE);
    const third = adRows()[2]!;
    expect(third.name).toBe("다섯");
    await callAction(adCommandRoute, "/site-settings/ads", { form: { index: String(third.id), command: "hide" }, cookie: admin });
    const order = ["일곱", "여섯", "넷", "셋", "둘", "하나"];
    expect(shownPartnerAds().map((ad) => ad.name)).toEqual(order);
    const start = Date.UTC(2031, 0, 5, 3, 0);
    const pages = ["/", "/product-list", "/reels-category", "/ai", "/reels-list/3/%EB%86%80%EC%9D%B4"];
    const firsts = new Set<string>();
    for (const page of pages) {
      const turns: string[] = [];
      for (let turn = 0; turn <= order.length; turn++) {
        const context = { pageChanges: newPageChanges() };
        const at = start + turn * BANNER_TURN_MS + 1_000;
        const name = (await pickPartnerAd({ context, request: new Request(`http://localhost${page}`) }, "banner", at))?.name;
        // The page's banner holds until its turn ends: the page cache keeps the page no longer.
        expect(context.pageChanges.at, page).toBe(start + (turn + 1) * BANNER_TURN_MS);
        turns.push(name!);
      }
      firsts.add(turns[0]!);
      // Each page shows every shown banner once a round, in the owner's order, then starts again.
      const from = order.indexOf(turns[0]!);
      expect(turns, page).toEqual([...order.slice(from), ...order.slice(0, from), order[from]]);
    }
    expect(firsts.size, "at one moment, the pages do not all show the same banner").toBeGreaterThan(1);
    const frame = shownPartnerAds()[0];
    // The code's 120x240 widget keeps its own size (it was drawn as 320x50 before).
    expect(frame).toEqual({
      id: adRows()[0]!.id,
      name: "일곱",
      coupang: true,
      kind: "frame",
      frameUrl: "https://coupa.ng/cdEfGh",
      size: { width: 120, height: 240 },
    });
  });

  test("a widget of no stated size fills its slot: the list pages' 236x197 frame, else a 320x50 banner", async () => {
    db().insert(partnerAds).values({ name: "블록 위젯", frameUrl: "https://coupa.ng/abc", position: 0 }).run();
    expect((await drawn("frame"))?.box).toEqual({ width: 236, height: 197, style: { aspectRatio: "236 / 197" } });
    expect((await drawn("banner"))?.box).toEqual({ width: 320, height: 50, style: { aspectRatio: "320 / 50" } });
  });
});
