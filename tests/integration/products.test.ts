// Products through the real route modules: the JSON/multipart API and the page forms (no JS), the
// upload pipeline (sniffing, re-encoding, limits, atomic writes, the start-up sweep) and the guards.
// Every test makes the products it needs; none reads another's leftovers.
// Runs about 6 s.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, test, vi } from "vitest";

import { db } from "~/db/client.server";
import { products } from "~/db/schema";
import * as upsertPage from "~/routes/_admin.product-upsert.$tag.($info)";
import * as apiList from "~/routes/api.product-list";
import * as apiDelete from "~/routes/api.product-list.delete";
import * as apiInsert from "~/routes/api.product-list.insert";
import * as apiUpdate from "~/routes/api.product-list.update";
import * as productListPage from "~/routes/product-list";
import { prepareServer } from "~/startup/server.server";
import { expectLogged } from "../support/log-guard";
import { adminCookie, callAction, callLoader, cookiesFrom, redirectTarget, theAdmin, thisFile, type CallInit } from "./_direct";
import { assertUploadsMatchDb, makeImage, makeJpegWithExif, makePixelBombPng, multipart, uploadFiles, uploadName } from "./_uploads";

vi.hoisted(() => {
  // Read once by the app's configuration: set before any app module runs.
  process.env.UPLOAD_MAX_MB = "1";
});

const NOTHING_TO_DELETE = "삭제할 대상이 없습니다.";
const NOT_FOUND = "제품을 찾을 수 없습니다.";
const REQUIRED = "필수 정보를 입력해 주세요.";
const BAD_LINK = "링크는 http:// 또는 https://로 시작하는 주소만 입력할 수 있습니다.";
const LINK_UNFOLLOWABLE = "링크에 띄어쓰기나 줄바꿈, 보이지 않는 문자가 들어 있어 열 수 없습니다. 주소를 다시 복사해 붙여 넣어 주세요.";
const LINK_CREDENTIALS = "아이디나 비밀번호가 들어 있는 주소는 쓸 수 없습니다.";
const LEFT_REQUIRED = "왼쪽 버튼 정보를 입력해 주세요.";
const RIGHT_REQUIRED = "오른쪽 버튼 정보를 입력해 주세요.";
const BAD_TYPE = "PNG, JPEG, WEBP, GIF 형식의 이미지만 올릴 수 있습니다.";
const TOO_LARGE = "파일이 너무 큽니다. 1MB 이하의 이미지를 올려 주세요.";
const UNAUTHORIZED = "로그인이 필요합니다.";

let admin: string;

beforeAll(async () => {
  admin = await adminCookie();
});

