// Issue 8, tried again as an attacker would, against the real built app: bodies bounded before
// they are buffered, hosts and legacy ?_data= calls answered 400, /healthz methods, Korean redirects.
import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, test, expect } from "vitest";

import { startApp, type TestApp } from "../support/app";
import { ADMIN_ID, ADMIN_PASSWORD } from "../support/app";
import { Client } from "../support/http";
import { formatLogs, SESSION_COOKIE } from "./_helpers";

const TOO_LARGE = "보낸 내용이 너무 큽니다. 크기를 줄여 다시 시도해 주세요.";
const BAD_REQUEST = "요청 주소나 내용이 올바르지 않습니다. 주소를 확인해 주세요.";
const LOGIN_AGAIN =
  "로그인이 만료되어 저장하지 못했습니다. 다시 로그인한 뒤 작성하던 화면에서 다시 저장해 주세요. 작성하던 내용은 그 화면에 남아 있습니다.";

let app: TestApp;
let port: number;

beforeAll(async () => {
  app = await startApp();
  port = Number(new URL(app.origin).port);
});
afterAll(() => app.close());

type Raw = { status: number; headers: http.IncomingHttpHeaders; text: string; sent: number };

/**
 * Streams `total` bytes as the body of one request on its own connection (chunked when no length
 * is declared) and resolves with the answer, or rejects when the server closes the connection.
 */
function streamBody(
  path: string,
  { total, type, declareLength, cookie }: { total: number; type: string; declareLength: boolean; cookie?: string },
) {
  return new Promise<Raw>((resolve, reject) => {
    let sent = 0;
    const headers: Record<string, string> = { "Content-Type": type, Origin: app.origin, ...(cookie ? { Cookie: cookie } : {}) };
    if (declareLength) headers["Content-Length"] = String(total);
    const request = http.request(`${app.origin}${path}`, { method: "POST", headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString(), sent }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
    const chunk = Buffer.alloc(64 * 1024, "a");
    const pump = () => {
      while (sent < total) {
        const size = Math.min(chunk.length, total - sent);
        sent += size;
        if (!request.write(chunk.subarray(0, size))) return void request.once("drain", pump);
      }
      request.end();
    };
    pump();
  });
}

/** Sends raw bytes on a fresh socket and returns everything the server answers. */
function rawExchange(text: string) {
  return new Promise<string>((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.end(text));
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("end", () => resolve(Buffer.concat(chunks).toString()));
    socket.on("error", reject);
  });
}

