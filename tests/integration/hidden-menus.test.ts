// Hidden means hidden (issue 33, point 7; DESIGN §10 "Hidden menus"), through the real server on the
// demo content: while the owner hides 제품 소개 or 릴스 모음 on /home-update, that section's pages (a
// product's own page and /p/{id} among them) are the 404 page to visitors (stored pages included: the
// menu change is a write), the owner still sees them with a 숨김 notice, and the section leaves the sitemap, the search, the home page's cards and
// introduction, the bottom navigation and /navi. Also: category descriptions on their pages, /navi's
// owner-only admin list, and the reel viewer's way back to its category.
import { within } from "@testing-library/dom";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";

import { startApp, type TestApp } from "../support/app";
import { parseHtml } from "../support/dom";
import { Client } from "../support/http";
import { withDatabase } from "../support/records";
import { adminClient, queryOneIn, reelPathIn } from "./_helpers";

const NOT_FOUND = "페이지를 찾을 수 없습니다";
const OWNER_NOTICE = "이 메뉴는 숨겨져 있어 방문자에게는 ‘페이지를 찾을 수 없습니다’로 보입니다.";
const INTRO = {
  both: "아동 작업치료사가 전하는 발달·배변훈련 정보, 릴스 모음, 추천 제품과 공동구매를 한곳에서 만나보세요.",
  reelsOnly: "아동 작업치료사가 전하는 발달·배변훈련 정보와 릴스 모음을 한곳에서 만나보세요.",
  productsOnly: "아동 작업치료사가 전하는 발달·배변훈련 정보와 추천 제품, 공동구매를 한곳에서 만나보세요.",
  neither: "아동 작업치료사가 전하는 발달·배변훈련 정보를 한곳에서 만나보세요.",
};

let app: TestApp;
let admin: Client;
let visitor: Client;
let product: { id: number; name: string };
let category: { id: number; name: string };
let reel: { id: number; name: string; path: string };

beforeAll(async () => {
  app = await startApp();
  admin = await adminClient(app);
  visitor = new Client(app.origin);
  product = queryOneIn(app, "SELECT id, name FROM products WHERE is_view = 1 ORDER BY id LIMIT 1");
  category = queryOneIn(
    app,
    "SELECT id, name FROM reel_categories c WHERE is_view = 1 AND EXISTS (SELECT 1 FROM reels r WHERE r.category_id = c.id) ORDER BY position, id LIMIT 1",
  );
  const row = queryOneIn<{ id: number; name: string }>(
    app,
    "SELECT id, name FROM reels WHERE category_id = ? ORDER BY id LIMIT 1",
    category.id,
  );
  reel = { ...row, path: reelPathIn(app, row.id) };
});

afterAll(() => app?.close());

afterEach(async () => {
  await setShown({ reels: true, products: true });
});

const listPath = () => `/reels-list/${category.id}/${encodeURIComponent(category.name)}`;

/** Shows or hides menus as the owner does (the API door of /home-update); a flag already so is left out. */
async function setShown(flags: { reels?: boolean; products?: boolean }) {
  const current = queryOneIn<{ view_reels: number; view_products: number }>(
    app,
    "SELECT view_reels, view_products FROM home_menu WHERE id = 1",
  );
  const changes = Object.fromEntries(
    Object.entries(flags).filter(([key, value]) => (key === "reels" ? current.view_reels : current.view_products) !== Number(value)),
  );
  if (Object.keys(changes).length === 0) return;
  const response = await admin.fetch("/api/home/update", { json: { isViewFlags: changes } });
  expect(response.status, await response.clone().text()).toBe(200);
}

async function page(client: Client, pathname: string) {
  const response = await client.fetch(pathname);
  return { status: response.status, document: parseHtml(await response.text()) };
}

async function expectNotFound(pathname: string) {
  const { status, document } = await page(visitor, pathname);
  expect(status, pathname).toBe(404);
  within(document.body).getByRole("heading", { level: 1, name: NOT_FOUND });
}

async function expectOwnerSeesHidden(pathname: string) {
  const { status, document } = await page(admin, pathname);
  expect(status, pathname).toBe(200);
  const notice = within(document.body).getByRole("note");
  expect(notice.textContent).toBe(`숨김 ${OWNER_NOTICE} 메뉴 수정에서 보이기`);
  expect(within(notice).getByRole("link", { name: "메뉴 수정에서 보이기" }).getAttribute("href")).toBe("/home-update");
}

async function sitemapPaths() {
  const xml = await (await visitor.fetch("/sitemap.xml")).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!.replaceAll("&#38;", "&")).pathname);
}

function hrefsIn(document: Document, selector: string) {
  return [...document.querySelectorAll(`${selector} a`)].map((link) => link.getAttribute("href"));
}

