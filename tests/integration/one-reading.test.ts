// Issue 19, the probe's requests again: the page cache, the guards and Remix read a request the same
// way. Cookies by the parser Remix uses (a space before `=` is still the cookie), one normal path
// before any guard, and targets or methods the app cannot read answered before it, in Korean.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startApp, type TestApp } from "../support/app";
import type { Client } from "../support/http";
import { adminClient, cookieValue, formatLogs, openDb, SESSION_COOKIE, setCookiesNamed } from "./_helpers";

const CONSENT_COOKIE = "ot_ai_consent";
const CONSENT_TITLE = "개인정보 수집·이용 동의";
const LOGOUT = "로그아웃";
const BAD_REQUEST = "요청 주소나 내용이 올바르지 않습니다. 주소를 확인해 주세요.";
const NOT_FOUND = "요청하신 페이지가 없거나 주소가 바뀌었습니다.";
const METHOD_NOT_ALLOWED = "허용되지 않은 요청 방식입니다.";
const TOO_LONG = "주소나 요청 내용의 머리글이 너무 깁니다. 검색어를 줄이거나 사이트에서 다시 열어 주세요.";

let app: TestApp;
let admin: Client;
let port: number;

beforeAll(async () => {
  app = await startApp({ CHATBOT_SCRIPT_URL: "https://www.chatbase.co/embed.min.js", CHATBOT_BOT_ID: "probe-bot" });
  admin = await adminClient(app);
  port = Number(new URL(app.origin).port);
});
afterAll(async () => {
  await app?.close();
});

function visit(pathname: string, init: RequestInit = {}) {
  return fetch(app.url(pathname), { redirect: "manual", ...init });
}

/** Runs SQL on the app's database without telling the app: a page that does not show it came from the cache. */
function behindTheBack(sql: string, ...params: unknown[]) {
  const db = openDb(app);
  try {
    db.prepare(sql).run(...params);
  } finally {
    db.close();
  }
}

/** One raw request on its own connection, exactly as written; resolves with the whole answer. */
function rawRequest(text: string) {
  return new Promise<string>((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(text));
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => {
      chunks.push(chunk);
      const answer = Buffer.concat(chunks).toString();
      const headerEnd = answer.indexOf("\r\n\r\n");
      const length = /\r\ncontent-length: (\d+)/i.exec(answer)?.[1];
      if (headerEnd !== -1 && length !== undefined && Buffer.byteLength(answer) >= headerEnd + 4 + Number(length)) {
        socket.end();
        resolve(answer);
      }
    });
    socket.on("end", () => resolve(Buffer.concat(chunks).toString()));
    socket.on("error", reject);
  });
}

async function consentCookie() {
  const response = await visit("/ai", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "agree=on&intent=consent",
  });
  const [line] = setCookiesNamed(response, CONSENT_COOKIE);
  expect(line, "the consent form sets the signed consent cookie").toBeDefined();
  return cookieValue(line!);
}

