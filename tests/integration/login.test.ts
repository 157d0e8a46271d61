// Login, the session cookie and logout, through the real route modules (page and API doors).
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";

import { db } from "~/db/client.server";
import { admins, sessions } from "~/db/schema";
import * as root from "~/root";
import * as homeUpdatePage from "~/routes/_admin.home-update";
import * as loginPage from "~/routes/admin-login";
import * as apiCookieCheck from "~/routes/api.cookie.check";
import * as apiHomeUpdate from "~/routes/api.home.update";
import * as apiLogin from "~/routes/api.login";
import * as apiLogout from "~/routes/api.logout";
import * as logoutPage from "~/routes/logout";
import { ADMIN_ID, ADMIN_PASSWORD } from "../support/app";
import { adminCookie, callAction, callLoader, cookiesFrom, redirectTarget, SESSION_COOKIE, setCookieLines, theAdmin } from "./_direct";
import { cookieValue } from "./_helpers";

const REMEMBER_SECONDS = 5_184_000;
const REQUIRED = "아이디와 비밀번호를 입력해 주세요.";
const NO_HANGUL = "한글은 입력할 수 없습니다.";
const NO_UNDERSCORE = "특수문자 _(밑줄)은 사용할 수 없습니다.";
const FAILED = "아이디 또는 비밀번호가 올바르지 않습니다.";

beforeAll(async () => {
  await theAdmin();
});

function pageLogin(form: Record<string, string>, init: { cookie?: string } = {}) {
  return callAction(loginPage, "/admin-login", { form, ...init });
}

function apiLoginCall(json: unknown, pathname = "/api/login") {
  return callAction(apiLogin, pathname, { json });
}

async function cookieCheck(cookie?: string) {
  const response = await callAction(apiCookieCheck, "/api/cookie/check", { json: { name: SESSION_COOKIE }, cookie });
  expect(response.status).toBe(200);
  return ((await response.json()) as { has: boolean }).has;
}

function sessionCookieLine(response: Response) {
  const lines = setCookieLines(response, SESSION_COOKIE);
  expect(lines, response.headers.getSetCookie().join(" | ")).toHaveLength(1);
  return lines[0]!;
}

function attributes(line: string) {
  return line
    .split(";")
    .slice(1)
    .map((part) => part.trim().toLowerCase());
}

