// Click insights against the real built app: the counting redirects refuse anything but a shown
// record's stored link, a visitor's clicks and reel views (also of a page the cache answered) are
// counted in memory and written by the flush the insights page and API run first, and nothing
// about the visitor is stored or set.
// Runs about 4 s.
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startApp, type TestApp } from "../support/app";
import type { Client } from "../support/http";
import { addPartnerAd, addProduct, withDatabase, type NewPartnerAd, type NewProduct } from "../support/records";
import { adminClient, openDb, reelPathIn } from "./_helpers";
import { cleanUpProcesses, seededSite, startServer } from "./hardening-support";

const PHONE_BROWSER =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const ANDROID_BROWSER =
  "Mozilla/5.0 (Linux; Android 14; SM-S921N) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";
const CRAWLERS = [
  "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
];
/** What is not a person's browser: no User-Agent, tools, scripts. */
const NOT_BROWSERS = ["", "curl/8.5.0", "python-requests/2.31.0", "Go-http-client/1.1", "Wget/1.21.4"];

type Insights = {
  days: { day: string; product: number; ad: number; reel: number }[];
  totals: { product: number; ad: number; reel: number };
  top: Record<"product" | "ad" | "reel", { id: number; name: string | null; count: number; href: string | null }[]>;
};

let app: TestApp;
let admin: Client;

beforeAll(async () => {
  app = await startApp();
  admin = await adminClient(app);
});

afterAll(async () => {
  await app?.close();
  cleanUpProcesses();
});

function sql<T>(statement: string, ...params: unknown[]): T[] {
  const db = openDb(app);
  try {
    const prepared = db.prepare(statement);
    return (prepared.reader ? prepared.all(...params) : (prepared.run(...params), [])) as T[];
  } finally {
    db.close();
  }
}

function visit(pathname: string, { method = "GET", userAgent = PHONE_BROWSER, headers = {} as Record<string, string> } = {}) {
  return fetch(app.url(pathname), { method, redirect: "manual", headers: { "User-Agent": userAgent, ...headers } });
}

/** The admin's report (the API door flushes what is pending first). */
async function insights(): Promise<Insights> {
  const response = await admin.fetch("/api/insights");
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toMatch(/\bno-store\b/);
  return ((await response.json()) as { insights: Insights }).insights;
}

/** How often one record was used in the last 30 days, from the report. */
async function countOf(kind: "product" | "ad" | "reel", id: number) {
  return (await insights()).top[kind].find((item) => item.id === id)?.count ?? 0;
}

/** A product with a left button by default (its link counted when used), under a name of its own. */
function newProduct({ isView = true, left = ["구매하기", "https://link.coupang.com/a/insights-left"], right = null }: NewProduct = {}) {
  const name = `통계 제품 ${Math.random().toString(36).slice(2, 8)}`;
  return { id: withDatabase(app, (db) => addProduct(db, { name, isView, left, right })), name };
}

function newAd({ isView = true, link = "https://link.coupang.com/a/insights-ad" }: NewPartnerAd = {}) {
  return {
    id: withDatabase(app, (db) =>
      addPartnerAd(db, { name: "통계 광고", link, imageUrl: "https://image.example/ad.png", isView, position: 99 }),
    ),
  };
}