describe("cookies are read once, by the app's parser", () => {
  test("`ot_ai_consent =<signed value>` gets the consented /ai privately and never makes it the public page", async () => {
    const value = await consentCookie();
    const crafted = await visit("/ai", { headers: { Cookie: `${CONSENT_COOKIE} =${value}` } });
    expect(crafted.status).toBe(200);
    expect(crafted.headers.get("cache-control")).toBe("private, no-store");
    expect(await crafted.text(), "the app reads the crafted cookie as consent").not.toContain(CONSENT_TITLE);

    for (let visitor = 0; visitor < 2; visitor++) {
      const anonymous = await visit("/ai");
      expect(anonymous.headers.get("cache-control")).toContain("public");
      expect(await anonymous.text()).toContain(CONSENT_TITLE);
    }
  });

  test("`a=ot_sid=; ot_sid =<token>` is the admin: private, no-store, not answered from or stored into the public cache", async () => {
    const token = admin.cookies.get(SESSION_COOKIE)!;
    const before = await (await visit("/product-list")).text();
    expect(before).not.toContain(LOGOUT);
    const product = openDb(app).prepare("SELECT id, name FROM products WHERE is_view = 1 ORDER BY id LIMIT 1").get() as {
      id: number;
      name: string;
    };
    behindTheBack("UPDATE products SET name = ? WHERE id = ?", "관리자만 보는 새 이름", product.id);
    try {
      const crafted = await visit("/product-list", { headers: { Cookie: `a=${SESSION_COOKIE}=; ${SESSION_COOKIE} =${token}` } });
      expect(crafted.headers.get("cache-control")).toBe("private, no-store");
      const adminHtml = await crafted.text();
      expect(adminHtml, "rendered for the admin, not taken from the cache").toContain("관리자만 보는 새 이름");
      expect(adminHtml).toContain(LOGOUT);
      const anonymous = await (await visit("/product-list")).text();
      expect(anonymous, "the public page is still the stored one").toBe(before);
    } finally {
      behindTheBack("UPDATE products SET name = ? WHERE id = ?", product.name, product.id);
    }
  });

  test("an upload from `ot_sid =<token>` gets the upload limit, not the form limit", async () => {
    const token = admin.cookies.get(SESSION_COOKIE)!;
    const body = new FormData();
    body.append("file", new Blob([new Uint8Array(100 * 1024)], { type: "image/png" }), "big.png");
    for (const cookie of [`${SESSION_COOKIE} =${token}`, `a=${SESSION_COOKIE}=; ${SESSION_COOKIE} =${token}`]) {
      const response = await visit("/api/career-background/upsert", {
        method: "POST",
        headers: { Cookie: cookie, Origin: app.origin },
        body,
      });
      expect(response.status, cookie).not.toBe(413);
    }
  });
});

describe("the view beacon knows visitors by the address Express reads (TRUST_PROXY)", () => {
  const PHONE =
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

  async function reelViews(id: number) {
    const response = await admin.fetch("/api/insights");
    const { insights } = (await response.json()) as { insights: { top: { reel: { id: number; count: number }[] } } };
    return insights.top.reel.find((item) => item.id === id)?.count ?? 0;
  }

  test("two parents behind the trusted proxy (loopback) with the same phone are two visitors; each counts once", async () => {
    const reel = openDb(app)
      .prepare(
        "SELECT reels.id FROM reels JOIN reel_categories c ON c.id = reels.category_id WHERE c.is_view = 1 ORDER BY reels.id LIMIT 1",
      )
      .get() as { id: number };
    const before = await reelViews(reel.id);
    for (const parent of ["203.0.113.1", "203.0.113.2", "203.0.113.1", "203.0.113.2"]) {
      const beacon = await visit(`/seen/reel/${reel.id}`, { headers: { "User-Agent": PHONE, "X-Forwarded-For": parent } });
      expect(beacon.status).toBe(200);
    }
    expect(await reelViews(reel.id)).toBe(before + 2);
  });
});

