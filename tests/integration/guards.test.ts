import { afterAll, beforeAll, describe, test } from "vitest";
import assert from "node:assert/strict";

import { ko } from "~/copy/ko";
import { startApp, type TestApp } from "../support/app";
import { Client } from "../support/http";
import { adminClient, EVIL_ORIGIN, formatLogs, HANGUL, readHomeMenu, type HomeMenuRow } from "./_helpers";

let app: TestApp;
let admin: Client;
let seeded: HomeMenuRow;

const VALID_UPDATE = { reelsMenuNm: "해킹된 이름", isViewFlags: { reels: false } };
const VALID_FORM = {
  intent: "confirm",
  reelsChecked: "on",
  reelsMenuNm: "해킹된 이름",
  homeView: "show",
  reelsView: "hide",
  productsView: "show",
  detailView: "hide",
};

beforeAll(async () => {
  app = await startApp();
  seeded = readHomeMenu(app);
  admin = await adminClient(app);
});
afterAll(() => app.close());

function assertMenuUnchanged(label: string) {
  assert.deepEqual(readHomeMenu(app), seeded, `${label}: home_menu must not change`);
}

async function jsonOf(response: Response) {
  assert.match(response.headers.get("content-type") ?? "", /application\/json/);
  return (await response.json()) as { errMsg: string; errCode: string };
}

describe("a visitor (not logged in)", () => {
  test("GET /home-update is sent home", async () => {
    const visitor = new Client(app.origin);
    const response = await visitor.fetch("/home-update");
    assert.ok([302, 303].includes(response.status), `status ${response.status}`);
    assert.equal(new URL(response.headers.get("location")!, app.origin).pathname, "/");
  });

  test("the single-fetch data request of /home-update is redirected too, with no menu data", async () => {
    const visitor = new Client(app.origin);
    const response = await visitor.fetch("/home-update.data");
    const body = await response.text();
    assert.match(body, /redirect/i);
    assert.doesNotMatch(body, /homeMenuNm|reelsMenuNm/);
  });

  test("POST /api/home/update (valid JSON) → 401 {errMsg (Korean), errCode}, nothing changes", async () => {
    const visitor = new Client(app.origin);
    const response = await visitor.fetch("/api/home/update", { json: VALID_UPDATE });
    assert.equal(response.status, 401);
    const body = await jsonOf(response);
    assert.equal(body.errMsg, ko.errors.unauthorized);
    assert.match(body.errMsg, HANGUL);
    assert.equal(body.errCode, "UNAUTHORIZED");
    assertMenuUnchanged("visitor API update");
  });

  test("POST /api/home/update with an invalid payload still answers 401 (authorization first)", async () => {
    const visitor = new Client(app.origin);
    const response = await visitor.fetch("/api/home/update", { json: { nonsense: true } });
    assert.equal(response.status, 401);
    assert.equal((await jsonOf(response)).errCode, "UNAUTHORIZED");
  });

  test("POST to the /home-update page action changes nothing and is sent home", async () => {
    const visitor = new Client(app.origin);
    for (const intent of ["confirm", "review"]) {
      const response = await visitor.fetch("/home-update", { form: { ...VALID_FORM, intent } });
      assert.ok([302, 303].includes(response.status), `${intent}: status ${response.status}`);
      assert.equal(new URL(response.headers.get("location")!, app.origin).pathname, "/");
      assertMenuUnchanged(`visitor page action (${intent})`);
    }
  });

  test("a forged or expired session cookie is no session", async () => {
    const forged = new Client(app.origin);
    forged.cookies.set("ot_sid", "InRoaXNpc25vdGFyZWFsc2Vzc2lvbnRva2VuMTIzNDU2Nzg5MCI.AAAA");
    const page = await forged.fetch("/home-update");
    assert.ok([302, 303].includes(page.status));
    const api = await forged.fetch("/api/home/update", { json: VALID_UPDATE });
    assert.equal(api.status, 401);
    const check = await forged.fetch("/api/cookie/check", { json: { name: "ot_sid" } });
    assert.equal(((await check.json()) as { has: boolean }).has, false);
    assertMenuUnchanged("forged cookie");
  });
});

