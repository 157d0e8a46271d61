// Issue 20 items 3 and 4 through the real route modules: the order of products, reel categories and
// banners (page door with JavaScript off, the three /api/.../order calls), every shown banner taking
// its turn at its own size, and empty categories hidden from visitors only. Issue 33, point 8: a move
// without JavaScript comes back to the moved row (#item-{id}), one with it (inPlace) without the anchor.
import { beforeEach, describe, expect, test } from "vitest";
import { db } from "~/db/client.server";
import { partnerAds, products, reelCategories, reels } from "~/db/schema";
import { shownPartnerAds } from "~/features/ads/ads.server";
import * as adsPage from "~/routes/_admin.site-settings_.ads";
import * as productOrderApi from "~/routes/api.product-list.order";
import * as categoryOrderApi from "~/routes/api.reels-category.order";
import * as adOrderApi from "~/routes/api.site-settings.ads.order";
import * as productListPage from "~/routes/product-list";
import * as categoryListPage from "~/routes/reels-category";
import { addCategory, addPartnerAd, addProduct, addReels } from "../support/records";
import { adminCookie, callAction, callLoader, redirectTarget } from "./_direct";

let admin: string;

beforeEach(async () => {
  admin ??= await adminCookie();
  db().delete(reels).run();
  db().delete(reelCategories).run();
  db().delete(products).run();
  db().delete(partnerAds).run();
});

/** Products in the given order (first on top), `true` for 공동구매. */
function addProducts(list: [string, boolean][]) {
  return list.map(([name, isGroupBuy], position) => addProduct(db().$client, { name, isGroupBuy, position }));
}

async function json(response: Response, status: number) {
  expect(response.status).toBe(status);
  return (await response.json()) as Record<string, unknown>;
}

/** The products' names in the page's order: its sections one after the other (공동구매, then 제품 추천). */
async function shownProducts(cookie?: string) {
  const data = await json(await callLoader(productListPage, "/product-list", { cookie }), 200);
  return (data.items as { productNm: string }[]).map((item) => item.productNm);
}

describe("products", () => {
  test("위로 with JavaScript off moves a product within its section and comes back to edit mode", async () => {
    const [, , mat] = addProducts([
      ["블록", true],
      ["그림책", false],
      ["감각 놀이 매트", true],
    ]);
    const response = await callAction(productListPage, "/product-list?mode=edit", {
      form: { intent: "move", id: String(mat), direction: "up" },
      cookie: admin,
    });
    expect(redirectTarget(response)).toBe("/product-list?mode=edit");
    // It passed 블록, its neighbour in 공동구매; 그림책 (제품 추천) stays where it was.
    expect(await shownProducts()).toEqual(["감각 놀이 매트", "블록", "그림책"]);

    // At the top of its section nothing moves.
    await callAction(productListPage, "/product-list?mode=edit", {
      form: { intent: "move", id: String(mat), direction: "up" },
      cookie: admin,
    });
    expect(await shownProducts()).toEqual(["감각 놀이 매트", "블록", "그림책"]);
  });

  test("POST /api/product-list/order puts every product in order; bad lists are 400 and change nothing", async () => {
    const [a, b, c] = addProducts([
      ["가", true],
      ["나", false],
      ["다", true],
    ]);
    const order = (ids: unknown, cookie = admin) => callAction(productOrderApi, "/api/product-list/order", { json: { ids }, cookie });

    const body = await json(await order([c, b, a]), 200);
    expect((body.productLists as { productNm: string }[]).map((item) => item.productNm)).toEqual(["다", "나", "가"]);
    expect(await shownProducts()).toEqual(["다", "가", "나"]);

    expect(await json(await order([c, c, a]), 400)).toMatchObject({
      errMsg: "같은 항목이 순서에 두 번 들어 있습니다. 각 항목을 한 번씩만 보내 주세요.",
    });
    const mismatch = "순서에 없는 항목이 있거나 빠진 항목이 있습니다. 목록을 새로 불러온 뒤 다시 정해 주세요.";
    expect(await json(await order([a, b]), 400)).toMatchObject({ errMsg: mismatch });
    expect(await json(await order([a, b, c, 99999]), 400)).toMatchObject({ errMsg: mismatch });
    expect((await order("no")).status).toBe(400);
    expect(await json(await order([a, b, c], ""), 401)).toMatchObject({ errMsg: "로그인이 필요합니다." });
    expect(await shownProducts()).toEqual(["다", "가", "나"]);
  });

  test("a new product goes on top", async () => {
    addProducts([["먼저", true]]);
    addProduct(db().$client, { name: "나중", position: -1 });
    expect(await shownProducts()).toEqual(["나중", "먼저"]);
  });
});

function addCategoryWithReels(name: string, position: number, reelCount: number) {
  const id = addCategory(db().$client, { name, position });
  addReels(
    db().$client,
    id,
    Array.from({ length: reelCount }, (_, n) => ({ name: `${name} ${n}` })),
  );
  return id;
}

