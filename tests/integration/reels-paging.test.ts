// Issue 12 through the built app over HTTP: a reel whose poster file is gone says so in the served
// HTML (list and viewer); reel lists come 24 at a time behind a "더 보기" link with a cursor (exact at
// the page size, exact when reels share a date, kept through a search and in delete mode, where a
// reel ticked on page 2 is deleted); a search with no match says so; 1,001 reels make a small page.
// Each test makes its own category, rows straight into the database before the first visit.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { within } from "@testing-library/dom";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { startApp, type TestApp } from "../support/app";
import { parseHtml } from "../support/dom";
import type { Client } from "../support/http";
import { addCategory, addReels, withDatabase, type NewReel } from "../support/records";
import { adminClient, openDb, reelPathIn } from "./_helpers";

let app: TestApp;
let admin: Client;

beforeAll(async () => {
  app = await startApp({ SEED_DEMO: "0" });
  admin = await adminClient(app);
});

afterAll(() => app?.close());

/** A published category with these reels, inserted in order (so ids grow in that order). */
function makeCategory(name: string, rows: NewReel[]) {
  return withDatabase(app, (db) => {
    const categoryId = addCategory(db, { name });
    const ids = addReels(db, categoryId, rows);
    return { categoryId, ids, listPath: `/reels-list/${categoryId}/${encodeURIComponent(name)}` };
  });
}

/** `count` reels, one a minute back from 2025-06-30 12:00 UTC, named "<prefix> 1" (newest) onwards. */
function minuteApart(prefix: string, count: number): NewReel[] {
  return Array.from({ length: count }, (_, i) => ({
    name: `${prefix} ${count - i}`,
    instaRegDate: new Date(Date.UTC(2025, 5, 30, 12, 0) - (count - 1 - i) * 60_000).toISOString(),
  }));
}

async function page(pathname: string, client?: Client) {
  const response = client ? await client.fetch(pathname) : await fetch(app.url(pathname));
  expect(response.status, pathname).toBe(200);
  const html = await response.text();
  return { html, document: parseHtml(html) };
}

/** The names of the reels a list page shows, in order, and its "더 보기" link. */
async function listPage(pathname: string, client?: Client) {
  const { document, html } = await page(pathname, client);
  const grid = document.querySelector(".reel-grid");
  const names = grid ? [...grid.querySelectorAll(".reel-card__name")].map((heading) => heading.textContent) : [];
  const more = within(document.body).queryByRole("link", { name: "더 보기" });
  return { names, more: more?.getAttribute("href") ?? null, document, html };
}

/** Follows "더 보기" to the end: every name, in order, and the number of pages. */
async function walk(pathname: string, client?: Client) {
  const names: string[] = [];
  let pages = 0;
  for (let next: string | null = pathname; next; pages++) {
    const shown = await listPage(next, client);
    names.push(...(shown.names as string[]));
    next = shown.more;
  }
  return { names, pages };
}

