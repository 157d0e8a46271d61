// Reels where she wants them (issue 33, point 6) through the real route modules: 위로/아래로 and 고정
// in a reel list's edit mode (JavaScript off: back at the reel, #item-{id}, on the page that shows
// it; in place with JavaScript), at most three pins refused in Korean, pinned reels first on the
// category's first page and paging exact around them (the cursor follows its reel when positions are
// renumbered), POST /api/reels/order and /api/reels/pin with their refusals, a reel moved to another
// category from its edit form or /api/reels/update, and a deleted category's reels in the inbox to
// be filed again with their names.
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "~/db/client.server";
import { reelCategories, reelInbox, reels } from "~/db/schema";
import { getReelNeighbours } from "~/features/reels/reel-lists.server";
import { consumeFlash } from "~/lib/flash.server";
import * as inboxPage from "~/routes/_admin.reels-inbox";
import * as reelUpsertPage from "~/routes/_admin.reels-upsert.$tag.($info)";
import * as categoryDeleteApi from "~/routes/api.reels-category.delete";
import * as reelListApi from "~/routes/api.reels.list";
import * as reelOrderApi from "~/routes/api.reels.order";
import * as reelPinApi from "~/routes/api.reels.pin";
import * as reelUpdateApi from "~/routes/api.reels.update";
import * as reelListPage from "~/routes/reels-list.$id.$title";
import { addCategory, addReels, type NewReel } from "../support/records";
import { adminCookie, callAction, callLoader, cookiesFrom, redirectTarget } from "./_direct";

let admin: string;

beforeAll(async () => {
  admin = await adminCookie();
});

beforeEach(() => {
  db().delete(reels).run();
  db().delete(reelInbox).run();
  db().delete(reelCategories).run();
});

/** `count` reels a day apart, "<prefix> 1" the newest, inserted oldest first (so ids grow with age reversed). */
function daysApart(prefix: string, count: number): NewReel[] {
  return Array.from({ length: count }, (_, i) => ({
    name: `${prefix} ${count - i}`,
    instaRegDate: new Date(Date.UTC(2025, 5, 30) - (count - 1 - i) * 86_400_000).toISOString(),
  }));
}

function category(name: string, rows: NewReel[]) {
  const categoryId = addCategory(db().$client, { name });
  const ids = addReels(db().$client, categoryId, rows);
  const byName = new Map(rows.map((row, at) => [row.name!, ids[at]!]));
  return { categoryId, name, byName, list: `/reels-list/${categoryId}/${encodeURIComponent(name)}` };
}

type Listed = { category: { index: number }; page: { items: { reelsNm: string; isPinned: boolean }[]; next: string | null } };

async function listed(path: string, cookie?: string) {
  const [pathname] = path.split("?");
  const [, , id, title] = pathname!.split("/");
  const response = await callLoader(reelListPage, path, { params: { id: id!, title: decodeURIComponent(title!) }, cookie });
  expect(response.status, path).toBe(200);
  return (await response.json()) as Listed & { places: { isFirst: boolean; isLast: boolean }[] | null };
}

async function names(path: string, cookie?: string) {
  return (await listed(path, cookie)).page.items.map((item) => item.reelsNm);
}

/** Every reel name a visitor sees, following 더 보기 (the loader's `next`) to the end. */
async function walk(list: string) {
  const seen: string[] = [];
  for (let after: string | null = null, pages = 0; pages < 10; pages++) {
    const page: Listed = await listed(after ? `${list}?after=${encodeURIComponent(after)}` : list);
    seen.push(...page.page.items.map((item) => item.reelsNm));
    after = page.page.next;
    if (!after) break;
  }
  return seen;
}

function post(list: { categoryId: number; name: string }, search: string, form: Record<string, string>) {
  return callAction(reelListPage, `/reels-list/${list.categoryId}/${encodeURIComponent(list.name)}${search}`, {
    params: { id: String(list.categoryId), title: list.name },
    form,
    cookie: admin,
  });
}

/** The toast a redirect carries. */
async function toast(response: Response) {
  const request = new Request("http://localhost/", { headers: { Cookie: cookiesFrom(response).join("; ") } });
  return (await consumeFlash(request)).flash?.message;
}

const location = (response: Response) => {
  const url = new URL(response.headers.get("Location")!, "http://localhost");
  return decodeURIComponent(url.pathname) + url.search + url.hash;
};

