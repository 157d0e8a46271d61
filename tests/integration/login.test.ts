import { afterAll, beforeAll, describe, test } from "vitest";
import assert from "node:assert/strict";

import { ko } from "~/copy/ko";
import { ADMIN_ID, ADMIN_PASSWORD, startApp, type TestApp } from "../support/app";
import { Client } from "../support/http";
import { cookieValue, formatLogs, openDb, SESSION_COOKIE, setCookiesNamed } from "./_helpers";

let app: TestApp;
// Clients logged in by the "successful login" tests, reused later to spare slow password checks.
let remembered: Client;
let browserSession: Client;
let apiSession: Client;

beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

const REMEMBER_SECONDS = 5_184_000;

/** Page HTML without NUL bytes: a separate test (routes) reports the stray NULs of streaming. */
async function pageText(response: Response) {
  return (await response.text()).replaceAll("\u0000", "");
}

async function apiError(response: Response) {
  assert.match(response.headers.get("content-type") ?? "", /application\/json/);
  const body = (await response.json()) as { errMsg: string; errCode: string };
  assert.equal(typeof body.errCode, "string");
  assert.notEqual(body.errCode, "");
  return body;
}

function pageLogin(client: Client, form: Record<string, string>) {
  return client.fetch("/admin-login", { form });
}

function apiLogin(client: Client, json: unknown) {
  return client.fetch("/api/login", { json });
}

async function cookieCheck(client: Client, headers?: HeadersInit) {
  const response = await client.fetch("/api/cookie/check", { json: { name: SESSION_COOKIE }, headers });
  assert.equal(response.status, 200);
  return ((await response.json()) as { has: boolean }).has;
}

function sessionCookieLine(response: Response) {
  const lines = setCookiesNamed(response, SESSION_COOKIE);
  assert.equal(lines.length, 1, `one ${SESSION_COOKIE} Set-Cookie: ${response.headers.getSetCookie().join(" | ")}`);
  return lines[0]!;
}

function attributes(line: string) {
  return line
    .split(";")
    .slice(1)
    .map((part) => part.trim().toLowerCase());
}

function assertSessionCookie(line: string, { remember }: { remember: boolean }) {
  const attrs = attributes(line);
  assert.ok(attrs.includes("httponly"), `HttpOnly: ${line}`);
  assert.ok(attrs.includes("samesite=lax"), `SameSite=Lax: ${line}`);
  assert.ok(attrs.includes("path=/"), `Path=/: ${line}`);
  if (remember) {
    assert.ok(attrs.includes(`max-age=${REMEMBER_SECONDS}`), `Max-Age=${REMEMBER_SECONDS}: ${line}`);
  } else {
    assert.ok(!attrs.some((a) => a.startsWith("max-age=") || a.startsWith("expires=")), `a browser-session cookie: ${line}`);
  }
}

/** Every reading of a cookie value a curious person might try. */
function decodings(value: string) {
  const out = new Set<string>([value]);
  const queue = [value];
  while (queue.length) {
    const current = queue.pop()!;
    const candidates: string[] = [];
    try {
      candidates.push(decodeURIComponent(current));
    } catch {
      // not URL-encoded
    }
    for (const part of current.split(/[.:|]/)) {
      for (const encoding of ["base64", "base64url"] as const) candidates.push(Buffer.from(part, encoding).toString("utf8"));
    }
    for (const candidate of candidates) {
      if (!out.has(candidate) && out.size < 200) {
        out.add(candidate);
        queue.push(candidate);
      }
    }
  }
  return [...out];
}

function assertNoCredentialsIn(response: Response) {
  for (const line of response.headers.getSetCookie()) {
    for (const reading of decodings(cookieValue(line))) {
      assert.ok(!reading.includes(ADMIN_PASSWORD), `password in cookie: ${line}`);
      assert.ok(!reading.toLowerCase().includes(ADMIN_ID.toLowerCase()), `id in cookie: ${line}`);
    }
  }
}

describe("validation (page form and API)", () => {
  const cases: { label: string; id: string; pw: string; message: string }[] = [
    { label: "empty id and password", id: "", pw: "", message: ko.login.required },
    { label: "empty password", id: ADMIN_ID, pw: "", message: ko.login.required },
    { label: "empty id", id: "", pw: ADMIN_PASSWORD, message: ko.login.required },
    { label: "Hangul in the id", id: "관리자", pw: ADMIN_PASSWORD, message: ko.login.noHangul },
    { label: "Hangul in the password", id: ADMIN_ID, pw: "비밀번호123", message: ko.login.noHangul },
    { label: "underscore in the id", id: "thera_pist", pw: ADMIN_PASSWORD, message: ko.login.noUnderscore },
    { label: "underscore in the password", id: ADMIN_ID, pw: "correct_horse", message: ko.login.noUnderscore },
  ];

  for (const { label, id, pw, message } of cases) {
    test(`page form: ${label} → 400 with the Korean message, no cookie`, async () => {
      const client = new Client(app.origin);
      const response = await pageLogin(client, { id, pw });
      assert.equal(response.status, 400);
      const html = await pageText(response);
      assert.ok(html.includes(message), `the page shows "${message}"`);
      assert.equal(setCookiesNamed(response, SESSION_COOKIE).length, 0);
    });

    test(`API: ${label} → 400 {errMsg: "${message}"}`, async () => {
      const client = new Client(app.origin);
      const response = await apiLogin(client, { id, pw });
      assert.equal(response.status, 400);
      const body = await apiError(response);
      assert.equal(body.errMsg, message);
      assert.equal(body.errCode, "VALIDATION");
      assert.equal(setCookiesNamed(response, SESSION_COOKIE).length, 0);
    });
  }

  test("API: missing fields altogether → 400 required", async () => {
    const response = await apiLogin(new Client(app.origin), {});
    assert.equal(response.status, 400);
    assert.equal((await apiError(response)).errMsg, ko.login.required);
  });
});

