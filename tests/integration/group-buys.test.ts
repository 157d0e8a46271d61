// Group buys (issue 31) through the real route modules: a group buy's terms saved and answered by the
// API and the page form (with JavaScript off), every refusal in Korean beside its field with nothing
// saved, the product list's sections and buttons at a moment, the owner's view, the KakaoTalk
// channel setting, and databases from before the change. The cached pages' own clock is
// group-buy-pages.test.ts. Every test makes the products it needs.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";

import { db } from "~/db/client.server";
import { clickSources, products } from "~/db/schema";
import { toItem } from "~/features/products/products.server";
import * as upsertPage from "~/routes/_admin.product-upsert.$tag.($info)";
import * as settingsPage from "~/routes/_admin.site-settings";
import * as apiList from "~/routes/api.product-list";
import * as apiInsert from "~/routes/api.product-list.insert";
import * as apiUpdate from "~/routes/api.product-list.update";
import * as apiSearch from "~/routes/api.search";
import * as apiSettingsUpdate from "~/routes/api.site-settings.update";
import * as shortLink from "~/routes/p.$id";
import * as productListPage from "~/routes/product-list";
import * as productPage from "~/routes/product.$id";
import { addProduct, type GroupBuyTerms } from "../support/records";
import { adminCookie, callAction, callLoader, redirectTarget } from "./_direct";
import { multipart } from "./_uploads";

const DAY = 86_400_000;
/** 2025-12-03 10:00 in Korea (a Wednesday): 01:00 UTC. */
const DEC_3_10AM = Date.parse("2025-12-03T01:00:00Z");

let admin: string;

beforeAll(async () => {
  admin = await adminCookie();
});
beforeEach(() => {
  db().delete(products).run();
  db().delete(clickSources).run();
});
afterEach(() => {
  vi.useRealTimers();
});

type Product = Record<string, unknown> & { index: number; productNm: string };
type ApiBody = { errMsg: string; errCode: string; fieldErrors?: Record<string, string[]>; productLists?: Product[] };

async function api(response: Response, status: number): Promise<ApiBody> {
  const body = (await response.json()) as ApiBody;
  expect(response.status, JSON.stringify(body).slice(0, 400)).toBe(status);
  return body;
}

/** A group buy's form: a name and no picture, with the given terms. */
function groupBuy(fields: Record<string, string | undefined> = {}) {
  return { productsNm: "배변훈련 변기 커버", hasImage: "false", isView: "true", isGroupBuy: "true", ...fields };
}

const insert = (fields: Record<string, string | undefined>) =>
  callAction(apiInsert, "/api/product-list/insert", { form: multipart(fields), cookie: admin });

function pagePost(fields: Record<string, string | undefined>) {
  return callAction(upsertPage, "/product-upsert/0", { form: multipart(fields), params: { tag: "0" }, cookie: admin });
}

function rowCount() {
  return db().select().from(products).all().length;
}

