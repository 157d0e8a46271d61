// Products as a browser meets them through the real server: whole rendered pages (read through a
// DOM), the uploads folder served by Express, the origin guard, and a 413 on a kept-alive connection.
// The use cases themselves are tested by calling the routes directly (products.test.ts).
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { within } from "@testing-library/dom";

import { startApp, type TestApp } from "../support/app";
import { Client } from "../support/http";
import { adminClient, EVIL_ORIGIN, openDb, parseHtml } from "./_helpers";
import { makeImage, multipart, rawRequest, serialiseForm, uploadFiles } from "./_uploads";

const DISCLOSURE = "이 포스팅은 쿠팡 파트너스 활동의 일환으로, 이에 따른 일정액의 수수료를 제공받습니다.";

let app: TestApp;
let admin: Client;
let visitor: Client;

beforeAll(async () => {
  app = await startApp({ UPLOAD_MAX_MB: "1" });
  admin = await adminClient(app);
  visitor = new Client(app.origin);
});
afterAll(() => app.close());

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

async function page(client: Client, pathname: string, init?: Parameters<Client["fetch"]>[1]) {
  const response = await client.fetch(pathname, init);
  const html = await response.text();
  return { status: response.status, document: parseHtml(html), html };
}

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
      expect([...document.querySelectorAll("script")].some((script) => script.textContent === "alert(1)"), `${pathname}: no script element`).toBe(false);
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

  test("edit mode links each product to its edit page, the info naming its id", async () => {
    const created = await createProduct({ productsNm: "편집 링크 제품" });
    const { document } = await page(admin, "/product-list?mode=edit");
    const link = within(document.body).getByText("편집 링크 제품").closest("a")!;
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
    const posted = [...confirm.querySelectorAll("input[type=hidden]")].map((input) => [input.getAttribute("name"), input.getAttribute("value")]);
    expect(posted).toEqual([["index", String(created.index)], ["intent", "confirm"]]);
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
      const created = ((await (await admin.fetch("/api/product-list/insert", { method: "POST", body: form })).json()) as { productLists: ProductItem[] }).productLists[0]!;
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
      await admin.fetch("/api/product-list/insert", { method: "POST", body: multipart(fields, { imageFile: [png, "a.png", "image/png"] }), headers: evil }),
      await admin.fetch("/api/product-list/update", { method: "POST", body: multipart({ ...fields, index: String(target.index) }), headers: evil }),
      await admin.fetch("/api/product-list/delete", { json: { productLists: [{ index: target.index }] }, headers: evil }),
    ]) {
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ errMsg: "허용되지 않은 요청입니다. 사이트에서 다시 시도해 주세요.", errCode: "FORBIDDEN_ORIGIN" });
    }
    for (const [pathname, body] of [
      ["/product-upsert/0", multipart(fields, { imageFile: [png, "a.png", "image/png"] })],
      [`/product-upsert/1/${encodeURIComponent(JSON.stringify({ id: target.index }))}`, multipart(fields)],
      ["/product-list?mode=delete", new URLSearchParams([["intent", "confirm"], ["index", String(target.index)]])],
    ] as const) {
      const response = await admin.fetch(pathname, { method: "POST", body, headers: evil });
      expect(response.status, pathname).toBe(403);
      expect(within(parseHtml(await response.text()).body).getByText("허용되지 않은 요청입니다. 사이트에서 다시 시도해 주세요.")).toBeTruthy();
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
        multipart({ productsNm: "큰 파일 연결", hasImage: "true" }, { imageFile: [crypto.randomBytes(1.5 * 1024 * 1024), "big.png", "image/png"] }),
      );
      const refused = await rawRequest(agent, app.url("/api/product-list/insert"), {
        method: "POST",
        body,
        headers: { "Content-Type": contentType, "Content-Length": String(body.length), Cookie: admin.cookieHeader(), Origin: app.origin },
      });
      expect(refused.status).toBe(413);
      expect(JSON.parse(refused.text)).toEqual({ errMsg: "파일이 너무 큽니다. 1MB 이하의 이미지를 올려 주세요.", errCode: "FILE_TOO_LARGE" });
      const next = await rawRequest(agent, app.url("/healthz"));
      expect(next.status, `the connection the 413 came back on (Connection: ${refused.headers.connection})`).toBe(200);
    } finally {
      agent.destroy();
    }
  });
});