describe("wrong credentials", () => {
  test("page form: wrong password → 401 with ko.login.failed; the password is not echoed back", async () => {
    const response = await pageLogin(new Client(app.origin), { id: ADMIN_ID, pw: "wrong-password-9" });
    assert.equal(response.status, 401);
    const html = await pageText(response);
    assert.ok(html.includes(ko.login.failed));
    assert.ok(!html.includes("wrong-password-9"), "the typed password is not put back into the page");
    assert.equal(response.headers.getSetCookie().length, 0);
  });

  test("API: wrong password → 401 LOGIN_FAILED, unknown id → the same answer", async () => {
    const wrong = await apiLogin(new Client(app.origin), { id: ADMIN_ID, pw: "wrong-password-9" });
    assert.equal(wrong.status, 401);
    const wrongBody = await apiError(wrong);
    assert.equal(wrongBody.errMsg, ko.login.failed);
    assert.equal(wrongBody.errCode, "LOGIN_FAILED");
    assert.equal(wrong.headers.getSetCookie().length, 0);

    const unknown = await apiLogin(new Client(app.origin), { id: "nobody", pw: ADMIN_PASSWORD });
    assert.equal(unknown.status, 401);
    assert.deepEqual(await apiError(unknown), wrongBody, "an unknown id is indistinguishable from a wrong password");
  });
});

describe("successful login", () => {
  test("page form without 계정 기억하기 → redirect with a browser-session HttpOnly SameSite=Lax cookie", async () => {
    const client = new Client(app.origin);
    const response = await pageLogin(client, { id: ADMIN_ID, pw: ADMIN_PASSWORD });
    assert.ok([302, 303].includes(response.status), `status ${response.status}`);
    assert.equal(new URL(response.headers.get("location")!, app.origin).origin, app.origin);
    assertSessionCookie(sessionCookieLine(response), { remember: false });
    assert.ok(!attributes(sessionCookieLine(response)).includes("secure"), "no Secure over plain http");
    assertNoCredentialsIn(response);

    // Following the redirect greets the admin once.
    const landing = await client.fetch(response.headers.get("location")!);
    assert.equal(landing.status, 200);
    assert.ok((await pageText(landing)).includes(ko.login.welcome));
    assert.equal(await cookieCheck(client), true);
    browserSession = client;
  });

  test("page form with isPersonal=on → the cookie lasts 60 days (Max-Age=5184000); an off-site redirectTo is ignored", async () => {
    const client = new Client(app.origin);
    const response = await pageLogin(client, {
      id: ADMIN_ID,
      pw: ADMIN_PASSWORD,
      isPersonal: "on",
      redirectTo: "//evil.example/x",
    });
    assert.ok([302, 303].includes(response.status));
    assert.equal(new URL(response.headers.get("location")!, app.origin).origin, app.origin);
    assertSessionCookie(sessionCookieLine(response), { remember: true });
    assertNoCredentialsIn(response);
  });

  test("API without isPersonal → 200 {isLogin:true} and a browser-session cookie", async () => {
    const client = new Client(app.origin);
    const response = await apiLogin(client, { id: ADMIN_ID, pw: ADMIN_PASSWORD });
    assert.equal(response.status, 200);
    const line = sessionCookieLine(response);
    const body = (await response.json()) as { isLogin: boolean };
    assert.equal(body.isLogin, true);
    assertSessionCookie(line, { remember: false });
    assertNoCredentialsIn(response);
    assert.ok(!JSON.stringify(body).includes(ADMIN_PASSWORD));
    apiSession = client;
  });

  test("API with isPersonal:true → Max-Age=5184000; Secure when reached over https (through the local proxy)", async () => {
    const client = new Client(app.origin);
    const response = await client.fetch("/api/login", {
      json: { id: ADMIN_ID, pw: ADMIN_PASSWORD, isPersonal: true },
      headers: { "X-Forwarded-Proto": "https", Origin: app.origin.replace(/^http:/, "https:") },
    });
    assert.equal(response.status, 200);
    const line = sessionCookieLine(response);
    assertSessionCookie(line, { remember: true });
    assert.ok(attributes(line).includes("secure"), `Secure behind https: ${line}`);
    assertNoCredentialsIn(response);
    await response.arrayBuffer();
    remembered = client;
  });

  test("a new session id at every login, even when the old cookie is sent along", async () => {
    const client = browserSession;
    const before = client.cookies.get(SESSION_COOKIE);
    assert.ok(before);
    const response = await apiLogin(client, { id: ADMIN_ID, pw: ADMIN_PASSWORD });
    assert.equal(response.status, 200);
    await response.arrayBuffer();
    const after = client.cookies.get(SESSION_COOKIE);
    assert.ok(after);
    assert.notEqual(after, before, "the login replaced the session id");
    const ids = new Set([before, after, apiSession.cookies.get(SESSION_COOKIE), remembered.cookies.get(SESSION_COOKIE)]);
    assert.equal(ids.size, 4, "every login got its own session id");
  });

  test("the database keeps only a hash of the session id", async () => {
    const readings = decodings(remembered.cookies.get(SESSION_COOKIE)!);
    const db = openDb(app);
    try {
      const rows = db.prepare("SELECT id_hash, persistent, expires_at FROM sessions").all() as {
        id_hash: string;
        persistent: number;
        expires_at: string;
      }[];
      assert.ok(rows.length > 0);
      for (const row of rows) {
        for (const reading of readings) {
          assert.ok(!reading.includes(row.id_hash), "the stored value is not the cookie's token");
          if (reading.length >= 16) assert.ok(!row.id_hash.includes(reading.replaceAll('"', "")), "the cookie's token is not stored");
        }
      }
      // Remember-me: the row lives as long as the cookie (60 days).
      const newest = rows.sort((a, b) => b.expires_at.localeCompare(a.expires_at))[0]!;
      const days = (Date.parse(newest.expires_at) - Date.now()) / 86_400_000;
      assert.ok(days > 59 && days <= 60.01, `remembered session expires in ${days.toFixed(2)} days`);
    } finally {
      db.close();
    }
  });
});