describe("a group buy's terms through the API and the page form", () => {
  test("POST /api/product-list/insert keeps prices, the window in Korea time, the seller; the answer says its state and discount", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: DEC_3_10AM - DAY });
    const body = await api(
      await insert(
        groupBuy({
          price: "39,000",
          groupBuyPrice: "29000",
          groupBuyStartAt: "2025-12-03 10:00",
          groupBuyEndAt: "2025-12-05T23:59",
          groupBuyNote: "2개 이상 무료배송",
          sellerNm: "우리아이 생활연구소",
          sellerInfo: "상호: 우리아이 생활연구소\r\n교환·환불: 7일 이내",
          inquiryLink: "pf.kakao.com/_abcd",
        }),
      ),
      200,
    );
    expect(body.productLists![0]).toMatchObject({
      price: 39000,
      groupBuyPrice: 29000,
      groupBuyStartAt: "2025-12-03 10:00",
      groupBuyEndAt: "2025-12-05 23:59",
      groupBuyNote: "2개 이상 무료배송",
      isSoldOut: false,
      sellerNm: "우리아이 생활연구소",
      sellerInfo: "상호: 우리아이 생활연구소\n교환·환불: 7일 이내",
      // An address typed without its scheme is read as https.
      inquiryLink: "https://pf.kakao.com/_abcd",
      adDisclosure: "광고 · 판매 수수료를 받는 공동구매입니다",
      groupBuyStatus: "upcoming",
      // 10,000 of 39,000 is 25.6%: rounded down, a page never promises more than the prices give.
      discountRate: 25,
    });
    const row = db().select().from(products).get()!;
    expect(row.groupBuyStartAt, "stored as the UTC instant").toBe("2025-12-03T01:00:00.000Z");
    expect(row.groupBuyEndAt).toBe("2025-12-05T14:59:00.000Z");
    expect(row.adDisclosure, "the default wording is not copied into the row").toBeNull();

    // The same product a moment after it opened, and once it closed: the state is worked out at each request.
    vi.setSystemTime(DEC_3_10AM);
    expect((await api(await callLoader(apiList, "/api/product-list"), 200)).productLists![0]).toMatchObject({ groupBuyStatus: "open" });
    vi.setSystemTime(Date.parse("2025-12-05T14:59:00Z"));
    expect((await api(await callLoader(apiList, "/api/product-list"), 200)).productLists![0]).toMatchObject({ groupBuyStatus: "closed" });
  });

  test("POST /api/product-list/update marks it sold out and clears what is left out; a recommendation has no state", async () => {
    const { index } = (await api(await insert(groupBuy({ price: "20000", groupBuyPrice: "15000", adDisclosure: "광고 · 협찬" })), 200))
      .productLists![0]!;
    const soldOut = await api(
      await callAction(apiUpdate, "/api/product-list/update", {
        form: multipart(
          groupBuy({ index: String(index), price: "20000", groupBuyPrice: "15000", isSoldOut: "on", adDisclosure: "광고 · 협찬" }),
        ),
        cookie: admin,
      }),
      200,
    );
    expect(soldOut.productLists![0]).toMatchObject({ groupBuyStatus: "soldOut", discountRate: 25, adDisclosure: "광고 · 협찬" });
    const recommendation = await api(
      await callAction(apiUpdate, "/api/product-list/update", {
        form: multipart(groupBuy({ index: String(index), isGroupBuy: "false", price: "20000" })),
        cookie: admin,
      }),
      200,
    );
    expect(recommendation.productLists![0]).toMatchObject({
      price: 20000,
      groupBuyPrice: null,
      groupBuyStatus: null,
      discountRate: null,
      adDisclosure: null,
      isSoldOut: false,
    });
  });

  test("the page form without JavaScript takes datetime-local values and redirects with the flash", async () => {
    const response = await pagePost(
      groupBuy({ price: "12000", groupBuyPrice: "9900", groupBuyStartAt: "2025-12-31T22:00", groupBuyEndAt: "2026-01-01T00:30" }),
    );
    expect(redirectTarget(response)).toBe("/product-list");
    const row = db().select().from(products).get()!;
    expect(toItem(row, DEC_3_10AM)).toMatchObject({
      groupBuyStartAt: "2025-12-31 22:00",
      groupBuyEndAt: "2026-01-01 00:30",
      price: 12000,
      groupBuyPrice: 9900,
      discountRate: 17,
    });
  });

  // Each refusal: the field, what is sent, its Korean message. Nothing is saved, by either door.
  const refusals: [string, Record<string, string>, string, string][] = [
    [
      "an end before the start",
      { groupBuyStartAt: "2025-12-05 10:00", groupBuyEndAt: "2025-12-03 10:00" },
      "groupBuyEndAt",
      "마감 시각은 오픈 시각보다 뒤여야 합니다.",
    ],
    [
      "an end at the start",
      { groupBuyStartAt: "2025-12-05 10:00", groupBuyEndAt: "2025-12-05T10:00" },
      "groupBuyEndAt",
      "마감 시각은 오픈 시각보다 뒤여야 합니다.",
    ],
    ["a 공구가 above the 정가", { price: "10000", groupBuyPrice: "12000" }, "groupBuyPrice", "공구가는 정가보다 높을 수 없습니다."],
    ["a negative price", { price: "-1" }, "price", "가격은 0 이상의 정수(원)로 입력해 주세요."],
    ["a fractional price", { groupBuyPrice: "9900.5" }, "groupBuyPrice", "가격은 0 이상의 정수(원)로 입력해 주세요."],
    ["a price in another notation", { price: "1e5" }, "price", "가격은 0 이상의 정수(원)로 입력해 주세요."],
    ["a price over 1억", { price: "100,000,001" }, "price", "가격은 1억 원 이하로 입력해 주세요."],
    ["a day that does not exist", { groupBuyStartAt: "2025-02-30 10:00" }, "groupBuyStartAt", "시각은 2025-12-03 10:00처럼 입력해 주세요."],
    ["24:00", { groupBuyEndAt: "2025-12-03 24:00" }, "groupBuyEndAt", "시각은 2025-12-03 10:00처럼 입력해 주세요."],
    ["a malformed time", { groupBuyStartAt: "12월 3일 10시" }, "groupBuyStartAt", "시각은 2025-12-03 10:00처럼 입력해 주세요."],
    ["an inquiry link over http", { inquiryLink: "http://pf.kakao.com/_abcd" }, "inquiryLink", "https 주소만 입력할 수 있습니다."],
    ["a script for a link", { inquiryLink: "javascript:alert(1)" }, "inquiryLink", "https 주소만 입력할 수 있습니다."],
    ["a condition over 60 characters", { groupBuyNote: "무".repeat(61) }, "groupBuyNote", "60자 이내로 입력해 주세요."],
    [
      "a condition on two lines",
      { groupBuyNote: "무료배송\n2개 이상" },
      "groupBuyNote",
      "줄바꿈, 탭 등 보이지 않는 제어 문자는 쓸 수 없습니다. 한 줄로 입력해 주세요.",
    ],
    ["seller details over 2,000 characters", { sellerInfo: "가".repeat(2001) }, "sellerInfo", "2000자 이내로 입력해 주세요."],
  ];

  test.each(refusals)("%s: 400 with the message beside the field, nothing saved (API and page form)", async (_, fields, field, message) => {
    const viaApi = await api(await insert(groupBuy(fields)), 400);
    expect(viaApi.fieldErrors?.[field]).toEqual([message]);
    expect(viaApi.errMsg).toBe(message);
    const viaPage = await pagePost(groupBuy(fields));
    expect(viaPage.status).toBe(400);
    expect(((await viaPage.json()) as { error: Record<string, string[]> }).error[field]).toEqual([message]);
    expect(rowCount()).toBe(0);
  });
});

