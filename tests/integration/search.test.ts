// Site search (issue 21) through the real route modules and use cases, on this file's own SQLite copy:
// Korean words inside compounds, partial words, the LIKE fallback for one- and two-character words,
// inputs that could be read as SQL or FTS syntax, the API's shape, what visitors may not see, and the
// FTS indexes following every insert, update and delete made by the existing use cases.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { db } from "~/db/client.server";
import { reelCategories, reels } from "~/db/schema";
import { deleteProducts, saveProduct } from "~/features/products/products.server";
import { productSchema } from "~/features/products/schema";
import { deleteCategories, saveCategory } from "~/features/reels/categories.server";
import { deleteReels, registerReel, updateReel } from "~/features/reels/reel-writes.server";
import { categorySchema, reelSchema } from "~/features/reels/schema";
import type { Admin } from "~/lib/session.server";
import * as apiSearch from "~/routes/api.search";
import * as searchPage from "~/routes/search";
import { startFakeGraph, type FakeGraph, type FakeMediaItem } from "../support/fake-graph";
import { callAction, callLoader, theAdmin } from "./_direct";

type Named = { reelsNm?: string; productNm?: string; categoryNm?: string };
type Group = { items: (Named & { caption?: string })[]; more: boolean };
type PageData = {
  query: { text: string; words: string[]; cut: boolean };
  reels: Group;
  products: Group;
  categories: Group;
};

let fake: FakeGraph;
let admin: Admin;
let potty: number;
let hidden: number;

function video(id: string, day: string, caption: string): FakeMediaItem {
  return {
    id,
    caption,
    media_type: "VIDEO",
    media_product_type: "REELS",
    media_url: `${fake.origin}/cdn/v/${id}.mp4`,
    thumbnail_url: `${fake.origin}/cdn/t/${id}.jpg`,
    permalink: `https://www.instagram.com/reel/S${id.slice(-3)}/`,
    timestamp: `${day}T03:00:00+0000`,
  };
}

const FIRST_WEEK = "18200000000000001";
const SCISSORS = "18200000000000002";
const SECRET = "18200000000000003";
const LATER = "18200000000000004";

async function category(categoryNm: string, isView = true) {
  return (await saveCategory(admin, categorySchema.parse({ categoryNm, isView }))).index;
}

async function reel(reelsNm: string, categoryId: number, mediaId: string) {
  return (await registerReel(admin, reelSchema.parse({ reelsNm, reelsCategoryID: categoryId, mediaId }))).id;
}

async function product(productsNm: string, isView = true) {
  return (await saveProduct(admin, productSchema.parse({ productsNm, isView }))).index;
}

async function searchData(q: string): Promise<PageData> {
  const response = await callLoader(searchPage, `/search?q=${encodeURIComponent(q)}`);
  expect(response.status).toBe(200);
  return (await response.json()) as PageData;
}

const reelNames = (data: PageData) => data.reels.items.map((item) => item.reelsNm);
const productNames = (data: PageData) => data.products.items.map((item) => item.productNm);
const categoryNames = (data: PageData) => data.categories.items.map((item) => item.categoryNm);

beforeAll(async () => {
  fake = await startFakeGraph();
  fake.setMedia([
    video(FIRST_WEEK, "2025-06-01", "오늘은 배변훈련 첫 주 이야기예요.\n#배변훈련 #기저귀"),
    video(SCISSORS, "2025-06-02", `가위질 100% 성공_팁 "따옴표" \\ 역슬래시 NEAR(가위 질) *별표`),
    video(SECRET, "2025-06-03", "숨긴 카테고리의 배변훈련 릴스"),
    video(LATER, "2025-06-04", "나중에 고칠 설명 – 소근육"),
  ]);
  Object.assign(process.env, { INSTAGRAM_GRAPH_URL: fake.origin, INSTAGRAM_ACCESS_TOKEN: "test-token" });
  admin = await theAdmin();
  potty = await category("배변 습관");
  hidden = await category("숨김 배변 모음", false);
  await reel("첫 주, 자주 묻는 질문", potty, FIRST_WEEK);
  await reel("가위질 첫걸음", potty, SCISSORS);
  await reel("비공개 배변 릴스", hidden, SECRET);
  await product("유아 배변훈련 변기 커버");
  await product("배변 숨김 제품", false);
  await product("Balance Cushion 균형 쿠션");
});
afterAll(() => fake?.close());