describe("a reel list's edit mode (JavaScript off)", () => {
  test("위로 moves a reel among the others and comes back to it; with JavaScript it comes back without the anchor", async () => {
    const list = category("배변훈련", daysApart("릴스", 4));
    const third = list.byName.get("릴스 3")!;
    const moved = await post(list, "?mode=edit", { intent: "move", id: String(third), direction: "up" });
    expect(location(moved)).toBe(`/reels-list/${list.categoryId}/배변훈련?mode=edit#item-${third}`);
    expect(await toast(moved)).toBe("순서가 바뀌었습니다.");
    expect(await names(list.list)).toEqual(["릴스 1", "릴스 3", "릴스 2", "릴스 4"]);

    const inPlace = await post(list, "?mode=edit", { intent: "move", id: String(third), direction: "up", inPlace: "true" });
    expect(location(inPlace)).toBe(`/reels-list/${list.categoryId}/배변훈련?mode=edit`);
    expect(await names(list.list)).toEqual(["릴스 3", "릴스 1", "릴스 2", "릴스 4"]);

    // A visitor's list and the viewer's neighbours follow her order.
    expect(getReelNeighbours(list.byName.get("릴스 1")!)).toMatchObject({ previous: { reelsNm: "릴스 3" }, next: { reelsNm: "릴스 2" } });
  });

  test("고정 puts a reel first (pinned reels move among themselves); a fourth pin is refused in Korean", async () => {
    const list = category("놀이", daysApart("놀이", 6));
    const id = (n: number) => String(list.byName.get(`놀이 ${n}`)!);
    for (const n of [5, 3, 6]) {
      const pinned = await post(list, "?mode=edit", { intent: "pin", id: id(n), pinned: "true" });
      expect(location(pinned)).toBe(`/reels-list/${list.categoryId}/놀이?mode=edit#item-${id(n)}`);
      expect(await toast(pinned)).toBe("릴스를 맨 위에 고정했습니다.");
    }
    expect(await names(list.list)).toEqual(["놀이 3", "놀이 5", "놀이 6", "놀이 1", "놀이 2", "놀이 4"]);
    const page = await listed(`${list.list}?mode=edit`, admin);
    expect(page.page.items.map((item) => item.isPinned)).toEqual([true, true, true, false, false, false]);
    expect(page.places!.map((place) => [place.isFirst, place.isLast])).toEqual([
      [true, false],
      [false, false],
      [false, true],
      [true, false],
      [false, false],
      [false, true],
    ]);

    const refused = await post(list, "?mode=edit", { intent: "pin", id: id(1), pinned: "true" });
    expect(location(refused)).toBe(`/reels-list/${list.categoryId}/놀이?mode=edit`);
    expect(await toast(refused)).toBe("고정은 카테고리마다 3개까지 할 수 있습니다. 다른 릴스의 고정을 먼저 풀어 주세요.");

    // 아래로 on the last pinned reel stays among the pinned ones: nothing moves.
    await post(list, "?mode=edit", { intent: "move", id: id(6), direction: "down" });
    await post(list, "?mode=edit", { intent: "move", id: id(6), direction: "up" });
    expect(await names(list.list)).toEqual(["놀이 3", "놀이 6", "놀이 5", "놀이 1", "놀이 2", "놀이 4"]);

    const unpinned = await post(list, "?mode=edit", { intent: "pin", id: id(6), pinned: "false" });
    expect(await toast(unpinned)).toBe("릴스 고정을 풀었습니다.");
    expect(await names(list.list)).toEqual(["놀이 3", "놀이 5", "놀이 6", "놀이 1", "놀이 2", "놀이 4"]);
  });

  test("a visitor cannot move or pin: sent home, nothing changed", async () => {
    const list = category("방문자", daysApart("방문", 2));
    const response = await callAction(reelListPage, `${list.list}?mode=edit`, {
      params: { id: String(list.categoryId), title: list.name },
      form: { intent: "pin", id: String(list.byName.get("방문 2")!), pinned: "true" },
    });
    expect(redirectTarget(response)).toBe("/");
    expect(await names(list.list)).toEqual(["방문 1", "방문 2"]);
  });
});