describe("the product list at a moment", () => {
  /** Products of every kind, around 2025-12-03 10:00 in Korea. */
  function addShelf() {
    const at = (days: number, hours = 0) => DEC_3_10AM + days * DAY + hours * 3_600_000;
    const buy = ["구매하기", "https://link.coupang.com/a/buy"] as const;
    const add = (name: string, isGroupBuy: boolean, terms: GroupBuyTerms) =>
      addProduct(db().$client, { name, isGroupBuy, left: [...buy], terms });
    return {
      endsLater: add("나중에 마감", true, { startAt: at(-3), endAt: at(5), price: 30000, groupBuyPrice: 24000 }),
      endsSoon: add("곧 마감", true, { startAt: at(-3), endAt: at(0, 13) }),
      noEnd: add("마감 없음", true, {}),
      opensLater: add("나중에 오픈", true, { startAt: at(4) }),
      opensSoon: add("곧 오픈", true, { startAt: at(1) }),
      recommended: add("추천 제품", false, { price: 15900 }),
      closed: add("지난 공구", true, { startAt: at(-9), endAt: at(-2) }),
      soldOut: add("품절 공구", true, { startAt: at(-1), endAt: at(3), isSoldOut: true }),
    };
  }

  type ListItem = Product & {
    section: string;
    view: { groupBuy: { state: string; when: string | null; disclosure: string } | null; buttons: { href: string; label: string }[] };
  };

  async function listAt(now: number, cookie?: string, pathname = "/product-list") {
    vi.useFakeTimers({ toFake: ["Date"], now });
    const response = await callLoader(productListPage, pathname, { cookie });
    expect(response.status).toBe(200);
    return (await response.json()) as { items: ListItem[]; pastTitle: string };
  }

  test("open ones first (soonest end on top), then upcoming (soonest start), the recommendations, and past ones under 지난 공동구매", async () => {
    addShelf();
    const { items, pastTitle } = await listAt(DEC_3_10AM);
    expect(items.map((item) => [item.section, item.productNm])).toEqual([
      ["groupBuy", "곧 마감"],
      ["groupBuy", "나중에 마감"],
      ["groupBuy", "마감 없음"],
      ["groupBuy", "곧 오픈"],
      ["groupBuy", "나중에 오픈"],
      ["recommend", "추천 제품"],
      ["past", "품절 공구"],
      ["past", "지난 공구"],
    ]);
    expect(pastTitle).toBe("지난 공동구매");
  });

  test("each card's words: the disclosure, the state with its day and time, prices; buttons only while it is open", async () => {
    const shelf = addShelf();
    const { items } = await listAt(DEC_3_10AM);
    const card = (id: number) => items.find((item) => item.index === id)!;
    expect(card(shelf.endsSoon).view.groupBuy).toEqual({
      status: "open",
      disclosure: "광고 · 판매 수수료를 받는 공동구매입니다",
      state: "진행 중",
      when: "오늘 23:00 마감",
    });
    expect(card(shelf.endsLater).view).toMatchObject({
      groupBuy: { state: "진행 중", when: "D-5 · 12월 8일(월) 10:00 마감" },
      prices: [
        { label: "정가", amount: "30,000원", struck: true },
        { label: "공구가", amount: "24,000원", struck: false },
      ],
      discount: "20% 할인",
      buttons: [{ href: `/out/product/${shelf.endsLater}/left`, label: "구매하기" }],
    });
    expect(card(shelf.opensSoon).view).toMatchObject({
      groupBuy: { state: "오픈 예정", when: "12월 4일(목) 오전 10:00 오픈" },
      buttons: [],
    });
    expect(card(shelf.closed).view).toMatchObject({ groupBuy: { state: "마감", when: "12월 1일(월) 10:00 마감" }, buttons: [] });
    expect(card(shelf.soldOut).view).toMatchObject({ groupBuy: { state: "품절", when: null }, buttons: [] });
    expect(card(shelf.recommended).view).toMatchObject({
      groupBuy: null,
      prices: [{ label: "가격", amount: "15,900원", struck: false }],
      buttons: [{ label: "구매하기" }],
    });
  });

  test("a past group buy's old button leads to its page, counted nowhere; an open one's to the shop", async () => {
    const shelf = addShelf();
    vi.useFakeTimers({ toFake: ["Date"], now: DEC_3_10AM });
    const outbound = await import("~/routes/out.product.$id.$side");
    const closed = await callLoader(outbound, `/out/product/${shelf.closed}/left`, { params: { id: String(shelf.closed), side: "left" } });
    expect(redirectTarget(closed)).toBe(`/product/${shelf.closed}`);
    const open = await callLoader(outbound, `/out/product/${shelf.endsSoon}/left`, {
      params: { id: String(shelf.endsSoon), side: "left" },
    });
    expect(open.headers.get("location")).toBe("https://link.coupang.com/a/buy");
  });

  test("오픈 알림 받기 on an upcoming group buy opens the owner's KakaoTalk channel, once she set one", async () => {
    const shelf = addShelf();
    expect((await listAt(DEC_3_10AM)).items.find((item) => item.index === shelf.opensSoon)!.view.buttons).toEqual([]);
    vi.useRealTimers();
    await api(
      await callAction(apiSettingsUpdate, "/api/site-settings/update", {
        json: { kakaoChannelUrl: "https://pf.kakao.com/_abcd" },
        cookie: admin,
      }),
      200,
    );
    const { items } = await listAt(DEC_3_10AM);
    expect(items.find((item) => item.index === shelf.opensSoon)!.view.buttons).toEqual([
      { href: "https://pf.kakao.com/_abcd", label: "오픈 알림 받기", primary: false, rel: "noreferrer" },
    ]);
    // Only before it opens: an open one has the shop's buttons, a past one none.
    expect(items.find((item) => item.index === shelf.endsSoon)!.view.buttons.map((button) => button.label)).toEqual(["구매하기"]);
    expect(items.find((item) => item.index === shelf.closed)!.view.buttons).toEqual([]);
  });

  test("the owner's edit mode shows each group buy's state, window and clicks by source over its window", async () => {
    const shelf = addShelf();
    const click = (targetId: number, day: string, source: string, count: number) =>
      db().insert(clickSources).values({ day, kind: "product", targetId, source, count }).run();
    click(shelf.endsLater, "2025-11-29", "instagram", 9); // before its window (it opened on 11-30)
    click(shelf.endsLater, "2025-11-30", "instagram", 8);
    click(shelf.endsLater, "2025-12-03", "kakaotalk", 3);
    click(shelf.endsLater, "2025-12-02", "direct", 1);
    const { items } = await listAt(DEC_3_10AM, admin, "/product-list?mode=edit");
    const report = items.find((item) => item.index === shelf.endsLater)!.report as Record<string, unknown>;
    expect(report).toMatchObject({
      state: "진행 중",
      window: "11월 30일(일) 10:00 ~ 12월 8일(월) 10:00",
      clicks: 12,
      summary: "버튼 클릭 12회 (인스타그램 8 · 카카오톡 3 · 직접 방문 1)",
    });
    expect(items.find((item) => item.index === shelf.noEnd)!.report).toMatchObject({
      window: "바로 시작 ~ 마감 없음",
      summary: "버튼 클릭 0회",
    });
    expect(items.find((item) => item.index === shelf.recommended)!.report, "a recommendation has no window").toBeNull();
    // Visitors get none of it, nor does the owner outside edit mode.
    expect((await listAt(DEC_3_10AM)).items.every((item) => item.report === null)).toBe(true);
    expect((await listAt(DEC_3_10AM, admin)).items.every((item) => item.report === null)).toBe(true);
  });
});