describe("cross-site request forgery (logged in as admin)", () => {
  test("POST /api/home/update with Origin: http://evil.example → 403 FORBIDDEN_ORIGIN, nothing changes", async () => {
    const response = await admin.fetch("/api/home/update", { json: VALID_UPDATE, headers: { Origin: EVIL_ORIGIN } });
    assert.equal(response.status, 403);
    const body = await jsonOf(response);
    assert.equal(body.errCode, "FORBIDDEN_ORIGIN");
    assert.match(body.errMsg, HANGUL);
    assert.equal(body.errMsg, ko.errors.forbiddenOrigin);
    assertMenuUnchanged("evil origin API");
  });

  test("POST /api/home/update with Sec-Fetch-Site: cross-site → 403, nothing changes", async () => {
    const response = await admin.fetch("/api/home/update", {
      json: VALID_UPDATE,
      headers: { "Sec-Fetch-Site": "cross-site" },
    });
    assert.equal(response.status, 403);
    assert.equal((await jsonOf(response)).errCode, "FORBIDDEN_ORIGIN");
    assertMenuUnchanged("cross-site API");
  });

  test("Origin: null (sandboxed frame) → 403", async () => {
    const response = await admin.fetch("/api/home/update", { json: VALID_UPDATE, headers: { Origin: "null" } });
    assert.equal(response.status, 403);
    assertMenuUnchanged("null origin API");
  });

  test("the /home-update page action with an evil Origin → 403 Korean page, nothing changes", async () => {
    const response = await admin.fetch("/home-update", { form: VALID_FORM, headers: { Origin: EVIL_ORIGIN } });
    assert.equal(response.status, 403);
    const html = await response.text();
    assert.match(html, /<html lang="ko">/);
    assert.ok(html.includes(ko.errors.forbiddenOrigin));
    assertMenuUnchanged("evil origin page action");
  });

  test("the page action with Sec-Fetch-Site: cross-site → 403, nothing changes", async () => {
    const response = await admin.fetch("/home-update", { form: VALID_FORM, headers: { "Sec-Fetch-Site": "cross-site" } });
    assert.equal(response.status, 403);
    assertMenuUnchanged("cross-site page action");
  });

  test("a forged logout or login is refused too (403 before any handler)", async () => {
    const logout = await admin.fetch("/logout", { method: "POST", form: {}, headers: { Origin: EVIL_ORIGIN } });
    assert.equal(logout.status, 403);
    assert.equal(logout.headers.getSetCookie().length, 0, "a refused request sets no cookie");
    const apiLogout = await admin.fetch("/api/logout", { method: "POST", headers: { Origin: EVIL_ORIGIN } });
    assert.equal(apiLogout.status, 403);
    // The session survived both.
    const check = await admin.fetch("/api/cookie/check", { json: { name: "ot_sid" } });
    assert.deepEqual(((await check.json()) as { has: boolean }).has, true);
  });

  test("same-origin requests from the admin still work (the guard is not over-eager)", async () => {
    const response = await admin.fetch("/api/cookie/check", { json: { name: "ot_sid" }, headers: { "Sec-Fetch-Site": "same-origin" } });
    assert.equal(response.status, 200);
  });
});

describe("JSON only for JSON calls", () => {
  test("/api/login with a text/plain body → 415 {errMsg (Korean), errCode}", async () => {
    const visitor = new Client(app.origin);
    const response = await visitor.fetch("/api/login", {
      method: "POST",
      body: JSON.stringify({ id: "therapist", pw: "correct-horse-42" }),
      headers: { "Content-Type": "text/plain" },
    });
    assert.equal(response.status, 415);
    const body = await jsonOf(response);
    assert.equal(body.errCode, "UNSUPPORTED_MEDIA_TYPE");
    assert.match(body.errMsg, HANGUL);
    assert.equal(visitor.cookies.has("ot_sid"), false, "no session from a text/plain login");
  });

  test("/api/home/update as text/plain (admin) → 415, nothing changes", async () => {
    const response = await admin.fetch("/api/home/update", {
      method: "POST",
      body: JSON.stringify(VALID_UPDATE),
      headers: { "Content-Type": "text/plain;charset=UTF-8" },
    });
    assert.equal(response.status, 415);
    assert.equal((await jsonOf(response)).errCode, "UNSUPPORTED_MEDIA_TYPE");
    assertMenuUnchanged("text/plain update");
  });

  test("/api/home/update as a form post (admin) → 415, nothing changes", async () => {
    const response = await admin.fetch("/api/home/update", { method: "POST", form: { reelsMenuNm: "폼" } });
    assert.equal(response.status, 415);
    assertMenuUnchanged("form-encoded update");
  });

  test("/api/home/update without a Content-Type (admin) → 415, nothing changes", async () => {
    const response = await admin.fetch("/api/home/update", {
      method: "POST",
      body: new Blob([JSON.stringify(VALID_UPDATE)]),
    });
    assert.equal(response.status, 415);
    assertMenuUnchanged("untyped update");
  });
});

test("no unexpected console errors", () => {
  assert.equal(app.consoleErrors.length, 0, formatLogs(app.consoleErrors));
});
