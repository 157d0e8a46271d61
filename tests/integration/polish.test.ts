// Issue 12 (forms and polish) through the real server: ids that are not numbers, the login page
// for a logged-in admin, menu names on their own pages, and the career page's single back arrow.
import { within } from "@testing-library/dom";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startApp, type TestApp } from "../support/app";
import { parseHtml } from "../support/dom";
import { Client } from "../support/http";
import { adminClient } from "./_helpers";

const BAD_ID = "잘못된 번호입니다.";

let app: TestApp;
let admin: Client;

beforeAll(async () => {
  app = await startApp();
  admin = await adminClient(app);
});
afterAll(async () => {
  await app?.close();
});

/** Through the owner's API, as /home-update does: the page cache learns of it. */
async function renameMenus(reels: string, products: string) {
  const response = await admin.fetch("/api/home/update", {
    json: { reelsMenuNm: reels, productsMenuNm: products, isViewFlags: { reels: true, products: true } },
  });
  expect(response.status).toBe(200);
}

async function page(client: Client, pathname: string) {
  const response = await client.fetch(pathname);
  const document = parseHtml(await response.text());
  return { response, document, screen: within(document.body) };
}

function multipartWithId(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

describe("an id that is not a number", () => {
  const calls: [label: string, pathname: string, init: Parameters<Client["fetch"]>[1]][] = [
    ["product delete", "/api/product-list/delete", { json: { productLists: [{ index: "abc" }] } }],
    ["product update", "/api/product-list/update", { body: multipartWithId({ index: "abc", productsNm: "제품" }) }],
    ["category delete", "/api/reels-category/delete", { json: { reelsCategorys: [{ index: "abc" }] } }],
    ["category update", "/api/reels-category/update", { body: multipartWithId({ index: "abc", categoryNm: "카테고리" }) }],
    ["reel delete", "/api/reels/delete", { json: { reelsLists: [{ index: "abc" }] } }],
    ["reel update", "/api/reels/update", { json: { index: "abc", reelsNm: "릴스" } }],
    ["reel list", "/api/reels/list?reelsCategoryId=abc", {}],
    ["reel search", "/api/reels/list-search?reelsCategoryId=abc&keyword=a", {}],
    ["reel viewer data", "/api/reels/contents?reelsId=abc", {}],
  ];
  test.each(calls)("%s answers 400 잘못된 번호입니다.", async (_label, pathname, init) => {
    const response = await admin.fetch(pathname, init);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errMsg: string; errCode: string };
    expect(body.errMsg).toBe(BAD_ID);
    expect(body.errCode).toBe("VALIDATION");
  });
});

describe("/admin-login", () => {
  test("sends a logged-in admin on, with no form", async () => {
    const response = await admin.fetch("/admin-login");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
    const onward = await admin.fetch(`/admin-login?redirectTo=${encodeURIComponent("/product-list?mode=edit")}`);
    expect(onward.headers.get("location")).toBe("/product-list?mode=edit");
    // A redirect back to the login page itself would loop.
    const itself = await admin.fetch(`/admin-login?redirectTo=${encodeURIComponent("/admin-login")}`);
    expect(itself.headers.get("location")).toBe("/");
  });

  test("still shows the form to a visitor", async () => {
    const { response, screen } = await page(new Client(app.origin), "/admin-login");
    expect(response.status).toBe(200);
    expect(screen.getByRole("button", { name: "로그인" })).toBeTruthy();
  });

  test("the form carries redirectTo, so a login without JavaScript returns there too", async () => {
    const { document } = await page(new Client(app.origin), `/admin-login?redirectTo=${encodeURIComponent("/product-list?mode=edit")}`);
    const field = document.querySelector<HTMLInputElement>('form[method="post"] input[type="hidden"][name="redirectTo"]');
    expect(field?.value).toBe("/product-list?mode=edit");
  });
});

describe("menu names", () => {
  test("the default names head the reels and products pages", async () => {
    for (const [pathname, name] of [
      ["/reels-category", "릴스 모음"],
      ["/product-list", "제품 소개"],
    ] as const) {
      const { document, screen } = await page(new Client(app.origin), pathname);
      expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(name);
      expect(document.title.startsWith(name)).toBe(true);
    }
  });

  test("a renamed menu names its own page: heading, title and bottom bar", async () => {
    await renameMenus("놀이 영상", "추천 육아템");
    for (const [pathname, name] of [
      ["/reels-category", "놀이 영상"],
      ["/product-list", "추천 육아템"],
    ] as const) {
      const { document, screen } = await page(new Client(app.origin), pathname);
      expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(name);
      expect(document.title.startsWith(name)).toBe(true);
      const nav = within(screen.getByRole("navigation", { name: "하단 메뉴" }));
      expect(nav.getByRole("link", { name }).getAttribute("aria-current")).toBe("page");
    }
    expect((await page(new Client(app.origin), "/reels-category")).document.body.textContent).not.toContain("릴스 모음");
    await renameMenus("릴스 모음", "제품 소개");
  });
});

describe("the career page", () => {
  test("has one back arrow, the header's", async () => {
    const { screen } = await page(new Client(app.origin), "/career-background");
    expect(screen.getAllByRole("link", { name: /뒤로/ })).toHaveLength(1);
    expect(screen.queryByRole("link", { name: "홈으로" })).toBeNull();
  });
});