describe("/search finds what visitors may see", () => {
  test("배변 (two syllables) finds the reel whose caption says 배변훈련, the category and the product", async () => {
    const data = await searchData("배변");
    expect(reelNames(data)).toEqual(["첫 주, 자주 묻는 질문"]);
    expect(productNames(data)).toEqual(["유아 배변훈련 변기 커버"]);
    expect(categoryNames(data)).toEqual(["배변 습관"]);
    expect(data.query).toEqual({ text: "배변", words: ["배변"], cut: false });
  });

  test("a whole word and a part from inside a word go through the trigram index", async () => {
    expect(reelNames(await searchData("배변훈련"))).toEqual(["첫 주, 자주 묻는 질문"]);
    expect(reelNames(await searchData("변훈련"))).toEqual(["첫 주, 자주 묻는 질문"]);
    expect(productNames(await searchData("훈련 변기"))).toEqual(["유아 배변훈련 변기 커버"]);
    expect(productNames(await searchData("cushion"))).toEqual(["Balance Cushion 균형 쿠션"]);
  });

  test("every word must match, in the title or the caption", async () => {
    // 첫 is in both reels' titles; 이야기 only in the first one's caption.
    expect(reelNames(await searchData("첫 이야기"))).toEqual(["첫 주, 자주 묻는 질문"]);
    expect(reelNames(await searchData("첫"))).toEqual(["가위질 첫걸음", "첫 주, 자주 묻는 질문"]);
    expect(reelNames(await searchData("배변훈련 가위질"))).toEqual([]);
  });

  test("one- and two-character words are matched literally: % _ \\ are not wildcards", async () => {
    expect(reelNames(await searchData("%"))).toEqual(["가위질 첫걸음"]);
    expect(reelNames(await searchData("_"))).toEqual(["가위질 첫걸음"]);
    expect(reelNames(await searchData("\\"))).toEqual(["가위질 첫걸음"]);
    expect(reelNames(await searchData("0%"))).toEqual(["가위질 첫걸음"]);
    expect(reelNames(await searchData("%%"))).toEqual([]);
  });

  test("FTS syntax in the input is searched for as text", async () => {
    expect(reelNames(await searchData("NEAR(가위"))).toEqual(["가위질 첫걸음"]);
    expect(reelNames(await searchData('"따옴표"'))).toEqual(["가위질 첫걸음"]);
    expect(reelNames(await searchData("*별표"))).toEqual(["가위질 첫걸음"]);
    expect(reelNames(await searchData("배변 OR 가위질"))).toEqual([]);
  });

  test("hidden categories, their reels and hidden products are never found", async () => {
    const data = await searchData("숨김");
    expect(categoryNames(data)).toEqual([]);
    expect(productNames(data)).toEqual([]);
    expect(reelNames(await searchData("비공개"))).toEqual([]);
    expect(reelNames(await searchData("숨긴 카테고리"))).toEqual([]);
  });

  test("odd inputs answer 200 on the page and the API", async () => {
    const odd = ["%", "_", "'", "''", '"', '"""', "*", "NEAR(", "NEAR(a b)", "a".repeat(1000), "👶🏻🚽", "   ", "\u0000", "-", "^x", "a:b"];
    for (const q of odd) {
      const page = await callLoader(searchPage, `/search?q=${encodeURIComponent(q)}`);
      expect(page.status, JSON.stringify(q)).toBe(200);
      const api = await callLoader(apiSearch, `/api/search?q=${encodeURIComponent(q)}`);
      expect(api.status, JSON.stringify(q)).toBe(200);
    }
  });

  test("the input is bounded to 100 characters and 5 words, and the page is told", async () => {
    const long = await searchData("배".repeat(1000));
    expect(long.query.cut).toBe(true);
    expect(Array.from(long.query.text)).toHaveLength(100);
    const many = await searchData("가위질 첫걸음 가위질 a b c d e");
    expect(many.query).toEqual({ text: "가위질 첫걸음 a b c", words: ["가위질", "첫걸음", "a", "b", "c"], cut: true });
    expect((await searchData("배변")).query.cut).toBe(false);
  });

  test("an empty query asks nothing", async () => {
    for (const q of ["", "   "]) {
      const data = await searchData(q);
      expect(data.query.words).toEqual([]);
      expect(data.reels.items).toEqual([]);
    }
    const noParam = await callLoader(searchPage, "/search");
    expect(noParam.status).toBe(200);
  });

  test("each group shows the newest 20 and says there were more", async () => {
    const many = Array.from({ length: 21 }, (_, n) => ({
      categoryId: potty,
      name: `모음 릴스 ${n + 1}`,
      mediaId: String(18300000000000000n + BigInt(n)),
      instaRegDate: new Date(Date.UTC(2025, 0, 1 + n)).toISOString(),
    }));
    db().insert(reels).values(many).run();
    try {
      const data = await searchData("모음 릴스");
      expect(data.reels.items).toHaveLength(20);
      expect(data.reels.more).toBe(true);
      expect(data.reels.items[0]!.reelsNm).toBe("모음 릴스 21");
      expect(data.reels.items[19]!.reelsNm).toBe("모음 릴스 2");
    } finally {
      db().delete(reels).where(eq(reels.categoryId, potty)).run();
      // Put the two fixture reels back as they were (the FTS index follows the delete and the inserts).
      await reel("첫 주, 자주 묻는 질문", potty, FIRST_WEEK);
      await reel("가위질 첫걸음", potty, SCISSORS);
    }
  });

  test("the page gets a reel's caption on one line (the API keeps it whole)", async () => {
    const data = await searchData("기저귀");
    expect(data.reels.items[0]!.caption).toBe("오늘은 배변훈련 첫 주 이야기예요. #배변훈련 #기저귀");
  });
});

