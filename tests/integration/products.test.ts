// Products end to end against the real built app: the JSON/multipart API and the page forms (no JS),
// the upload pipeline (sniffing, re-encoding, limits, atomic writes, sweep) and the guards.
// Run: NODE_ENV=production node --import tsx --test tests/integration/products.test.ts
import { afterAll, beforeAll, describe, test } from "vitest";
import assert from "node:assert/strict";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import sharp from "sharp";

import { ko } from "~/copy/ko";
import { startApp, type TestApp } from "../support/app";
import { Client } from "../support/http";
import { adminClient, EVIL_ORIGIN, formatLogs, HANGUL, isClientErrorLog, openDb, visibleHtml } from "./_helpers";
import {
  assertUploadsMatchDb,
  makeImage,
  makeJpegWithExif,
  makePixelBombPng,
  multipart,
  rawRequest,
  serialiseForm,
  uploadFiles,
  uploadName,
  type RawResponse,
} from "./_uploads";

const UPLOAD_MAX_MB = 1;
const ALL_KINDS = ["PNG", "JPEG", "WEBP", "GIF"];

let app: TestApp;
let admin: Client;
let visitor: Client;

beforeAll(async () => {
  app = await startApp({ UPLOAD_MAX_MB: String(UPLOAD_MAX_MB) });
  admin = await adminClient(app);
  visitor = new Client(app.origin);
  assertUploadsMatchDb(app, "after start (demo seed)");
});
afterAll(() => app.close());

// ---------------------------------------------------------------------------------------------
// Helpers

type ProductRow = {
  id: number;
  name: string;
  description: string;
  image: string | null;
  is_group_buy: number;
  is_view: number;
  is_left: number;
  left_button_nm: string | null;
  left_link: string | null;
  is_right: number;
  right_button_nm: string | null;
  right_link: string | null;
  updated_at: string;
};

type ProductItem = {
  index: number;
  productNm: string;
  title: string;
  description: string;
  image: string | null;
  isGroupBuy: boolean;
  isView: boolean;
  leftButtonNm: string | null;
  leftLink: string | null;
  rightButtonNm: string | null;
  rightLink: string | null;
};

type ApiBody = { errMsg: string; errCode: string; productLists?: ProductItem[]; deleted?: number };

function productRows(): ProductRow[] {
  const db = openDb(app);
  try {
    return db.prepare("SELECT * FROM products ORDER BY id").all() as ProductRow[];
  } finally {
    db.close();
  }
}

function productRow(id: number): ProductRow | undefined {
  return productRows().find((row) => row.id === id);
}

function productByName(name: string): ProductRow | undefined {
  return productRows().find((row) => row.name === name);
}

function uploadPath(name: string) {
  return path.join(app.uploadsDir, name);
}

/** Text as React renders it inside an element. */
function htmlText(text: string) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

async function apiJson(response: Response, status: number, label: string): Promise<ApiBody> {
  const text = await response.text();
  assert.equal(response.status, status, `${label}: status ${response.status}: ${text.slice(0, 300)}`);
  assert.match(response.headers.get("content-type") ?? "", /application\/json/, `${label}: JSON answer`);
  const body = JSON.parse(text) as ApiBody;
  assert.equal(typeof body.errMsg, "string");
  assert.equal(typeof body.errCode, "string");
  if (status >= 400) {
    assert.match(body.errMsg, HANGUL, `${label}: errMsg must be Korean`);
    assert.ok(body.errCode.length > 0, `${label}: errCode set`);
  }
  return body;
}

function assertRedirect(response: Response, pathname: string, label: string) {
  assert.ok([301, 302, 303].includes(response.status), `${label}: expected a redirect, got ${response.status}`);
  assert.equal(new URL(response.headers.get("location")!, app.origin).pathname, pathname, `${label}: redirect target`);
}

async function assertHealthy(label: string) {
  const response = await fetch(app.url("/healthz"));
  assert.equal(response.status, 200, `${label}: /healthz`);
  assert.deepEqual(await response.json(), { ok: true });
}

/** Every field of the product form, both buttons on (SPEC §3), with overrides (undefined drops a field). */
function productFields(overrides: Record<string, string | undefined> = {}) {
  return {
    productsNm: "테스트 공동구매 변기 커버",
    description: "공동구매 테스트 제품입니다.",
    hasImage: "true",
    isView: "true",
    isGroupBuy: "true",
    isLeft: "true",
    leftButtonNm: "구매하기",
    leftLink: "https://link.coupang.com/a/test-left",
    isRight: "true",
    rightButtonNm: "자세히 보기",
    rightLink: "https://example.com/products/detail?id=1&x=2",
    ...overrides,
  };
}

function post(client: Client, pathname: string, body: FormData | URLSearchParams, headers: Record<string, string> = {}) {
  return client.fetch(pathname, { method: "POST", body, headers });
}

/**
 * Posts a body the server answers before reading it whole (413), on a connection of its own: fetch's
 * shared pool would otherwise reuse the connection for the next request (see the keep-alive test below).
 */
async function postOnOwnConnection(client: Client, pathname: string, form: FormData): Promise<RawResponse> {
  const agent = new http.Agent({ keepAlive: false });
  try {
    const { body, contentType } = await serialiseForm(form);
    return await rawRequest(agent, app.url(pathname), {
      method: "POST",
      body,
      headers: { "Content-Type": contentType, "Content-Length": String(body.length), Cookie: client.cookieHeader(), Origin: app.origin },
    });
  } finally {
    agent.destroy();
  }
}

