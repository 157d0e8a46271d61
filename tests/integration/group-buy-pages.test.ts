// Group buys (issue 31) on the pages the real server sends: a stored /product-list and /product/{id}
// change state at a start and an end with no write (the app runs in this process, so the clock the
// cache and the loaders read is the test's: Date faked, timers real), a past one without buttons, the
// product page's preview (a 2:1 share image made from the picture) and JSON-LD, the sitemap, the
// search page's link, and the clicks on its buttons counted by where the visitors came from.
// Runs about 6 s.
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";

import { startApp, type TestApp } from "../support/app";
import { parseHtml } from "../support/dom";
import { Client } from "../support/http";
import { addProduct, withDatabase, type GroupBuyTerms } from "../support/records";
import { adminClient, openDb } from "./_helpers";
import { makeImage, multipart } from "./_uploads";

const MINUTE = 60_000;
const PHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const KAKAOTALK_IN_APP =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 KAKAOTALK 10.8.5";

let app: TestApp;
let admin: Client;
let visitor: Client;

beforeAll(async () => {
  app = await startApp();
  admin = await adminClient(app);
  visitor = new Client(app.origin);
  // No banners (whose turns the cache also follows) and none of the demo's products: this file's own only.
  withDatabase(app, (db) => {
    db.prepare("DELETE FROM partner_ads").run();
    db.prepare("DELETE FROM products").run();
  });
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  await app?.close();
});

/** The next 12:00 in Korea at least an hour away: far from midnight, when a day count changes too. */
function nextKoreanNoon() {
  const day = 86_400_000;
  const noonUtc = 3 * 3_600_000; // 12:00 in Korea
  let noon = Math.floor(Date.now() / day) * day + noonUtc;
  while (noon < Date.now() + 60 * MINUTE) noon += day;
  return noon;
}

function newGroupBuy(name: string, terms: GroupBuyTerms) {
  return withDatabase(app, (db) => addProduct(db, { name, left: ["구매하기", "https://link.coupang.com/a/gb"], terms }));
}

/** Behind the app's back (no write it knows of): only a page rendered anew can show it. */
function renameBehind(id: number, name: string) {
  withDatabase(app, (db) => db.prepare("UPDATE products SET name = ? WHERE id = ?").run(name, id));
}

async function html(pathname: string, client = visitor) {
  const response = await client.fetch(pathname);
  expect(response.status, pathname).toBe(200);
  return response.text();
}

/** A page's (first) group buy: its state line, and its buttons' names. */
function stateOf(page: string) {
  const document = parseHtml(page);
  return {
    state: document.querySelector(".group-buy-state")?.textContent?.trim() ?? null,
    buttons: [...document.querySelectorAll(".product-card__buttons a")].map((link) => link.textContent),
  };
}

describe("a stored page changes state at the start and the end, with no write", () => {
  test("/product-list and /product/{id}: 오픈 예정 until the start minute, 진행 중 from it, 마감 without buttons from the end", async () => {
    const start = nextKoreanNoon();
    const end = start + 30 * MINUTE;
    const id = newGroupBuy("타이머 공구", { startAt: start, endAt: end, price: 10000, groupBuyPrice: 8000 });
    const pages = ["/product-list", `/product/${id}`];

    vi.useFakeTimers({ toFake: ["Date"], now: start - 10_000 });
    const before = await Promise.all(pages.map((pathname) => html(pathname)));
    for (const page of before) expect(stateOf(page)).toEqual({ state: "오픈 예정 오늘 오후 12:00 오픈", buttons: [] });

    renameBehind(id, "타이머 공구 (몰래 바뀜)");
    vi.setSystemTime(start - 1_000);
    for (const [at, pathname] of pages.entries()) expect(await html(pathname), `${pathname}: still the stored page`).toBe(before[at]);

    vi.setSystemTime(start + 1_000);
    for (const pathname of pages) {
      const page = await html(pathname);
      expect(page, `${pathname}: rendered anew`).toContain("타이머 공구 (몰래 바뀜)");
      expect(stateOf(page)).toEqual({ state: "진행 중 오늘 12:30 마감", buttons: ["구매하기 · 타이머 공구 (몰래 바뀜)"] });
    }

    vi.setSystemTime(end + 1_000);
    const list = await html("/product-list");
    expect(stateOf(list).state).toMatch(/^마감 \d+월 \d+일\(.\) 12:30 마감$/);
    expect(stateOf(list).buttons, "no buttons once closed").toEqual([]);
    const past = parseHtml(list).querySelector('section[aria-label="지난 공동구매"]');
    expect(past?.textContent, "under 지난 공동구매").toContain("타이머 공구 (몰래 바뀜)");
    expect(stateOf(await html(`/product/${id}`)).buttons, "the page has no buttons either").toEqual([]);
    withDatabase(app, (db) => db.prepare("DELETE FROM products WHERE id = ?").run(id));
  });
});