describe("cookie check", () => {
  test("{has:true} with the session cookie, {has:false} without", async () => {
    assert.equal(await cookieCheck(remembered), true);
    assert.equal(await cookieCheck(new Client(app.origin)), false);
    const other = await new Client(app.origin).fetch("/api/cookie/check", { json: { name: SESSION_COOKIE } });
    assert.equal(((await other.json()) as { has: boolean }).has, false);
  });

  test("the answer uses the SPEC key `has` with empty errMsg/errCode", async () => {
    const response = await new Client(app.origin).fetch("/api/cookie/check", { json: { name: SESSION_COOKIE } });
    assert.deepEqual(await response.json(), { errMsg: "", errCode: "", has: false });
  });
});

describe("logout", () => {
  for (const via of ["page", "api"] as const) {
    test(`${via === "page" ? "POST /logout (page form)" : "POST /api/logout"}: the old cookie value no longer works`, async () => {
      const client = via === "page" ? browserSession : apiSession;
      const oldCookie = `${SESSION_COOKIE}=${client.cookies.get(SESSION_COOKIE)}`;
      assert.equal(await cookieCheck(client), true);

      const response =
        via === "page"
          ? await client.fetch("/logout", { method: "POST", form: {} })
          : await client.fetch("/api/logout", { method: "POST" });
      if (via === "page") {
        assert.ok([302, 303].includes(response.status), `status ${response.status}`);
        assert.equal(new URL(response.headers.get("location")!, app.origin).pathname, "/");
        // The home page says so, once.
        const landing = await client.fetch(response.headers.get("location")!);
        assert.ok((await pageText(landing)).includes(ko.login.loggedOut));
        const again = await client.fetch("/");
        assert.ok(!(await pageText(again)).includes(ko.login.loggedOut), "the message is shown only once");
      } else {
        assert.equal(response.status, 200);
        assert.equal(((await response.json()) as { isLogin: boolean }).isLogin, false);
      }
      // The browser is told to forget the cookie...
      const cleared = sessionCookieLine(response);
      assert.ok(/max-age=0/i.test(cleared) || /expires=thu, 01 jan 1970/i.test(cleared), cleared);
      assert.equal(client.cookies.has(SESSION_COOKIE), false);

      // ...and a kept copy is worthless.
      const stale = new Client(app.origin);
      assert.equal(await cookieCheck(stale, { Cookie: oldCookie }), false);
      const page = await stale.fetch("/home-update", { headers: { Cookie: oldCookie } });
      assert.ok([302, 303].includes(page.status), `/home-update with the old cookie: ${page.status}`);
      const api = await stale.fetch("/api/home/update", { json: { homeMenuNm: "로그아웃 후" }, headers: { Cookie: oldCookie } });
      assert.equal(api.status, 401);

      // Another browser's session is untouched.
      assert.equal(await cookieCheck(remembered), true);
    });
  }

});

test("no unexpected console errors", () => {
  assert.equal(app.consoleErrors.length, 0, formatLogs(app.consoleErrors));
});
