// Whole pages as a browser without JavaScript gets them from the real server, read through a DOM,
// and what only Express does for them: the uploads folder, the origin guard, a 413 on a kept-alive
// connection. The use cases behind these pages are tested by calling the routes directly
// (home-menu, login, products and reels tests); here is what the layout and the forms show.
// Runs about 6 s.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { within } from "@testing-library/dom";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";

import { ADMIN_ID, ADMIN_PASSWORD, startApp, type TestApp } from "../support/app";
import { parseHtml } from "../support/dom";
import { fakeVideos, startFakeGraph, type FakeGraph } from "../support/fake-graph";
import { Client } from "../support/http";
import { adminClient, EVIL_ORIGIN, openDb } from "./_helpers";
import { makeImage, multipart, rawRequest, serialiseForm, uploadFiles } from "./_uploads";

const DISCLOSURE = "이 포스팅은 쿠팡 파트너스 활동의 일환으로, 이에 따른 일정액의 수수료를 제공받습니다.";
const MARKUP_CAPTION = `<b>굵게</b> & <script>alert("reel")</script>\n둘째 줄 'quote'`;

let fake: FakeGraph;
let app: TestApp;
let admin: Client;
let visitor: Client;
let videoId: string;

beforeAll(async () => {
  fake = await startFakeGraph();
  const [video] = fakeVideos(fake.origin, 1);
  videoId = video!.id;
  fake.setMedia([{ ...video!, caption: MARKUP_CAPTION }]);
  app = await startApp({ UPLOAD_MAX_MB: "1", INSTAGRAM_GRAPH_URL: fake.origin, INSTAGRAM_ACCESS_TOKEN: "test-token" });
  admin = await adminClient(app);
  visitor = new Client(app.origin);
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
});

beforeEach(() => {
  const db = openDb(app);
  try {
    db.prepare(
      `UPDATE home_menu SET home_menu_nm = '홈', reels_menu_nm = '릴스 모음', products_menu_nm = '제품 소개',
       detail_menu_nm = '상세 정보', view_home = 1, view_reels = 1, view_products = 1, view_detail = 0 WHERE id = 1`,
    ).run();
  } finally {
    db.close();
  }
});

/** A page as the browser gets it: the response, its HTML, its document and Testing Library queries on its body. */
async function page(client: Client, pathname: string, init?: Parameters<Client["fetch"]>[1]) {
  const response = await client.fetch(pathname, init);
  const html = await response.text();
  const document = parseHtml(html);
  return { response, status: response.status, html, document, screen: within(document.body) };
}

function hrefs(links: HTMLElement[]) {
  return links.map((link) => link.getAttribute("href"));
}

type ProductItem = { index: number; productNm: string; image: string | null };

async function createProduct(fields: Record<string, string>, image?: Buffer): Promise<ProductItem> {
  const form = multipart(
    { productsNm: "제품", description: "", isView: "true", isGroupBuy: "true", hasImage: image ? "true" : "false", ...fields },
    image ? { imageFile: [image, "a.png", "image/png"] } : {},
  );
  const response = await admin.fetch("/api/product-list/insert", { method: "POST", body: form });
  const body = (await response.json()) as { productLists: ProductItem[] };
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body.productLists[0]!;
}

function productCount() {
  const db = openDb(app);
  try {
    return (db.prepare("SELECT count(*) AS n FROM products").get() as { n: number }).n;
  } finally {
    db.close();
  }
}

async function json<T>(response: Response): Promise<T> {
  const body = (await response.json()) as T;
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body;
}

async function createCategory(categoryNm: string, isView = "true") {
  const form = multipart({ categoryNm, description: "설명", isView }, { imageFile: [await makeImage("png"), "c.png", "image/png"] });
  return (
    await json<{ reelsCategorys: { index: number }[] }>(await admin.fetch("/api/reels-category/insert", { method: "POST", body: form }))
  ).reelsCategorys[0]!.index;
}

async function createReel(categoryId: number, reelsNm: string) {
  return (
    await json<{ reelsLists: { id: number; mediaId: string; reelsNm: string }[] }>(
      await admin.fetch("/api/reels/insert", { json: { reelsNm, reelsCategoryID: categoryId, mediaId: videoId } }),
    )
  ).reelsLists[0]!;
}

const contentPath = (payload: unknown) => `/reels-content/${encodeURIComponent(JSON.stringify(payload))}`;