function expectSessionCookie(line: string, { remember }: { remember: boolean }) {
  const attrs = attributes(line);
  expect(attrs).toEqual(expect.arrayContaining(["httponly", "samesite=lax", "path=/"]));
  if (remember) expect(attrs).toContain(`max-age=${REMEMBER_SECONDS}`);
  else expect(attrs.filter((a) => a.startsWith("max-age=") || a.startsWith("expires="))).toEqual([]);
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

function expectNoCredentialsIn(response: Response) {
  for (const line of response.headers.getSetCookie()) {
    for (const reading of decodings(cookieValue(line))) {
      expect(reading.includes(ADMIN_PASSWORD), `password in cookie: ${line}`).toBe(false);
      expect(reading.toLowerCase().includes(ADMIN_ID.toLowerCase()), `id in cookie: ${line}`).toBe(false);
    }
  }
}

/** The messages a page action gives back for its form (Conform's reply): form-level and per field. */
async function formMessages(response: Response) {
  const reply = (await response.json()) as { error?: Record<string, string[] | null> };
  return Object.values(reply.error ?? {}).flatMap((messages) => messages ?? []);
}

/** The flash message the layout shows after a redirect, read through the root loader with the redirect's cookies. */
async function flashAfter(redirect: Response, cookie: string[] = []) {
  const landing = await callLoader(root, redirectTarget(redirect), { cookie: [...cookie, ...cookiesFrom(redirect)] });
  return ((await landing.json()) as { flash: { message: string } | null }).flash?.message ?? null;
}

describe("validation (page form and API)", () => {
  const cases: { label: string; id: string; pw: string; message: string }[] = [
    { label: "empty id and password", id: "", pw: "", message: REQUIRED },
    { label: "empty password", id: ADMIN_ID, pw: "", message: REQUIRED },
    { label: "empty id", id: "", pw: ADMIN_PASSWORD, message: REQUIRED },
    { label: "Hangul in the id", id: "관리자", pw: ADMIN_PASSWORD, message: NO_HANGUL },
    { label: "Hangul in the password", id: ADMIN_ID, pw: "비밀번호123", message: NO_HANGUL },
    { label: "underscore in the id", id: "thera_pist", pw: ADMIN_PASSWORD, message: NO_UNDERSCORE },
    { label: "underscore in the password", id: ADMIN_ID, pw: "correct_horse", message: NO_UNDERSCORE },
  ];

  test.each(cases)("page form: $label → 400 with the Korean message, no cookie", async ({ id, pw, message }) => {
    const response = await pageLogin({ id, pw });
    expect(response.status).toBe(400);
    expect(setCookieLines(response, SESSION_COOKIE)).toEqual([]);
    expect(await formMessages(response)).toContain(message);
  });

  test.each(cases)("API: $label → 400 {errMsg: $message}", async ({ id, pw, message }) => {
    const response = await apiLoginCall({ id, pw });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errMsg: message, errCode: "VALIDATION" });
    expect(setCookieLines(response, SESSION_COOKIE)).toEqual([]);
  });

  test("API: a text/plain body (what a cross-site form can send) → 415, no session", async () => {
    const response = await callAction(apiLogin, "/api/login", {
      body: JSON.stringify({ id: ADMIN_ID, pw: ADMIN_PASSWORD }),
      headers: { "Content-Type": "text/plain" },
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({
      errMsg: "요청 형식이 올바르지 않습니다. JSON(application/json)으로 보내 주세요.",
      errCode: "UNSUPPORTED_MEDIA_TYPE",
    });
    expect(setCookieLines(response, SESSION_COOKIE)).toEqual([]);
  });

  test("API: missing fields altogether → 400 required", async () => {
    const response = await apiLoginCall({});
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errMsg: REQUIRED, errCode: "VALIDATION" });
  });
});

describe("wrong credentials", () => {
  test("page form: wrong password → 401 with the Korean message; the password is not echoed back", async () => {
    const response = await pageLogin({ id: ADMIN_ID, pw: "wrong-password-9" });
    expect(response.status).toBe(401);
    expect(response.headers.getSetCookie()).toEqual([]);
    const text = await response.clone().text();
    expect(text).not.toContain("wrong-password-9");
    expect(await formMessages(response)).toContain(FAILED);
  });

  test("API: wrong password → 401 LOGIN_FAILED, unknown id → the same answer", async () => {
    const wrong = await apiLoginCall({ id: ADMIN_ID, pw: "wrong-password-9" });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.getSetCookie()).toEqual([]);
    const wrongBody = await wrong.json();
    expect(wrongBody).toEqual({ errMsg: FAILED, errCode: "LOGIN_FAILED" });

    const unknown = await apiLoginCall({ id: "nobody", pw: ADMIN_PASSWORD });
    expect(unknown.status).toBe(401);
    expect(await unknown.json(), "an unknown id is indistinguishable from a wrong password").toEqual(wrongBody);
  });
});