function editPath(id: number) {
  return `/product-upsert/${Date.now()}/${encodeURIComponent(JSON.stringify({ id }))}`;
}

async function apiInsert(fields: Record<string, string | undefined>, file?: [Buffer | string, string, string], client = admin) {
  return post(client, "/api/product-list/insert", multipart(fields, file ? { imageFile: file } : {}));
}

async function apiUpdate(fields: Record<string, string | undefined>, file?: [Buffer | string, string, string], client = admin) {
  return post(client, "/api/product-list/update", multipart(fields, file ? { imageFile: file } : {}));
}

async function listFor(client: Client): Promise<ProductItem[]> {
  const body = await apiJson(await client.fetch("/api/product-list"), 200, "GET /api/product-list");
  assert.ok(Array.isArray(body.productLists), "productLists is an array");
  return body.productLists!;
}

async function pageHtml(client: Client, pathname: string, status = 200) {
  const response = await client.fetch(pathname);
  const html = await response.text();
  assert.equal(response.status, status, `GET ${pathname}: ${html.slice(0, 200)}`);
  return html;
}

/** Tries an upload that must be refused: the status, the code, a Korean message, nothing stored. */
async function assertRefusedInsert(
  label: string,
  fields: Record<string, string | undefined>,
  file: [Buffer | string, string, string] | undefined,
  expected: { status: number | number[]; errCode?: string; errMsg?: string; ownConnection?: boolean },
) {
  const before = productRows();
  const filesBefore = uploadFiles(app);
  const response = expected.ownConnection
    ? await postOnOwnConnection(admin, "/api/product-list/insert", multipart(fields, file ? { imageFile: file } : {}))
    : await apiInsert(fields, file);
  const statuses = Array.isArray(expected.status) ? expected.status : [expected.status];
  const text = response instanceof Response ? await response.text() : response.text;
  assert.ok(statuses.includes(response.status), `${label}: status ${response.status} (expected ${statuses.join("/")}): ${text.slice(0, 300)}`);
  const body = JSON.parse(text) as ApiBody;
  assert.match(body.errMsg, HANGUL, `${label}: Korean errMsg`);
  if (expected.errCode) assert.equal(body.errCode, expected.errCode, `${label}: errCode`);
  if (expected.errMsg) assert.equal(body.errMsg, expected.errMsg, `${label}: errMsg`);
  assert.deepEqual(productRows(), before, `${label}: no product stored or changed`);
  assert.deepEqual(uploadFiles(app), filesBefore, `${label}: no file left in UPLOADS_DIR`);
  assertUploadsMatchDb(app, label);
  await assertHealthy(label);
  return body;
}

// ---------------------------------------------------------------------------------------------

