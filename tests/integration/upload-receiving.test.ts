// The receiving folder of uploads (UPLOADS_DIR/.site/tmp) through the real server: a file streamed
// there while a form is read is gone by the time the answer arrives, saved or refused, and a form
// sent without a file leaves no folder.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, test, expect } from "vitest";
import { startApp, type TestApp } from "../support/app";
import type { Client } from "../support/http";
import { adminClient } from "./_helpers";
import { makeImage } from "./_uploads";

let app: TestApp;
let admin: Client;

beforeAll(async () => {
  app = await startApp();
  admin = await adminClient(app);
});

afterAll(async () => {
  await app.close();
});

function received() {
  const folder = path.join(app.uploadsDir, ".site", "tmp");
  return fs.existsSync(folder) ? fs.readdirSync(folder, { recursive: true }) : [];
}

test("a saved product's picture and a refused one leave nothing in the receiving folder", async () => {
  const saved = new FormData();
  saved.append("productsNm", "받는 폴더 확인");
  saved.append(
    "imageFile",
    new Blob([new Uint8Array(await makeImage("jpeg", { width: 300, height: 200 }))], { type: "image/jpeg" }),
    "a.jpg",
  );
  const ok = await admin.fetch("/api/product-list/insert", { method: "POST", body: saved });
  expect(ok.status, await ok.text()).toBe(200);
  expect(received()).toStrictEqual([]);

  const refused = new FormData();
  refused.append("productsNm", "받는 폴더 확인");
  refused.append("imageFile", new Blob(["not an image"], { type: "image/png" }), "a.png");
  const bad = await admin.fetch("/api/product-list/insert", { method: "POST", body: refused });
  expect(bad.status, await bad.text()).toBe(415);
  expect(received()).toStrictEqual([]);
});

test("a form sent without a picture leaves no receiving folder behind, through the API and the page", async () => {
  const api = new FormData();
  api.append("productsNm", "사진 없는 제품");
  const ok = await admin.fetch("/api/product-list/insert", { method: "POST", body: api });
  expect(ok.status, await ok.text()).toBe(200);
  expect(received()).toStrictEqual([]);

  // The product form as a browser sends it when no photo is chosen: an empty file part.
  const page = new FormData();
  page.append("productsNm", "사진 없는 제품 페이지");
  page.append("isView", "true");
  page.append("imageFile", new Blob([]), "");
  const saved = await admin.fetch("/product-upsert/0", { method: "POST", body: page });
  expect(saved.status, await saved.text()).toBe(302);
  expect(received()).toStrictEqual([]);
});