describe("the counting redirects", () => {
  test("a shown product button answers 302 to its stored link, uncached, unindexed, without a cookie or a referrer", async () => {
    const product = newProduct({ right: ["자세히 보기", "https://example.com/detail?id=1&x=2"] });
    const left = await visit(`/out/product/${product.id}/left`);
    expect(left.status).toBe(302);
    expect(left.headers.get("location")).toBe("https://link.coupang.com/a/insights-left");
    expect(left.headers.get("cache-control")).toBe("no-store");
    expect(left.headers.get("x-robots-tag")).toBe("noindex");
    // The site's default policy comes first; the last valid token is the one browsers apply.
    expect(left.headers.get("referrer-policy")?.split(",").at(-1)?.trim()).toBe("no-referrer");
    expect(left.headers.getSetCookie()).toEqual([]);
    const right = await visit(`/out/product/${product.id}/right`);
    expect(right.headers.get("location")).toBe("https://example.com/detail?id=1&x=2");
  });

  test("the destination never comes from the request", async () => {
    const product = newProduct();
    const response = await visit(`/out/product/${product.id}/left?to=https://evil.example/&url=https://evil.example/`);
    expect(response.headers.get("location")).toBe("https://link.coupang.com/a/insights-left");
  });

  test("refuses with the Korean 404 page: missing, hidden, half-set or unknown-side buttons, and ids that are not ids", async () => {
    const hidden = newProduct({ isView: false });
    const noRight = newProduct();
    const noLink = newProduct({ left: null });
    sql("UPDATE products SET left_button_nm = '구매하기', is_left = 1 WHERE id = ?", noLink.id);
    for (const pathname of [
      "/out/product/999999/left",
      `/out/product/${hidden.id}/left`,
      `/out/product/${noRight.id}/right`,
      `/out/product/${noLink.id}/left`,
      `/out/product/${noRight.id}/middle`,
      "/out/product/abc/left",
      "/out/product/-1/left",
      "/out/product/1.5/left",
    ]) {
      const response = await visit(pathname);
      expect(response.status, pathname).toBe(404);
      expect(response.headers.get("location"), pathname).toBeNull();
      expect(await response.text(), pathname).toContain("페이지를 찾을 수 없습니다");
    }
  });

  test("a shown partner ad answers 302 to its link; a hidden, unlinked or missing one is a 404", async () => {
    const shown = newAd();
    const response = await visit(`/out/ad/${shown.id}`);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("https://link.coupang.com/a/insights-ad");
    for (const ad of [newAd({ isView: false }), newAd({ link: null })]) {
      expect((await visit(`/out/ad/${ad.id}`)).status).toBe(404);
    }
    expect((await visit("/out/ad/999999")).status).toBe(404);
    expect((await visit("/out/ad/x")).status).toBe(404);
  });

  test("a link stored before links were checked as parsed (a line break, a space, credentials) is the 404 page, never a 500, and counts nothing", async () => {
    for (const link of [
      "https://link.coupang.com/a/\nx",
      "https://link.coupang .com/a",
      "https://me:pw@link.coupang.com/a",
      "javascript:alert(1)",
    ]) {
      const product = newProduct({ left: ["구매하기", link] });
      const ad = newAd({ link });
      for (const pathname of [`/out/product/${product.id}/left`, `/out/ad/${ad.id}`]) {
        const response = await visit(pathname);
        expect(response.status, `${JSON.stringify(link)} ${pathname}`).toBe(404);
        expect(response.headers.get("location")).toBeNull();
        expect(await response.text()).toContain("페이지를 찾을 수 없습니다");
      }
      expect(await countOf("product", product.id)).toBe(0);
      expect(await countOf("ad", ad.id)).toBe(0);
    }
  });

  test("GET and HEAD only", async () => {
    const product = newProduct();
    expect((await visit(`/out/product/${product.id}/left`, { method: "HEAD" })).status).toBe(302);
    const post = await admin.fetch(`/out/product/${product.id}/left`, { method: "POST", form: {} });
    expect(post.status).toBe(405);
  });
});