describe("through the API: register, edit, hide, delete a group-buy product", () => {
  let id = 0;
  let firstImage = "";
  const name = "API 공동구매 연필 교정기";

  test("POST /api/product-list/insert (multipart, image, both buttons) → 200 {productLists:[item]}, the row and its file", async () => {
    const png = await makeImage("png", { width: 300, height: 200 });
    const response = await apiInsert(productFields({ productsNm: name, index: "1" }), [png, "photo.png", "image/png"]);
    const body = await apiJson(response, 200, "insert");
    assert.equal(body.errMsg, "");
    assert.equal(body.errCode, "");
    const item = body.productLists?.[0];
    assert.ok(item, "the saved product comes back in productLists");
    id = item.index;
    assert.ok(id > 1, "the register call ignores the index it was sent (product 1 is not overwritten)");
    assert.equal(item.productNm, name);
    assert.equal(item.isGroupBuy, true);
    assert.equal(item.isView, true);
    assert.equal(item.leftButtonNm, "구매하기");
    assert.equal(item.leftLink, "https://link.coupang.com/a/test-left");
    assert.equal(item.rightButtonNm, "자세히 보기");
    assert.equal(item.rightLink, "https://example.com/products/detail?id=1&x=2");
    assert.match(item.image ?? "", /^\/uploads\/[0-9a-f-]{36}\.png\?v=\d+$/, "image URL with a cache-busting v");

    const row = productRow(id)!;
    assert.ok(row, "row stored");
    assert.equal(row.name, name);
    assert.equal(row.is_group_buy, 1);
    assert.equal(row.is_left, 1);
    assert.equal(row.is_right, 1);
    assert.equal(row.image, uploadName(item.image));
    assert.ok(fs.existsSync(uploadPath(row.image!)), "the image file exists");
    assert.notEqual(productRow(1)?.name, name, "product 1 untouched");
    firstImage = row.image!;
    assertUploadsMatchDb(app, "API insert");
  });

  test("the visitor sees it in GET /api/product-list and on /product-list with both buttons", async () => {
    const item = (await listFor(visitor)).find((candidate) => candidate.index === id);
    assert.ok(item, "listed for the visitor");
    assert.equal(item.isGroupBuy, true);
    const html = visibleHtml(await pageHtml(visitor, "/product-list"));
    assert.ok(html.includes(htmlText(name)), "name on the page");
    assert.ok(html.includes(htmlText("https://link.coupang.com/a/test-left")), "left button link on the page");
    assert.ok(html.includes(htmlText("https://example.com/products/detail?id=1&x=2")), "right button link on the page");
  });

  test("POST /api/product-list/update renames and replaces the image: the old file goes, the new one is stored", async () => {
    const jpeg = await makeImage("jpeg", { width: 120, height: 90, color: "#aa3300" });
    const renamed = `${name} (수정)`;
    const response = await apiUpdate(productFields({ productsNm: renamed, index: String(id) }), [jpeg, "new.jpg", "image/jpeg"]);
    const item = (await apiJson(response, 200, "update")).productLists![0]!;
    assert.equal(item.index, id);
    assert.equal(item.productNm, renamed);
    const row = productRow(id)!;
    assert.equal(row.name, renamed);
    assert.ok(row.image && row.image !== firstImage, "a new image name");
    assert.match(row.image!, /\.jpg$/);
    assert.ok(fs.existsSync(uploadPath(row.image!)), "new file exists");
    assert.ok(!fs.existsSync(uploadPath(firstImage)), "replaced file removed");
    assertUploadsMatchDb(app, "API update (replace image)");
  });

  test("update without a new file keeps the image; without an index it is a 400", async () => {
    const image = productRow(id)!.image;
    await apiJson(await apiUpdate(productFields({ productsNm: `${name} (수정)`, index: String(id) })), 200, "update, same image");
    assert.equal(productRow(id)!.image, image, "image kept");
    assertUploadsMatchDb(app, "API update (keep image)");

    const before = productRows();
    const body = await apiJson(await apiUpdate(productFields({ productsNm: "인덱스 없음" })), 400, "update without index");
    assert.equal(body.errMsg, ko.errors.indexRequired);
    assert.deepEqual(productRows(), before, "nothing changed");

    const missing = await apiJson(await apiUpdate(productFields({ index: "987654" })), 404, "update of an unknown index");
    assert.equal(missing.errMsg, ko.products.notFound);
    assert.deepEqual(productRows(), before, "nothing created");
    assertUploadsMatchDb(app, "API update refusals");
  });

  test("hasImage=false removes the image: the column is null and the file is gone", async () => {
    const image = productRow(id)!.image!;
    const response = await apiUpdate(productFields({ productsNm: `${name} (수정)`, index: String(id), hasImage: "false" }));
    const item = (await apiJson(response, 200, "update, hasImage=false")).productLists![0]!;
    assert.equal(item.image, null);
    assert.equal(productRow(id)!.image, null);
    assert.ok(!fs.existsSync(uploadPath(image)), "removed image file deleted");
    assertUploadsMatchDb(app, "API update (hasImage=false)");
  });

  test("isView=false hides it from visitors (API and page); the admin still sees it, marked 숨김", async () => {
    const hiddenName = `${name} (수정)`;
    await apiJson(
      await apiUpdate(productFields({ productsNm: hiddenName, index: String(id), isView: "false", hasImage: "false" })),
      200,
      "hide",
    );
    assert.equal(productRow(id)!.is_view, 0);
    assertUploadsMatchDb(app, "API hide");

    assert.ok(!(await listFor(visitor)).some((item) => item.index === id), "visitor API does not list it");
    const visitorHtml = await pageHtml(visitor, "/product-list");
    assert.ok(!visitorHtml.includes(htmlText(hiddenName)), "visitor page does not show it (not even in the data)");

    const adminItem = (await listFor(admin)).find((item) => item.index === id);
    assert.ok(adminItem, "admin API lists it");
    assert.equal(adminItem.isView, false);
    const adminHtml = visibleHtml(await pageHtml(admin, "/product-list"));
    assert.match(
      adminHtml,
      new RegExp(`${escapeRegExp(htmlText(hiddenName))}(?:<!-- -->)?\\s*<span[^>]*>${ko.list.hidden}</span>`),
      "admin page shows it with the 숨김 mark",
    );
  });

  test("POST /api/product-list/delete {productLists:[{index}]} deletes the row; a second time is a 404; an empty list a 400", async () => {
    // Give it an image again first, so the delete has a file to remove.
    const png = await makeImage("png");
    await apiJson(await apiUpdate(productFields({ productsNm: "삭제할 제품", index: String(id) }), [png, "a.png", "image/png"]), 200, "re-image");
    const image = productRow(id)!.image!;
    assert.ok(fs.existsSync(uploadPath(image)));

    const body = await apiJson(await admin.fetch("/api/product-list/delete", { json: { productLists: [{ index: id }] } }), 200, "delete");
    assert.equal(body.deleted, 1);
    assert.equal(productRow(id), undefined, "row gone");
    assert.ok(!fs.existsSync(uploadPath(image)), "its image file gone");
    assertUploadsMatchDb(app, "API delete");

    const again = await apiJson(await admin.fetch("/api/product-list/delete", { json: { productLists: [{ index: id }] } }), 404, "delete again");
    assert.equal(again.errMsg, ko.products.notFound);
    const empty = await apiJson(await admin.fetch("/api/product-list/delete", { json: { productLists: [] } }), 400, "delete nothing");
    assert.equal(empty.errMsg, ko.list.nothingToDelete);
    assertUploadsMatchDb(app, "API delete refusals");
  });
});

