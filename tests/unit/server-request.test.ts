// The server's one reading of a request (server/request.ts), the rate-limited error log
// (server/error-log.ts), request ids and what a request line says (server/request-log.ts) and what
// the page cache refuses to store and how it sends what it stores (server/stored-pages.ts).
import http, { type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { Response as ExpressResponse } from "express";
import fc from "fast-check";
import { afterEach, describe, expect, test, vi } from "vitest";
import { REEL_NAME_MAX } from "~/features/reels/schema";
import { createLogger } from "~/lib/log.server";
import { PAGE_PATH_MAX, reelPath } from "~/lib/route-info";
import { createErrorLog } from "../../server/error-log";
import { clientAddressOf, compileTrust, cookiesOf, hasSiteCookie, normalPathOf, protocolOf } from "../../server/request";
import { createRequestLog, requestIdFor, targetFields } from "../../server/request-log";
import { sendEntry, STORED_COMPRESSION, toEntry } from "../../server/stored-pages";

function request(headers: IncomingMessage["headers"], remoteAddress = "127.0.0.1") {
  return { headers, socket: { remoteAddress }, connection: { remoteAddress } } as unknown as IncomingMessage;
}

describe("cookies", () => {
  test("names are read as Remix reads them: spaces around a name do not hide it, a value naming a cookie is not one", () => {
    const site = ["ot_sid", "ot_flash", "ot_ai_consent"];
    expect(hasSiteCookie(request({ cookie: "ot_ai_consent =abc" }), site)).toBe(true);
    expect(hasSiteCookie(request({ cookie: "a=ot_sid=; ot_sid =tok" }), site)).toBe(true);
    expect(cookiesOf(request({ cookie: "a=ot_sid=; ot_sid =tok" }))).toEqual({ a: "ot_sid=", ot_sid: "tok" });
    expect(hasSiteCookie(request({ cookie: "a=ot_sid=; other=1" }), site)).toBe(false);
    expect(hasSiteCookie(request({}), site)).toBe(false);
  });
});

describe("the normal path", () => {
  test.each([
    ["/", "/"],
    ["/ai", "/ai"],
    ["/ai/", "/ai"],
    ["/x/%2e%2e/api/login", "/api/login"],
    ["/api/%2E%2e/insights", "/insights"],
    ["/reels-list/%2e%2e/%2e%2e", "/"],
    ["//evil.example/x", "/evil.example/x"],
    ["/\\\\evil.example", "/evil.example"],
    ["/..//..//evil.example", "/evil.example"],
    ["/a/./b//c/", "/a/b/c"],
    ["/reels-list/3/%EB%86%80%EC%9D%B4", "/reels-list/3/%EB%86%80%EC%9D%B4"],
    // One spelling of every escape (issue 28, point 5): an unreserved character as itself, any other in upper case.
    ["/api/%6cogin", "/api/login"],
    ["/%41DMIN-LOGIN", "/ADMIN-LOGIN"],
    ["/reels-list/3/%eb%86%80%ec%9d%b4", "/reels-list/3/%EB%86%80%EC%9D%B4"],
    ["/a%7e%2d%5f%2E", "/a~-_."],
    ["/x%2fy%3f%25", "/x%2Fy%3F%25"],
    ["/reels-content/%7B%22id%22%3A1%7D", "/reels-content/%7B%22id%22%3A1%7D"],
  ])("%s → %s", (raw, normal) => {
    expect(normalPathOf(raw)).toBe(normal);
    expect(normalPathOf(normal), "the normal form is its own normal form").toBe(normal);
  });
});

describe("a path taken as normal without parsing it", () => {
  test("is exactly what the URL parser Remix's address goes through keeps (2,000 generated paths)", () => {
    const pieces = fc.constantFrom(
      "a",
      "Z",
      "0",
      "-",
      ".",
      "_",
      "~",
      "/",
      "//",
      "%",
      "%2e",
      "%6C",
      "%ed",
      "\\",
      " ",
      '"',
      "<",
      "{",
      "`",
      "한",
      "😀",
      "\t",
      "'",
      "(",
      "!",
      "*",
      "+",
      ",",
      ";",
      "=",
      ":",
      "@",
      "$",
      "&",
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 12 }), (parts) => {
        const raw = `/${parts.join("")}`;
        const normal = normalPathOf(raw);
        expect(normalPathOf(normal), "the normal form is its own").toBe(normal);
        if (normal === raw) expect(new URL(`http://x${raw}`).pathname).toBe(raw);
      }),
      { numRuns: 2000, seed: 28 },
    );
  });
});