describe("what is counted", () => {
  test("clicks count once per visitor (address and browser), record and hour once flushed; HEAD, crawlers, tools and the owner are not", async () => {
    const product = newProduct({ right: ["자세히 보기", "https://example.com/detail"] });
    const ad = newAd();
    const from = (address: string) => ({ headers: { "X-Forwarded-For": address } });
    // One visitor: both buttons of the product, twice, count once for the product.
    await visit(`/out/product/${product.id}/left`, from("198.51.100.1"));
    await visit(`/out/product/${product.id}/left`, from("198.51.100.1"));
    await visit(`/out/product/${product.id}/right`, from("198.51.100.1"));
    // Another address; another browser at the first address.
    await visit(`/out/product/${product.id}/left`, from("198.51.100.2"));
    await visit(`/out/product/${product.id}/left`, { userAgent: ANDROID_BROWSER, ...from("198.51.100.1") });
    await visit(`/out/ad/${ad.id}`, from("198.51.100.1"));
    await visit(`/out/product/${product.id}/left`, { method: "HEAD", ...from("198.51.100.3") });
    for (const crawler of CRAWLERS) await visit(`/out/product/${product.id}/left`, { userAgent: crawler, ...from("198.51.100.4") });
    for (const tool of NOT_BROWSERS) await visit(`/out/product/${product.id}/left`, { userAgent: tool, ...from("198.51.100.5") });
    expect((await admin.fetch(`/out/product/${product.id}/left`, { headers: { "User-Agent": PHONE_BROWSER } })).status).toBe(302);

    const report = await insights();
    expect(report.top.product.find((item) => item.id === product.id)).toEqual({ id: product.id, name: product.name, count: 3, href: null });
    expect(report.top.ad.find((item) => item.id === ad.id)).toMatchObject({ name: "통계 광고", count: 1 });
    const today = report.days.at(-1)!;
    expect(report.days).toHaveLength(30);
    expect(today.product).toBeGreaterThanOrEqual(3);
    const rows = sql<{ day: string; kind: string; target_id: number; count: number }>(
      "SELECT * FROM daily_counts WHERE kind = 'product' AND target_id = ?",
      product.id,
    );
    expect(rows).toEqual([{ day: today.day, kind: "product", target_id: product.id, count: 3 }]);
  });

  test("a reel page answered from the page cache still counts its view, through the page's beacon", async () => {
    const reel = sql<{ id: number; name: string }>(
      "SELECT reels.id, reels.name FROM reels JOIN reel_categories c ON c.id = reels.category_id WHERE c.is_view = 1 ORDER BY reels.id LIMIT 1",
    )[0]!;
    const pathname = reelPathIn(app, reel.id);
    const before = await countOf("reel", reel.id);
    const rendered = await (await visit(pathname)).text();
    // Renamed behind the app's back: the next page still shows the old name, so it came from the cache.
    sql("UPDATE reels SET name = ? WHERE id = ?", "몰래 바뀐 릴스 이름", reel.id);
    const cached = await (await visit(pathname)).text();
    expect(cached).toBe(rendered);
    sql("UPDATE reels SET name = ? WHERE id = ?", reel.name, reel.id);
    const beacon = cached.match(/<img class="view-beacon" src="([^"]+)"/)?.[1];
    expect(beacon).toBe(`/seen/reel/${reel.id}`);

    // Two visitors, one of them twice: two views.
    for (const userAgent of [PHONE_BROWSER, ANDROID_BROWSER, PHONE_BROWSER]) {
      const pixel = await visit(beacon!, { userAgent });
      expect(pixel.status).toBe(200);
      expect(pixel.headers.get("content-type")).toBe("image/gif");
      expect(pixel.headers.get("cache-control")).toBe("no-store");
      expect(pixel.headers.getSetCookie()).toEqual([]);
    }
    await visit(beacon!, { method: "HEAD" });
    for (const tool of NOT_BROWSERS) expect((await visit(beacon!, { userAgent: tool })).status).toBe(200);
    await visit(beacon!, { userAgent: CRAWLERS[0] });
    await admin.fetch(beacon!, { headers: { "User-Agent": PHONE_BROWSER } });
    expect(await countOf("reel", reel.id)).toBe(before + 2);

    // Counting wrote to the database but changed no content: the cached page is still served.
    sql("UPDATE reels SET name = ? WHERE id = ?", "몰래 바뀐 릴스 이름", reel.id);
    expect(await (await visit(pathname)).text()).toBe(rendered);
    sql("UPDATE reels SET name = ? WHERE id = ?", reel.name, reel.id);
  });

  test("the probe's floods write nothing: beacons and clicks without a browser's User-Agent, and one browser repeating itself", async () => {
    const reel = sql<{ id: number }>(
      "SELECT reels.id FROM reels JOIN reel_categories c ON c.id = reels.category_id WHERE c.is_view = 1 ORDER BY reels.id DESC LIMIT 1",
    )[0]!;
    const product = newProduct();
    const ad = newAd();
    const [reelBefore, productBefore, adBefore] = [
      await countOf("reel", reel.id),
      await countOf("product", product.id),
      await countOf("ad", ad.id),
    ];
    const flood = [];
    for (let request = 0; request < 60; request++) {
      const userAgent = request % 2 === 0 ? "" : PHONE_BROWSER;
      flood.push(
        visit(`/seen/reel/${reel.id}`, { userAgent }),
        visit(`/out/product/${product.id}/left`, { userAgent }),
        visit(`/out/ad/${ad.id}`, { userAgent }),
      );
    }
    for (const response of await Promise.all(flood)) expect(response.status).toBeLessThan(400);
    expect(await countOf("reel", reel.id)).toBe(reelBefore + 1);
    expect(await countOf("product", product.id)).toBe(productBefore + 1);
    expect(await countOf("ad", ad.id)).toBe(adBefore + 1);
  });

  test("a beacon for a reel that does not exist counts nothing", async () => {
    expect((await visit("/seen/reel/999999")).status).toBe(404);
    expect((await visit("/seen/reel/abc")).status).toBe(404);
    expect((await insights()).top.reel.some((item) => item.id === 999999)).toBe(false);
  });

  test("a deleted record keeps its count, without a name", async () => {
    const product = newProduct();
    await visit(`/out/product/${product.id}/left`);
    await insights();
    sql("DELETE FROM products WHERE id = ?", product.id);
    expect((await insights()).top.product.find((item) => item.id === product.id)).toMatchObject({ name: null, count: 1 });
  });

  test("rows older than 400 days are pruned at the flush; newer ones stay", async () => {
    const report = await insights();
    const today = new Date(`${report.days.at(-1)!.day}T12:00:00+09:00`);
    const daysAgo = (days: number) => new Date(today.getTime() - days * 86_400_000).toISOString().slice(0, 10);
    sql("INSERT INTO daily_counts (day, kind, target_id, count) VALUES (?, 'reel', 1, 5), (?, 'reel', 1, 7)", daysAgo(400), daysAgo(399));
    await insights();
    expect(sql<{ day: string }>("SELECT day FROM daily_counts WHERE day <= ? ORDER BY day", daysAgo(399))).toEqual([{ day: daysAgo(399) }]);
  });

  test("nothing about a visitor is stored: no address or browser anywhere in the database", async () => {
    await visit(`/out/product/${newProduct().id}/left`, { headers: { "X-Forwarded-For": "203.0.113.9" } });
    await insights();
    const tables = sql<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'").map((table) => table.name);
    const everything = JSON.stringify(tables.map((table) => sql(`SELECT * FROM "${table}"`)));
    for (const trace of ["127.0.0.1", "203.0.113.9", "::1", "iPhone"]) expect(everything).not.toContain(trace);
    expect(sql("PRAGMA table_info(daily_counts)").map((column) => (column as { name: string }).name)).toEqual([
      "day",
      "kind",
      "target_id",
      "count",
    ]);
  });
});