type ProductItem = {
  index: number;
  productNm: string;
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
type File3 = [Buffer | string, string, string];

function productRows() {
  return db().select().from(products).orderBy(products.id).all();
}

function productRow(id: number) {
  return db().select().from(products).where(eq(products.id, id)).get();
}

function uploadPath(name: string) {
  return path.join(thisFile.uploadsDir, name);
}

/** Every field of the product form, both buttons on (docs/product.md §3), with overrides (undefined drops a field). */
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

async function api(response: Response, status: number): Promise<ApiBody> {
  const body = (await response.json()) as ApiBody;
  expect(response.status, JSON.stringify(body).slice(0, 300)).toBe(status);
  expect(response.headers.get("Content-Type")).toMatch(/application\/json/);
  return body;
}

function insert(fields: Record<string, string | undefined>, file?: File3, cookie = admin) {
  return callAction(apiInsert, "/api/product-list/insert", { form: multipart(fields, file ? { imageFile: file } : {}), cookie });
}

function update(fields: Record<string, string | undefined>, file?: File3, cookie = admin) {
  return callAction(apiUpdate, "/api/product-list/update", { form: multipart(fields, file ? { imageFile: file } : {}), cookie });
}

function remove(json: unknown, cookie = admin) {
  return callAction(apiDelete, "/api/product-list/delete", { json, cookie });
}

/** A product made through the API, for a test to work on. */
async function createProduct(overrides: Record<string, string | undefined> = {}, file?: File3): Promise<ProductItem> {
  const image = file ?? (overrides.hasImage === "false" ? undefined : ([await makeImage("png"), "a.png", "image/png"] as File3));
  return (await api(await insert(productFields(overrides), image), 200)).productLists![0]!;
}

async function listFor(cookie?: string): Promise<ProductItem[]> {
  return (await api(await callLoader(apiList, "/api/product-list", { cookie }), 200)).productLists!;
}

async function pageItems(cookie?: string): Promise<ProductItem[]> {
  const response = await callLoader(productListPage, "/product-list", { cookie });
  expect(response.status).toBe(200);
  return ((await response.json()) as { items: ProductItem[] }).items;
}

function editPath(id: number) {
  return {
    pathname: `/product-upsert/${Date.now()}/${encodeURIComponent(JSON.stringify({ id }))}`,
    params: { tag: String(Date.now()), info: JSON.stringify({ id }) },
  };
}

function pagePost(target: { pathname: string; params: Record<string, string> }, form: FormData, init: CallInit = {}) {
  return callAction(upsertPage, target.pathname, { form, params: target.params, cookie: admin, ...init });
}

const REGISTER = { pathname: "/product-upsert/0", params: { tag: "0" } };

function deletePost(form: [string, string][], cookie = admin) {
  return callAction(productListPage, "/product-list?mode=delete", { form: new URLSearchParams(form), cookie });
}

/** The messages a page form shows after a refused post (Conform's reply). */
async function formMessages(response: Response) {
  const reply = (await response.json()) as { error?: Record<string, string[] | null> };
  return Object.values(reply.error ?? {}).flatMap((messages) => messages ?? []);
}

/** Tries an API register that must be refused: the status, the code, the Korean message, nothing stored. */
async function expectRefusedInsert(
  fields: Record<string, string | undefined>,
  file: File3 | undefined,
  expected: { status: number | number[]; errCode?: string; errMsg?: string },
) {
  const before = productRows();
  const filesBefore = uploadFiles(thisFile);
  const response = await insert(fields, file);
  const body = (await response.json()) as ApiBody;
  expect([expected.status].flat(), JSON.stringify(body)).toContain(response.status);
  if (expected.errCode) expect(body.errCode).toBe(expected.errCode);
  if (expected.errMsg) expect(body.errMsg).toBe(expected.errMsg);
  expect(body.errMsg).toMatch(/[\uAC00-\uD7AF]/);
  expect(productRows(), "no product stored or changed").toEqual(before);
  expect(uploadFiles(thisFile), "no file left in UPLOADS_DIR").toEqual(filesBefore);
  assertUploadsMatchDb(thisFile, "refused insert");
  return body;
}

describe("through the API: register, edit, hide, delete", () => {
  test("POST /api/product-list/insert (multipart, image, both buttons) → 200 {productLists:[item]}, the row and its file", async () => {
    const existing = await createProduct({ productsNm: "먼저 있던 제품" });
    const png = await makeImage("png", { width: 300, height: 200 });
    const name = "API 공동구매 연필 교정기";
    const body = await api(
      await insert(productFields({ productsNm: name, index: String(existing.index) }), [png, "photo.png", "image/png"]),
      200,
    );
    expect(body).toMatchObject({ errMsg: "", errCode: "" });
    const item = body.productLists![0]!;
    expect(item.index, "the register call ignores the index it was sent").not.toBe(existing.index);
    expect(item).toMatchObject({
      productNm: name,
      isGroupBuy: true,
      isView: true,
      leftButtonNm: "구매하기",
      leftLink: "https://link.coupang.com/a/test-left",
      rightButtonNm: "자세히 보기",
      rightLink: "https://example.com/products/detail?id=1&x=2",
    });
    expect(item.image, "image URL with a cache-busting v").toMatch(/^\/uploads\/[0-9a-f-]{36}\.png\?v=\d+$/);

    const row = productRow(item.index)!;
    expect(row).toMatchObject({ name, isGroupBuy: true, isLeft: true, isRight: true, image: uploadName(item.image) });
    expect(fs.existsSync(uploadPath(row.image!)), "the image file exists").toBe(true);
    expect(productRow(existing.index)!.name, "the other product is untouched").toBe("먼저 있던 제품");
    assertUploadsMatchDb(thisFile, "API insert");
  });

  test("a visitor gets it from GET /api/product-list and the /product-list page, with both buttons", async () => {
    const created = await createProduct({ productsNm: "방문자가 보는 제품" });
    const listed = (await listFor()).find((item) => item.index === created.index);
    expect(listed).toMatchObject({ isGroupBuy: true, productNm: "방문자가 보는 제품" });
    const onPage = (await pageItems()).find((item) => item.index === created.index);
    expect(onPage).toMatchObject({
      leftLink: "https://link.coupang.com/a/test-left",
      rightLink: "https://example.com/products/detail?id=1&x=2",
    });
  });

  test("POST /api/product-list/update renames and replaces the image: the old file goes, the new one is stored", async () => {
    const created = await createProduct({ productsNm: "이름 바꿀 제품" });
    const firstImage = productRow(created.index)!.image!;
    const jpeg = await makeImage("jpeg", { width: 120, height: 90, color: "#aa3300" });
    const body = await api(
      await update(productFields({ productsNm: "바뀐 이름", index: String(created.index) }), [jpeg, "new.jpg", "image/jpeg"]),
      200,
    );
    expect(body.productLists![0]).toMatchObject({ index: created.index, productNm: "바뀐 이름" });
    const row = productRow(created.index)!;
    expect(row.name).toBe("바뀐 이름");
    expect(row.image).toMatch(/\.jpg$/);
    expect(row.image).not.toBe(firstImage);
    expect(fs.existsSync(uploadPath(row.image!)), "new file exists").toBe(true);
    expect(fs.existsSync(uploadPath(firstImage)), "replaced file removed").toBe(false);
    assertUploadsMatchDb(thisFile, "API update (replace image)");
  });

  test("update without a new file keeps the image; without an index it is a 400, with an unknown one a 404", async () => {
    const created = await createProduct();
    const image = productRow(created.index)!.image;
    await api(await update(productFields({ productsNm: "그대로", index: String(created.index) })), 200);
    expect(productRow(created.index)!.image, "image kept").toBe(image);

    const before = productRows();
    const noIndex = await api(await update(productFields({ productsNm: "인덱스 없음" })), 400);
    expect(noIndex).toMatchObject({ errMsg: "수정할 대상(index)을 지정해 주세요.", errCode: "VALIDATION" });
    const unknown = await api(await update(productFields({ index: "987654" })), 404);
    expect(unknown.errMsg).toBe(NOT_FOUND);
    expect(productRows(), "nothing changed or created").toEqual(before);
    assertUploadsMatchDb(thisFile, "API update refusals");
  });

  test("hasImage=false removes the image: the column is null and the file is gone", async () => {
    const created = await createProduct();
    const image = productRow(created.index)!.image!;
    const body = await api(await update(productFields({ index: String(created.index), hasImage: "false" })), 200);
    expect(body.productLists![0]!.image).toBeNull();
    expect(productRow(created.index)!.image).toBeNull();
    expect(fs.existsSync(uploadPath(image)), "removed image file deleted").toBe(false);
    assertUploadsMatchDb(thisFile, "API update (hasImage=false)");
  });

  test("isView=false hides it from visitors (API and page); the admin still gets it, marked hidden", async () => {
    const created = await createProduct({ productsNm: "숨길 제품" });
    await api(await update(productFields({ productsNm: "숨길 제품", index: String(created.index), isView: "false" })), 200);
    expect(productRow(created.index)!.isView).toBe(false);

    expect(
      (await listFor()).map((item) => item.index),
      "visitor API",
    ).not.toContain(created.index);
    expect(
      (await pageItems()).map((item) => item.index),
      "visitor page data",
    ).not.toContain(created.index);
    expect((await listFor(admin)).find((item) => item.index === created.index)).toMatchObject({ isView: false });
    expect((await pageItems(admin)).find((item) => item.index === created.index)).toMatchObject({ isView: false });
  });

  test("POST /api/product-list/delete deletes the row and its image; a second time is a 404; an empty list a 400", async () => {
    const created = await createProduct();
    const image = productRow(created.index)!.image!;
    expect(await api(await remove({ productLists: [{ index: created.index }] }), 200)).toMatchObject({ deleted: 1 });
    expect(productRow(created.index), "row gone").toBeUndefined();
    expect(fs.existsSync(uploadPath(image)), "its image file gone").toBe(false);
    assertUploadsMatchDb(thisFile, "API delete");

    expect((await api(await remove({ productLists: [{ index: created.index }] }), 404)).errMsg).toBe(NOT_FOUND);
    expect(await api(await remove({ productLists: [] }), 400)).toMatchObject({ errMsg: NOTHING_TO_DELETE, errCode: "NOTHING_SELECTED" });
  });
});

describe("through the page forms (no JavaScript)", () => {
  test("POST /product-upsert/0 (multipart) registers and redirects to /product-list with the done message", async () => {
    const png = await makeImage("png", { width: 200, height: 200 });
    const response = await pagePost(
      REGISTER,
      multipart(productFields({ productsNm: "폼 공동구매 감각 볼" }), { imageFile: [png, "ball.png", "image/png"] }),
    );
    expect(redirectTarget(response)).toBe("/product-list");
    expect(cookiesFrom(response).some((pair) => pair.startsWith("ot_flash="))).toBe(true);
    const row = productRows().find((candidate) => candidate.name === "폼 공동구매 감각 볼")!;
    expect(row).toMatchObject({ isGroupBuy: true, leftButtonNm: "구매하기", rightButtonNm: "자세히 보기" });
    expect(fs.existsSync(uploadPath(row.image!)), "image stored").toBe(true);
    assertUploadsMatchDb(thisFile, "form register");
  });

  test("the edit page loads the product its info names, re-read from the database", async () => {
    const created = await createProduct({ productsNm: "편집할 제품" });
    const target = editPath(created.index);
    // The payload only identifies: a stale name in it is not what the form shows.
    const info = JSON.stringify({ id: created.index, productsNm: "오래된 이름" });
    const response = await callLoader(upsertPage, target.pathname, { params: { tag: "1", info }, cookie: admin });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { product: ProductItem }).product).toMatchObject({ index: created.index, productNm: "편집할 제품" });
  });

  test("POST /product-upsert/{ts}/{info} renames and replaces the image, in place", async () => {
    const created = await createProduct({ productsNm: "폼 편집 대상" });
    const oldImage = productRow(created.index)!.image!;
    const webp = await makeImage("webp", { width: 100, height: 100, color: "#00aa77" });
    const response = await pagePost(
      editPath(created.index),
      multipart(productFields({ productsNm: "폼 편집 대상 2" }), { imageFile: [webp, "b.webp", "image/webp"] }),
    );
    expect(redirectTarget(response)).toBe("/product-list");
    const row = productRow(created.index)!;
    expect(row.name).toBe("폼 편집 대상 2");
    expect(row.image).toMatch(/\.webp$/);
    expect(fs.existsSync(uploadPath(oldImage)), "old file removed").toBe(false);
    expect(
      productRows().filter((r) => r.name === "폼 편집 대상 2"),
      "edited in place, not duplicated",
    ).toHaveLength(1);
    assertUploadsMatchDb(thisFile, "form edit (replace image)");
  });

  test("an edit form cannot retarget another product with a posted index", async () => {
    const edited = await createProduct({ productsNm: "편집 대상" });
    const other = await createProduct({ productsNm: "다른 제품" });
    const before = productRow(other.index);
    const response = await pagePost(editPath(edited.index), multipart(productFields({ productsNm: "편집됨", index: String(other.index) })));
    expect(redirectTarget(response)).toBe("/product-list");
    expect(productRow(other.index), "the other product is untouched").toEqual(before);
    expect(productRow(edited.index)!.name).toBe("편집됨");
  });

  test("removeImage=on removes the image (column null, file gone)", async () => {
    const created = await createProduct();
    const image = productRow(created.index)!.image!;
    const response = await pagePost(editPath(created.index), multipart(productFields({ removeImage: "on", hasImage: undefined })));
    expect(redirectTarget(response)).toBe("/product-list");
    expect(productRow(created.index)!.image).toBeNull();
    expect(fs.existsSync(uploadPath(image)), "file removed").toBe(false);
    assertUploadsMatchDb(thisFile, "form removeImage");
  });

  test("isView=false hides it from visitors; the admin still gets it", async () => {
    const created = await createProduct({ productsNm: "폼으로 숨길 제품" });
    const response = await pagePost(
      editPath(created.index),
      multipart(productFields({ productsNm: "폼으로 숨길 제품", isView: "false", hasImage: undefined })),
    );
    expect(redirectTarget(response)).toBe("/product-list");
    expect(productRow(created.index)!.isView).toBe(false);
    expect((await pageItems()).map((item) => item.index)).not.toContain(created.index);
    expect((await listFor()).map((item) => item.index)).not.toContain(created.index);
    expect((await pageItems(admin)).map((item) => item.index)).toContain(created.index);
  });

  test.each(["review", "confirm"])("delete mode, %s with nothing selected → 400 삭제할 대상이 없습니다.", async (intent) => {
    await createProduct();
    const before = productRows();
    const response = await deletePost([["intent", intent]]);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ formError: NOTHING_TO_DELETE });
    expect(productRows(), "nothing deleted").toEqual(before);
  });

  test("delete mode: review names the product and deletes nothing; confirm deletes it with its image", async () => {
    const created = await createProduct({ productsNm: "지울 제품" });
    const image = productRow(created.index)!.image!;

    const review = await deletePost([
      ["intent", "review"],
      ["index", String(created.index)],
    ]);
    expect(review.status).toBe(200);
    expect(await review.json()).toMatchObject({ formError: null, review: { ids: [created.index], lines: ["지울 제품"] } });
    expect(productRow(created.index), "not deleted by the review").toBeDefined();

    const confirm = await deletePost([
      ["intent", "confirm"],
      ["index", String(created.index)],
    ]);
    expect(redirectTarget(confirm)).toBe("/product-list");
    expect(productRow(created.index), "deleted").toBeUndefined();
    expect(fs.existsSync(uploadPath(image)), "its image removed").toBe(false);
    assertUploadsMatchDb(thisFile, "form delete confirm");
  });

  test("an edit page or edit post with a garbled info is a 404, not a 500; an unknown id too", async () => {
    for (const info of ["{not-json", JSON.stringify({ id: 987654 })]) {
      const response = await callLoader(upsertPage, "/product-upsert/1/x", { params: { tag: "1", info }, cookie: admin });
      expect(response.status, info).toBe(404);
    }
    const before = productRows();
    const response = await pagePost(
      { pathname: "/product-upsert/123/x", params: { tag: "123", info: "{not-json" } },
      multipart(productFields({ productsNm: "가짜 수정" })),
    );
    expect(response.status, "POST to a garbled info").toBe(404);
    expect(productRows(), "nothing stored").toEqual(before);
  });
});

