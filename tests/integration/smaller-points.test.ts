// The smaller points of issue 33 (point 9) through the real server on the demo content, as a browser
// without JavaScript gets them: a category's hashtags in the API's answers; a banner to a shop's own
// site (an address typed without https:// included); the Kakao key's hint and refusal saying the same
// rule; one message for a reversed date range; /ai saying it needs JavaScript before the consent and
// letting a parent withdraw it; a withheld reel's message above its poster.
import { within } from "@testing-library/dom";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { startApp, type TestApp } from "../support/app";
import { parseHtml } from "../support/dom";
import { Client } from "../support/http";
import { withDatabase } from "../support/records";
import { adminClient, queryOneIn, reelPathIn, setCookiesNamed, visibleHtml } from "./_helpers";
import { makeImage, multipart } from "./_uploads";

let app: TestApp;
let admin: Client;

beforeAll(async () => {
  app = await startApp({ CHATBOT_SCRIPT_URL: "https://www.chatbase.co/embed.min.js", CHATBOT_BOT_ID: "bot-1" });
  admin = await adminClient(app);
});
afterAll(() => app?.close());

type Category = { index: number; categoryNm: string; hashtags: string };

describe("a category's hashtags", () => {
  test("the category answers carry the stored, normalised rule: insert, the list, the search", async () => {
    const form = multipart(
      { categoryNm: "해시태그 분류", description: "", isView: "true", hasImage: "false", hashtags: "#배변훈련, 기저귀 #배변훈련 #ABC" },
      {},
    );
    const inserted = await admin.fetch("/api/reels-category/insert", { body: form });
    expect(inserted.status, await inserted.clone().text()).toBe(200);
    const [saved] = ((await inserted.json()) as { reelsCategorys: Category[] }).reelsCategorys;
    expect(saved!.hashtags).toBe("#배변훈련 #기저귀 #abc");

    const list = (await (await admin.fetch("/api/reels-category")).json()) as { reelsCategorys: Category[] };
    expect(list.reelsCategorys.find((category) => category.index === saved!.index)?.hashtags).toBe("#배변훈련 #기저귀 #abc");
    const searched = (await (await admin.fetch(`/api/reels-category/search?keyword=${encodeURIComponent("해시태그")}`)).json()) as {
      reelsCategorys: Category[];
    };
    expect(searched.reelsCategorys.map(({ categoryNm, hashtags }) => ({ categoryNm, hashtags }))).toEqual([
      { categoryNm: "해시태그 분류", hashtags: "#배변훈련 #기저귀 #abc" },
    ]);
    // A category without a rule answers an empty one, to visitors too.
    const visitors = (await (await new Client(app.origin).fetch("/api/reels-category")).json()) as { reelsCategorys: Category[] };
    expect(visitors.reelsCategorys.length).toBeGreaterThan(0);
    for (const category of visitors.reelsCategorys) expect(typeof category.hashtags).toBe("string");
  });
});