describe("the longest address of a public page", () => {
  test("a reel's viewer under the longest name, in the letters that encode longest, is shorter than PAGE_PATH_MAX", () => {
    const id = Number.MAX_SAFE_INTEGER;
    const mediaId = "9".repeat(40);
    const names = ["가".repeat(REEL_NAME_MAX), "😀".repeat(REEL_NAME_MAX / 2), '"'.repeat(REEL_NAME_MAX), "\\".repeat(REEL_NAME_MAX)];
    const longest = Math.max(...names.map((reelsNm) => reelPath({ id, mediaId, reelsNm }).length));
    expect(longest).toBeGreaterThan(1000);
    expect(longest).toBeLessThan(PAGE_PATH_MAX);
  });
});

describe("TRUST_PROXY, read as Express reads it", () => {
  const forwarded = { "x-forwarded-for": "203.0.113.9", "x-forwarded-proto": "https, http" };
  test("a trusted peer names the client and the protocol; anyone else does not", () => {
    const loopback = compileTrust(["loopback"]);
    expect(clientAddressOf(request(forwarded, "127.0.0.1"), loopback)).toBe("203.0.113.9");
    expect(protocolOf(request(forwarded, "127.0.0.1"), loopback)).toBe("https");
    expect(clientAddressOf(request(forwarded, "198.51.100.7"), loopback)).toBe("198.51.100.7");
    expect(protocolOf(request(forwarded, "198.51.100.7"), loopback)).toBe("http");
  });
  test("a hop count trusts that many proxies; 0 trusts none", () => {
    expect(clientAddressOf(request(forwarded, "198.51.100.7"), compileTrust(1))).toBe("203.0.113.9");
    expect(clientAddressOf(request(forwarded, "127.0.0.1"), compileTrust(0))).toBe("127.0.0.1");
    expect(protocolOf(request(forwarded, "127.0.0.1"), compileTrust(0))).toBe("http");
  });
});