describe("a product's own page and its short address", () => {
  test("/product/{id} for a shown product; a hidden one is the 404 page for visitors and shown to the owner; /p/{id} is a 301", async () => {
    const shown = addProduct(db().$client, { name: "보이는 제품" });
    const hidden = addProduct(db().$client, { name: "숨긴 제품", isView: false });
    const page = (id: number, cookie?: string) => callLoader(productPage, `/product/${id}`, { params: { id: String(id) }, cookie });
    expect((await page(shown)).status).toBe(200);
    expect((await page(hidden)).status).toBe(404);
    expect((await page(hidden, admin)).status).toBe(200);
    expect((await callLoader(productPage, "/product/abc", { params: { id: "abc" } })).status).toBe(404);

    const short = (id: string) => callLoader(shortLink, `/p/${id}`, { params: { id } });
    const moved = await short(String(shown));
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe(`/product/${shown}`);
    for (const id of [String(hidden), "999999", "0", "1.5", "x"]) expect((await short(id)).status, id).toBe(404);
  });

  test("search answers a product with its state and discount", async () => {
    const id = addProduct(db().$client, { name: "감각 놀이 매트", terms: { price: 10000, groupBuyPrice: 8000 } });
    const found = (await (await callLoader(apiSearch, "/api/search?q=감각 놀이")).json()) as { products: Product[] };
    expect(found.products).toEqual([expect.objectContaining({ index: id, groupBuyStatus: "open", discountRate: 20 })]);
  });
});