describe("the home page follows the menu settings", () => {
  test("a hidden section leaves the cards and the bottom navigation; a renamed one shows its new name", async () => {
    const before = (await page(new Client(app.origin), "/")).screen;
    expect(hrefs(before.getAllByRole("link"))).toContain("/reels-category");

    const update = await admin.fetch("/api/home/update", {
      json: { reelsMenuNm: "짧은 영상", productsMenuNm: "추천 제품", isViewFlags: { reels: false } },
    });
    expect(update.status).toBe(200);
    await update.arrayBuffer();

    const { screen } = await page(new Client(app.origin), "/");
    const nav = within(screen.getByRole("navigation", { name: "하단 메뉴" }));
    expect(hrefs(nav.getAllByRole("link")), "no reels tab").not.toContain("/reels-category");
    expect(hrefs(screen.getAllByRole("link")), "no reels card or tab anywhere").not.toContain("/reels-category");
    expect(screen.queryByText("짧은 영상"), "a hidden section's name is not shown").toBeNull();
    expect(screen.getByRole("heading", { level: 3, name: "추천 제품" }).closest("a")!.getAttribute("href")).toBe("/product-list");
    expect(screen.queryByRole("heading", { level: 3, name: "제품 소개" }), "the old name is gone from the cards").toBeNull();
  });
});

describe("the menu edit link", () => {
  test("a visitor's home page has no 메뉴 수정 link and GET /home-update sends the visitor home; the admin's has it", async () => {
    const visitorHome = (await page(new Client(app.origin), "/")).screen;
    expect(visitorHome.queryByRole("link", { name: "메뉴 수정" })).toBeNull();
    const refused = await new Client(app.origin).fetch("/home-update");
    expect(refused.status).toBe(302);
    expect(new URL(refused.headers.get("Location")!, app.origin).pathname).toBe("/");
    const adminHome = (await page(admin, "/")).screen;
    expect(adminHome.getByRole("link", { name: "메뉴 수정" }).getAttribute("href")).toBe("/home-update");
  });
});