describe("a product's own page", () => {
  test("a picture uploaded with it makes a 2:1 JPEG share image; the page has Open Graph tags with it and JSON-LD Product with an Offer", async () => {
    const start = Date.now() - 60 * MINUTE;
    const end = Date.now() + 3 * 86_400_000;
    const kst = (instant: number) => new Date(instant + 9 * 3_600_000).toISOString().slice(0, 16).replace("T", " ");
    const created = await admin.fetch("/api/product-list/insert", {
      method: "POST",
      body: multipart(
        {
          productsNm: "연필 교정기",
          description: "세 손가락 쥐기를 잡아 줘요.",
          isGroupBuy: "true",
          hasImage: "true",
          price: "12000",
          groupBuyPrice: "9900",
          groupBuyStartAt: kst(start),
          groupBuyEndAt: kst(end),
          sellerNm: "우리아이 생활연구소",
          sellerInfo: "교환·환불: 7일 이내",
          inquiryLink: "https://pf.kakao.com/_abcd",
          isLeft: "true",
          leftButtonNm: "구매하기",
          leftLink: "https://link.coupang.com/a/pencil",
        },
        { imageFile: [await makeImage("png", { width: 900, height: 900 }), "pencil.png", "image/png"] },
      ),
    });
    expect(created.status).toBe(200);
    const product = ((await created.json()) as { productLists: { index: number; image: string }[] }).productLists[0]!;
    const page = parseHtml(await html(`/product/${product.index}`));

    const meta = (property: string) => page.querySelector(`meta[property="${property}"]`)?.getAttribute("content");
    const shareUrl = meta("og:image")!;
    expect(shareUrl).toBe(`${app.origin}${product.image.split("?")[0]!.replace(/\.png$/, "-share.jpg")}`);
    expect([meta("og:image:width"), meta("og:image:height"), meta("og:type")]).toEqual(["1200", "600", "product"]);
    expect(page.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(`${app.origin}/product/${product.index}`);
    const share = await fetch(shareUrl);
    const { format, width, height } = await sharp(Buffer.from(await share.arrayBuffer())).metadata();
    expect({ format, width, height }).toEqual({ format: "jpeg", width: 1200, height: 600 });

    const ld = JSON.parse(page.querySelector('script[type="application/ld+json"]')!.textContent!) as Record<string, unknown>;
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "연필 교정기",
      url: `${app.origin}/product/${product.index}`,
      image: [`${app.origin}${product.image.split("?")[0]}`],
      offers: {
        "@type": "Offer",
        price: 9900,
        priceCurrency: "KRW",
        availability: "https://schema.org/InStock",
        priceValidUntil: kst(end).slice(0, 10),
        seller: { "@type": "Organization", name: "우리아이 생활연구소" },
      },
    });
    // What the page shows: the disclosure above the name, the prices and discount, the seller and how to ask.
    const text = page.querySelector("article")!.textContent!;
    expect(text.indexOf("광고 · 판매 수수료를 받는 공동구매입니다")).toBeLessThan(text.indexOf("연필 교정기"));
    expect(text).toContain("정가 12,000원공구가 9,900원17% 할인");
    expect(text).toContain("판매자: 우리아이 생활연구소");
    expect(page.querySelector('a[href="https://pf.kakao.com/_abcd"]')?.textContent).toBe("판매자에게 문의하기");
    // The share dialog shares the short address, which answers 301 to the page.
    const short = await visitor.fetch(`/p/${product.index}`);
    expect([short.status, short.headers.get("location")]).toEqual([301, `/product/${product.index}`]);

    // Deleted, its share image goes with its picture.
    await admin.fetch("/api/product-list/delete", { json: { productLists: [{ index: product.index }] } });
    expect((await fetch(shareUrl)).status).toBe(404);
  });

  test("the sitemap lists shown products' pages and not hidden ones; the search page links a product to its page", async () => {
    const shown = withDatabase(app, (db) => addProduct(db, { name: "균형 쿠션 공구" }));
    const hidden = withDatabase(app, (db) => addProduct(db, { name: "숨긴 균형 쿠션", isView: false }));
    const sitemap = await (await visitor.fetch("/sitemap.xml")).text();
    expect(sitemap).toContain(`<loc>${app.origin}/product/${shown}</loc>`);
    expect(sitemap).not.toContain(`/product/${hidden}<`);
    expect((await visitor.fetch(`/product/${hidden}`)).status).toBe(404);

    const results = parseHtml(await html(`/search?q=${encodeURIComponent("균형 쿠션")}`));
    const links = [...results.querySelectorAll('section[aria-labelledby="search-products"] a')].map((link) => link.getAttribute("href"));
    expect(links).toEqual([`/product/${shown}`]);
  });
});