async function shownCategories(cookie?: string, search = "") {
  const data = await json(await callLoader(categoryListPage, `/reels-category${search}`, { cookie }), 200);
  return (data.items as { categoryNm: string; reelsCount: number }[]).map((item) => `${item.categoryNm}:${item.reelsCount}`);
}

describe("reel categories", () => {
  test("visitors never see an empty category; the admin sees it with its count of 0", async () => {
    addCategoryWithReels("배변", 0, 2);
    addCategoryWithReels("빈 분류", 1, 0);
    expect(await shownCategories()).toEqual(["배변:2"]);
    expect(await shownCategories(admin)).toEqual(["배변:2", "빈 분류:0"]);
  });

  test("아래로 with JavaScript off, and POST /api/reels-category/order with its 400s and 401", async () => {
    const first = addCategoryWithReels("첫째", 0, 1);
    const second = addCategoryWithReels("둘째", 1, 1);
    const moved = await callAction(categoryListPage, "/reels-category?mode=edit", {
      form: { intent: "move", id: String(first), direction: "down" },
      cookie: admin,
    });
    expect(redirectTarget(moved)).toBe("/reels-category?mode=edit");
    expect(await shownCategories()).toEqual(["둘째:1", "첫째:1"]);

    const order = (ids: unknown, cookie = admin) => callAction(categoryOrderApi, "/api/reels-category/order", { json: { ids }, cookie });
    await json(await order([first, second]), 200);
    expect(await shownCategories()).toEqual(["첫째:1", "둘째:1"]);
    expect((await order([first, first])).status).toBe(400);
    expect((await order([first])).status).toBe(400);
    expect((await order([first, second])).status).toBe(200);
    expect((await order([second, first], "")).status).toBe(401);
    expect(await shownCategories()).toEqual(["첫째:1", "둘째:1"]);
  });
});

describe("partner banners", () => {
  function addBanners(count: number) {
    return Array.from({ length: count }, (_, n) => {
      const banner = { name: `배너 ${n + 1}`, imageUrl: `/demo/ads/ad-${n}.png`, position: n, width: 100 + n };
      return { ...banner, id: addPartnerAd(db().$client, banner) };
    });
  }

  test("all seven shown banners take their turn, each at its own size", () => {
    const banners = addBanners(7);
    const seen = shownPartnerAds();
    expect(seen.map((ad) => ad.name)).toEqual(banners.map((banner) => banner.name));
    expect(seen.map((ad) => ad.size)).toEqual(banners.map((banner) => ({ width: banner.width, height: 50 })));
    // Hidden ones drop out of the turns.
    db().update(partnerAds).set({ isView: false }).run();
    expect(shownPartnerAds()).toEqual([]);
  });

  test("위로 from the settings list, and POST /api/site-settings/ads/order with its 400s and 401", async () => {
    const [one, two, three] = addBanners(3).map((banner) => banner.id);
    const moved = await callAction(adsPage, "/site-settings/ads", {
      form: { intent: "move", id: String(three), direction: "up" },
      cookie: admin,
    });
    expect(redirectTarget(moved)).toBe("/site-settings");
    expect(moved.headers.get("Location")).toBe(`/site-settings#item-${three}`);
    expect(shownPartnerAds().map((ad) => ad.id)).toEqual([one, three, two]);

    const order = (ids: unknown, cookie = admin) => callAction(adOrderApi, "/api/site-settings/ads/order", { json: { ids }, cookie });
    await json(await order([three, two, one]), 200);
    expect(shownPartnerAds().map((ad) => ad.id)).toEqual([three, two, one]);
    expect((await order([three, two, two])).status).toBe(400);
    expect((await order([three, two, one, 12345])).status).toBe(400);
    expect((await order([one, two, three], "")).status).toBe(401);
    expect(shownPartnerAds().map((ad) => ad.id)).toEqual([three, two, one]);
  });
});

describe("after a move the page comes back to the row (issue 33, point 8)", () => {
  test.each([
    [
      "a product",
      productListPage,
      "/product-list?mode=edit",
      () =>
        addProducts([
          ["위", true],
          ["아래", true],
        ])[1]!,
    ],
    [
      "a reel category",
      categoryListPage,
      "/reels-category?mode=edit",
      () => [addCategoryWithReels("위", 0, 1), addCategoryWithReels("아래", 1, 1)][1]!,
    ],
  ] as const)("%s: without JavaScript at #item-{id}; with it (inPlace) as it was", async (_kind, page, path, arrange) => {
    const id = arrange();
    const plain = await callAction(page, path, { form: { intent: "move", id: String(id), direction: "up" }, cookie: admin });
    expect(plain.headers.get("Location")).toBe(`${path}#item-${id}`);
    const enhanced = await callAction(page, path, {
      form: { intent: "move", id: String(id), direction: "down", inPlace: "true" },
      cookie: admin,
    });
    expect(enhanced.headers.get("Location")).toBe(path);
  });

  test("a move that is refused (the row is gone) comes back to the list without an anchor", async () => {
    const moved = await callAction(productListPage, "/product-list?mode=edit", {
      form: { intent: "move", id: "987654", direction: "up" },
      cookie: admin,
    });
    expect(moved.headers.get("Location")).toBe("/product-list?mode=edit");
  });
});