async function apiSearch(q: string) {
  const response = await visitor.fetch(`/api/search?q=${encodeURIComponent(q)}`);
  expect(response.status).toBe(200);
  return (await response.json()) as { reels: { id: number }[]; products: { index: number }[]; categories: { index: number }[] };
}

describe("제품 소개 hidden", () => {
  test("a stored /product-list is the 404 page right after the owner hides the menu, and a page again right after she shows it", async () => {
    await visitor.fetch("/product-list");
    const before = await visitor.fetch("/product-list");
    expect(before.status).toBe(200);
    // A change made behind the app's back does not show: the page came from the cache.
    withDatabase(app, (db) => db.prepare("UPDATE products SET name = ? WHERE id = ?").run("캐시 확인용 이름", product.id));
    expect(await (await visitor.fetch("/product-list")).text()).not.toContain("캐시 확인용 이름");
    withDatabase(app, (db) => db.prepare("UPDATE products SET name = ? WHERE id = ?").run(product.name, product.id));

    await setShown({ products: false });
    await expectNotFound("/product-list");
    await expectNotFound("/product-list");

    await setShown({ products: true });
    expect((await visitor.fetch("/product-list")).status).toBe(200);
  });

  test("a product's own page (stored) and its short link /p/{id} are the 404 page while 제품 소개 is hidden; the owner sees the page with the notice", async () => {
    const own = `/product/${product.id}`;
    await visitor.fetch(own);
    expect((await visitor.fetch(own)).status).toBe(200);
    expect((await visitor.fetch(`/p/${product.id}`)).status).toBe(301);
    expect(await sitemapPaths()).toContain(own);

    await setShown({ products: false });
    await expectNotFound(own);
    await expectNotFound(`/p/${product.id}`);
    expect(await sitemapPaths()).not.toContain(own);
    await expectOwnerSeesHidden(own);
    const short = await admin.fetch(`/p/${product.id}`);
    expect(short.status, "the owner's short link still leads to the page").toBe(301);
    expect(short.headers.get("Location")).toBe(own);

    await setShown({ products: true });
    expect((await visitor.fetch(own)).status).toBe(200);
    expect((await visitor.fetch(`/p/${product.id}`)).status).toBe(301);
  });

  test("the owner still sees the page, told it is hidden", async () => {
    await setShown({ products: false });
    await expectOwnerSeesHidden("/product-list");
    await setShown({ products: true });
    const { document } = await page(admin, "/product-list");
    expect(within(document.body).queryByRole("note")).toBeNull();
  });

  test("the section leaves the sitemap, the search, the home page (cards, introduction, preview text), the bottom navigation and /navi", async () => {
    expect(await sitemapPaths()).toContain("/product-list");
    expect((await apiSearch(product.name)).products.map((item) => item.index)).toContain(product.id);
    await setShown({ products: false });

    expect(await sitemapPaths()).not.toContain("/product-list");
    expect((await apiSearch(product.name)).products).toEqual([]);
    const search = await page(visitor, `/search?q=${encodeURIComponent(product.name)}`);
    expect(search.document.querySelector("#search-products")).toBeNull();
    expect(hrefsIn(search.document, "main")).not.toContain("/product-list");

    const home = await page(visitor, "/");
    expect(hrefsIn(home.document, "main")).not.toContain("/product-list");
    expect(hrefsIn(home.document, 'nav[aria-label="하단 메뉴"]')).not.toContain("/product-list");
    within(home.document.body).getByText(INTRO.reelsOnly);
    expect(home.document.querySelector('meta[name="description"]')?.getAttribute("content")).toBe(INTRO.reelsOnly);
    expect(home.document.body.textContent).not.toContain(INTRO.both);

    const navi = await page(visitor, "/navi");
    expect(hrefsIn(navi.document, "main")).not.toContain("/product-list");
  });

  test("the owner's home page and /navi keep the hidden menu, marked 숨김", async () => {
    await setShown({ products: false });
    const home = await page(admin, "/");
    const card = within(home.document.body).getByRole("link", { name: /제품 소개/ });
    expect(card.getAttribute("href")).toBe("/product-list");
    expect(within(card).getByRole("heading", { level: 3 }).textContent).toBe("제품 소개 숨김");
    const navi = await page(admin, "/navi");
    expect(within(navi.document.body).getByRole("link", { name: "제품 소개 숨김" }).getAttribute("href")).toBe("/product-list");
  });
});