describe("request bodies are bounded before they are buffered", () => {
  test("fetch() reads the Korean 413 of an oversized JSON login (the rest of the body is drained)", async () => {
    const response = await fetch(`${app.origin}/api/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: app.origin },
      body: JSON.stringify({ id: "x", pw: "y".repeat(300 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toStrictEqual({
      errMsg: TOO_LARGE,
      errCode: "PAYLOAD_TOO_LARGE",
      requestId: response.headers.get("x-request-id"),
    });
  });

  test.each([
    ["/api/login", "application/json"],
    ["/api/cookie/check", "application/json"],
    ["/admin-login", "application/x-www-form-urlencoded"],
    ["/ai", "application/x-www-form-urlencoded"],
  ])("a chunked body with no length to %s is cut off while it streams: 413", async (path, type) => {
    const answer = await streamBody(path, { total: 512 * 1024, type, declareLength: false });
    expect(answer.status, answer.text.slice(0, 300)).toBe(413);
    expect(answer.text, answer.text.slice(0, 300)).toContain(TOO_LARGE);
    if (path.startsWith("/api/")) expect(JSON.parse(answer.text).errCode).toBe("PAYLOAD_TOO_LARGE");
    else expect(String(answer.headers["content-type"])).toMatch(/text\/html/);
  });

  test("an upload to an owner's route without a valid session is answered 401 before its body is read: log in again, not 'too large'", async () => {
    for (const cookie of [undefined, `${SESSION_COOKIE}=${"e".repeat(43)}`]) {
      const answer = await streamBody("/api/product-list/insert", {
        total: 512 * 1024,
        type: "multipart/form-data; boundary=x",
        declareLength: true,
        cookie,
      });
      expect(answer.status, String(cookie)).toBe(401);
      expect(JSON.parse(answer.text)).toMatchObject({ errMsg: LOGIN_AGAIN, errCode: "UNAUTHORIZED" });
    }
  });

  test("the owner's page form with a photo and an expired login: a page asks her to log in, which brings her back to the form", async () => {
    const answer = await streamBody("/product-upsert/0", {
      total: 3 * 1024 * 1024,
      type: "multipart/form-data; boundary=x",
      declareLength: true,
      cookie: `${SESSION_COOKIE}=${"e".repeat(43)}`,
    });
    expect(answer.status).toBe(401);
    expect(answer.headers["content-type"]).toMatch(/^text\/html/);
    expect(answer.text).toContain(LOGIN_AGAIN);
    // In a new tab: this tab's Back still finds the form as she typed it (tests/e2e/forms-keep.test.ts).
    expect(answer.text).toContain('<a href="/admin-login?redirectTo=%2Fproduct-upsert%2F0" target="_blank">로그인</a>');
    expect(answer.text).toContain("이 탭으로 돌아와 ‘뒤로 가기’를 누르면 작성하던 내용이 그대로 있는 화면이 나옵니다.");
    expect(answer.text).toContain('<a href="/product-upsert/0">작성하던 화면으로</a>');
  });

  test("a body far over the limit is answered, then its connection closed (not read to the end)", async () => {
    const total = 60 * 1024 * 1024;
    const outcome = await streamBody("/api/login", { total, type: "application/json", declareLength: false }).then(
      (answer) => answer,
      (error: NodeJS.ErrnoException) => error,
    );
    if (outcome instanceof Error) {
      expect(String(outcome.code), String(outcome)).toMatch(/ECONNRESET|EPIPE/);
    } else {
      expect(outcome.status).toBe(413);
    }
  });

  test("a small JSON login still works after all that", async () => {
    const client = new Client(app.origin);
    const response = await client.fetch("/api/login", { json: { id: ADMIN_ID, pw: ADMIN_PASSWORD } });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(client.cookies.has(SESSION_COOKIE)).toBeTruthy();
  });
});

describe("requests Remix must never see", () => {
  test("a malformed Host answers 400 in Korean, not 500", async () => {
    const answer = await rawExchange("GET / HTTP/1.1\r\nHost: exa mple\r\nConnection: close\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain(BAD_REQUEST);
    expect(/at \S+ \(/.test(answer), "no stack trace").toBeFalsy();
  });

  test("canonical and og:url never come from a Host header naming another site... unless it is a host", async () => {
    const answer = await rawExchange("GET / HTTP/1.1\r\nHost: evil.example/<x>\r\nConnection: close\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
  });

  test.each(["/?_data=routes/_index", "/product-list?_data=root", "/?_data=routes/nothing-here"])(
    "%s answers 400 and logs nothing",
    async (path) => {
      const before = app.problems.length;
      const response = await fetch(`${app.origin}${path}`);
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(BAD_REQUEST);
      expect(app.problems.length).toBe(before);
    },
  );
});

describe("/healthz", () => {
  test("GET and HEAD are health checks", async () => {
    const get = await fetch(`${app.origin}/healthz`);
    expect(get.status).toBe(200);
    expect(await get.json()).toStrictEqual({ ok: true });
    expect((await fetch(`${app.origin}/healthz`, { method: "HEAD" })).status).toBe(200);
  });

  test.each(["POST", "PUT", "DELETE", "PATCH", "OPTIONS"])("%s answers 405 in the JSON envelope", async (method) => {
    const response = await fetch(`${app.origin}/healthz`, { method, headers: { Origin: app.origin } });
    expect(response.status).toBe(405);
    expect(await response.json()).toStrictEqual({
      errMsg: "허용되지 않은 요청 방식입니다.",
      errCode: "METHOD_NOT_ALLOWED",
      requestId: response.headers.get("x-request-id"),
    });
  });
});

describe("login redirects", () => {
  test("redirectTo=/릴스 logs in and redirects there, percent-encoded", async () => {
    const client = new Client(app.origin);
    const response = await client.fetch("/admin-login", { form: { id: ADMIN_ID, pw: ADMIN_PASSWORD, redirectTo: "/릴스" } });
    expect(response.status, await response.clone().text()).toBe(302);
    expect(response.headers.get("location")).toBe("/%EB%A6%B4%EC%8A%A4");
    expect(client.cookies.has(SESSION_COOKIE)).toBeTruthy();
  });
});

test("no unexpected console errors", () => {
  expect(app.problems.length, formatLogs(app.problems)).toBe(0);
});