describe("the rate-limited error log", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A real logger of the site's format, its lines parsed. */
  function collectingLog() {
    const lines: Record<string, unknown>[] = [];
    const log = createLogger("info", { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) });
    return { lines, log };
  }

  test("the first of a kind is logged with its error and request id, the repeats of that minute as one count", () => {
    vi.useFakeTimers();
    const { lines, log } = collectingLog();
    const logError = createErrorLog(log);
    logError("500 Error: database is locked", new Error("database is locked"), "first-request-id");
    for (let repeat = 0; repeat < 7051; repeat++) logError("500 Error: database is locked", new Error("database is locked"), "another-id");
    logError("view beacon failure", new Error("disk full"), "beacon-request");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      level: "error",
      kind: "500 Error: database is locked",
      requestId: "first-request-id",
      err: { type: "Error", message: "database is locked", stack: expect.stringContaining("server-request.test.ts") },
    });
    expect(lines[1]).toMatchObject({ level: "error", requestId: "beacon-request", err: { message: "disk full" } });
    vi.advanceTimersByTime(60_000);
    expect(lines.slice(2)).toMatchObject([
      {
        level: "warn",
        kind: "500 Error: database is locked",
        repeats: 7051,
        msg: "7051 more 500 Error: database is locked in the last minute",
      },
    ]);
    logError("500 Error: database is locked", new Error("database is locked"), "next-id");
    expect(lines.at(-1), "after the minute, the next one is logged with its stack again").toMatchObject({
      level: "error",
      requestId: "next-id",
    });
  });

  test("a flood of distinct kinds stays bounded: past 100 kinds they share one", () => {
    vi.useFakeTimers();
    const { lines, log } = collectingLog();
    const logError = createErrorLog(log);
    for (let kind = 0; kind < 5000; kind++) logError(`kind ${kind}`, new Error(`kind ${kind}`), undefined);
    expect(lines).toHaveLength(101);
    vi.advanceTimersByTime(60_000);
    expect(lines.at(-1)).toMatchObject({ level: "warn", msg: "4899 more other failures in the last minute" });
  });

  test("an error's message and stack lose the values of secret-looking parameters", () => {
    const { lines, log } = collectingLog();
    const failure = new Error("GET https://graph.instagram.com/me/media?fields=id&access_token=IGQVJtoken123 failed: password=hunter2");
    createErrorLog(log)("502 Error", failure, undefined);
    const line = JSON.stringify(lines[0]);
    expect(line).not.toContain("IGQVJtoken123");
    expect(line).not.toContain("hunter2");
    expect(lines[0]).toMatchObject({
      err: { message: "GET https://graph.instagram.com/me/media?fields=id&access_token=[redacted] failed: password=[redacted]" },
    });
  });

  test("an Instagram login's app secret, code, state and tokens are blanked, in a URL, a form or quoted JSON", () => {
    const { lines, log } = collectingLog();
    const failure = new Error(
      "GET https://graph.instagram.com/access_token?grant_type=ig_exchange_token&client_secret=0a1b2c3d4e5f60718293a4b5c6d7e8f9&access_token=IGAAshort1 failed; " +
        "sent client_id=990602627938098&client_secret=0a1b2c3d4e5f60718293a4b5c6d7e8f9&code=AQBx-hBsH3secretcode&state=Zm9vYmFy; " +
        'answered {"data": [{"access_token": "IGAAshort2", "user_id": "17841400000000000"}], "code":"AQBquoted", "state" : "c3RhdGU\\"x"}',
    );
    createErrorLog(log)("502 Error", failure, undefined);
    const line = JSON.stringify(lines[0]);
    for (const secret of [
      "0a1b2c3d4e5f60718293a4b5c6d7e8f9",
      "IGAAshort1",
      "IGAAshort2",
      "AQBx-hBsH3secretcode",
      "Zm9vYmFy",
      "AQBquoted",
      "c3RhdGU",
    ]) {
      expect(line, secret).not.toContain(secret);
    }
    const { message } = (lines[0] as { err: { message: string } }).err;
    expect(message).toContain("grant_type=ig_exchange_token&client_secret=[redacted]&access_token=[redacted]");
    expect(message).toContain("client_id=990602627938098&client_secret=[redacted]&code=[redacted]&state=[redacted]");
    expect(message).toContain(
      '{"data": [{"access_token": "[redacted]", "user_id": "17841400000000000"}], "code":"[redacted]", "state" : "[redacted]"}',
    );
  });
});

describe("request ids", () => {
  const loopback = compileTrust(["loopback"]);
  const nginxId = "0f3c9a7e5b1d4c2a8e6f0b9d7c5a3e1f";

  test("a well-formed X-Request-Id from a trusted proxy is kept, so the proxy's log and ours share it", () => {
    expect(requestIdFor(request({ "x-request-id": nginxId }, "127.0.0.1"), loopback)).toBe(nginxId);
    expect(requestIdFor(request({ "x-request-id": nginxId }, "198.51.100.7"), compileTrust(1))).toBe(nginxId);
  });

  test.each([
    ["from a peer that is not a trusted proxy", { "x-request-id": nginxId }, "198.51.100.7", loopback],
    ["with TRUST_PROXY=0", { "x-request-id": nginxId }, "127.0.0.1", compileTrust(0)],
    ["that could break a page or a line", { "x-request-id": '<script>"x"</script>' }, "127.0.0.1", loopback],
    ["with a line break", { "x-request-id": "abcdefgh\nlevel=error" }, "127.0.0.1", loopback],
    ["too short", { "x-request-id": "abc" }, "127.0.0.1", loopback],
    ["too long", { "x-request-id": "a".repeat(129) }, "127.0.0.1", loopback],
    ["repeated", { "x-request-id": [nginxId, nginxId] }, "127.0.0.1", loopback],
    ["absent", {}, "127.0.0.1", loopback],
  ] as const)("an X-Request-Id %s is replaced by a new UUID", (_case, headers, peer, trust) => {
    const id = requestIdFor(request(headers as IncomingMessage["headers"], peer), trust);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(requestIdFor(request(headers as IncomingMessage["headers"], peer), trust), "a new one each time").not.toBe(id);
  });
});