describe("through the page forms (no JavaScript)", () => {
  let id = 0;
  const name = "폼 공동구매 감각 볼";

  test("POST /product-upsert/0 (multipart) registers and redirects to /product-list", async () => {
    const png = await makeImage("png", { width: 200, height: 200 });
    const response = await post(admin, "/product-upsert/0", multipart(productFields({ productsNm: name }), { imageFile: [png, "ball.png", "image/png"] }));
    assertRedirect(response, "/product-list", "register form");
    const row = productByName(name)!;
    assert.ok(row, "row stored");
    id = row.id;
    assert.equal(row.is_group_buy, 1);
    assert.equal(row.left_button_nm, "구매하기");
    assert.equal(row.right_button_nm, "자세히 보기");
    assert.ok(row.image && fs.existsSync(uploadPath(row.image)), "image stored");
    assertUploadsMatchDb(app, "form register");
    const html = visibleHtml(await pageHtml(admin, "/product-list"));
    assert.ok(html.includes(htmlText(name)));
  });

  test("the edit page loads the product named by its info; the edit list links to it", async () => {
    const list = await pageHtml(admin, "/product-list?mode=edit");
    assert.match(list, new RegExp(`href="/product-upsert/\\d+/[^"]*%22id%22%3A${id}%2C`), "edit link carries {id,...} encoded");
    const html = visibleHtml(await pageHtml(admin, editPath(id)));
    assert.ok(html.includes(`value="${htmlText(name)}"`), "name prefilled");
    assert.ok(html.includes(ko.products.editTitle));
  });

  test("POST /product-upsert/{ts}/{info} renames and replaces the image", async () => {
    const oldImage = productRow(id)!.image!;
    const webp = await makeImage("webp", { width: 100, height: 100, color: "#00aa77" });
    const renamed = `${name} 2`;
    const response = await post(admin, editPath(id), multipart(productFields({ productsNm: renamed }), { imageFile: [webp, "b.webp", "image/webp"] }));
    assertRedirect(response, "/product-list", "edit form");
    const row = productRow(id)!;
    assert.equal(row.name, renamed);
    assert.match(row.image ?? "", /\.webp$/);
    assert.ok(!fs.existsSync(uploadPath(oldImage)), "old file removed");
    assert.equal(productRows().filter((r) => r.name === renamed).length, 1, "edited in place, not duplicated");
    assertUploadsMatchDb(app, "form edit (replace image)");
  });

  test("an edit form cannot retarget another product with a posted index", async () => {
    const other = productRows().find((row) => row.id !== id)!;
    const before = { ...other };
    const response = await post(admin, editPath(id), multipart(productFields({ productsNm: `${name} 2`, index: String(other.id) })));
    assertRedirect(response, "/product-list", "edit with foreign index");
    assert.deepEqual(productRow(other.id), before, "the other product is untouched");
    assertUploadsMatchDb(app, "form edit (foreign index)");
  });

  test("removeImage=on removes the image (column null, file gone)", async () => {
    const image = productRow(id)!.image!;
    const response = await post(admin, editPath(id), multipart(productFields({ productsNm: `${name} 2`, removeImage: "on", hasImage: undefined })));
    assertRedirect(response, "/product-list", "remove image");
    assert.equal(productRow(id)!.image, null);
    assert.ok(!fs.existsSync(uploadPath(image)), "file removed");
    assertUploadsMatchDb(app, "form removeImage");
  });

  test("isView=false hides it from visitors; the admin sees it marked 숨김", async () => {
    const hiddenName = `${name} 2`;
    const response = await post(admin, editPath(id), multipart(productFields({ productsNm: hiddenName, isView: "false", hasImage: undefined })));
    assertRedirect(response, "/product-list", "hide");
    assert.equal(productRow(id)!.is_view, 0);
    assertUploadsMatchDb(app, "form hide");
    assert.ok(!(await pageHtml(visitor, "/product-list")).includes(htmlText(hiddenName)), "visitor page hides it");
    assert.ok(!(await listFor(visitor)).some((item) => item.index === id), "visitor API hides it");
    const adminHtml = visibleHtml(await pageHtml(admin, "/product-list"));
    assert.match(adminHtml, new RegExp(`${escapeRegExp(htmlText(hiddenName))}(?:<!-- -->)?\\s*<span[^>]*>${ko.list.hidden}</span>`));
  });

  test("delete mode: nothing selected → 400 with ko.list.nothingToDelete (review and confirm)", async () => {
    const before = productRows();
    for (const intent of ["review", "confirm"]) {
      const response = await post(admin, "/product-list?mode=delete", new URLSearchParams({ intent }));
      const html = await response.text();
      assert.equal(response.status, 400, `${intent}: status`);
      assert.ok(visibleHtml(html).includes(ko.list.nothingToDelete), `${intent}: message shown`);
    }
    assert.deepEqual(productRows(), before, "nothing deleted");
  });

  test("delete mode: review lists the product and deletes nothing; confirm deletes it with its image", async () => {
    const png = await makeImage("png");
    await apiJson(await apiUpdate(productFields({ productsNm: `${name} 2`, index: String(id), isView: "false" }), [png, "c.png", "image/png"]), 200, "re-image");
    const image = productRow(id)!.image!;
    assertUploadsMatchDb(app, "before form delete");

    const modeHtml = visibleHtml(await pageHtml(admin, "/product-list?mode=delete"));
    assert.match(modeHtml, new RegExp(`<input[^>]*name="index"[^>]*value="${id}"`), "a checkbox for the product");

    const review = await post(admin, "/product-list?mode=delete", new URLSearchParams([["intent", "review"], ["index", String(id)]]));
    const reviewHtml = visibleHtml(await review.text());
    assert.equal(review.status, 200);
    assert.ok(reviewHtml.includes(ko.list.confirmDelete), "asks 정말 삭제하시겠습니까?");
    assert.ok(reviewHtml.includes(htmlText(`${name} 2`)), "names the product");
    assert.match(reviewHtml, /name="intent" value="confirm"|value="confirm"[^>]*name="intent"/, "a confirm button");
    assert.ok(productRow(id), "not deleted by the review");
    assertUploadsMatchDb(app, "form delete review");

    const confirm = await post(admin, "/product-list?mode=delete", new URLSearchParams([["intent", "confirm"], ["index", String(id)]]));
    assertRedirect(confirm, "/product-list", "confirm");
    assert.equal(productRow(id), undefined, "deleted");
    assert.ok(!fs.existsSync(uploadPath(image)), "its image removed");
    assertUploadsMatchDb(app, "form delete confirm");
  });

  test("an edit page or edit post with a garbled info is a 404 page, not a 500; an unknown id too", async () => {
    for (const pathname of ["/product-upsert/123/%7Bnot-json", `/product-upsert/1/${encodeURIComponent(JSON.stringify({ id: 987654 }))}`]) {
      const response = await admin.fetch(pathname);
      const html = await response.text();
      assert.equal(response.status, 404, `GET ${pathname}`);
      assert.match(visibleHtml(html), HANGUL, "a Korean 404 page");
    }
    const before = productRows();
    const response = await post(admin, "/product-upsert/123/%7Bnot-json", multipart(productFields({ productsNm: "가짜 수정" })));
    assert.equal(response.status, 404, "POST to a garbled info");
    await response.text();
    assert.deepEqual(productRows(), before, "nothing stored");
    assertUploadsMatchDb(app, "garbled info");
  });
});