describe("who sees the insights", () => {
  test("a visitor is sent home from the page and gets 401 from the API", async () => {
    const page = await visit("/insights");
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/");
    const api = await visit("/api/insights");
    expect(api.status).toBe(401);
    expect(await api.json()).toEqual({
      errMsg: "로그인이 필요합니다.",
      errCode: "UNAUTHORIZED",
      requestId: api.headers.get("x-request-id"),
    });
  });

  test("the owner's page shows the totals, the chart and the top lists in Korean", async () => {
    await visit(`/out/product/${newProduct().id}/left`);
    const { top } = await insights();
    const response = await admin.fetch("/insights");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<h1 class="page-title">방문·유입 경로·클릭 통계</h1>');
    expect(html).toMatch(
      /<svg[^>]*role="img"[^>]*aria-labelledby="([^"]+)"[^>]*><title id="\1">최근 30일 릴스 조회 \d+회, 글 읽기 \d+회, 제품 버튼 클릭 \d+회, 광고 클릭 \d+회\./,
    );
    expect(html).toContain("많이 누른 제품");
    expect(html).toContain(top.product[0]!.name!);
  });

  test("/navi links the insights page", async () => {
    const html = await (await admin.fetch("/navi")).text();
    expect(html).toContain('href="/insights"');
  });
});

describe("the production process", () => {
  test("counts and page visits still in memory are written when the server stops gracefully (SIGTERM)", async () => {
    const site = seededSite();
    const server = await startServer(site);
    const headers = { "User-Agent": PHONE_BROWSER };
    const beacon = await fetch(`${server.origin}/seen/reel/1`, { headers });
    expect(beacon.status).toBe(200);
    const click = await fetch(`${server.origin}/out/product/1/left`, { headers, redirect: "manual" });
    expect(click.status).toBe(302);
    const page = await fetch(`${server.origin}/product-list`, { headers: { ...headers, Referer: "https://l.instagram.com/" } });
    expect(page.status).toBe(200);
    await page.arrayBuffer();
    await server.stop();
    const db = new Database(path.join(site.dataDir, "app.db"), { readonly: true });
    try {
      const rows = db.prepare("SELECT kind, target_id AS targetId, count FROM daily_counts ORDER BY kind").all();
      expect(rows).toEqual([
        { kind: "product", targetId: 1, count: 1 },
        { kind: "reel", targetId: 1, count: 1 },
      ]);
      expect(db.prepare("SELECT page, source, count FROM page_visits").all()).toEqual([
        { page: "/product-list", source: "instagram", count: 1 },
      ]);
    } finally {
      db.close();
    }
  });
});