describe("the owner's KakaoTalk channel (사이트 설정)", () => {
  const update = (json: unknown) => callAction(apiSettingsUpdate, "/api/site-settings/update", { json, cookie: admin });
  const saved = async () =>
    (
      (await (await callLoader(settingsPage, "/site-settings", { cookie: admin })).json()) as {
        settings: { saved: { kakaoChannelUrl: string | null } };
      }
    ).settings.saved.kakaoChannelUrl;

  test("saved when it is a channel's https address; a call that leaves it out keeps it; a blank one clears it", async () => {
    expect((await api(await update({ kakaoChannelUrl: "pf.kakao.com/_abcd" }), 200)) as unknown).toMatchObject({
      siteSettings: { saved: { kakaoChannelUrl: "https://pf.kakao.com/_abcd" } },
    });
    await api(await update({ kakaoJsKey: "" }), 200);
    expect(await saved()).toBe("https://pf.kakao.com/_abcd");
    await api(await update({ kakaoChannelUrl: "" }), 200);
    expect(await saved()).toBeNull();
  });

  test.each([
    ["http", "http://pf.kakao.com/_abcd"],
    ["another site", "https://open.kakao.com/o/abcd"],
    ["the channel service without a channel", "https://pf.kakao.com/"],
  ])("refused: %s, with the Korean message beside the field and nothing saved", async (_, kakaoChannelUrl) => {
    const body = await api(await update({ kakaoChannelUrl }), 400);
    expect(body.fieldErrors?.kakaoChannelUrl).toEqual(["카카오톡 채널 주소(https://pf.kakao.com/_…)만 쓸 수 있습니다."]);
    expect(await saved()).toBeNull();
  });

  test("the settings page form saves it, and clears it when left blank", async () => {
    const post = (kakaoChannelUrl: string) =>
      callAction(settingsPage, "/site-settings", {
        form: { chatbotScriptUrl: "", chatbotBotId: "", kakaoJsKey: "", kakaoChannelUrl },
        cookie: admin,
      });
    expect(redirectTarget(await post("https://pf.kakao.com/_abcd/friend"))).toBe("/site-settings");
    expect(await saved()).toBe("https://pf.kakao.com/_abcd/friend");
    expect(redirectTarget(await post(""))).toBe("/site-settings");
    expect(await saved()).toBeNull();
  });
});