describe("GET /api/search", () => {
  test("answers {reels, products, categories} in the items of the list APIs", async () => {
    const response = await callLoader(apiSearch, `/api/search?q=${encodeURIComponent("배변")}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown[]>;
    expect(body).toMatchObject({ errMsg: "", errCode: "" });
    expect(body.reels).toEqual([
      expect.objectContaining({
        index: expect.any(Number),
        id: expect.any(Number),
        reelsNm: "첫 주, 자주 묻는 질문",
        mediaId: FIRST_WEEK,
        caption: "오늘은 배변훈련 첫 주 이야기예요.\n#배변훈련 #기저귀",
        instaRegDate: "2025-06-01 12:00:00",
        reelsCategoryID: potty,
      }),
    ]);
    expect(body.products).toEqual([
      expect.objectContaining({ index: expect.any(Number), productNm: "유아 배변훈련 변기 커버", isView: true }),
    ]);
    expect(body.categories).toEqual([expect.objectContaining({ index: potty, categoryNm: "배변 습관", reelsCount: 2, isView: true })]);
  });

  test("a POST is refused with {errMsg, errCode}", async () => {
    const response = await callAction(apiSearch, "/api/search?q=a", { json: {} });
    expect(response.status).toBe(405);
    expect(await response.json()).toMatchObject({ errCode: "METHOD_NOT_ALLOWED", errMsg: expect.stringMatching(/[가-힣]/) });
  });
});

describe("the indexes follow the existing use cases", () => {
  test("a reel: registered, renamed, moved to a hidden category, deleted", async () => {
    expect(reelNames(await searchData("소근육"))).toEqual([]);
    const id = await reel("처음 이름의 릴스", potty, LATER);
    expect(reelNames(await searchData("소근육"))).toEqual(["처음 이름의 릴스"]);
    expect(reelNames(await searchData("처음 이름"))).toEqual(["처음 이름의 릴스"]);

    updateReel(admin, reelSchema.parse({ index: id, reelsNm: "바꾼 이름의 릴스", reelsCategoryID: potty }));
    expect(reelNames(await searchData("처음 이름"))).toEqual([]);
    expect(ftsRows("reels_search", "처음 이름")).toBe(0);
    expect(reelNames(await searchData("바꾼 이름"))).toEqual(["바꾼 이름의 릴스"]);

    updateReel(admin, reelSchema.parse({ index: id, reelsNm: "바꾼 이름의 릴스", reelsCategoryID: hidden }));
    expect(reelNames(await searchData("바꾼 이름"))).toEqual([]);

    updateReel(admin, reelSchema.parse({ index: id, reelsNm: "바꾼 이름의 릴스", reelsCategoryID: potty }));
    await deleteReels(admin, [id]);
    expect(reelNames(await searchData("바꾼 이름"))).toEqual([]);
    expect(reelNames(await searchData("소근육"))).toEqual([]);
    expect(ftsRows("reels_search", "바꾼 이름")).toBe(0);
  });

  test("a product: registered, renamed, hidden, deleted", async () => {
    const id = await product("원목 소근육 블록");
    expect(productNames(await searchData("원목 블록"))).toEqual(["원목 소근육 블록"]);
    await saveProduct(admin, productSchema.parse({ index: id, productsNm: "원목 퍼즐 세트" }));
    expect(productNames(await searchData("블록"))).toEqual([]);
    expect(productNames(await searchData("퍼즐"))).toEqual(["원목 퍼즐 세트"]);
    await saveProduct(admin, productSchema.parse({ index: id, productsNm: "원목 퍼즐 세트", isView: false }));
    expect(productNames(await searchData("퍼즐"))).toEqual([]);
    await deleteProducts(admin, [id]);
    expect(ftsRows("products_search", "퍼즐 세트")).toBe(0);
  });

  test("a category: registered, renamed, deleted with its reels", async () => {
    const id = await category("감각 통합 놀이");
    const reelId = await reel("감각 릴스", id, LATER);
    expect(categoryNames(await searchData("통합 놀이"))).toEqual(["감각 통합 놀이"]);
    await saveCategory(admin, categorySchema.parse({ index: id, categoryNm: "촉각 놀이 모음" }));
    expect(categoryNames(await searchData("통합"))).toEqual([]);
    expect(categoryNames(await searchData("촉각 놀이"))).toEqual(["촉각 놀이 모음"]);
    expect(reelNames(await searchData("감각 릴스"))).toEqual(["감각 릴스"]);

    await deleteCategories(admin, [id]);
    expect(categoryNames(await searchData("촉각 놀이"))).toEqual([]);
    expect(reelNames(await searchData("감각 릴스"))).toEqual([]);
    expect(ftsRows("reel_categories_search", "촉각 놀이")).toBe(0);
    expect(ftsRows("reels_search", "감각 릴스")).toBe(0);
    expect(db().select().from(reels).where(eq(reels.id, reelId)).get()).toBeUndefined();
    expect(db().select().from(reelCategories).where(eq(reelCategories.id, id)).get()).toBeUndefined();
  });

  test("every index agrees with its table", () => {
    for (const index of ["reels_search", "products_search", "reel_categories_search"]) {
      expect(() => db().$client.prepare(`INSERT INTO ${index} (${index}, rank) VALUES ('integrity-check', 1)`).run()).not.toThrow();
    }
  });
});

/** Rows the FTS index itself still holds for a phrase (an external-content index answers from its own data). */
function ftsRows(index: string, phrase: string) {
  const row = db().$client.prepare(`SELECT count(*) AS n FROM ${index} WHERE ${index} MATCH ?`).get(`"${phrase}"`) as { n: number };
  return row.n;
}
