// The receiving folder of uploads (UPLOADS_DIR/.site/tmp) through the real server: a file streamed
// there while a form is read is gone by the time the answer arrives, saved or refused.
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
