// Page visits against the real built app (decision 0009): every public page the server answers, from
// the page cache or a render, counts once per visitor, page and hour under its route pattern and its
// source; the navigation beacon counts pages opened inside the site with JavaScript; the owner, bots,
// tools, 404s and made-up paths add nothing; the insights read 7, 30 or 90 days.
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { kstDayBefore } from "~/lib/time";
import { startApp, type TestApp } from "../support/app";
import type { Client } from "../support/http";
import { adminClient, clearOfBannerTurn, openDb, reelPathIn } from "./_helpers";

const SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const INSTAGRAM_IOS =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 339.0.3.12.91 (iPhone15,3; iOS 17_5_1; ko_KR; ko; scale=3.00; 1290x2796; 620563735)";
const KAKAOTALK_ANDROID =
  "Mozilla/5.0 (Linux; Android 14; SM-S921N Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.6478.122 Mobile Safari/537.36;KAKAOTALK 2410850";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const HEADLESS = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36";

type Sources = Record<"instagram" | "kakaotalk" | "search" | "direct" | "other", number>;
type Report = { period: number; visits: { total: number; pages: { page: string; count: number }[] }; sources: Sources };

let app: TestApp;
let admin: Client;
/** Each visitor of this file has its own address, so the once-per-hour rule of one test never hides another's visits. */
let nextAddress = 10;

beforeAll(async () => {
  app = await startApp();
  admin = await adminClient(app);
});

afterAll(async () => {
  await app?.close();
});

function newVisitor(userAgent = SAFARI) {
  const address = `198.51.100.${nextAddress++}`;
  return (pathname: string, { referrer, method = "GET" }: { referrer?: string; method?: string } = {}) =>
    fetch(app.url(pathname), {
      method,
      redirect: "manual",
      headers: { "User-Agent": userAgent, "X-Forwarded-For": address, ...(referrer ? { Referer: referrer } : {}) },
    }).then(async (response) => {
      await response.arrayBuffer();
      return response;
    });
}