describe("릴스 모음 hidden", () => {
  test("every reels page is the 404 page to visitors, the stored ones too; the owner sees them with the notice", async () => {
    for (const pathname of ["/reels-category", listPath(), reel.path]) {
      await visitor.fetch(pathname);
      expect((await visitor.fetch(pathname)).status, pathname).toBe(200);
    }
    expect((await visitor.fetch(`/r/${reel.id}`)).status).toBe(301);

    await setShown({ reels: false });
    for (const pathname of ["/reels-category", listPath(), reel.path, `/r/${reel.id}`]) await expectNotFound(pathname);
    for (const pathname of ["/reels-category", listPath(), reel.path]) await expectOwnerSeesHidden(pathname);
    const short = await admin.fetch(`/r/${reel.id}`);
    expect(short.status, "the owner's short link still leads to the reel").toBe(301);
    expect(short.headers.get("Location")).toBe(reel.path);
  });

  test("reels and categories leave the sitemap and the search; the home page and /navi lose the menu", async () => {
    const reelsPage = (path: string) => path.startsWith("/reels-");
    expect((await sitemapPaths()).filter(reelsPage).length).toBeGreaterThan(2);
    await setShown({ reels: false });
    expect((await sitemapPaths()).filter(reelsPage)).toEqual([]);
    const found = await apiSearch(reel.name);
    expect([found.reels, found.categories]).toEqual([[], []]);
    expect((await apiSearch(category.name)).categories).toEqual([]);

    const home = await page(visitor, "/");
    expect(hrefsIn(home.document, "main")).not.toContain("/reels-category");
    expect(hrefsIn(home.document, 'nav[aria-label="하단 메뉴"]')).not.toContain("/reels-category");
    within(home.document.body).getByText(INTRO.productsOnly);
    expect(hrefsIn((await page(visitor, "/navi")).document, "main")).not.toContain("/reels-category");
  });

  test("with both menus hidden the introduction promises neither, and a search finds nothing", async () => {
    await setShown({ reels: false, products: false });
    within((await page(visitor, "/")).document.body).getByText(INTRO.neither);
    expect(await apiSearch(product.name)).toMatchObject({ reels: [], products: [], categories: [] });
    await setShown({ reels: true, products: true });
    within((await page(visitor, "/")).document.body).getByText(INTRO.both);
  });
});

describe("a category's description", () => {
  test("shows on its list page and its card as text, line breaks kept, markup not read as markup", async () => {
    const description = "첫째 줄 <b>굵게</b> & 끝\n둘째 줄";
    withDatabase(app, (db) => db.prepare("UPDATE reel_categories SET description = ? WHERE id = ?").run(description, category.id));
    // Written behind the app's back (an owner's edit would empty the page cache itself): any write does.
    await setShown({ reels: false });
    await setShown({ reels: true });

    const listHtml = await (await visitor.fetch(listPath())).text();
    expect(listHtml).toContain('<p class="category-description">첫째 줄 &lt;b&gt;굵게&lt;/b&gt; &amp; 끝\n둘째 줄</p>');
    const list = parseHtml(listHtml);
    expect(list.querySelector(".category-description b")).toBeNull();

    const cards = parseHtml(await (await visitor.fetch("/reels-category")).text());
    const card = cards.querySelector(`a[href="${listPath()}"] .category-card__description`);
    expect(card?.textContent).toBe(description);
    expect(card?.children).toHaveLength(0);
  });
});

describe("/navi", () => {
  test("the owner's list adds her screens to the public pages", async () => {
    const navi = await page(admin, "/navi");
    const groups = within(navi.document.body).getAllByRole("navigation", { name: /페이지|개인정보처리방침/ });
    expect(groups.map((group) => group.getAttribute("aria-label"))).toEqual(["콘텐츠 페이지", "관리자 페이지", "개인정보처리방침"]);
    const ownerLinks = within(navi.document.body).getByRole("navigation", { name: "관리자 페이지" });
    expect(within(ownerLinks).getByRole("link", { name: "사이트 설정" }).getAttribute("href")).toBe("/site-settings");
    expect(within(ownerLinks).getByRole("link", { name: "메뉴 수정" }).getAttribute("href")).toBe("/home-update");

    const visitors = await page(visitor, "/navi");
    expect(within(visitors.document.body).queryByRole("navigation", { name: "관리자 페이지" })).toBeNull();
    expect(visitors.document.body.textContent).not.toContain("사이트 설정");
  });
});

describe("the reel viewer", () => {
  test("links back to its category's list: the way back for a parent who came from a shared /r/ link", async () => {
    const landed = await visitor.fetch((await visitor.fetch(`/r/${reel.id}`)).headers.get("Location")!);
    expect(landed.status).toBe(200);
    const document = parseHtml(await landed.text());
    const back = within(document.body).getByRole("link", { name: `${category.name} 카테고리로` });
    expect(back.getAttribute("href")).toBe(listPath());
    // Above the reel's title, where a parent looks first.
    const title = within(document.body).getByRole("heading", { level: 1, name: reel.name });
    const FOLLOWING = 4; // Node.DOCUMENT_POSITION_FOLLOWING
    expect(back.compareDocumentPosition(title) & FOLLOWING).toBeTruthy();
  });
});
