// What the Express edge and the whole document answer, through the real server: page shells,
// not-found and malformed URLs, health, odd inputs (never a 500, never internals), wrong methods, no CORS.
import { within } from "@testing-library/dom";
import { afterAll, beforeAll, describe, test, expect } from "vitest";

import { startApp, type TestApp } from "../support/app";
import { parseHtml } from "../support/dom";
import { Client } from "../support/http";
import { formatLogs, HANGUL } from "./_helpers";

let app: TestApp;
let client: Client;

beforeAll(async () => {
  app = await startApp();
  client = new Client(app.origin);
});
afterAll(() => app.close());

/** Each page of the foundation and its one h1. */
const HEADINGS: Record<string, string> = {
  "/": "우리아이 작업치료",
  "/admin-login": "관리자 로그인",
  "/navi": "전체 페이지",
  "/poonpee/privacy": "푼피 개인정보처리방침",
  "/phonefinder/privacy": "폰파인더 개인정보처리방침",
};
const PAGES = Object.keys(HEADINGS);

/** No stack trace, source path or internal error text may reach a visitor. */
function assertNoInternals(body: string, label: string) {
  expect(body, `${label}: stack trace line`).not.toMatch(/^\s*at\s+\S.*(:\d+:\d+|\(native\))/m);
  expect(body, `${label}: path`).not.toMatch(/node_modules|\/work\/|\/tmp\/|[A-Z]:\\|\.server\.ts|build\/index\.js/);
  expect(body, `${label}: error name`).not.toMatch(/TypeError|ReferenceError|SyntaxError|URIError/);
}

describe("pages of the foundation", () => {
  for (const pathname of PAGES) {
    test(`GET ${pathname} → 200 Korean HTML with one h1, ${HEADINGS[pathname]}`, async () => {
      const response = await client.fetch(pathname);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type") ?? "").toMatch(/^text\/html/);
      const html = await response.text();
      expect(html).toMatch(/^<!DOCTYPE html>/i);
      const document = parseHtml(html);
      expect(document.documentElement.getAttribute("lang")).toBe("ko");
      expect(document.title).toMatch(HANGUL);
      const headings = within(document.body).getAllByRole("heading", { level: 1 });
      expect(headings.map((heading) => heading.textContent?.trim())).toStrictEqual([HEADINGS[pathname]]);
    });
  }

  test("privacy pages are titled with their app names", async () => {
    const poonpee = parseHtml(await (await client.fetch("/poonpee/privacy")).text());
    const phonefinder = parseHtml(await (await client.fetch("/phonefinder/privacy")).text());
    expect(poonpee.title).toMatch(/푼피/);
    expect(phonefinder.title).toMatch(/폰파인더/);
    within(poonpee.body).getByRole("heading", { level: 1, name: "푼피 개인정보처리방침" });
    within(phonefinder.body).getByRole("heading", { level: 1, name: "폰파인더 개인정보처리방침" });
    expect(poonpee.body.textContent ?? "").toMatch(/개인정보/);
  });

  test("/navi lists a visitor the public pages, none of the owner's (hidden-menus.test.ts: the owner's list)", async () => {
    const document = parseHtml(await (await client.fetch("/navi")).text());
    const hrefs = [...document.querySelectorAll("main a")].map((link) => link.getAttribute("href"));
    for (const href of ["/", "/reels-category", "/product-list", "/poonpee/privacy", "/phonefinder/privacy"]) {
      expect(hrefs, href).toContain(href);
    }
    for (const href of ["/admin-login", "/home-update", "/site-settings", "/insights"]) expect(hrefs, href).not.toContain(href);
  });

  test("HTML pages contain no NUL bytes (Korean text must survive streaming intact)", async () => {
    const problems: string[] = [];
    const check = async (label: string, response: Response) => {
      const bytes = Buffer.from(await response.arrayBuffer());
      const at = bytes.indexOf(0);
      if (at !== -1) {
        const around = JSON.stringify(bytes.subarray(Math.max(0, at - 12), at + 12).toString("utf8"));
        problems.push(`${label}: NUL byte at offset ${at}: ${around}`);
      }
    };
    for (const pathname of [...PAGES, "/no-such-page"]) await check(`GET ${pathname}`, await client.fetch(pathname));
    // A page with a form error in Korean.
    await check("POST /admin-login (Hangul id)", await client.fetch("/admin-login", { form: { id: "관리자", pw: "x" } }));
    expect(problems).toStrictEqual([]);
  });
});