const expectedNames = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix} ${i + 1}`);

function posterFile() {
  const name = `${crypto.randomUUID()}.webp`;
  fs.mkdirSync(app.uploadsDir, { recursive: true });
  fs.writeFileSync(path.join(app.uploadsDir, name), "poster bytes");
  return name;
}

describe("a reel whose poster file is gone", () => {
  test("the list says '이미지를 찾을 수 없습니다 (id)' in the served HTML; the reel with its poster draws it", async () => {
    const kept = posterFile();
    const lost = posterFile();
    const { listPath } = makeCategory("표지 확인", [
      { name: "표지 있음", instaRegDate: "2025-06-01T00:00:00.000Z", image: kept },
      { name: "표지 없음", instaRegDate: "2025-06-02T00:00:00.000Z", image: lost },
    ]);
    fs.rmSync(path.join(app.uploadsDir, lost));
    const { document } = await listPage(listPath);
    const body = within(document.body);
    const db = openDb(app);
    const lostMedia = db.prepare("SELECT media_id FROM reels WHERE image = ?").pluck().get(lost) as string;
    db.close();
    expect(body.getByRole("img", { name: `이미지를 찾을 수 없습니다 (${lostMedia})` })).toBeTruthy();
    expect(document.querySelector(`img[src="/uploads/${lost}"]`)).toBeNull();
    expect(document.querySelector(`img[src="/uploads/${kept}"]`)?.closest(".poster-frame")?.textContent).toBe("표지 있음");
  });

  test("the viewer of a withheld video shows the text instead of the poster", async () => {
    const lost = posterFile();
    const { ids } = makeCategory("뷰어 표지", [{ name: "보류된 릴스", instaRegDate: "2025-06-01T00:00:00.000Z", image: lost, link: null }]);
    const viewer = reelPathIn(app, ids[0]!);
    expect((await page(viewer)).document.querySelector(`img[src="/uploads/${lost}"]`)).not.toBeNull();
    fs.rmSync(path.join(app.uploadsDir, lost));
    // A query the cache keeps apart (and stores only from its second request), so the page cache,
    // rightly unaware of a file removed by hand, is not asked.
    const { document } = await page(`${viewer}?after=fresh`);
    expect(document.querySelector(`img[src="/uploads/${lost}"]`)).toBeNull();
    expect(document.body.textContent).toMatch(/이미지를 찾을 수 없습니다 \(\d+\)/);
  });
});

describe("paging of a category's reels", () => {
  test("exactly 24 reels are one page with no '더 보기'; 25 make a second page of one", async () => {
    const exact = makeCategory("딱 한 쪽", minuteApart("한 쪽", 24));
    const first = await listPage(exact.listPath);
    expect(first.names).toEqual(expectedNames("한 쪽", 24));
    expect(first.more).toBeNull();
    expect(first.document.body.textContent).toContain("총 (24)");

    const over = makeCategory("한 쪽 넘게", minuteApart("넘게", 25));
    const start = await listPage(over.listPath);
    expect(start.names).toHaveLength(24);
    expect(start.more).toMatch(/^\/reels-list\/\d+\/.+\?after=/);
    const second = await listPage(start.more!);
    expect(second.names).toEqual(["넘게 25"]);
    expect(second.more).toBeNull();
    expect(second.document.body.textContent, "the count stays the whole list's").toContain("총 (25)");
  });

  test("reels sharing one date across the page boundary are each shown once, newest id first", async () => {
    const sameDate = "2025-05-05T05:05:05.000Z";
    const rows: NewReel[] = [
      ...minuteApart("앞", 20),
      ...Array.from({ length: 10 }, (_, i) => ({ name: `같은 날 ${10 - i}`, instaRegDate: sameDate })),
      { name: "맨 뒤", instaRegDate: "2025-01-01T00:00:00.000Z" },
    ];
    const { listPath } = makeCategory("같은 날짜", rows);
    const { names, pages } = await walk(listPath);
    expect(pages).toBe(2);
    expect(names).toEqual([...expectedNames("앞", 20), ...expectedNames("같은 날", 10), "맨 뒤"]);
  });

  test("a search keeps its paging: the word stays in '더 보기', the count is the matches'", async () => {
    const rows = minuteApart("블록 놀이", 30).flatMap((row, i) => [row, { name: `다른 ${i}`, instaRegDate: row.instaRegDate }]);
    const { listPath } = makeCategory("검색 쪽", rows);
    const searched = `${listPath}?keyword=${encodeURIComponent("블록")}`;
    const first = await listPage(searched);
    expect(first.document.body.textContent).toContain("총 (30)");
    expect(new URL(first.more!, app.origin).searchParams.get("keyword")).toBe("블록");
    const { names, pages } = await walk(searched);
    expect(pages).toBe(2);
    expect(names).toEqual(expectedNames("블록 놀이", 30));
  });

  test("an unusable cursor shows the first page", async () => {
    const { listPath } = makeCategory("엉뚱한 커서", minuteApart("커서", 3));
    expect((await listPage(`${listPath}?after=${encodeURIComponent("<script>")}`)).names).toEqual(expectedNames("커서", 3));
  });

  test("delete mode pages too, and a reel ticked on page 2 is reviewed and deleted there", async () => {
    const { listPath, ids } = makeCategory("둘째 쪽 삭제", minuteApart("지울", 30));
    const first = await listPage(`${listPath}?mode=delete`, admin);
    expect(first.document.querySelectorAll('input[type="checkbox"][name="index"]')).toHaveLength(24);
    expect(new URL(first.more!, app.origin).searchParams.get("mode")).toBe("delete");
    const second = await listPage(first.more!, admin);
    const boxes = [...second.document.querySelectorAll<HTMLInputElement>('input[type="checkbox"][name="index"]')];
    expect(boxes.map((box) => Number(box.value))).toEqual(ids.slice(0, 6).reverse());
    const target = ids[0]!; // "지울 30", the oldest, on page 2
    const form = second.document.querySelector<HTMLFormElement>("form#reel-delete")!;
    const action = form.getAttribute("action")!;
    expect(new URL(action, app.origin).searchParams.get("after"), "the review stays on page 2").toBe(
      new URL(first.more!, app.origin).searchParams.get("after"),
    );
    const review = await admin.fetch(action, {
      body: new URLSearchParams([
        ["intent", "review"],
        ["index", String(target)],
      ]),
    });
    expect(review.status).toBe(200);
    expect(await review.text()).toContain("정말 삭제하시겠습니까?");
    const confirm = await admin.fetch(action, {
      body: new URLSearchParams([
        ["intent", "confirm"],
        ["index", String(target)],
      ]),
    });
    expect(confirm.status).toBe(302);
    const after = await walk(listPath, admin);
    expect(after.names).toEqual(expectedNames("지울", 29));
  });
});

describe("delete mode without JavaScript", () => {
  test("the review page counts the posted ids and keeps their boxes ticked", async () => {
    const { listPath, ids } = makeCategory("셋 중 둘", minuteApart("고를", 3));
    const review = await admin.fetch(`${listPath}?mode=delete`, {
      body: new URLSearchParams([
        ["intent", "review"],
        ["index", String(ids[0])],
        ["index", String(ids[2])],
      ]),
    });
    expect(review.status).toBe(200);
    const document = parseHtml(await review.text());
    expect(within(document.body).getByText("2개 선택됨")).toBeTruthy();
    const ticked = [...document.querySelectorAll<HTMLInputElement>('input[type="checkbox"][name="index"]')].filter((box) => box.checked);
    expect(ticked.map((box) => Number(box.value)).sort()).toEqual([ids[0], ids[2]].sort());
  });
});

describe("searching a category", () => {
  test("no match says so with the word as text and a way back; an empty category keeps '등록된 릴스가 없습니다.'", async () => {
    const { listPath } = makeCategory("찾기", minuteApart("감각 놀이", 2));
    const word = '<img src=x onerror="alert(1)">';
    const { document, html } = await page(`${listPath}?keyword=${encodeURIComponent(word)}`);
    expect(document.body.textContent).toContain(`‘${word}’에 맞는 릴스가 없습니다.`);
    expect(document.body.textContent).not.toContain("등록된 릴스가 없습니다.");
    expect(html).not.toContain('<img src=x onerror="alert(1)">');
    expect(within(document.body).getByRole("link", { name: "전체 릴스 보기" }).getAttribute("href")).toBe(listPath);

    const empty = makeCategory("빈 카테고리", []);
    const blank = await page(empty.listPath);
    expect(blank.document.body.textContent).toContain("등록된 릴스가 없습니다.");
  });

  test("an active search names its word and links back to the whole list (reels and categories)", async () => {
    const { listPath } = makeCategory("되돌아갈 곳", minuteApart("감각 놀이", 2));
    const reels = await page(`${listPath}?keyword=${encodeURIComponent("감각")}`);
    expect(within(reels.document.body).getByText("‘감각’ 검색 결과")).toBeTruthy();
    expect(within(reels.document.body).getByRole("link", { name: "전체 릴스 보기" }).getAttribute("href")).toBe(listPath);
    const whole = await page(listPath);
    expect(within(whole.document.body).queryByRole("link", { name: "전체 릴스 보기" })).toBeNull();

    const categories = await page(`/reels-category?keyword=${encodeURIComponent("되돌아갈")}`);
    expect(within(categories.document.body).getByText("‘되돌아갈’ 검색 결과")).toBeTruthy();
    expect(within(categories.document.body).getByRole("link", { name: "전체 카테고리 보기" }).getAttribute("href")).toBe("/reels-category");
    const all = await page("/reels-category");
    expect(within(all.document.body).queryByRole("link", { name: "전체 카테고리 보기" })).toBeNull();
  });
});

describe("a category of 1,001 reels", () => {
  test("its first page is small: 24 cards, the whole count, well under 100 KB of HTML", async () => {
    const { listPath } = makeCategory("천 개", minuteApart("많은 릴스", 1001));
    const first = await listPage(listPath);
    expect(first.names).toHaveLength(24);
    expect(first.document.body.textContent).toContain("총 (1,001)");
    expect(Buffer.byteLength(first.html)).toBeLessThan(100_000);
  });
});

describe("GET /api/reels/list with paging", () => {
  test("without limit: the whole list in SPEC's shape; with limit and after: pages and next", async () => {
    const { categoryId } = makeCategory("API 쪽", minuteApart("api", 5));
    const all = (await (await fetch(app.url(`/api/reels/list?reelsCategoryId=${categoryId}`))).json()) as Record<string, unknown>;
    expect(all.count).toBe(5);
    expect(all.reelsLists).toHaveLength(5);
    expect(all, "no paging asked, none answered").not.toHaveProperty("next");
    const names: string[] = [];
    let after: string | null = null;
    do {
      const query = new URLSearchParams({ reelsCategoryId: String(categoryId), limit: "2", ...(after ? { after } : {}) });
      const body = (await (await fetch(app.url(`/api/reels/list?${query}`))).json()) as {
        count: number;
        reelsLists: { reelsNm: string }[];
        next: string | null;
      };
      expect(body.count).toBe(5);
      names.push(...body.reelsLists.map((reel) => reel.reelsNm));
      after = body.next;
    } while (after);
    expect(names).toEqual(expectedNames("api", 5));
    for (const limit of ["0", "501", "1.5", "abc"]) {
      const refused = await fetch(app.url(`/api/reels/list?reelsCategoryId=${categoryId}&limit=${limit}`));
      expect(refused.status, limit).toBe(400);
      expect(((await refused.json()) as { errMsg: string }).errMsg, limit).toBe("limit은 1부터 500까지의 정수로 보내 주세요.");
    }
    const longCursor = await fetch(app.url(`/api/reels/list?reelsCategoryId=${categoryId}&limit=2&after=${"x".repeat(81)}`));
    expect(longCursor.status).toBe(400);
    expect(((await longCursor.json()) as { errMsg: string }).errMsg).toBe("after에는 앞 페이지 응답의 next 값을 그대로 보내 주세요.");
  });
});
