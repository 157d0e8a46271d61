// Instagram by login without INSTAGRAM_APP_ID (issue 33, point 2): the built app as it serves the
// owner's /instagram-token page. No connect button, pasting a token stays the way, and the login's
// addresses answer with why instead of going to Instagram; 연결 해제 works as a plain form post.
import { afterAll, beforeAll, expect, test } from "vitest";

import { startApp, type TestApp } from "../support/app";
import { parseHtml } from "../support/dom";
import { Client } from "../support/http";
import { adminClient, queryOneIn, visibleHtml } from "./_helpers";

let app: TestApp;
let admin: Client;

beforeAll(async () => {
  app = await startApp();
  admin = await adminClient(app);
});
afterAll(async () => {
  await app?.close();
});

const NOT_OFFERED = "인스타그램 로그인 연결이 설정되지 않았습니다. 아래에 토큰을 직접 입력해 주세요.";

async function tokenPage() {
  const response = await admin.fetch("/instagram-token");
  expect(response.status).toBe(200);
  return parseHtml(await response.text());
}

function storedToken() {
  return queryOneIn<{ value: string } | undefined>(app, "SELECT value FROM settings WHERE key = 'instagram.token'")?.value ?? null;
}

test("no connect button; the paste form is there as before", async () => {
  const page = await tokenPage();
  expect(page.querySelector('a[href^="/instagram-connect"]')).toBeNull();
  expect(visibleHtml(page.body.innerHTML)).not.toContain("인스타그램 다시 연결");
  const field = page.querySelector('input[name="token"]');
  expect(field?.getAttribute("type")).toBe("password");
  expect(page.querySelector('input[name="intent"][value="token"]')).not.toBeNull();
});

test("the login's addresses send her back to the page with why, and store nothing", async () => {
  const before = storedToken();
  for (const pathname of ["/instagram-connect", "/instagram-connect/callback?code=AQBcode&state=c3RhdGU"]) {
    const response = await admin.fetch(pathname);
    expect(response.status, pathname).toBe(302);
    expect(response.headers.get("location"), pathname).toBe("/instagram-token");
    expect((await tokenPage()).body.textContent, pathname).toContain(NOT_OFFERED);
  }
  expect(storedToken()).toBe(before);
});

test("a visitor is sent home from both", async () => {
  const visitor = new Client(app.origin);
  for (const pathname of ["/instagram-connect", "/instagram-connect/callback?code=AQBcode&state=c3RhdGU"]) {
    const response = await visitor.fetch(pathname);
    expect(response.status, pathname).toBe(302);
    expect(response.headers.get("location"), pathname).toBe("/");
  }
});

test("연결 해제 as a plain form post: the demo feed's token is forgotten", async () => {
  expect(storedToken()).toBe("DEMO");
  const before = await tokenPage();
  const disconnect = before.querySelector('form input[name="intent"][value="disconnect"]')?.closest("form");
  expect(disconnect?.querySelector("button")?.textContent).toBe("연결 해제");
  const response = await admin.fetch("/instagram-token", { form: { intent: "disconnect" } });
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe("/instagram-token");
  expect(storedToken()).toBeNull();
  const after = await tokenPage();
  expect(after.body.textContent).toContain("인스타그램 연결을 해제했습니다. 새 릴스를 가져오려면 다시 연결해 주세요.");
  expect(after.body.textContent).toContain("연결된 계정이 없습니다.");
  expect(after.querySelector('input[name="intent"][value="disconnect"]'), "nothing left to disconnect").toBeNull();
});