describe("clicks on a group buy's buttons, by where the visitor came from", () => {
  test("a parent from Instagram and one in KakaoTalk's browser: each click under their source, on /insights and in edit mode", async () => {
    const id = newGroupBuy("출처 공구", { startAt: Date.now() - 60 * MINUTE, endAt: Date.now() + 86_400_000 });
    // A parent arrives from Instagram on the product list (counted at the edge), then taps 구매하기, which sends no referrer.
    const fromInstagram = { "User-Agent": PHONE, "X-Forwarded-For": "198.51.100.7" };
    await (await fetch(app.url("/product-list"), { headers: { ...fromInstagram, Referer: "https://www.instagram.com/" } })).text();
    const arrived = async () =>
      ((await (await admin.fetch("/api/insights")).json()) as { insights: { sources: { instagram: number } } }).insights.sources.instagram;
    await expect.poll(arrived, { message: "the arrival from Instagram is counted" }).toBeGreaterThan(0);
    const tap = (headers: Record<string, string>) => fetch(app.url(`/out/product/${id}/left`), { headers, redirect: "manual" });
    expect((await tap(fromInstagram)).status).toBe(302);
    // Another taps it inside KakaoTalk, with no page seen before (a link shared to the /out/ address, say).
    expect((await tap({ "User-Agent": KAKAOTALK_IN_APP, "X-Forwarded-For": "198.51.100.8" })).status).toBe(302);

    type Report = { index: number; clicks: number; bySource: Record<string, number>; summary: string };
    const report = ((await (await admin.fetch("/api/insights")).json()) as { insights: { groupBuys: Report[] } }).insights.groupBuys.find(
      (item) => item.index === id,
    );
    expect(report).toMatchObject({
      clicks: 2,
      bySource: { instagram: 1, kakaotalk: 1, direct: 0 },
      summary: "버튼 클릭 2회 (인스타그램 1 · 카카오톡 1)",
    });
    expect(parseHtml(await html("/insights", admin)).querySelector(".insights-group-buys")?.textContent).toContain(
      "버튼 클릭 2회 (인스타그램 1 · 카카오톡 1)",
    );
    expect(await html("/product-list?mode=edit", admin)).toContain("버튼 클릭 2회 (인스타그램 1 · 카카오톡 1)");
    const db = openDb(app);
    try {
      expect(db.prepare("SELECT source, count FROM click_sources WHERE target_id = ? ORDER BY source").all(id)).toEqual([
        { source: "instagram", count: 1 },
        { source: "kakaotalk", count: 1 },
      ]);
    } finally {
      db.close();
    }
  });
});
