// The server's one reading of a request (server/request.ts), the rate-limited error log
// (server/error-log.ts) and what the page cache refuses to store (server/page-cache.ts toEntry).
import type { IncomingMessage } from "node:http";
import type { Response as ExpressResponse } from "express";
import { afterEach, describe, expect, test, vi } from "vitest";
import { createErrorLog } from "../../server/error-log";
import { toEntry } from "../../server/page-cache";
import { clientAddressOf, compileTrust, cookiesOf, normalPathOf, protocolOf, siteCookiesOf } from "../../server/request";

function request(headers: IncomingMessage["headers"], remoteAddress = "127.0.0.1") {
  return { headers, socket: { remoteAddress }, connection: { remoteAddress } } as unknown as IncomingMessage;
}

describe("cookies", () => {
  test("names are read as Remix reads them: spaces around a name do not hide it, a value naming a cookie is not one", () => {
    const site = ["ot_sid", "ot_flash", "ot_ai_consent"];
    expect(siteCookiesOf(request({ cookie: "ot_ai_consent =abc" }), site)).toEqual(["ot_ai_consent"]);
    expect(siteCookiesOf(request({ cookie: "a=ot_sid=; ot_sid =tok" }), site)).toEqual(["ot_sid"]);
    expect(cookiesOf(request({ cookie: "a=ot_sid=; ot_sid =tok" }))).toEqual({ a: "ot_sid=", ot_sid: "tok" });
    expect(siteCookiesOf(request({ cookie: "a=ot_sid=; other=1" }), site)).toEqual([]);
    expect(siteCookiesOf(request({}), site)).toEqual([]);
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
  ])("%s → %s", (raw, normal) => {
    expect(normalPathOf(raw)).toBe(normal);
    expect(normalPathOf(normal), "the normal form is its own normal form").toBe(normal);
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

  test("the first of a kind is logged with its error, the repeats of that minute as one count", () => {
    vi.useFakeTimers();
    const lines: unknown[][] = [];
    const logError = createErrorLog((...args) => lines.push(args));
    const first = new Error("database is locked");
    logError("500 Error: database is locked", first);
    for (let repeat = 0; repeat < 7051; repeat++) logError("500 Error: database is locked", new Error("database is locked"));
    logError("view beacon failure", new Error("disk full"));
    expect(lines).toHaveLength(2);
    expect(lines[0]![0]).toBe(first);
    vi.advanceTimersByTime(60_000);
    expect(lines.slice(2)).toEqual([["7051 more 500 Error: database is locked in the last minute"]]);
    const next = new Error("database is locked");
    logError("500 Error: database is locked", next);
    expect(lines.at(-1)![0], "after the minute, the next one is logged with its stack again").toBe(next);
  });

  test("a flood of distinct kinds stays bounded: past 100 kinds they share one", () => {
    vi.useFakeTimers();
    const lines: unknown[][] = [];
    const logError = createErrorLog((...args) => lines.push(args));
    for (let kind = 0; kind < 5000; kind++) logError(`kind ${kind}`, new Error(`kind ${kind}`));
    expect(lines).toHaveLength(101);
    vi.advanceTimersByTime(60_000);
    expect(lines.at(-1)).toEqual(["4899 more other failures in the last minute"]);
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
    const entry = await toEntry(page({}), res, nonce, 1, 30_000, 4);
    expect(entry).not.toBeNull();
    const bodies = entry!.bodies.br.length + entry!.bodies.gzip.length + entry!.bodies.identity.length;
    expect(entry!.bytes).toBeGreaterThan(bodies + 4 * "content-security-policy".length);
  });

  test.each(["private, no-store", "no-store", "private", "Private, max-age=0"])(
    "Cache-Control: %s is never stored",
    async (cacheControl) => {
      expect(await toEntry(page({ "Cache-Control": cacheControl }), res, nonce, 1, 30_000, 4)).toBeNull();
    },
  );
});
