// The answers a form with pictures reads when JavaScript sends it (app/lib/upload-form.ts): the page
// action's own data request (`<page>.data`, Remix single fetch) through the real server, read by the
// client's own reader. A save is a redirect to follow, a refusal the form's reply with its status,
// and the edge's own refusal (not Remix's answer) a failure with its status.
import { afterAll, beforeAll, test, expect } from "vitest";
import { readSaveAnswer } from "~/lib/upload-form";
import { startApp, type TestApp } from "../support/app";
import type { Client } from "../support/http";
import { adminClient } from "./_helpers";
import { makeImage } from "./_uploads";

let app: TestApp;
let admin: Client;

beforeAll(async () => {
  app = await startApp({ UPLOAD_MAX_MB: "1" });
  admin = await adminClient(app);
});

afterAll(async () => {
  await app.close();
});

async function save(fields: Record<string, string>, picture?: Buffer) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (picture) form.append("imageFile", new Blob([new Uint8Array(picture)], { type: "image/jpeg" }), "IMG_0001.jpg");
  const response = await admin.fetch("/product-upsert/0.data", { method: "POST", body: form });
  return readSaveAnswer(response.status, await response.blob());
}

test("a saved product is a redirect to the list, replacing the form in history", async () => {
  const outcome = await save({ productsNm: "데이터 요청 교구", isView: "true" }, await makeImage("jpeg"));
  expect(outcome).toStrictEqual({ kind: "redirect", to: "/product-list", replace: true });
});

test("a form the schema refuses is the form's reply with its field errors (400)", async () => {
  const outcome = await save({ productsNm: "", isView: "true" });
  expect(outcome.kind).toBe("reply");
  expect(outcome.kind === "reply" && outcome.status).toBe(400);
  const data = outcome.kind === "reply" ? (outcome.data as { error: Record<string, string[]> }) : null;
  expect(data?.error.productsNm).toStrictEqual(["필수 정보를 입력해 주세요."]);
});

test("a picture over UPLOAD_MAX_MB within the body the site reads is the form's reply (413) with what was typed", async () => {
  const outcome = await save({ productsNm: "큰 사진", isView: "true" }, Buffer.alloc(1024 * 1024 + 1, 0xff));
  expect(outcome.kind).toBe("reply");
  const data =
    outcome.kind === "reply" ? (outcome.data as { initialValue: Record<string, string>; error: Record<string, string[]> }) : null;
  expect(outcome.kind === "reply" && outcome.status).toBe(413);
  expect(data?.initialValue.productsNm).toBe("큰 사진");
  expect(data?.error.imageFile).toStrictEqual(["파일이 너무 큽니다. 1MB 이하의 이미지를 올려 주세요."]);
});

test("a body over what the site reads is the edge's 413, read as a failure with its status", async () => {
  const outcome = await save({ productsNm: "아주 큰 사진", isView: "true" }, Buffer.alloc(3 * 1024 * 1024, 0xff));
  expect(outcome).toStrictEqual({ kind: "failed", status: 413 });
});