describe("refused uploads and inputs store nothing", () => {
  test("a text file named .png → 415", async () => {
    await assertRefusedInsert("text as .png", productFields({ productsNm: "텍스트 파일" }), ["just some text, not an image\n".repeat(20), "photo.png", "image/png"], {
      status: 415,
      errCode: "UNSUPPORTED_FILE_TYPE",
      errMsg: ko.upload.badType(ALL_KINDS),
    });
  });

  test("an SVG (even named .png) → 415", async () => {
    const svg = `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><script>alert(1)</script><rect width="10" height="10"/></svg>`;
    await assertRefusedInsert("svg", productFields({ productsNm: "SVG" }), [svg, "logo.svg", "image/svg+xml"], { status: 415, errCode: "UNSUPPORTED_FILE_TYPE" });
    await assertRefusedInsert("svg as png", productFields({ productsNm: "SVG" }), [svg, "logo.png", "image/png"], { status: 415, errCode: "UNSUPPORTED_FILE_TYPE" });
  });

  test("an HTML file → 415", async () => {
    const html = `<!doctype html><html><body><script>alert(document.cookie)</script></body></html>`;
    await assertRefusedInsert("html", productFields({ productsNm: "HTML" }), [html, "page.html", "text/html"], { status: 415, errCode: "UNSUPPORTED_FILE_TYPE" });
    await assertRefusedInsert("html as jpg", productFields({ productsNm: "HTML" }), [html, "page.jpg", "image/jpeg"], { status: 415, errCode: "UNSUPPORTED_FILE_TYPE" });
  });

  test(`a file over UPLOAD_MAX_MB (${UPLOAD_MAX_MB} MB): ~1.5 MB → 413; a body far over → 413 before it is read`, async () => {
    const big = Buffer.concat([await makeImage("png"), crypto.randomBytes(1.5 * 1024 * 1024)]);
    await assertRefusedInsert("1.5 MB file", productFields({ productsNm: "큰 파일" }), [big, "big.png", "image/png"], {
      status: 413,
      errCode: "FILE_TOO_LARGE",
      errMsg: ko.upload.tooLarge(UPLOAD_MAX_MB),
      ownConnection: true,
    });
    const huge = crypto.randomBytes(3 * 1024 * 1024);
    await assertRefusedInsert("3 MB body", productFields({ productsNm: "아주 큰 파일" }), [huge, "huge.jpg", "image/jpeg"], {
      status: 413,
      errCode: "FILE_TOO_LARGE",
      ownConnection: true,
    });
  });

  test("after an early 413 the connection is closed or still usable: the next request on it is answered at once", async () => {
    // A browser or API client keeps the connection alive and sends its next request on it. The server
    // answered before reading the whole body, so it must either close the connection
    // (Connection: close) or read and discard the rest; otherwise the next request stalls until the
    // keep-alive timeout and then fails with ECONNRESET.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const { body, contentType } = await serialiseForm(
        multipart(productFields({ productsNm: "큰 파일 연결" }), { imageFile: [crypto.randomBytes(1.5 * 1024 * 1024), "big.png", "image/png"] }),
      );
      const refused = await rawRequest(agent, app.url("/api/product-list/insert"), {
        method: "POST",
        body,
        headers: { "Content-Type": contentType, "Content-Length": String(body.length), Cookie: admin.cookieHeader(), Origin: app.origin },
      });
      assert.equal(refused.status, 413);
      const started = Date.now();
      const next = await rawRequest(agent, app.url("/healthz"), { timeout: 2000 }).catch((error: Error) => error);
      assert.ok(
        !(next instanceof Error) && next.status === 200,
        `GET /healthz on the connection the 413 (Connection: ${refused.headers.connection}) came back on: ` +
          `${next instanceof Error ? next.message : next.status} after ${Date.now() - started} ms`,
      );
    } finally {
      agent.destroy();
    }
    await assertHealthy("a fresh connection after the 413");
    assertUploadsMatchDb(app, "413 keep-alive");
  });

  test("a 20000x20000 PNG (a decompression bomb of ~50 KB) → 413 (or 400), not decoded", async () => {
    const bomb = makePixelBombPng();
    const meta = await sharp(bomb, { limitInputPixels: false }).metadata();
    assert.deepEqual([meta.format, meta.width, meta.height], ["png", 20000, 20000], "the fixture is a real 20000x20000 PNG");
    assert.ok(bomb.length < UPLOAD_MAX_MB * 1024 * 1024, "and small enough to pass the size limit");
    const started = Date.now();
    await assertRefusedInsert("pixel bomb", productFields({ productsNm: "픽셀 폭탄" }), [bomb, "bomb.png", "image/png"], { status: [400, 413] });
    assert.ok(Date.now() - started < 5000, "refused quickly (not decoded)");
  });

  test("a javascript: leftLink → 400; a missing name → 400; isLeft=true without a link → 400 ko.products.leftRequired", async () => {
    const png = await makeImage("png");
    await assertRefusedInsert("javascript: link", productFields({ leftLink: "javascript:alert(document.cookie)" }), [png, "a.png", "image/png"], {
      status: 400,
      errCode: "VALIDATION",
      errMsg: ko.products.badLink,
    });
    await assertRefusedInsert("javascript: right link", productFields({ rightLink: " JavaScript:alert(1)" }), undefined, { status: 400, errMsg: ko.products.badLink });
    await assertRefusedInsert("data: link", productFields({ leftLink: "data:text/html,<script>alert(1)</script>" }), undefined, { status: 400, errMsg: ko.products.badLink });
    await assertRefusedInsert("missing name", productFields({ productsNm: undefined }), [png, "a.png", "image/png"], {
      status: 400,
      errCode: "VALIDATION",
      errMsg: ko.products.required,
    });
    await assertRefusedInsert("blank name", productFields({ productsNm: "   " }), undefined, { status: 400, errMsg: ko.products.required });
    await assertRefusedInsert("isLeft without link", productFields({ leftLink: undefined }), [png, "a.png", "image/png"], {
      status: 400,
      errCode: "VALIDATION",
      errMsg: ko.products.leftRequired,
    });
    await assertRefusedInsert("isLeft without name", productFields({ leftButtonNm: "" }), undefined, { status: 400, errMsg: ko.products.leftRequired });
    await assertRefusedInsert("isRight without link", productFields({ rightLink: "" }), undefined, { status: 400, errMsg: ko.products.rightRequired });
    await assertRefusedInsert("hasImage=true without a file", productFields({ productsNm: "이미지 없음" }), undefined, {
      status: 400,
      errMsg: ko.products.required,
    });
  });

  test("the page form answers refusals with the status and the Korean message, storing nothing", async () => {
    const cases: { label: string; form: FormData; status: number; message: string }[] = [
      {
        label: "text as .png",
        form: multipart(productFields({ productsNm: "폼 텍스트" }), { imageFile: ["not an image at all", "x.png", "image/png"] }),
        status: 415,
        message: ko.upload.badType(ALL_KINDS),
      },
      {
        label: "1.5 MB",
        form: multipart(productFields({ productsNm: "폼 큰 파일" }), { imageFile: [crypto.randomBytes(1.5 * 1024 * 1024), "x.jpg", "image/jpeg"] }),
        status: 413,
        message: ko.upload.tooLarge(UPLOAD_MAX_MB),
      },
      {
        label: "missing name",
        form: multipart(productFields({ productsNm: "" }), { imageFile: [await makeImage("png"), "x.png", "image/png"] }),
        status: 400,
        message: ko.products.required,
      },
      {
        label: "isLeft without link",
        form: multipart(productFields({ productsNm: "폼 버튼", leftLink: "" }), { imageFile: [await makeImage("png"), "x.png", "image/png"] }),
        status: 400,
        message: ko.products.leftRequired,
      },
    ];
    for (const { label, form, status, message } of cases) {
      const before = productRows();
      const filesBefore = uploadFiles(app);
      const response = status === 413 ? await postOnOwnConnection(admin, "/product-upsert/0", form) : await post(admin, "/product-upsert/0", form);
      const html = response instanceof Response ? await response.text() : response.text;
      assert.equal(response.status, status, `${label}: status`);
      assert.ok(html.includes(htmlText(message)), `${label}: the Korean message is on the page`);
      assert.deepEqual(productRows(), before, `${label}: nothing stored`);
      assert.deepEqual(uploadFiles(app), filesBefore, `${label}: no stray file`);
      assertUploadsMatchDb(app, `form refusal: ${label}`);
      await assertHealthy(label);
    }
  });

  test("a refused image on edit leaves the product and its image unchanged", async () => {
    const png = await makeImage("png");
    const created = (await apiJson(await apiInsert(productFields({ productsNm: "거절 편집 대상" }), [png, "a.png", "image/png"]), 200, "setup")).productLists![0]!;
    const before = productRow(created.index)!;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`;
    const api = await apiUpdate(productFields({ productsNm: "바뀌면 안 됨", index: String(created.index) }), [svg, "x.png", "image/png"]);
    assert.equal(api.status, 415);
    await api.text();
    const page = await post(admin, editPath(created.index), multipart(productFields({ productsNm: "바뀌면 안 됨" }), { imageFile: [makePixelBombPng(), "x.png", "image/png"] }));
    assert.ok([400, 413].includes(page.status), `page edit with a bomb: ${page.status}`);
    await page.text();
    assert.deepEqual(productRow(created.index), before, "row unchanged");
    assert.ok(fs.existsSync(uploadPath(before.image!)), "its image still there");
    assertUploadsMatchDb(app, "refused edit");

    await apiJson(await admin.fetch("/api/product-list/delete", { json: { productLists: [{ index: created.index }] } }), 200, "cleanup");
    assertUploadsMatchDb(app, "refused edit cleanup");
  });
});

describe("stored images", () => {
  test("are re-encoded: EXIF stripped, longest side ≤ 1600, type by content and a generated name", async () => {
    const jpeg = await makeJpegWithExif({ width: 2400, height: 1200 });
    // Declared as a GIF named .gif: the content (JPEG) decides.
    const body = await apiJson(await apiInsert(productFields({ productsNm: "EXIF 사진" }), [jpeg, "../../evil name.gif", "image/gif"]), 200, "insert EXIF jpeg");
    const name = uploadName(body.productLists![0]!.image)!;
    assert.match(name, /^[0-9a-f-]{36}\.jpg$/, "generated name with the real type's extension");
    const stored = fs.readFileSync(uploadPath(name));
    const meta = await sharp(stored).metadata();
    assert.equal(meta.format, "jpeg");
    assert.equal(meta.exif, undefined, "no EXIF in the stored file");
    assert.ok(!stored.includes(Buffer.from("exif-secret-owner")), "the EXIF text is not in the bytes");
    assert.equal(Math.max(meta.width!, meta.height!), 1600, "longest side capped at 1600");
    assert.equal(meta.height, 800, "aspect ratio kept");
    assert.ok(!fs.readdirSync(app.dir).some((entry) => entry.includes("evil")), "the client's file name is never used");
    assertUploadsMatchDb(app, "EXIF insert");

    const small = await makeImage("png", { width: 40, height: 30 });
    const smallBody = await apiJson(await apiInsert(productFields({ productsNm: "작은 사진" }), [small, "s.png", "image/png"]), 200, "small png");
    const smallMeta = await sharp(uploadPath(uploadName(smallBody.productLists![0]!.image)!)).metadata();
    assert.deepEqual([smallMeta.width, smallMeta.height], [40, 30], "small images are not enlarged");
    assertUploadsMatchDb(app, "small insert");
  });

  test("/uploads/<file> is served with the right Content-Type, nosniff and a long max-age", async () => {
    const rows = productRows().filter((row) => row.image);
    const byExt = new Map<string, string>();
    for (const row of rows) byExt.set(path.extname(row.image!), row.image!);
    const expected: Record<string, string> = { ".png": "image/png", ".jpg": "image/jpeg", ".webp": "image/webp", ".gif": "image/gif" };
    assert.ok(byExt.size >= 2, "at least two kinds stored");
    for (const [ext, name] of byExt) {
      const response = await visitor.fetch(`/uploads/${name}`);
      const bytes = Buffer.from(await response.arrayBuffer());
      assert.equal(response.status, 200, name);
      assert.equal((response.headers.get("content-type") ?? "").split(";")[0], expected[ext], `${name}: Content-Type`);
      assert.equal(response.headers.get("x-content-type-options"), "nosniff", `${name}: nosniff`);
      const maxAge = Number(/max-age=(\d+)/.exec(response.headers.get("cache-control") ?? "")?.[1] ?? 0);
      assert.ok(maxAge >= 30 * 24 * 60 * 60, `${name}: long max-age (got ${response.headers.get("cache-control")})`);
      assert.ok(bytes.equals(fs.readFileSync(uploadPath(name))), `${name}: the stored bytes`);
    }
    const missing = await visitor.fetch(`/uploads/${crypto.randomUUID()}.png`);
    assert.equal(missing.status, 404);
    await missing.text();
  });
});

describe("escaping", () => {
  test("a product named <script>alert(1)</script> appears escaped, never as a tag", async () => {
    const name = "<script>alert(1)</script>";
    const description = `<img src=x onerror="alert(2)"> & 설명`;
    const body = await apiJson(await apiInsert(productFields({ productsNm: name, description, hasImage: "false" })), 200, "insert script name");
    const id = body.productLists![0]!.index;
    assert.equal(productRow(id)!.name, name, "stored as typed");
    for (const [who, client] of [["visitor", visitor], ["admin", admin]] as const) {
      for (const pathname of ["/product-list", "/product-list?mode=edit", "/product-list?mode=delete"]) {
        const html = await pageHtml(client, pathname);
        const visible = visibleHtml(html);
        if (who === "visitor" && pathname !== "/product-list") continue;
        assert.ok(visible.includes("&lt;script&gt;alert(1)&lt;/script&gt;"), `${who} ${pathname}: escaped name`);
        assert.ok(!html.includes("<script>alert(1)</script>"), `${who} ${pathname}: never a tag`);
        assert.ok(!html.includes(`<img src=x onerror="alert(2)">`) && !/<img[^>]*onerror/i.test(html), `${who} ${pathname}: description escaped`);
      }
    }
    const edit = await pageHtml(admin, editPath(id));
    assert.ok(!edit.includes("<script>alert(1)</script>"), "edit page: never a tag");
    assertUploadsMatchDb(app, "script name");
  });
});

describe("visitors and other sites cannot change products", () => {
  test("visitor API calls → 401, nothing changes", async () => {
    const before = productRows();
    const files = uploadFiles(app);
    const target = before[0]!.id;
    const png = await makeImage("png");
    for (const [label, response] of [
      ["insert", await apiInsert(productFields({ productsNm: "방문자 등록" }), [png, "a.png", "image/png"], visitor)],
      ["update", await apiUpdate(productFields({ productsNm: "방문자 수정", index: String(target) }), [png, "a.png", "image/png"], visitor)],
      ["delete", await visitor.fetch("/api/product-list/delete", { json: { productLists: [{ index: target }] } })],
    ] as const) {
      const body = await apiJson(response, 401, `visitor ${label}`);
      assert.equal(body.errCode, "UNAUTHORIZED");
      assert.equal(body.errMsg, ko.errors.unauthorized);
    }
    assert.deepEqual(productRows(), before, "no product changed");
    assert.deepEqual(uploadFiles(app), files, "no file written");
    assertUploadsMatchDb(app, "visitor API");
  });

  test("visitor page posts are sent home, nothing changes", async () => {
    const before = productRows();
    const files = uploadFiles(app);
    const target = before[0]!.id;
    const png = await makeImage("png");
    assertRedirect(await post(visitor, "/product-upsert/0", multipart(productFields({ productsNm: "방문자 폼" }), { imageFile: [png, "a.png", "image/png"] })), "/", "visitor register form");
    assertRedirect(await post(visitor, editPath(target), multipart(productFields({ productsNm: "방문자 폼 수정" }))), "/", "visitor edit form");
    assertRedirect(
      await post(visitor, "/product-list?mode=delete", new URLSearchParams([["intent", "confirm"], ["index", String(target)]])),
      "/",
      "visitor delete form",
    );
    assertRedirect(await visitor.fetch("/product-upsert/0"), "/", "visitor register page");
    assert.deepEqual(productRows(), before);
    assert.deepEqual(uploadFiles(app), files);
    assertUploadsMatchDb(app, "visitor forms");
  });

  test("admin requests from Origin: http://evil.example → 403 (API and page), nothing changes", async () => {
    const before = productRows();
    const files = uploadFiles(app);
    const target = before[0]!.id;
    const png = await makeImage("png");
    const evil = { Origin: EVIL_ORIGIN };
    const apiCalls = [
      await post(admin, "/api/product-list/insert", multipart(productFields({ productsNm: "악성 등록" }), { imageFile: [png, "a.png", "image/png"] }), evil),
      await post(admin, "/api/product-list/update", multipart(productFields({ productsNm: "악성 수정", index: String(target) })), evil),
      await admin.fetch("/api/product-list/delete", { json: { productLists: [{ index: target }] }, headers: evil }),
    ];
    for (const response of apiCalls) {
      const body = await apiJson(response, 403, "evil API");
      assert.equal(body.errCode, "FORBIDDEN_ORIGIN");
    }
    const pageCalls = [
      await post(admin, "/product-upsert/0", multipart(productFields({ productsNm: "악성 폼" }), { imageFile: [png, "a.png", "image/png"] }), evil),
      await post(admin, editPath(target), multipart(productFields({ productsNm: "악성 폼 수정" })), evil),
      await post(admin, "/product-list?mode=delete", new URLSearchParams([["intent", "confirm"], ["index", String(target)]]), evil),
    ];
    for (const response of pageCalls) {
      assert.equal(response.status, 403, "evil page post");
      assert.match(await response.text(), HANGUL);
    }
    assert.deepEqual(productRows(), before);
    assert.deepEqual(uploadFiles(app), files);
    assertUploadsMatchDb(app, "evil origin");
  });
});

describe("the start-up sweep", () => {
  test("a stray <uuid>.jpg and a leftover temp file are removed at start; referenced files and foreign names stay", async () => {
    assertUploadsMatchDb(app, "before sweep");
    const referenced = uploadFiles(app);
    assert.ok(referenced.length > 0);
    const stray = `${crypto.randomUUID()}.jpg`;
    const strayPng = `${crypto.randomUUID()}.png`;
    const temp = `.${crypto.randomUUID()}.jpg.4242.tmp`;
    const foreign = "README-kept.txt";
    fs.writeFileSync(path.join(app.uploadsDir, stray), await makeImage("jpeg"));
    fs.writeFileSync(path.join(app.uploadsDir, strayPng), await makeImage("png"));
    fs.writeFileSync(path.join(app.uploadsDir, temp), "half-written");
    fs.writeFileSync(path.join(app.uploadsDir, foreign), "someone else's file");

    // A second start over the same DATA_DIR and UPLOADS_DIR (the same built module, run again).
    const build = await import(pathToFileURL(path.resolve("build/index.js")).href);
    await build.entry.module.prepareServer(() => {});

    const after = uploadFiles(app);
    assert.ok(!after.includes(stray), "stray .jpg removed");
    assert.ok(!after.includes(strayPng), "stray .png removed");
    assert.ok(!after.includes(temp), "leftover temp file removed");
    assert.ok(after.includes(foreign), "a name the pipeline never generates is left alone");
    for (const name of referenced) assert.ok(after.includes(name), `referenced ${name} kept`);
    fs.rmSync(path.join(app.uploadsDir, foreign));
    assertUploadsMatchDb(app, "after sweep");
    await assertHealthy("after second start");
    // The app still serves the (re-)started state.
    assert.ok((await listFor(visitor)).length > 0);
  });
});

test("no unexpected console.error from the app", () => {
  const unexpected = app.consoleErrors.filter((args) => !isClientErrorLog(args));
  assert.equal(unexpected.length, 0, formatLogs(unexpected));
});