describe("a banner to a shop's own site", () => {
  test("any https address is taken, one typed without https:// too; visitors get the shop's address, marked as an advertisement", async () => {
    // The demo's banners step aside (behind the app's back; the save below is the write that empties the page cache).
    const shown = withDatabase(app, (db) => {
      const ids = (db.prepare("SELECT id FROM partner_ads WHERE is_view = 1").all() as { id: number }[]).map((row) => row.id);
      db.prepare("UPDATE partner_ads SET is_view = 0").run();
      return ids;
    });
    const response = await admin.fetch("/site-settings/ad/0", {
      body: multipart(
        { name: "원목 교구 가게", source: "upload", link: "www.wooden-toys.example/store?item=7", isView: "true" },
        { imageFile: [await makeImage("png", { width: 320, height: 100 }), "shop.png", "image/png"] },
      ),
    });
    expect(response.status, await response.clone().text()).toBe(302);
    const row = queryOneIn<{ id: number; link: string }>(app, "SELECT id, link FROM partner_ads WHERE name = ?", "원목 교구 가게");
    expect(row.link).toBe("https://www.wooden-toys.example/store?item=7");

    const out = await new Client(app.origin).fetch(`/out/ad/${row.id}`);
    expect(out.status).toBe(302);
    expect(out.headers.get("Location")).toBe("https://www.wooden-toys.example/store?item=7");

    const page = parseHtml(await (await new Client(app.origin).fetch("/product-list")).text());
    // One banner above each of the page's two sections.
    const banner = within(page.body).getAllByRole("link", { name: /^광고: 원목 교구 가게/ })[0]!;
    expect(banner.getAttribute("href")).toBe(`/out/ad/${row.id}`);
    expect(within(page.body).getAllByText("광고 · 이 배너는 광고주의 사이트로 연결됩니다.").length).toBeGreaterThan(0);
    expect(within(banner).queryByText("쿠팡에서 보기")).toBeNull();
    within(banner).getByText("바로 가기");

    withDatabase(app, (db) => {
      for (const id of shown) db.prepare("UPDATE partner_ads SET is_view = 1 WHERE id = ?").run(id);
    });
    const deleted = await admin.fetch("/api/site-settings/ad-command", { json: { index: row.id, command: "delete" } });
    expect(deleted.status).toBe(200);
  });

  test("an http address, or a widget frame off the partners' list, is still refused", async () => {
    for (const [fields, message] of [
      [{ source: "upload", link: "http://www.wooden-toys.example/" }, "연결할 주소는 https 주소만 쓸 수 있습니다."],
      [
        { source: "code", code: '<iframe src="https://www.wooden-toys.example/widget"></iframe>' },
        "배너 코드의 iframe 주소는 쿠팡 파트너스(coupa.ng, ads-partners.coupang.com)의 https 주소여야 합니다.",
      ],
    ] as const) {
      const response = await admin.fetch("/site-settings/ad/0", {
        body: multipart(
          { name: "거절될 배너", isView: "true", ...fields },
          fields.source === "upload" ? { imageFile: [await makeImage("png"), "b.png", "image/png"] } : {},
        ),
      });
      expect(response.status).toBe(400);
      expect(visibleHtml(await response.text())).toContain(message);
    }
  });
});

describe("the Kakao JavaScript key", () => {
  test("its hint and its refusal state the same rule", async () => {
    const RULE = "숫자와 영문 a~f로 된 32자";
    const settings = parseHtml(await (await admin.fetch("/site-settings")).text());
    const field = within(settings.body).getByLabelText("카카오 JavaScript 키");
    const described = field
      .getAttribute("aria-describedby")!
      .split(" ")
      .map((id) => settings.getElementById(id)?.textContent)
      .join(" ");
    expect(described).toContain(`Kakao Developers의 내 애플리케이션 > 앱 키에 있는 JavaScript 키(${RULE})입니다.`);

    const refused = await admin.fetch("/site-settings", {
      form: { chatbotScriptUrl: "", chatbotBotId: "", kakaoJsKey: "0123456789abcdefghij0123456789ab" },
    });
    expect(refused.status).toBe(400);
    expect(visibleHtml(await refused.text())).toContain(`카카오 JavaScript 키는 ${RULE}입니다. 다시 확인해 주세요.`);
  });
});

describe("a reversed date range on the Instagram filter", () => {
  test("shows one message, by the end date, and no 'nothing found' beside it", async () => {
    const category = queryOneIn<{ id: number; name: string }>(app, "SELECT id, name FROM reel_categories ORDER BY id LIMIT 1");
    const info = encodeURIComponent(JSON.stringify({ title: category.name, reelsCategoryId: category.id }));
    const response = await admin.fetch(`/reels-upsert/0/${info}?regDateFilter=2025-06-10&endDateFilter=2025-06-01`);
    expect(response.status).toBe(200);
    const document = parseHtml(await response.text());
    const message = "끝 날짜를 시작 날짜와 같거나 그 뒤로 골라 주세요.";
    expect(within(document.body).getByLabelText("등록일 끝").getAttribute("aria-invalid")).toBe("true");
    expect(within(document.body).getAllByText(message)).toHaveLength(1);
    expect(document.body.textContent).not.toContain("조건에 맞는 인스타그램 릴스가 없습니다.");
    expect(document.body.textContent).not.toContain("시작 날짜보다 빠를 수 없습니다");
  });
});