describe("paging with pins and her order", () => {
  test("three pinned reels lead the first page; every reel shows once across the pages, the API's pages alike", async () => {
    const list = category("많은 릴스", daysApart("릴스", 30));
    const oldest = ["릴스 30", "릴스 29", "릴스 28"].map((name) => list.byName.get(name)!);
    for (const id of oldest) await post(list, "?mode=edit", { intent: "pin", id: String(id), pinned: "true" });

    const first = await names(list.list);
    expect(first.slice(0, 4)).toEqual(["릴스 28", "릴스 29", "릴스 30", "릴스 1"]);
    expect(first).toHaveLength(24);
    const all = await walk(list.list);
    expect(all).toEqual(["릴스 28", "릴스 29", "릴스 30", ...Array.from({ length: 27 }, (_, i) => `릴스 ${i + 1}`)]);

    const apiPages: string[] = [];
    for (let after: string | null = null, pages = 0; pages < 10; pages++) {
      const query = new URLSearchParams({ reelsCategoryId: String(list.categoryId), limit: "7", ...(after ? { after } : {}) });
      const body = (await (await callLoader(reelListApi, `/api/reels/list?${query}`)).json()) as {
        reelsLists: { reelsNm: string; isPinned: boolean }[];
        next: string | null;
      };
      apiPages.push(...body.reelsLists.map((item) => item.reelsNm));
      after = body.next;
      if (!after) break;
    }
    expect(apiPages).toEqual(all);
  });

  test("a page's cursor follows its reel after she reorders (positions renumbered), so page 2 neither repeats nor skips", async () => {
    const list = category("뒤섞기", daysApart("릴스", 30));
    const page1 = await listed(list.list);
    const next = page1.page.next!;
    // She moves the newest reel down once: every position is renumbered.
    await post(list, "?mode=edit", { intent: "move", id: String(list.byName.get("릴스 1")!), direction: "down" });
    const firstPage = await names(list.list);
    const secondPage = await names(`${list.list}?after=${encodeURIComponent(next)}`);
    expect(firstPage.slice(0, 2)).toEqual(["릴스 2", "릴스 1"]);
    expect(secondPage).toEqual(Array.from({ length: 6 }, (_, i) => `릴스 ${i + 25}`));
  });

  test("moving the first reel of page 2 up comes back to a page that shows it, its new neighbour above it", async () => {
    const list = category("넘기기", daysApart("릴스", 30));
    const next = (await listed(list.list)).page.next!;
    const first = list.byName.get("릴스 25")!;
    const moved = await post(list, `?mode=edit&after=${encodeURIComponent(next)}`, { intent: "move", id: String(first), direction: "up" });
    const target = location(moved);
    expect(target).toMatch(new RegExp(`^/reels-list/${list.categoryId}/넘기기\\?mode=edit&after=[^#]+#item-${first}$`));
    const shown = await names(target.replace(/#.*$/, ""), admin);
    expect(shown.slice(0, 2)).toEqual(["릴스 23", "릴스 25"]);

    // Still on its page: the same page comes back (its cursor renewed).
    const again = await post(list, `?mode=edit&after=${encodeURIComponent(next)}`, {
      intent: "move",
      id: String(list.byName.get("릴스 27")!),
      direction: "down",
    });
    expect(await names(location(again).replace(/#.*$/, ""), admin)).toContain("릴스 27");
  });
});

describe("the API doors", () => {
  const order = (json: unknown, cookie = admin) => callAction(reelOrderApi, "/api/reels/order", { json, cookie });
  const pin = (json: unknown, cookie = admin) => callAction(reelPinApi, "/api/reels/pin", { json, cookie });

  test("POST /api/reels/order puts a category's reels in order (pinned ones first); bad lists are 400 and change nothing", async () => {
    const list = category("순서", daysApart("순서", 3));
    const [a, b, c] = ["순서 1", "순서 2", "순서 3"].map((name) => list.byName.get(name)!);
    const body = (await (await order({ reelsCategoryID: list.categoryId, ids: [c, a, b] })).json()) as {
      reelsLists: { reelsNm: string }[];
    };
    expect(body.reelsLists.map((item) => item.reelsNm)).toEqual(["순서 3", "순서 1", "순서 2"]);
    await pin({ index: b, isPinned: true });
    expect(await names(list.list)).toEqual(["순서 2", "순서 3", "순서 1"]);

    const duplicated = await order({ reelsCategoryID: list.categoryId, ids: [a, a, b] });
    expect(duplicated.status).toBe(400);
    expect(await duplicated.json()).toMatchObject({ errMsg: "같은 항목이 순서에 두 번 들어 있습니다. 각 항목을 한 번씩만 보내 주세요." });
    const partial = await order({ reelsCategoryID: list.categoryId, ids: [a, b] });
    expect(partial.status).toBe(400);
    expect(await partial.json()).toMatchObject({
      errMsg: "순서에 없는 항목이 있거나 빠진 항목이 있습니다. 목록을 새로 불러온 뒤 다시 정해 주세요.",
    });
    expect((await order({ reelsCategoryID: 999999, ids: [] })).status).toBe(404);
    expect((await order({ reelsCategoryID: list.categoryId })).status).toBe(400);
    expect((await order({ reelsCategoryID: list.categoryId, ids: [c, b, a] }, "")).status).toBe(401);
    expect(await names(list.list)).toEqual(["순서 2", "순서 3", "순서 1"]);
  });

  test("POST /api/reels/pin: three at most (409 in Korean), unpin, 404 for an unknown reel, 401 for a visitor", async () => {
    const list = category("고정", daysApart("고정", 5));
    const ids = [1, 2, 3, 4].map((n) => list.byName.get(`고정 ${n}`)!);
    for (const id of ids.slice(1)) expect((await pin({ index: id, isPinned: true })).status).toBe(200);
    const refused = await pin({ index: ids[0], isPinned: true });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      errMsg: "고정은 카테고리마다 3개까지 할 수 있습니다. 다른 릴스의 고정을 먼저 풀어 주세요.",
      errCode: "PIN_LIMIT",
    });
    const unpinned = (await (await pin({ index: ids[3], isPinned: false })).json()) as {
      reelsLists: { reelsNm: string; isPinned: boolean }[];
    };
    expect(unpinned.reelsLists.filter((item) => item.isPinned).map((item) => item.reelsNm)).toEqual(["고정 2", "고정 3"]);
    expect((await pin({ index: 999999, isPinned: true })).status).toBe(404);
    expect((await pin({ index: ids[0], isPinned: true }, "")).status).toBe(401);
  });
});

describe("moving a reel to another category", () => {
  test("POST /api/reels/update with another reelsCategoryID moves it: on top there, its pin left behind; twice in one category is 409", async () => {
    const from = category("보낼 곳", daysApart("보낼", 2));
    const to = category("받을 곳", [{ name: "받을 1", instaRegDate: "2025-01-01T00:00:00.000Z" }]);
    const id = from.byName.get("보낼 2")!;
    await callAction(reelPinApi, "/api/reels/pin", { json: { index: id, isPinned: true }, cookie: admin });
    const response = await callAction(reelUpdateApi, "/api/reels/update", {
      json: { index: id, reelsNm: "옮긴 릴스", reelsCategoryID: to.categoryId },
      cookie: admin,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      reelsLists: [{ reelsNm: "옮긴 릴스", reelsCategoryID: to.categoryId, isPinned: false }],
    });
    expect(await names(from.list)).toEqual(["보낼 1"]);
    expect(await names(to.list)).toEqual(["옮긴 릴스", "받을 1"]);

    // The same video twice in one category is refused.
    const mediaId = db().select({ mediaId: reels.mediaId }).from(reels).where(eq(reels.id, id)).get()!.mediaId;
    const twin = addReels(db().$client, from.categoryId, [{ name: "쌍둥이", mediaId }])[0]!;
    const again = await callAction(reelUpdateApi, "/api/reels/update", {
      json: { index: twin, reelsNm: "쌍둥이", reelsCategoryID: to.categoryId },
      cookie: admin,
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ errMsg: "이미 이 카테고리에 등록된 릴스입니다." });
  });

  test("the reel's edit form offers the categories and moves it; back to the new category's list", async () => {
    const from = category("원래", daysApart("원래", 1));
    const to = category("새 곳", []);
    const id = from.byName.get("원래 1")!;
    const info = encodeURIComponent(JSON.stringify({ id }));
    const loaded = (await (
      await callLoader(reelUpsertPage, `/reels-upsert/1/${info}`, { params: { tag: "1", info }, cookie: admin })
    ).json()) as {
      categories: { index: number; categoryNm: string }[];
    };
    expect(loaded.categories.map((option) => option.categoryNm)).toEqual(expect.arrayContaining(["원래", "새 곳"]));
    const saved = await callAction(reelUpsertPage, `/reels-upsert/1/${info}`, {
      params: { tag: "1", info },
      form: { reelsNm: "원래 1", reelsCategoryID: String(to.categoryId) },
      cookie: admin,
    });
    expect(decodeURIComponent(redirectTarget(saved))).toBe(`/reels-list/${to.categoryId}/새 곳`);
    expect(await names(to.list)).toEqual(["원래 1"]);
  });
});

describe("a reel left without a category", () => {
  test("waits in the inbox with its name, and is filed again with it", async () => {
    const doomed = category("지울 곳", [{ name: "살릴 릴스", instaRegDate: "2025-03-01T00:00:00.000Z" }]);
    const home = category("새 집", daysApart("새 집", 1));
    const response = await callAction(categoryDeleteApi, "/api/reels-category/delete", {
      json: { reelsCategorys: [{ index: doomed.categoryId }] },
      cookie: admin,
    });
    expect(response.status).toBe(200);
    const inbox = (await (await callLoader(inboxPage, "/reels-inbox", { cookie: admin })).json()) as {
      reels: { index: number; title: string; fromCategory: boolean }[];
    };
    expect(inbox.reels).toEqual([expect.objectContaining({ title: "살릴 릴스", fromCategory: true })]);

    const filed = await callAction(inboxPage, "/reels-inbox", {
      form: { intent: "file", index: String(inbox.reels[0]!.index), reelsCategoryID: String(home.categoryId) },
      cookie: admin,
    });
    expect(redirectTarget(filed)).toBe("/reels-inbox");
    expect(await names(home.list)).toEqual(["새 집 1", "살릴 릴스"]);
    expect(db().select().from(reelInbox).all()).toEqual([]);
  });
});