describe("not found", () => {
  for (const pathname of ["/no-such-page", "/nested/unknown/path?x=1", "/navi/extra"]) {
    test(`GET ${pathname} → 404 Korean page`, async () => {
      const response = await client.fetch(pathname);
      expect(response.status).toBe(404);
      const html = await response.text();
      const document = parseHtml(html);
      expect(document.documentElement.getAttribute("lang")).toBe("ko");
      within(document.body).getByText("페이지를 찾을 수 없습니다");
      within(document.body).getByText("요청하신 페이지가 없거나 주소가 바뀌었습니다.");
      assertNoInternals(html, pathname);
    });
  }

  test("the 404 page keeps the site shell (header, bottom navigation, footer), one h1 and a link home", async () => {
    const response = await client.fetch("/no-such-page-here");
    expect(response.status).toBe(404);
    const document = parseHtml(await response.text());
    const screen = within(document.body);
    // docs/architecture.md §2: public screens share the shell, so a mistyped link still leaves the site's navigation.
    screen.getByRole("banner");
    screen.getByRole("navigation", { name: "하단 메뉴" });
    screen.getByRole("contentinfo");
    const headings = screen.getAllByRole("heading", { level: 1 });
    expect(headings.map((heading) => heading.textContent?.trim())).toStrictEqual(["페이지를 찾을 수 없습니다"]);
    expect(screen.getByRole("link", { name: "홈으로" }).getAttribute("href")).toBe("/");
  });

  test("the 404 page offers the way home, not a retry that would find nothing again", async () => {
    const document = parseHtml(await (await client.fetch("/no-such-page-again")).text());
    const screen = within(document.body);
    expect(screen.queryByRole("link", { name: "다시 시도" })).toBe(null);
    expect(screen.getByRole("link", { name: "홈으로" }).getAttribute("href")).toBe("/");
  });

  test("a refused request's page says what to do: try again (the same address) or go home; never ask for the admin", async () => {
    const response = await client.fetch("/admin-login?redirectTo=%2Fnavi", { json: { id: "therapist", pw: "x" } });
    expect(response.status).toBe(415);
    const document = parseHtml(await response.text());
    const screen = within(document.body);
    screen.getByText("요청을 처리할 수 없습니다");
    expect(screen.getByRole("link", { name: "다시 시도" }).getAttribute("href")).toBe("/admin-login?redirectTo=%2Fnavi");
    expect(screen.getByRole("link", { name: "홈으로" }).getAttribute("href")).toBe("/");
    expect(document.body.textContent).not.toContain("관리자에게");
  });

  test("a 404 or a refused method is not logged as a server error", async () => {
    const before = app.problems.length;
    await (await client.fetch("/no-such-page-for-logging")).text();
    await (await client.fetch("/navi", { method: "POST", form: { x: "1" } })).text();
    const logged = app.problems.slice(before);
    expect(logged.length, `client errors were logged as server errors:\n${formatLogs(logged)}`).toBe(0);
  });
});

describe("health", () => {
  test("GET /healthz → 200 {ok:true}, not cached", async () => {
    const response = await client.fetch("/healthz");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type") ?? "").toMatch(/application\/json/);
    expect(await response.json()).toStrictEqual({ ok: true });
    expect(response.headers.get("cache-control") ?? "").toMatch(/no-store/);
  });
});