describe("/ai", () => {
  test("without consent, a browser without JavaScript reads that the chatbot needs it before the consent form", async () => {
    const html = await (await new Client(app.origin).fetch("/ai")).text();
    const notice =
      "이 챗봇은 자바스크립트가 켜져 있어야 동작합니다. 지금 브라우저는 자바스크립트가 꺼져 있어 동의해도 챗봇을 쓸 수 없습니다. 자바스크립트를 켠 뒤 다시 열어 주세요.";
    const at = html.indexOf(`<noscript><p class="consent__needs-script">${notice}</p></noscript>`);
    expect(at).toBeGreaterThan(-1);
    expect(at, "before the consent's text and its tick box").toBeLessThan(
      html.indexOf("배변훈련 AI 챗봇을 쓰려면 아래 내용에 동의해 주세요."),
    );
    expect(at).toBeLessThan(html.indexOf('name="agree"'));
  });

  test("동의 철회 withdraws the consent (a plain POST): the cookie is cleared and the page asks again", async () => {
    const parent = new Client(app.origin);
    expect((await parent.fetch("/ai", { form: { intent: "consent", agree: "on" } })).status).toBe(302);
    const consented = parseHtml(await (await parent.fetch("/ai")).text());
    const withdraw = within(consented.body).getByRole("button", { name: "동의 철회" });
    expect(withdraw.closest("form")?.getAttribute("method")).toBe("post");
    expect(withdraw.getAttribute("name")).toBe("intent");
    expect(withdraw.getAttribute("value")).toBe("withdraw");

    const response = await parent.fetch("/ai", { form: { intent: "withdraw" } });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/ai");
    const [cleared] = setCookiesNamed(response, "ot_ai_consent");
    expect(cleared).toMatch(/^ot_ai_consent=;/);
    expect(cleared).toMatch(/Max-Age=0/i);
    expect(parent.cookies.has("ot_ai_consent")).toBe(false);

    const again = parseHtml(await (await parent.fetch("/ai")).text());
    within(again.body).getByText("개인정보 수집·이용 동의를 철회했습니다. 챗봇을 다시 쓰려면 새로 동의해 주세요.");
    within(again.body).getByRole("heading", { name: "개인정보 수집·이용 동의" });
    expect(within(again.body).queryByRole("button", { name: "동의 철회" })).toBeNull();
  });
});

describe("a reel whose video Instagram withholds", () => {
  test("says so first, with the link to Instagram, then a still poster: no video player", async () => {
    const { id } = queryOneIn<{ id: number }>(
      app,
      "SELECT r.id FROM reels r JOIN reel_categories c ON c.id = r.category_id WHERE c.is_view = 1 ORDER BY r.id DESC LIMIT 1",
    );
    withDatabase(app, (db) =>
      db
        .prepare("UPDATE reels SET link = NULL, permalink = 'https://www.instagram.com/reel/withheld/', link_checked_at = ? WHERE id = ?")
        .run(new Date().toISOString(), id),
    );
    const document = parseHtml(await (await new Client(app.origin).fetch(reelPathIn(app, id))).text());
    const player = document.querySelector(".reel-player")!;
    expect(player.querySelector("video")).toBeNull();
    expect([...player.children].map((child) => child.className || child.tagName)).toEqual([
      "reel-player__message reel-player__message--unavailable",
      "button button--primary",
      "reel-player__poster reel-player__poster--still poster-frame",
    ]);
    expect(player.children[0]!.textContent).toBe("인스타그램에서 이 영상을 재생할 수 없도록 했습니다. 인스타그램에서 확인해 주세요.");
    expect(player.children[1]!.getAttribute("href")).toBe("https://www.instagram.com/reel/withheld/");
  });
});