describe("the /home-update page", () => {
  test("a form with the SPEC field names, starting at the current visibility", async () => {
    const { screen } = await page(admin, "/home-update");
    for (const name of ["홈", "릴스 모음", "제품 소개", "상세 정보"]) expect(screen.getByText(`현재 이름: ${name}`)).toBeTruthy();
    // The fourth row, 상세/심화 정보, is back with the guides (issue 32).
    expect(screen.getByText("상세/심화 정보")).toBeTruthy();
    const form = screen.getByText("현재 이름: 홈").closest("form")!;
    const input = (name: string, value?: string) =>
      form.querySelector<HTMLInputElement>(`input[name="${name}"]${value ? `[value="${value}"]` : ""}`);
    for (const key of ["home", "reels", "products", "detail"]) {
      expect(input(`${key}Checked`)?.type, `${key}Checked`).toBe("checkbox");
      expect(input(`${key}MenuNm`)?.type, `${key}MenuNm`).toBe("text");
      expect(input(`${key}View`, "show")?.type).toBe("radio");
      expect(input(`${key}View`, "hide")?.type).toBe("radio");
    }
    expect(input("intent")?.value).toBe("review");
    expect(input("detailView", "hide")?.hasAttribute("checked"), "the guides start hidden here").toBe(true);
    expect(input("reelsView", "show")?.hasAttribute("checked"), "reels starts shown").toBe(true);
  });

  test("review → the 메뉴를 수정하시겠습니까? step re-posting the values with intent=confirm; confirm → done, shown once", async () => {
    const fields = {
      reelsChecked: "on",
      reelsMenuNm: "새 이름",
      homeView: "show",
      reelsView: "show",
      productsView: "show",
    };
    const review = await page(admin, "/home-update", { form: { intent: "review", ...fields } });
    expect(review.response.status).toBe(200);
    const dialog = review.screen.getByRole("dialog", { name: "메뉴를 수정하시겠습니까?" });
    expect(within(dialog).getAllByText(/새 이름/).length).toBeGreaterThan(0);
    const hidden = [...dialog.querySelectorAll("input[type=hidden]")].map((input) => [
      input.getAttribute("name"),
      input.getAttribute("value"),
    ]);
    expect(hidden).toEqual(
      expect.arrayContaining([
        ["intent", "confirm"],
        ["reelsMenuNm", "새 이름"],
        ["reelsChecked", "on"],
      ]),
    );

    const confirm = await admin.fetch("/home-update", { form: Object.fromEntries(hidden as [string, string][]) });
    expect(confirm.status).toBe(302);
    const landing = await page(admin, confirm.headers.get("location")!);
    expect(landing.screen.getByText("메뉴 수정이 완료되었습니다.")).toBeTruthy();
    expect(landing.screen.getByText("현재 이름: 새 이름")).toBeTruthy();
    expect((await page(admin, "/home-update")).screen.queryByText("메뉴 수정이 완료되었습니다."), "shown once").toBeNull();
  });

  test("nothing changed → the page says so, with no confirmation step", async () => {
    const { response, screen } = await page(admin, "/home-update", {
      form: { intent: "review", homeView: "show", reelsView: "show", productsView: "show" },
    });
    expect(response.status).toBe(400);
    expect(screen.getByText("변경된 내용이 없습니다. 정보를 확인해 주세요.")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("the login page", () => {
  test.each([
    ["a Hangul id", { id: "관리자", pw: "x" }, 400, "한글은 입력할 수 없습니다."],
    ["empty fields", { id: "", pw: "" }, 400, "아이디와 비밀번호를 입력해 주세요."],
    ["a wrong password", { id: ADMIN_ID, pw: "wrong-password-9" }, 401, "아이디 또는 비밀번호가 올바르지 않습니다."],
  ])("%s → the page shows the Korean message and never the typed password", async (_label, form, status, message) => {
    const { response, screen } = await page(new Client(app.origin), "/admin-login", { form });
    expect(response.status).toBe(status);
    expect(screen.getByText(message)).toBeTruthy();
    expect((screen.getByLabelText("비밀번호") as HTMLInputElement).value).toBe("");
    expect(screen.getByRole("button", { name: "로그인" })).toBeTruthy();
  });

  test("a login greets the admin once; a logout says so once", async () => {
    const client = new Client(app.origin);
    const login = await client.fetch("/admin-login", { form: { id: ADMIN_ID, pw: ADMIN_PASSWORD } });
    expect(login.status).toBe(302);
    expect((await page(client, login.headers.get("location")!)).screen.getByText("로그인되었습니다.")).toBeTruthy();
    expect((await page(client, "/")).screen.queryByText("로그인되었습니다.")).toBeNull();

    const logout = await client.fetch("/logout", { method: "POST", form: {} });
    expect(logout.status).toBe(302);
    expect((await page(client, logout.headers.get("location")!)).screen.getByText("로그아웃되었습니다.")).toBeTruthy();
    expect((await page(client, "/")).screen.queryByText("로그아웃되었습니다.")).toBeNull();
  });
});

describe("the rendered product pages", () => {
  test("the Coupang disclosure is the first thing on /product-list, before the title", async () => {
    const { document } = await page(visitor, "/product-list");
    const title = within(document.body).getByRole("heading", { level: 1, name: "제품 소개" });
    const disclosure = within(document.body).getAllByText(DISCLOSURE)[0]!;
    expect(disclosure.compareDocumentPosition(title) & 4, "the disclosure comes before the page title").toBe(4);
  });

  test("a product named <script>…</script> is shown as text, never as markup", async () => {
    const name = "<script>alert(1)</script>";
    const created = await createProduct({ productsNm: name, description: `<img src=x onerror="alert(2)"> & 설명` });
    const edit = await page(admin, `/product-upsert/1/${encodeURIComponent(JSON.stringify({ id: created.index }))}`);
    expect((within(edit.document.body).getByLabelText("제품명") as HTMLInputElement).value).toBe(name);
    for (const [client, pathname] of [
      [visitor, "/product-list"],
      [admin, "/product-list"],
      [admin, "/product-list?mode=edit"],
      [admin, "/product-list?mode=delete"],
    ] as const) {
      const { document } = await page(client, pathname);
      expect(document.body.textContent, pathname).toContain(name);
      expect(
        [...document.querySelectorAll("script")].some((script) => script.textContent === "alert(1)"),
        `${pathname}: no script element`,
      ).toBe(false);
      expect(document.querySelectorAll("img[onerror]"), `${pathname}: no img with onerror`).toHaveLength(0);
    }
    expect(edit.document.querySelectorAll("img[onerror]")).toHaveLength(0);
  });

  test("the admin sees a hidden product marked 숨김; a visitor does not see it at all", async () => {
    const created = await createProduct({ productsNm: "숨긴 감각 볼", isView: "false" });
    const adminPage = await page(admin, "/product-list");
    const card = within(adminPage.document.body).getByText("숨긴 감각 볼").closest("li")!;
    expect(within(card as HTMLElement).getByText("숨김")).toBeTruthy();
    const visitorPage = await page(visitor, "/product-list");
    expect(visitorPage.html, "not even in the page data").not.toContain("숨긴 감각 볼");
    expect(created.index).toBeGreaterThan(0);
  });

  test("edit mode is a compact row per product (its id the page comes back to) linking to its edit page, the info naming its id", async () => {
    const created = await createProduct({ productsNm: "편집 링크 제품" });
    const { document } = await page(admin, "/product-list?mode=edit");
    const row = document.getElementById(`item-${created.index}`)!;
    expect(within(row).getByText("편집 링크 제품")).toBeTruthy();
    expect(within(row).getByRole("button", { name: "편집 링크 제품 위로" })).toBeTruthy();
    const link = within(row).getByRole("link", { name: "편집 링크 제품 수정" });
    const [, , tag, info] = link.getAttribute("href")!.split("/");
    expect(tag).toMatch(/^\d+$/);
    expect(JSON.parse(decodeURIComponent(info!))).toMatchObject({ id: created.index, productsNm: "편집 링크 제품" });
  });

  test("delete mode without JavaScript: a checkbox per product, then a 정말 삭제하시겠습니까? step with 확인 and 취소", async () => {
    const created = await createProduct({ productsNm: "지울 감각 볼" });
    const mode = within((await page(admin, "/product-list?mode=delete")).document.body);
    expect(mode.getByRole("checkbox", { name: "지울 감각 볼 선택" }).getAttribute("value")).toBe(String(created.index));

    const review = await page(admin, "/product-list?mode=delete", { form: { intent: "review", index: String(created.index) } });
    expect(review.status).toBe(200);
    const step = within(review.document.body);
    expect(step.getAllByText("지울 감각 볼").length).toBeGreaterThan(0);
    const dialog = within(step.getByRole("dialog", { name: "정말 삭제하시겠습니까?" }));
    const confirm = dialog.getByRole("button", { name: "확인" }).closest("form")!;
    const posted = [...confirm.querySelectorAll("input[type=hidden]")].map((input) => [
      input.getAttribute("name"),
      input.getAttribute("value"),
    ]);
    expect(posted).toEqual([
      ["index", String(created.index)],
      ["intent", "confirm"],
    ]);
    expect(dialog.getByRole("link", { name: "취소" }).getAttribute("href")).toMatch(/^\/product-list/);

    const nothing = await page(admin, "/product-list?mode=delete", { form: { intent: "review" } });
    expect(nothing.status).toBe(400);
    expect(within(nothing.document.body).getByText("삭제할 대상이 없습니다.")).toBeTruthy();
  });
});

describe("uploads served by Express", () => {
  test("/uploads/<file> has the right Content-Type, nosniff, a long max-age and the stored bytes; an unknown name is a 404", async () => {
    const expected: Record<string, string> = { ".png": "image/png", ".jpg": "image/jpeg", ".webp": "image/webp", ".gif": "image/gif" };
    for (const format of ["png", "jpeg", "webp", "gif"] as const) {
      const form = multipart(
        { productsNm: `${format} 사진`, isView: "true", isGroupBuy: "true", hasImage: "true" },
        { imageFile: [await makeImage(format), `a.${format}`, `image/${format}`] },
      );
      const created = (
        (await (await admin.fetch("/api/product-list/insert", { method: "POST", body: form })).json()) as { productLists: ProductItem[] }
      ).productLists[0]!;
      const name = /^\/uploads\/([^?]+)/.exec(created.image!)![1]!;
      const response = await visitor.fetch(`/uploads/${name}`);
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")?.split(";")[0]).toBe(expected[path.extname(name)]);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(Number(/max-age=(\d+)/.exec(response.headers.get("cache-control") ?? "")?.[1])).toBeGreaterThanOrEqual(30 * 24 * 60 * 60);
      expect(bytes.equals(fs.readFileSync(path.join(app.uploadsDir, name)))).toBe(true);
    }
    const missing = await visitor.fetch(`/uploads/${crypto.randomUUID()}.png`);
    expect(missing.status).toBe(404);
    await missing.arrayBuffer();
  });
});

describe("the edge refuses before any action runs", () => {
  test("admin requests from Origin: http://evil.example → 403 (API and page), nothing changes", async () => {
    const target = await createProduct({ productsNm: "악성 대상" });
    const count = productCount();
    const files = uploadFiles(app);
    const png = await makeImage("png");
    const evil = { Origin: EVIL_ORIGIN };
    const fields = { productsNm: "악성", isView: "true", isGroupBuy: "true", hasImage: "true" };
    for (const response of [
      await admin.fetch("/api/product-list/insert", {
        method: "POST",
        body: multipart(fields, { imageFile: [png, "a.png", "image/png"] }),
        headers: evil,
      }),
      await admin.fetch("/api/product-list/update", {
        method: "POST",
        body: multipart({ ...fields, index: String(target.index) }),
        headers: evil,
      }),
      await admin.fetch("/api/product-list/delete", { json: { productLists: [{ index: target.index }] }, headers: evil }),
    ]) {
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({
        errMsg: "허용되지 않은 요청입니다. 사이트에서 다시 시도해 주세요.",
        errCode: "FORBIDDEN_ORIGIN",
        requestId: response.headers.get("x-request-id"),
      });
    }
    for (const [pathname, body] of [
      ["/product-upsert/0", multipart(fields, { imageFile: [png, "a.png", "image/png"] })],
      [`/product-upsert/1/${encodeURIComponent(JSON.stringify({ id: target.index }))}`, multipart(fields)],
      [
        "/product-list?mode=delete",
        new URLSearchParams([
          ["intent", "confirm"],
          ["index", String(target.index)],
        ]),
      ],
    ] as const) {
      const response = await admin.fetch(pathname, { method: "POST", body, headers: evil });
      expect(response.status, pathname).toBe(403);
      expect(
        within(parseHtml(await response.text()).body).getByText("허용되지 않은 요청입니다. 사이트에서 다시 시도해 주세요."),
      ).toBeTruthy();
    }
    expect(productCount()).toBe(count);
    expect(uploadFiles(app)).toEqual(files);
  });

  test("after an early 413 the next request on the same kept-alive connection is answered", async () => {
    // The server answered before reading the whole body: it must close the connection (or drain it),
    // else the next request on it stalls until the keep-alive timeout and fails with ECONNRESET.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const { body, contentType } = await serialiseForm(
        multipart(
          { productsNm: "큰 파일 연결", hasImage: "true" },
          { imageFile: [crypto.randomBytes(1.5 * 1024 * 1024), "big.png", "image/png"] },
        ),
      );
      const refused = await rawRequest(agent, app.url("/api/product-list/insert"), {
        method: "POST",
        body,
        headers: { "Content-Type": contentType, "Content-Length": String(body.length), Cookie: admin.cookieHeader(), Origin: app.origin },
      });
      expect(refused.status).toBe(413);
      expect(JSON.parse(refused.text)).toEqual({
        errMsg: "파일이 너무 큽니다. 1MB 이하의 이미지를 올려 주세요.",
        errCode: "FILE_TOO_LARGE",
        requestId: expect.any(String),
      });
      const next = await rawRequest(agent, app.url("/healthz"));
      expect(next.status, `the connection the 413 came back on (Connection: ${refused.headers.connection})`).toBe(200);
    } finally {
      agent.destroy();
    }
  });

  test("a form post far over the limit gets the 413 page in the site's look, with the way back to its form", async () => {
    const agent = new http.Agent({ keepAlive: false });
    try {
      const { body, contentType } = await serialiseForm(
        multipart({ productsNm: "아주 큰 사진" }, { imageFile: [crypto.randomBytes(4.5 * 1024 * 1024), "huge.jpg", "image/jpeg"] }),
      );
      const refused = await rawRequest(agent, app.url("/product-upsert/0"), {
        method: "POST",
        body,
        headers: { "Content-Type": contentType, "Content-Length": String(body.length), Cookie: admin.cookieHeader(), Origin: app.origin },
      });
      expect(refused.status).toBe(413);
      const document = parseHtml(refused.text);
      expect(within(document.body).getByRole("heading", { level: 1 }).textContent).toBe("요청이 너무 큽니다");
      expect(within(document.body).getByText("파일이 너무 큽니다. 1MB 이하의 이미지를 올려 주세요.")).toBeTruthy();
      expect(within(document.body).getByRole("link", { name: "작성하던 화면으로" }).getAttribute("href")).toBe("/product-upsert/0");
      expect(within(document.body).getByRole("link", { name: "홈으로" }).getAttribute("href")).toBe("/");
      expect(document.querySelector("head style")?.textContent, "the site's colours").toContain("#fff8f0");
    } finally {
      agent.destroy();
    }
  });
});

describe("the reel viewer", () => {
  test("plays the video (<video> with an mp4 <source>) and shows the caption as text in <pre>", async () => {
    const reel = await createReel(await createCategory("뷰어 카테고리"), "마크업 릴스");
    const { status, document } = await page(visitor, contentPath({ id: reel.id, mediaId: reel.mediaId, reelsNm: reel.reelsNm }));
    expect(status).toBe(200);
    const source = document.querySelector("video source")!;
    expect(source.getAttribute("type")).toBe("video/mp4");
    expect(source.getAttribute("src")).toBe(`${fake.origin}/cdn/v/${videoId}.mp4?oe=ABCDEF`);
    expect(document.querySelector("pre")!.textContent).toBe(MARKUP_CAPTION);
    expect(document.querySelectorAll("b"), "the caption's markup is never markup").toHaveLength(0);
    expect([...document.querySelectorAll("script")].some((script) => script.textContent === 'alert("reel")')).toBe(false);
  });

  test("an unknown reel is a 404 page saying 릴스가 존재하지 않습니다., with no text taken from the link", async () => {
    const withId = await page(
      visitor,
      contentPath({ id: 987654, mediaId: "18000000000000123", reelsNm: "가짜 공지: 이 사이트는 폐쇄되었습니다" }),
    );
    expect(withId.status).toBe(404);
    expect(within(withId.document.body).getByText("릴스가 존재하지 않습니다.")).toBeTruthy();
    expect(withId.document.body.textContent).not.toContain("18000000000000123");
    expect(withId.document.body.textContent).not.toContain("가짜 공지");
    const garbled = await page(visitor, "/reels-content/%7Bnot-json");
    expect(garbled.status).toBe(404);
    expect(within(garbled.document.body).getByText("릴스가 존재하지 않습니다.")).toBeTruthy();
  });
});

describe("admin screens", () => {
  test("with an expired token the register screen says so in Korean, and still renders", async () => {
    const categoryId = await createCategory("만료 토큰 카테고리");
    fake.expireToken();
    try {
      const { status, document } = await page(
        admin,
        `/reels-upsert/0/${encodeURIComponent(JSON.stringify({ title: "만료 토큰 카테고리", reelsCategoryId: categoryId }))}`,
      );
      expect(status).toBe(200);
      const screen = within(document.body);
      const alerts = screen.getAllByRole("alert").map((alert) => alert.textContent);
      expect(alerts, "said in an alert").toContain(
        "인스타그램 토큰이 만료되었거나 취소되었습니다. '인스타그램 연결'에서 새 토큰을 등록해 주세요.",
      );
      expect(screen.queryAllByRole("radio"), "nothing to choose from").toHaveLength(0);
      expect(screen.queryByText("일시적인 오류가 발생했습니다"), "no error page").toBeNull();
    } finally {
      fake.restoreToken();
    }
  });

  test("the register screen lists the media to choose from", async () => {
    const categoryId = await createCategory("선택 카테고리");
    const { document } = await page(
      admin,
      `/reels-upsert/0/${encodeURIComponent(JSON.stringify({ title: "선택 카테고리", reelsCategoryId: categoryId }))}`,
    );
    expect(document.querySelector(`input[name="mediaId"][value="${videoId}"]`)).not.toBeNull();
  });

  test("a hidden category is marked 숨김 for the admin and absent for a visitor", async () => {
    await createCategory("숨긴 릴스 카테고리", "false");
    const adminPage = within((await page(admin, "/reels-category")).document.body);
    expect(within(adminPage.getByText("숨긴 릴스 카테고리").closest("li") as HTMLElement).getByText("숨김")).toBeTruthy();
    expect(within((await page(visitor, "/reels-category")).document.body).queryByText("숨긴 릴스 카테고리")).toBeNull();
  });

  test("deleting a category asks 정말 삭제하시겠습니까? and says its reels go to the inbox", async () => {
    const categoryId = await createCategory("지울 릴스 카테고리");
    await createReel(categoryId, "딸린 릴스");
    const { status, document } = await page(admin, "/reels-category?mode=delete", {
      form: { intent: "review", index: String(categoryId) },
    });
    expect(status).toBe(200);
    const dialog = within(within(document.body).getByRole("dialog", { name: "정말 삭제하시겠습니까?" }));
    expect(dialog.getByText("지울 릴스 카테고리 (릴스 1개는 미분류 릴스로 옮겨집니다)")).toBeTruthy();
    expect(dialog.getByRole("button", { name: "확인" })).toBeTruthy();
  });
});