async function report(days?: string): Promise<Report> {
  const response = await admin.fetch(`/api/insights${days === undefined ? "" : `?days=${days}`}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { insights: Report }).insights;
}

function visitsOf(current: Report, page: string) {
  return current.visits.pages.find((entry) => entry.page === page)?.count ?? 0;
}

/** What changed between two reports: visits per page and per source. */
function change(before: Report, after: Report) {
  const pages = new Set([...before.visits.pages, ...after.visits.pages].map((entry) => entry.page));
  const perPage = Object.fromEntries(
    [...pages].map((page) => [page, visitsOf(after, page) - visitsOf(before, page)]).filter(([, count]) => count !== 0),
  );
  const perSource = Object.fromEntries(
    Object.keys(after.sources)
      .map((source) => [source, after.sources[source as keyof Sources] - before.sources[source as keyof Sources]])
      .filter(([, count]) => count !== 0),
  );
  return { total: after.visits.total - before.visits.total, perPage, perSource };
}

function firstReelPath() {
  const db = openDb(app);
  try {
    const reel = db
      .prepare(
        "SELECT reels.id, reels.name FROM reels JOIN reel_categories c ON c.id = reels.category_id WHERE c.is_view = 1 ORDER BY reels.id LIMIT 1",
      )
      .get() as { id: number; name: string };
    return { ...reel, pathname: reelPathIn(app, reel.id) };
  } finally {
    db.close();
  }
}

describe("what is counted", () => {
  test("a public page counts once per visitor, page and hour, under its route pattern; HEAD, bots, tools and the owner are not counted", async () => {
    const before = await report();
    const parent = newVisitor();
    expect((await parent("/")).status).toBe(200);
    await parent("/");
    await parent("/?utm_source=ig");
    await parent("/product-list");
    await newVisitor()("/");
    // Two reel lists are two pages opened, stored under one pattern.
    const lists = newVisitor();
    const categories = openDb(app);
    const listPaths = (
      categories.prepare("SELECT id, name FROM reel_categories WHERE is_view = 1 ORDER BY id LIMIT 2").all() as {
        id: number;
        name: string;
      }[]
    ).map((category) => `/reels-list/${category.id}/${encodeURIComponent(category.name)}`);
    categories.close();
    for (const listPath of listPaths) expect((await lists(listPath)).status).toBe(200);

    await newVisitor()("/", { method: "HEAD" });
    await newVisitor(GOOGLEBOT)("/");
    await newVisitor(HEADLESS)("/");
    for (const tool of ["", "curl/8.5.0", "python-requests/2.31.0"]) await newVisitor(tool)("/");
    expect((await admin.fetch("/", { headers: { "User-Agent": SAFARI } })).status).toBe(200);

    expect(change(before, await report())).toEqual({
      total: 3 + listPaths.length,
      perPage: { "/": 2, "/product-list": 1, "/reels-list/:id/:title": listPaths.length },
      perSource: { direct: 3 + listPaths.length },
    });
  });

  test("404s, redirects, the owner's screens, API and resource routes, Remix data requests and made-up paths add nothing", async () => {
    const before = await report();
    const visitor = newVisitor();
    for (const pathname of [
      "/no-such-page",
      "/reels-content/not-a-reel",
      "/reels-list/999999/없는-카테고리",
      "/insights",
      "/api/home/list",
      "/robots.txt",
      "/sitemap.xml",
      "/healthz",
      "/out/product/999999/left",
      "/product-list.data",
      "/favicon.svg",
    ]) {
      await visitor(pathname);
    }
    // A flood of random paths under a page's pattern: every one a 404, no row.
    for (let index = 0; index < 50; index++) await visitor(`/reels-content/${Math.random().toString(36).slice(2)}`);
    expect(change(before, await report())).toEqual({ total: 0, perPage: {}, perSource: {} });
    const db = openDb(app);
    try {
      const pages = (db.prepare("SELECT DISTINCT page FROM page_visits").all() as { page: string }[]).map((row) => row.page);
      for (const page of pages) expect(page).toMatch(/^\/(?:[a-z-]+(?:\/:[a-z]+)*)?(?:\/[a-z-]+)*$/);
    } finally {
      db.close();
    }
  });

  test("a reel page answered from the page cache is counted like a rendered one", async () => {
    const reel = firstReelPath();
    const before = await report();
    clearOfBannerTurn();
    const rendered = await (
      await fetch(app.url(reel.pathname), { headers: { "User-Agent": SAFARI, "X-Forwarded-For": "203.0.113.200" } })
    ).text();
    // Renamed behind the app's back: the next visitors get the stored page, with the old name.
    const db = openDb(app);
    db.prepare("UPDATE reels SET name = ? WHERE id = ?").run("몰래 바뀐 릴스 이름", reel.id);
    try {
      for (const userAgent of [INSTAGRAM_IOS, KAKAOTALK_ANDROID]) {
        const cached = await (
          await fetch(app.url(reel.pathname), { headers: { "User-Agent": userAgent, "X-Forwarded-For": "203.0.113.201" } })
        ).text();
        expect(cached).toBe(rendered);
      }
    } finally {
      db.prepare("UPDATE reels SET name = ? WHERE id = ?").run(reel.name, reel.id);
      db.close();
      vi.useRealTimers();
    }
    expect(change(before, await report())).toEqual({
      total: 3,
      perPage: { "/reels-content/:info": 3 },
      perSource: { direct: 1, instagram: 1, kakaotalk: 1 },
    });
  });
});

describe("where visits come from", () => {
  test("in-app browsers and referrers name the source; later pages of a visit keep the source it arrived with", async () => {
    const before = await report();
    await newVisitor(INSTAGRAM_IOS)("/");
    await newVisitor(KAKAOTALK_ANDROID)("/product-list");
    await newVisitor()("/", { referrer: "https://l.instagram.com/?u=https%3A%2F%2Fsite" });
    await newVisitor()("/", { referrer: "https://talk.kakao.com/" });
    await newVisitor()("/", { referrer: "https://m.search.naver.com/search.naver?query=%EB%B0%B0%EB%B3%80" });
    await newVisitor()("/", { referrer: "https://www.google.co.kr/" });
    await newVisitor()("/", { referrer: "https://cafe.naver.com/momsholic" });
    // From Instagram, then two more pages with the site itself as referrer: three Instagram visits.
    const fromInstagram = newVisitor();
    await fromInstagram("/", { referrer: "https://www.instagram.com/" });
    await fromInstagram("/reels-category", { referrer: app.url("/") });
    await fromInstagram("/product-list", { referrer: app.url("/reels-category") });
    expect(change(before, await report()).perSource).toEqual({ instagram: 5, kakaotalk: 2, search: 2, other: 1 });
  });

  test("the navigation beacon counts a public page opened inside the site under the arrival's referrer; anything else counts nothing", async () => {
    const before = await report();
    const visitor = newVisitor();
    const fromInstagram = `/seen/page?path=${encodeURIComponent("/product-list")}&from=${encodeURIComponent("https://l.instagram.com/?u=x")}`;
    const beacon = await visitor(fromInstagram);
    expect(beacon.status).toBe(200);
    expect(beacon.headers.get("content-type")).toBe("image/gif");
    expect(beacon.headers.get("cache-control")).toBe("no-store");
    expect(beacon.headers.getSetCookie()).toEqual([]);
    await visitor(fromInstagram);
    await newVisitor(KAKAOTALK_ANDROID)(`/seen/page?path=${encodeURIComponent("/reels-category")}&from=`);
    await newVisitor()(`/seen/page?path=${encodeURIComponent("/reels-category")}&from=`);
    // What is no public page is answered alike (a visitor's login screen must not log an error) and counts nothing.
    for (const path of ["/admin-login", "/insights", "/api/insights", "/no-such-page", "/product-list.data", "", "product-list"]) {
      expect((await visitor(`/seen/page?path=${encodeURIComponent(path)}`)).status).toBe(200);
    }
    expect((await newVisitor()("/seen/page?path=/", { method: "POST" })).status).toBe(405);
    await newVisitor(GOOGLEBOT)("/seen/page?path=/");
    await admin.fetch("/seen/page?path=/", { headers: { "User-Agent": SAFARI } });
    expect(change(before, await report())).toEqual({
      total: 3,
      perPage: { "/product-list": 1, "/reels-category": 2 },
      perSource: { instagram: 1, kakaotalk: 1, direct: 1 },
    });
  });
});

describe("the insights", () => {
  test("read 7, 30 or 90 days (30 by default) and name the period", async () => {
    const db = openDb(app);
    try {
      const insert = db.prepare("INSERT INTO page_visits (day, page, source, count) VALUES (?, '/career-background', 'search', ?)");
      insert.run(kstDayBefore(new Date(), 10), 7);
      insert.run(kstDayBefore(new Date(), 60), 11);
    } finally {
      db.close();
    }
    const [week, month, quarter, byDefault] = [await report("7"), await report("30"), await report("90"), await report()];
    expect([week.period, month.period, quarter.period, byDefault.period]).toEqual([7, 30, 90, 30]);
    expect([visitsOf(week, "/career-background"), visitsOf(month, "/career-background"), visitsOf(quarter, "/career-background")]).toEqual([
      0, 7, 18,
    ]);
    expect(month.sources.search - week.sources.search).toBeGreaterThanOrEqual(7);
    expect(week.visits.total).toBe(week.visits.pages.reduce((sum, entry) => sum + entry.count, 0));
    expect(Object.values(week.sources).reduce((sum, count) => sum + count, 0)).toBe(week.visits.total);
    const response = (await (await admin.fetch("/api/insights?days=90")).json()) as Record<string, unknown>;
    expect(Object.keys(response).sort()).toEqual(["errCode", "errMsg", "insights"]);
    const insights = response.insights as Record<string, unknown>;
    expect(Object.keys(insights).sort()).toEqual(["days", "groupBuys", "period", "sources", "top", "totals", "visits"]);
    expect(Object.keys(insights.sources as object)).toEqual(["instagram", "kakaotalk", "search", "direct", "other"]);
    expect(insights.days).toHaveLength(90);
  });

  test("a period that is not offered answers 400 in Korean, from the API and the page", async () => {
    for (const days of ["8", "abc", "-7", "7.0", "3650"]) {
      const response = await admin.fetch(`/api/insights?days=${days}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ errCode: "VALIDATION", errMsg: "기간(days)은 7, 30, 90 중 하나로 보내 주세요." });
    }
    const page = await admin.fetch("/insights?days=8");
    expect(page.status).toBe(400);
    expect(await page.text()).toContain("요청을 처리할 수 없습니다");
  });

  test("the owner's page offers the periods as links and shows visits, sources and pages in Korean", async () => {
    const response = await admin.fetch("/insights?days=7");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<h1 class="page-title">방문·유입 경로·클릭 통계</h1>');
    expect(html).toMatch(
      /<a[^>]*aria-current="page"[^>]*href="\/insights\?days=7"|<a[^>]*href="\/insights\?days=7"[^>]*aria-current="page"/,
    );
    expect(html).toContain('href="/insights?days=90"');
    expect(html).toContain("7일 동안 페이지 방문");
    for (const label of ["어디에서 왔나요", "인스타그램", "카카오톡", "직접 방문", "페이지별 방문", "홈", "많이 본 릴스"])
      expect(html).toContain(label);
    expect(html).toContain("일별 클릭·조회 (최근 7일)");
  });
});