describe("what a request line says about its target", () => {
  test("the path and the names of the query parameters, never their values", () => {
    expect(targetFields("/reels-list/3")).toEqual({ path: "/reels-list/3" });
    expect(targetFields("/search?keyword=%EC%95%84%EC%9D%B4&after=12&keyword=x")).toEqual({
      path: "/search",
      queryKeys: ["keyword", "after"],
    });
    expect(JSON.stringify(targetFields("/auth?code=s3cret&access_token=IGQV&state=1"))).not.toMatch(/s3cret|IGQV/);
  });

  test("a long path and a flood of parameter names are cut", () => {
    const fields = targetFields(`/${"a".repeat(2000)}?${Array.from({ length: 50 }, (_, n) => `${n}${"k".repeat(100)}=1`).join("&")}`);
    expect(fields.path).toHaveLength(512);
    expect(fields.queryKeys).toHaveLength(10);
    expect(fields.queryKeys?.every((name) => name.length === 40)).toBe(true);
  });
});

describe("what the page cache may store", () => {
  const nonce = "abc123";
  const res = {
    getHeader: () => undefined,
    getHeaders: () => ({ "content-security-policy": `script-src 'nonce-${nonce}'` }),
  } as unknown as ExpressResponse;
  const page = (headers: Record<string, string>) =>
    new Response(`<!doctype html><html><body><script nonce="${nonce}">1</script></body></html>`, {
      headers: { "Content-Type": "text/html; charset=utf-8", ...headers },
    });

  test("a page every visitor may get is stored; its key-less size counts its headers", async () => {
    const entry = await toEntry(page({}), res, nonce, 1, { ttlMs: 30_000, changesAt: Number.POSITIVE_INFINITY }, STORED_COMPRESSION.query);
    expect(entry).not.toBeNull();
    const bodies = entry!.bodies.br.length + entry!.bodies.gzip.length + entry!.bodies.identity.length;
    expect(entry!.bytes).toBeGreaterThan(bodies + 4 * "content-security-policy".length);
  });

  test.each(["private, no-store", "no-store", "private", "Private, max-age=0"])(
    "Cache-Control: %s is never stored",
    async (cacheControl) => {
      expect(
        await toEntry(
          page({ "Cache-Control": cacheControl }),
          res,
          nonce,
          1,
          { ttlMs: 30_000, changesAt: Number.POSITIVE_INFINITY },
          STORED_COMPRESSION.query,
        ),
      ).toBeNull();
    },
  );

  test("every answer from one stored entry carries its own request id, once, 200 and 304 alike", async () => {
    const entry = await toEntry(page({}), res, nonce, 1, { ttlMs: 30_000, changesAt: Number.POSITIVE_INFINITY }, STORED_COMPRESSION.query);
    const startRequestLog = createRequestLog({ log: createLogger("info", { write: () => {} }), trust: compileTrust(false) });
    const server = http.createServer((req, res) => {
      startRequestLog(req, res);
      sendEntry(req, res, entry!);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const answers = [];
      const asked: Record<string, string>[] = [{}, { "Accept-Encoding": "br" }, { "If-None-Match": entry!.etag }, {}];
      for (const headers of asked) {
        const answer = await fetch(origin, { headers });
        await answer.arrayBuffer();
        answers.push({ status: answer.status, id: answer.headers.get("x-request-id") });
      }
      expect(answers.map(({ status }) => status)).toEqual([200, 200, 304, 200]);
      const ids = answers.map(({ id }) => id);
      for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(new Set(ids).size).toBe(ids.length);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