describe("successful login", () => {
  test("page form without 계정 기억하기 → redirect with a browser-session HttpOnly SameSite=Lax cookie, greeted once", async () => {
    const response = await pageLogin({ id: ADMIN_ID, pw: ADMIN_PASSWORD });
    expect([302, 303]).toContain(response.status);
    expect(redirectTarget(response)).toBe("/");
    const line = sessionCookieLine(response);
    expectSessionCookie(line, { remember: false });
    expect(attributes(line), "no Secure over plain http").not.toContain("secure");
    expectNoCredentialsIn(response);

    expect(await flashAfter(response)).toBe("로그인되었습니다.");
    expect(await cookieCheck(line.split(";")[0])).toBe(true);
  });

  test("page form with isPersonal=on → the cookie lasts 60 days (Max-Age=5184000); an off-site redirectTo is ignored", async () => {
    const response = await pageLogin({ id: ADMIN_ID, pw: ADMIN_PASSWORD, isPersonal: "on", redirectTo: "//evil.example/x" });
    expect([302, 303]).toContain(response.status);
    expect(redirectTarget(response)).toBe("/");
    expectSessionCookie(sessionCookieLine(response), { remember: true });
    expectNoCredentialsIn(response);
  });

  test("the page form returns to the local page it names in redirectTo (search included)", async () => {
    for (const [redirectTo, target] of [
      ["/product-list?mode=edit", "/product-list?mode=edit"],
      ["/reels-list/3/놀이", "/reels-list/3/%EB%86%80%EC%9D%B4"],
      ["/admin-login", "/"],
    ]) {
      const response = await pageLogin({ id: ADMIN_ID, pw: ADMIN_PASSWORD, redirectTo: redirectTo! });
      expect(redirectTarget(response), redirectTo).toBe(target);
    }
  });

  test("a redirectTo that could leave the site lands on / instead", async () => {
    for (const redirectTo of ["//evil.example/x", "/\\evil.example", "https://evil.example/", "/\t/evil.example", "javascript:alert(1)"]) {
      const response = await pageLogin({ id: ADMIN_ID, pw: ADMIN_PASSWORD, redirectTo });
      expect(redirectTarget(response), JSON.stringify(redirectTo)).toBe("/");
    }
  });

  test("a post to /admin-login?redirectTo= without the field still returns there", async () => {
    const response = await callAction(loginPage, "/admin-login?redirectTo=%2Fcareer-background", {
      form: { id: ADMIN_ID, pw: ADMIN_PASSWORD },
    });
    expect(redirectTarget(response)).toBe("/career-background");
  });

  test("the login page hands its form the checked redirectTo", async () => {
    const wanted = await callLoader(loginPage, `/admin-login?redirectTo=${encodeURIComponent("/product-list?mode=edit")}`);
    expect(await wanted.json()).toEqual({ redirectTo: "/product-list?mode=edit" });
    const offSite = await callLoader(loginPage, `/admin-login?redirectTo=${encodeURIComponent("//evil.example")}`);
    expect(await offSite.json()).toEqual({ redirectTo: "/" });
  });

  test("API without isPersonal → 200 {isLogin:true} and a browser-session cookie", async () => {
    const response = await apiLoginCall({ id: ADMIN_ID, pw: ADMIN_PASSWORD });
    expect(response.status).toBe(200);
    expectSessionCookie(sessionCookieLine(response), { remember: false });
    expectNoCredentialsIn(response);
    const body = await response.json();
    expect(body).toMatchObject({ errMsg: "", errCode: "", isLogin: true });
    expect(JSON.stringify(body)).not.toContain(ADMIN_PASSWORD);
  });

  test("API with isPersonal:true over https → Max-Age=5184000 and Secure", async () => {
    const response = await callAction(apiLogin, "https://localhost/api/login", {
      json: { id: ADMIN_ID, pw: ADMIN_PASSWORD, isPersonal: true },
    });
    expect(response.status).toBe(200);
    const line = sessionCookieLine(response);
    expectSessionCookie(line, { remember: true });
    expect(attributes(line)).toContain("secure");
    expectNoCredentialsIn(response);
  });

  test("a new session id at every login, even when the old cookie is sent along", async () => {
    const first = cookiesFrom(await apiLoginCall({ id: ADMIN_ID, pw: ADMIN_PASSWORD }))[0]!;
    const again = await callAction(apiLogin, "/api/login", { json: { id: ADMIN_ID, pw: ADMIN_PASSWORD }, cookie: first });
    expect(again.status).toBe(200);
    const second = cookiesFrom(again)[0]!;
    const third = cookiesFrom(await pageLogin({ id: ADMIN_ID, pw: ADMIN_PASSWORD }))[0]!;
    expect(new Set([first, second, third]).size, "every login got its own session id").toBe(3);
    expect(await cookieCheck(first), "the old session is still a session of its own browser").toBe(true);
  });

  test("the database keeps only a hash of the session id; a remembered session's row lives 60 days", async () => {
    const response = await apiLoginCall({ id: ADMIN_ID, pw: ADMIN_PASSWORD, isPersonal: true });
    const readings = decodings(cookieValue(sessionCookieLine(response)));
    const rows = db().select().from(sessions).all();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      for (const reading of readings) {
        expect(reading.includes(row.idHash), "the stored value is not the cookie's token").toBe(false);
        if (reading.length >= 16) expect(row.idHash.includes(reading.replaceAll('"', "")), "the cookie's token is not stored").toBe(false);
      }
    }
    const newest = rows.sort((a, b) => b.expiresAt.localeCompare(a.expiresAt))[0]!;
    expect(newest.persistent).toBe(true);
    const days = (Date.parse(newest.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(59);
    expect(days).toBeLessThanOrEqual(60.01);
  });
});

describe("passwords", () => {
  test("the admin's password is an scrypt hash (here with the test suite's cheap parameters), never the password", async () => {
    const { passwordHash } = db().select().from(admins).where(eq(admins.loginId, ADMIN_ID)).get()!;
    expect(passwordHash).not.toContain(ADMIN_PASSWORD);
    expect(passwordHash).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
  });
});

describe("cookie check", () => {
  test("{has:true} with a live session cookie, {has:false} without", async () => {
    expect(await cookieCheck(await adminCookie({ remember: true }))).toBe(true);
    expect(await cookieCheck()).toBe(false);
    expect(await cookieCheck(`${SESSION_COOKIE}=forged-${"x".repeat(40)}`)).toBe(false);
  });

  test("the answer uses the SPEC key `has` with empty errMsg/errCode", async () => {
    const response = await callAction(apiCookieCheck, "/api/cookie/check", { json: { name: SESSION_COOKIE } });
    expect(await response.json()).toEqual({ errMsg: "", errCode: "", has: false });
  });
});

describe("logout", () => {
  for (const via of ["page", "api"] as const) {
    test(`${via === "page" ? "POST /logout (page form)" : "POST /api/logout"}: the old cookie value no longer works`, async () => {
      const cookie = await adminCookie();
      const otherBrowser = await adminCookie({ remember: true });
      expect(await cookieCheck(cookie)).toBe(true);

      const response =
        via === "page"
          ? await callAction(logoutPage, "/logout", { form: {}, cookie })
          : await callAction(apiLogout, "/api/logout", { cookie });
      if (via === "page") {
        expect([302, 303]).toContain(response.status);
        expect(redirectTarget(response)).toBe("/");
        expect(await flashAfter(response), "the home page says so").toBe("로그아웃되었습니다.");
      } else {
        expect(response.status).toBe(200);
        expect(await response.json()).toMatchObject({ isLogin: false });
      }
      // The browser is told to forget the cookie...
      const cleared = sessionCookieLine(response);
      expect(cleared).toMatch(/max-age=0|expires=thu, 01 jan 1970/i);
      expect(cookieValue(cleared)).toBe("");

      // ...and a kept copy is worthless.
      expect(await cookieCheck(cookie)).toBe(false);
      const page = await callLoader(homeUpdatePage, "/home-update", { cookie });
      expect(redirectTarget(page), "/home-update with the old cookie").toBe("/");
      const api = await callAction(apiHomeUpdate, "/api/home/update", { json: { homeMenuNm: "로그아웃 후" }, cookie });
      expect(api.status).toBe(401);
      expect(await api.json()).toEqual({ errMsg: "로그인이 필요합니다.", errCode: "UNAUTHORIZED" });

      // Another browser's session is untouched.
      expect(await cookieCheck(otherBrowser)).toBe(true);
    });
  }

  test("the flash is shown once: the root loader clears it", async () => {
    const response = await callAction(logoutPage, "/logout", { form: {}, cookie: await adminCookie() });
    const landing = await callLoader(root, "/", { cookie: cookiesFrom(response) });
    expect(((await landing.json()) as { flash: { message: string } }).flash.message).toBe("로그아웃되었습니다.");
    const clearing = landing.headers.getSetCookie().find((line) => line.startsWith("ot_flash="));
    expect(clearing && cookieValue(clearing)).toBe("");
  });
});