describe("one normal path before any guard", () => {
  test("POST /x/%2e%2e/api/login never reaches the login action (nor its small-body limit): 404 in Korean JSON", async () => {
    // A raw request: fetch() would resolve the %2e%2e itself before sending.
    const body = JSON.stringify({ id: "admin", pw: "x".repeat(10_000) });
    const answer = await rawRequest(
      `POST /x/%2e%2e/api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 404 /);
    expect(answer).toContain(`{"errMsg":"${NOT_FOUND}","errCode":"NOT_FOUND","requestId":"`);
  });

  test.each([
    ["/api/%2e%2e/insights", "/insights"],
    ["/reels-list/%2e%2e/%2e%2e", "/"],
    ["/ai/", "/ai"],
    ["/reels-category/?keyword=x", "/reels-category?keyword=x"],
    ["//evil.example/x", "/evil.example/x"],
    ["/\\evil.example", "/evil.example"],
    ["/./product-list//", "/product-list"],
  ])("GET %s → 301 %s", async (pathname, location) => {
    for (const method of ["GET", "HEAD"]) {
      const answer = await rawRequest(`${method} ${pathname} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
      expect(answer, method).toMatch(/^HTTP\/1\.1 301 /);
      expect(answer, method).toContain(`\r\nLocation: ${location}\r\n`);
    }
  });

  test.each([
    ["/api/%6cogin", "/api/login"],
    ["/%61dmin-login", "/admin-login"],
    ["/reels-list/1/%ed%95%9c", "/reels-list/1/%ED%95%9C"],
  ])("GET %s → 301 %s: an escape is written one way (issue 28, point 5)", async (pathname, location) => {
    const answer = await rawRequest(`GET ${pathname} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 301 /);
    expect(answer).toContain(`\r\nLocation: ${location}\r\n`);
  });

  test.each(["/API/LOGIN", "/Api/Login", "/ADMIN-LOGIN"])(
    "POST %s with a 20 KB body: the login's own small limit holds in any case, 413 before the login runs",
    async (pathname) => {
      const json = pathname.toLowerCase() === "/api/login";
      const body = json ? JSON.stringify({ id: "admin", pw: "x".repeat(20_000) }) : `id=admin&pw=${"x".repeat(20_000)}`;
      const type = json ? "application/json" : "application/x-www-form-urlencoded";
      const answer = await rawRequest(
        `POST ${pathname} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${type}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
      );
      expect(answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(answer).toContain("보낸 내용이 너무 큽니다. 크기를 줄여 다시 시도해 주세요.");
    },
  );

  test("POST /api/%6cogin is not the login under another spelling: 404 before anything reads it", async () => {
    const body = JSON.stringify({ id: "admin", pw: "x".repeat(20_000) });
    const answer = await rawRequest(
      `POST /api/%6cogin HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 404 /);
    expect(answer).toContain(`{"errMsg":"${NOT_FOUND}","errCode":"NOT_FOUND","requestId":"`);
  });

  test("a normal path is served as it is", async () => {
    expect((await visit("/reels-category")).status).toBe(200);
    expect((await visit("/")).status).toBe(200);
  });
});

describe("requests the app cannot read are answered before it", () => {
  test.each([
    ["GET http://a/ HTTP/1.1", 400, BAD_REQUEST],
    ["OPTIONS * HTTP/1.1", 400, BAD_REQUEST],
    // Percent-escapes that do not decode name nothing: the same answer for a page, a build file or an upload.
    ["GET /reels-list/1/%E0%A4%A HTTP/1.1", 400, BAD_REQUEST],
    ["GET /build/%E0%A4%A.js HTTP/1.1", 400, BAD_REQUEST],
    ["GET /uploads/%E0%A4%A.jpg HTTP/1.1", 400, BAD_REQUEST],
    ["TRACE / HTTP/1.1", 405, METHOD_NOT_ALLOWED],
  ])("%s → %i, a Korean page, nothing logged", async (line, status, message) => {
    const answer = await rawRequest(`${line}\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    expect(answer).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(answer).toContain(message);
    expect(answer).toMatch(/\r\ncontent-type: text\/html; charset=utf-8\r\n/i);
    expect(answer).toMatch(/\r\nx-content-type-options: nosniff\r\n/i);
  });

  test("TRACK, which Node's own parser refuses before any handler, gets the same Korean 400", async () => {
    const answer = await rawRequest("TRACK /product-list HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain(BAD_REQUEST);
    expect(answer).toMatch(/\r\ncontent-type: text\/html; charset=utf-8\r\n/i);
  });

  test.each([
    ["/search", "text/html; charset=utf-8"],
    ["/api/search", "application/json; charset=utf-8"],
  ])("an address over Node's 16 KiB (%s?q=3,000 syllables) → 431 in Korean, not a bare 400", async (pathname, type) => {
    const answer = await rawRequest(
      `GET ${pathname}?q=${encodeURIComponent("가".repeat(3000))} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer).toContain(TOO_LONG);
    expect(answer).toContain(`\r\nContent-Type: ${type}\r\n`);
    expect(answer).toMatch(/\r\nx-content-type-options: nosniff\r\n/i);
    // The site still answers afterwards.
    expect((await visit("/search?q=%EB%B0%B0%EB%B3%80")).status).toBe(200);
  });

  test("TRACE under /api answers Korean JSON", async () => {
    const answer = await rawRequest("TRACE /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 405 /);
    expect(answer).toContain(`{"errMsg":"${METHOD_NOT_ALLOWED}","errCode":"METHOD_NOT_ALLOWED","requestId":"`);
  });

  test("a flood of absolute-form and * targets logs nothing", async () => {
    await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        rawRequest(`${index % 2 ? "GET http://a/" : "OPTIONS *"} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`),
      ),
    );
    expect(app.problems, formatLogs(app.problems)).toEqual([]);
  });
});