describe("a database from before group buys", () => {
  test("its products migrate as recommendations and open group buys, nothing else changed", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ot-migrate-"));
    try {
      // The migrations up to the one before group buys, then a product as that version wrote it.
      const before = path.join(dir, "drizzle");
      fs.mkdirSync(path.join(before, "meta"), { recursive: true });
      const journal = JSON.parse(fs.readFileSync("drizzle/meta/_journal.json", "utf8")) as { entries: { tag: string }[] };
      const at = journal.entries.findIndex((entry) => entry.tag.endsWith("_group_buys"));
      expect(at).toBeGreaterThan(0);
      fs.writeFileSync(path.join(before, "meta", "_journal.json"), JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
      for (const entry of journal.entries.slice(0, at)) fs.copyFileSync(`drizzle/${entry.tag}.sql`, path.join(before, `${entry.tag}.sql`));
      const sqlite = new Database(path.join(dir, "app.db"));
      migrate(drizzle(sqlite), { migrationsFolder: before });
      sqlite
        .prepare(
          "INSERT INTO products (name, description, is_group_buy, is_view, is_left, left_button_nm, left_link) VALUES (?, ?, 1, 1, 1, ?, ?)",
        )
        .run("예전 공동구매", "설명", "구매하기", "https://link.coupang.com/a/old");
      migrate(drizzle(sqlite), { migrationsFolder: "drizzle" });
      const row = drizzle(sqlite).select().from(products).get()!;
      sqlite.close();
      expect(row).toMatchObject({
        name: "예전 공동구매",
        leftLink: "https://link.coupang.com/a/old",
        price: null,
        isSoldOut: false,
        groupBuyNote: "",
      });
      expect(toItem(row)).toMatchObject({
        groupBuyStatus: "open",
        adDisclosure: "광고 · 판매 수수료를 받는 공동구매입니다",
        discountRate: null,
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