describe("odd inputs never cause a 500", () => {
  const cases: { label: string; path: string; init?: Parameters<Client["fetch"]>[1] }[] = [
    { label: "malformed percent-encoding", path: "/%E0%A4%A" },
    { label: "malformed percent-encoding in a nested path", path: "/reels-content/%E0%A4%A" },
    { label: "bad query encoding", path: "/admin-login?redirectTo=%ZZ" },
    { label: "very long path", path: `/${"a".repeat(6000)}` },
    { label: "very long Korean path", path: `/${encodeURIComponent("가".repeat(1500))}` },
    { label: "path traversal in uploads", path: "/uploads/..%2f..%2fdata%2fapp.db" },
    { label: "path traversal in build", path: "/build/%2e%2e/%2e%2e/server.ts" },
    { label: "markup in the query", path: "/?q=<script>alert(1)</script>" },
    { label: "POST / with a junk form", path: "/", init: { method: "POST", form: { junk: "x".repeat(2000), "": "" } } },
    { label: "POST /navi with a junk form", path: "/navi", init: { method: "POST", form: { intent: "delete" } } },
    {
      label: "POST /poonpee/privacy with garbage",
      path: "/poonpee/privacy",
      init: { method: "POST", body: "%%%garbage", headers: { "Content-Type": "application/x-www-form-urlencoded" } },
    },
    { label: "DELETE /", path: "/", init: { method: "DELETE" } },
    { label: "GET /api/login (action only)", path: "/api/login" },
    { label: "GET /api/logout (action only)", path: "/api/logout" },
    { label: "GET /api/home/update (action only)", path: "/api/home/update" },
    { label: "GET /api/cookie/check (action only)", path: "/api/cookie/check" },
    { label: "POST /api/home/list (loader only)", path: "/api/home/list", init: { json: {} } },
    { label: "POST /healthz", path: "/healthz", init: { json: {} } },
    {
      label: "POST /api/login with broken JSON",
      path: "/api/login",
      init: { method: "POST", body: '{"id":', headers: { "Content-Type": "application/json" } },
    },
    { label: "POST /api/login with JSON null", path: "/api/login", init: { json: null } },
    { label: "POST /api/login with a JSON array", path: "/api/login", init: { json: [1, 2, 3] } },
    { label: "POST /api/login with numbers", path: "/api/login", init: { json: { id: 1, pw: 2, isPersonal: "on" } } },
    {
      label: "POST /api/cookie/check without a body",
      path: "/api/cookie/check",
      init: { method: "POST", headers: { "Content-Type": "application/json" } },
    },
    { label: "POST /api/cookie/check with a wrong type", path: "/api/cookie/check", init: { json: { name: { $ne: 1 } } } },
    { label: "POST /admin-login with JSON", path: "/admin-login", init: { json: { id: "therapist", pw: "x" } } },
    {
      label: "POST /admin-login with a broken multipart body",
      path: "/admin-login",
      init: { method: "POST", body: "--xx\r\nbroken", headers: { "Content-Type": "multipart/form-data; boundary=yy" } },
    },
    { label: "POST /admin-login with an unknown field only", path: "/admin-login", init: { method: "POST", form: { foo: "bar" } } },
    { label: "POST /logout without a session", path: "/logout", init: { method: "POST", form: {} } },
    { label: "POST /api/logout without a session", path: "/api/logout", init: { method: "POST" } },
    { label: "garbage session and flash cookies", path: "/", init: { headers: { Cookie: "ot_sid=garbage%ZZ; ot_flash=eyJ9.abc" } } },
    { label: "garbage session cookie on an admin page", path: "/home-update", init: { headers: { Cookie: 'ot_sid=""; ot_flash=' } } },
  ];

  for (const { label, path, init } of cases) {
    test(label, async () => {
      const response = await client.fetch(path, init);
      const body = await response.text();
      expect(response.status, `${label}: answered ${response.status}: ${body.slice(0, 300)}`).toBeLessThan(500);
      assertNoInternals(body, label);
    });
  }

  test("a malformed URL gets a Korean error page, not the framework's English one", async () => {
    const response = await client.fetch("/%E0%A4%A");
    expect([400, 404], `status ${response.status}`).toContain(response.status);
    const document = parseHtml(await response.text());
    expect(document.documentElement.getAttribute("lang")).toBe("ko");
    expect(document.body.textContent ?? "").toMatch(HANGUL);
  });

  test("API routes called with the wrong method answer 405 with {errMsg (Korean), errCode}", async () => {
    const calls: [string, Parameters<Client["fetch"]>[1]][] = [
      ["/api/login", { method: "GET" }],
      ["/api/logout", { method: "GET" }],
      ["/api/home/update", { method: "GET" }],
      ["/api/cookie/check", { method: "GET" }],
      ["/api/home/list", { json: {} }],
    ];
    const problems: string[] = [];
    for (const [path, init] of calls) {
      const response = await client.fetch(path, init);
      const text = await response.text();
      let body: { errMsg?: unknown; errCode?: unknown } = {};
      try {
        body = JSON.parse(text);
      } catch {
        // reported below
      }
      const ok =
        response.status === 405 && typeof body.errMsg === "string" && HANGUL.test(body.errMsg) && body.errCode === "METHOD_NOT_ALLOWED";
      if (!ok) problems.push(`${init?.method ?? "POST"} ${path} → ${response.status} ${text.slice(0, 120)}`);
    }
    expect(problems).toStrictEqual([]);
  });

  test("an area's write calls answer GET with 405, and a call the area does not have with 404", async () => {
    for (const path of ["/api/product-list/insert", "/api/reels-category/update", "/api/reels/delete"]) {
      const response = await client.fetch(path, { method: "GET" });
      expect(response.status, path).toBe(405);
      expect(await response.json()).toStrictEqual({
        errMsg: "허용되지 않은 요청 방식입니다.",
        errCode: "METHOD_NOT_ALLOWED",
        requestId: response.headers.get("x-request-id"),
      });
    }
    for (const [path, init] of [
      ["/api/product-list/upsert", { json: {} }],
      ["/api/reels/remove", { method: "GET" }],
    ] as const) {
      const response = await client.fetch(path, init);
      expect(response.status, path).toBe(404);
      expect(((await response.json()) as { errCode: string }).errCode).toBe("NOT_FOUND");
    }
  });
});

describe("no CORS", () => {
  test("no response carries Access-Control-Allow-Origin, even when asked from another origin", async () => {
    const calls: [string, Parameters<Client["fetch"]>[1]][] = [
      ["/", { headers: { Origin: "http://evil.example" } }],
      ["/api/home/list", { headers: { Origin: "http://evil.example" } }],
      ["/api/login", { method: "OPTIONS", headers: { Origin: "http://evil.example", "Access-Control-Request-Method": "POST" } }],
      ["/api/cookie/check", { json: { name: "ot_sid" } }],
      ["/api/home/update", { json: {}, headers: { Origin: "http://evil.example" } }],
    ];
    for (const [path, init] of calls) {
      const response = await client.fetch(path, init);
      await response.arrayBuffer();
      expect(response.headers.get("access-control-allow-origin"), path).toBe(null);
      expect(response.headers.get("access-control-allow-credentials"), path).toBe(null);
    }
  });
});