describe("refused uploads and inputs store nothing", () => {
  test("a text file named .png → 415 with the accepted kinds", async () => {
    await expectRefusedInsert(
      productFields({ productsNm: "텍스트 파일" }),
      ["just some text, not an image\n".repeat(20), "photo.png", "image/png"],
      {
        status: 415,
        errCode: "UNSUPPORTED_FILE_TYPE",
        errMsg: BAD_TYPE,
      },
    );
  });

  test("an SVG (even named .png) → 415", async () => {
    const svg = `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><script>alert(1)</script><rect width="10" height="10"/></svg>`;
    await expectRefusedInsert(productFields(), [svg, "logo.svg", "image/svg+xml"], { status: 415, errCode: "UNSUPPORTED_FILE_TYPE" });
    await expectRefusedInsert(productFields(), [svg, "logo.png", "image/png"], { status: 415, errCode: "UNSUPPORTED_FILE_TYPE" });
  });

  test("an HTML file (even named .jpg) → 415", async () => {
    const html = `<!doctype html><html><body><script>alert(document.cookie)</script></body></html>`;
    await expectRefusedInsert(productFields(), [html, "page.html", "text/html"], { status: 415, errCode: "UNSUPPORTED_FILE_TYPE" });
    await expectRefusedInsert(productFields(), [html, "page.jpg", "image/jpeg"], { status: 415, errCode: "UNSUPPORTED_FILE_TYPE" });
  });

  test("a file over UPLOAD_MAX_MB (1 MB): ~1.5 MB → 413; a body far over → 413 before it is read", async () => {
    const big = Buffer.concat([await makeImage("png"), crypto.randomBytes(1.5 * 1024 * 1024)]);
    await expectRefusedInsert(productFields(), [big, "big.png", "image/png"], {
      status: 413,
      errCode: "FILE_TOO_LARGE",
      errMsg: TOO_LARGE,
    });
    await expectRefusedInsert(productFields(), [crypto.randomBytes(3 * 1024 * 1024), "huge.jpg", "image/jpeg"], {
      status: 413,
      errCode: "FILE_TOO_LARGE",
    });
  });

  test("a 20000x20000 PNG (a decompression bomb of ~50 KB) is refused, not stored", async () => {
    const bomb = makePixelBombPng();
    const meta = await sharp(bomb, { limitInputPixels: false }).metadata();
    expect([meta.format, meta.width, meta.height], "the fixture is a real 20000x20000 PNG").toEqual(["png", 20000, 20000]);
    expect(bomb.length, "and small enough to pass the size limit").toBeLessThan(1024 * 1024);
    await expectRefusedInsert(productFields(), [bomb, "bomb.png", "image/png"], {
      status: [400, 413],
      errMsg: "이미지 해상도가 너무 큽니다. 1억 화소 이하의 이미지를 올려 주세요.",
    });
  });

  test("bad links, a missing name and half-filled buttons → 400 with the Korean message", async () => {
    const png: File3 = [await makeImage("png"), "a.png", "image/png"];
    const cases: [Record<string, string | undefined>, File3 | undefined, string][] = [
      [{ leftLink: "javascript:alert(document.cookie)" }, png, BAD_LINK],
      [{ rightLink: " JavaScript:alert(1)" }, undefined, BAD_LINK],
      [{ leftLink: "data:text/html,<script>alert(1)</script>" }, undefined, BAD_LINK],
      [{ productsNm: undefined }, png, REQUIRED],
      [{ productsNm: "   " }, undefined, REQUIRED],
      [{ leftLink: undefined }, png, LEFT_REQUIRED],
      [{ leftButtonNm: "" }, undefined, LEFT_REQUIRED],
      [{ rightLink: "" }, undefined, RIGHT_REQUIRED],
      [{ productsNm: "이미지 없음" }, undefined, REQUIRED],
    ];
    for (const [overrides, file, message] of cases) {
      await expectRefusedInsert(productFields(overrides), file, { status: 400, errCode: "VALIDATION", errMsg: message });
    }
  });

  test("a link a browser cannot follow as written (a line break, a tab, a space, a zero-width space, credentials, not http) → 400 with its reason, nothing stored", async () => {
    const cases: [string, string][] = [
      ["https://link.coupang.com/a/\nx", LINK_UNFOLLOWABLE],
      ["https://link.coupang.com/a/\tx", LINK_UNFOLLOWABLE],
      ["https://a .com/", LINK_UNFOLLOWABLE],
      ["https://link.coupang.com/a/\u200bx", LINK_UNFOLLOWABLE],
      ["https://owner:secret@link.coupang.com/a/x", LINK_CREDENTIALS],
      ["ftp://link.coupang.com/a/x", BAD_LINK],
    ];
    for (const [link, message] of cases) {
      await expectRefusedInsert(productFields({ rightLink: link }), undefined, { status: 400, errCode: "VALIDATION", errMsg: message });
      const before = productRows();
      const page = await pagePost(
        REGISTER,
        multipart(productFields({ leftLink: link }), { imageFile: [await makeImage("png"), "x.png", "image/png"] }),
      );
      expect(page.status, link).toBe(400);
      expect(await formMessages(page), link).toContain(message);
      expect(productRows(), link).toEqual(before);
    }
  });

  test("links are stored as the browser will follow them: the parsed URL's href", async () => {
    const response = await insert(productFields({ leftLink: "HTTPS://Link.Coupang.COM/a/x?q=한글", rightLink: "https://example.com" }), [
      await makeImage("png"),
      "x.png",
      "image/png",
    ]);
    expect(response.status).toBe(200);
    const stored = productRows().at(-1)!;
    expect(stored.leftLink).toBe("https://link.coupang.com/a/x?q=%ED%95%9C%EA%B8%80");
    expect(stored.rightLink).toBe("https://example.com/");
  });

  test("the page form answers refusals with the status and the Korean message, storing nothing", async () => {
    const png = await makeImage("png");
    const cases: [FormData, number, string][] = [
      [multipart(productFields(), { imageFile: ["not an image at all", "x.png", "image/png"] }), 415, BAD_TYPE],
      [multipart(productFields(), { imageFile: [crypto.randomBytes(1.5 * 1024 * 1024), "x.jpg", "image/jpeg"] }), 413, TOO_LARGE],
      [multipart(productFields({ productsNm: "" }), { imageFile: [png, "x.png", "image/png"] }), 400, REQUIRED],
      [multipart(productFields({ leftLink: "" }), { imageFile: [png, "x.png", "image/png"] }), 400, LEFT_REQUIRED],
    ];
    for (const [form, status, message] of cases) {
      const before = productRows();
      const filesBefore = uploadFiles(thisFile);
      const response = await pagePost(REGISTER, form);
      expect(response.status, message).toBe(status);
      expect(await formMessages(response)).toContain(message);
      expect(productRows(), `${message}: nothing stored`).toEqual(before);
      expect(uploadFiles(thisFile), `${message}: no stray file`).toEqual(filesBefore);
    }
  });

  test("a refused image on edit leaves the product and its image unchanged (API and page)", async () => {
    const created = await createProduct({ productsNm: "거절 편집 대상" });
    const before = productRow(created.index)!;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`;
    expect(
      (await update(productFields({ productsNm: "바뀌면 안 됨", index: String(created.index) }), [svg, "x.png", "image/png"])).status,
    ).toBe(415);
    const page = await pagePost(
      editPath(created.index),
      multipart(productFields({ productsNm: "바뀌면 안 됨" }), { imageFile: [makePixelBombPng(), "x.png", "image/png"] }),
    );
    expect([400, 413]).toContain(page.status);
    expect(productRow(created.index), "row unchanged").toEqual(before);
    expect(fs.existsSync(uploadPath(before.image!)), "its image still there").toBe(true);
    assertUploadsMatchDb(thisFile, "refused edit");
  });
});

describe("stored images", () => {
  test("are re-encoded: EXIF stripped, longest side ≤ 2560, type by content and a generated name", async () => {
    const jpeg = await makeJpegWithExif({ width: 4000, height: 2000 });
    // Declared as a GIF named .gif: the content (JPEG) decides.
    const created = await createProduct({ productsNm: "EXIF 사진" }, [jpeg, "../../evil name.gif", "image/gif"]);
    const name = uploadName(created.image)!;
    expect(name, "generated name with the real type's extension").toMatch(/^[0-9a-f-]{36}\.jpg$/);
    const stored = fs.readFileSync(uploadPath(name));
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe("jpeg");
    expect(meta.exif, "no EXIF in the stored file").toBeUndefined();
    expect(stored.includes(Buffer.from("exif-secret-owner")), "the EXIF text is not in the bytes").toBe(false);
    expect([meta.width, meta.height], "longest side capped at 2560, aspect ratio kept").toEqual([2560, 1280]);
    expect(fs.readdirSync(path.dirname(thisFile.uploadsDir), { recursive: true }).some((entry) => String(entry).includes("evil"))).toBe(
      false,
    );

    const small = await createProduct({ productsNm: "작은 사진" }, [
      await makeImage("png", { width: 40, height: 30 }),
      "s.png",
      "image/png",
    ]);
    const smallMeta = await sharp(uploadPath(uploadName(small.image)!)).metadata();
    expect([smallMeta.width, smallMeta.height], "small images are not enlarged").toEqual([40, 30]);
    assertUploadsMatchDb(thisFile, "re-encoded inserts");
  });
});

describe("a failure nobody planned for", () => {
  test("an uploads folder that cannot be written: 500 in Korean without internals, the error logged, nothing stored", async () => {
    expectLogged("the failed upload write", (entry) => entry.level === "error" && ["ENOTDIR", "EEXIST"].includes(String(entry.err?.code)));
    const before = productRows();
    const moved = `${thisFile.uploadsDir}.moved`;
    fs.renameSync(thisFile.uploadsDir, moved);
    fs.writeFileSync(thisFile.uploadsDir, "a file where the folder should be");
    try {
      const response = await insert(productFields(), [await makeImage("png"), "a.png", "image/png"]);
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({
        errMsg: "잠시 후 다시 시도해 주세요. 계속 같은 화면이 나오면 홈에서 다시 시작해 주세요.",
        errCode: "SERVER_ERROR",
      });
    } finally {
      fs.rmSync(thisFile.uploadsDir);
      fs.renameSync(moved, thisFile.uploadsDir);
    }
    expect(productRows()).toEqual(before);
    assertUploadsMatchDb(thisFile, "after the failed write");
  });
});

describe("visitors cannot change products", () => {
  test("visitor API calls → 401 로그인이 필요합니다., nothing changes", async () => {
    const target = await createProduct();
    const before = productRows();
    const files = uploadFiles(thisFile);
    const png: File3 = [await makeImage("png"), "a.png", "image/png"];
    for (const response of [
      await insert(productFields({ productsNm: "방문자 등록" }), png, ""),
      await update(productFields({ productsNm: "방문자 수정", index: String(target.index) }), png, ""),
      await remove({ productLists: [{ index: target.index }] }, ""),
    ]) {
      expect(await api(response, 401)).toEqual({ errMsg: UNAUTHORIZED, errCode: "UNAUTHORIZED" });
    }
    expect(productRows(), "no product changed").toEqual(before);
    expect(uploadFiles(thisFile), "no file written").toEqual(files);
  });

  test("visitor page posts and the register page send the visitor home, nothing changes", async () => {
    const target = await createProduct();
    const before = productRows();
    const files = uploadFiles(thisFile);
    const png = await makeImage("png");
    const visitor = { cookie: "" };
    expect(
      redirectTarget(
        await pagePost(
          REGISTER,
          multipart(productFields({ productsNm: "방문자 폼" }), { imageFile: [png, "a.png", "image/png"] }),
          visitor,
        ),
      ),
    ).toBe("/");
    expect(
      redirectTarget(await pagePost(editPath(target.index), multipart(productFields({ productsNm: "방문자 폼 수정" })), visitor)),
    ).toBe("/");
    expect(
      redirectTarget(
        await deletePost(
          [
            ["intent", "confirm"],
            ["index", String(target.index)],
          ],
          "",
        ),
      ),
    ).toBe("/");
    expect(redirectTarget(await callLoader(upsertPage, REGISTER.pathname, { params: REGISTER.params }))).toBe("/");
    expect(productRows()).toEqual(before);
    expect(uploadFiles(thisFile)).toEqual(files);
  });
});

describe("the start-up sweep", () => {
  test("once the database owns the folder, a stray <uuid>.jpg and a leftover temp file are moved to a dated quarantine at start (never deleted); referenced files and foreign names stay", async () => {
    await createProduct({}, [await makeImage("jpeg"), "a.jpg", "image/jpeg"]);
    await createProduct();
    const referenced = uploadFiles(thisFile);
    const stray = `${crypto.randomUUID()}.jpg`;
    const strayPng = `${crypto.randomUUID()}.png`;
    const temp = `.${crypto.randomUUID()}.jpg.4242.tmp`;
    const foreign = "README-kept.txt";
    fs.writeFileSync(uploadPath(stray), await makeImage("jpeg"));
    fs.writeFileSync(uploadPath(strayPng), await makeImage("png"));
    fs.writeFileSync(uploadPath(temp), "half-written");
    fs.writeFileSync(uploadPath(foreign), "someone else's file");

    await theAdmin();
    // The first start marks the folder as this database's; from then on starts may sweep it.
    await prepareServer(() => {});
    await prepareServer(() => {});

    const after = uploadFiles(thisFile);
    expect(after).not.toContain(stray);
    expect(after).not.toContain(strayPng);
    expect(after, "leftover temp file moved away").not.toContain(temp);
    expect(after, "a name the pipeline never generates is left alone").toContain(foreign);
    expect(after).toEqual(expect.arrayContaining(referenced));
    const quarantine = path.join(thisFile.uploadsDir, ".site", "quarantine");
    const days = fs.readdirSync(quarantine);
    expect(days).toHaveLength(1);
    expect(days[0]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(fs.readdirSync(path.join(quarantine, days[0]!)).sort()).toEqual([stray, strayPng, temp].sort());
    fs.rmSync(uploadPath(foreign));
    assertUploadsMatchDb(thisFile, "after sweep");
  });
});
