import { describe, test, expect } from "vitest";

import { isForgedRequest, ownOrigin } from "../../server/security";

type FakeReq = Parameters<typeof isForgedRequest>[0];

/** A stand-in for an Express request: `get` reads headers case-insensitively, as Express does. */
function req(method: string, headers: Record<string, string> = {}, protocol = "http"): FakeReq {
  const lower = Object.fromEntries(Object.entries({ host: "site.example:3000", ...headers }).map(([k, v]) => [k.toLowerCase(), v]));
  return { method, protocol, get: (name: string) => lower[name.toLowerCase()] } as FakeReq;
}

const OWN = "http://site.example:3000";
const PUBLIC = "https://www.site.example";

describe("ownOrigin", () => {
  test("is protocol://host as the browser addressed it", () => {
    expect(ownOrigin(req("GET"))).toBe(OWN);
    expect(ownOrigin(req("GET", { host: "www.site.example" }, "https"))).toBe("https://www.site.example");
  });
});

describe("isForgedRequest", () => {
  test("safe methods are never refused, whatever their origin", () => {
    for (const method of ["GET", "HEAD", "OPTIONS"]) {
      expect(isForgedRequest(req(method, { origin: "http://evil.example", "sec-fetch-site": "cross-site" })), method).toBe(false);
    }
  });

  test("a POST from our own origin, or without Origin (old browsers, curl), passes", () => {
    expect(isForgedRequest(req("POST", { origin: OWN }))).toBe(false);
    expect(isForgedRequest(req("POST", { origin: OWN, "sec-fetch-site": "same-origin" }))).toBe(false);
    expect(isForgedRequest(req("POST"))).toBe(false);
    expect(isForgedRequest(req("POST", { "sec-fetch-site": "none" }))).toBe(false);
  });

  test("a POST whose Origin names another site is refused", () => {
    for (const origin of [
      "http://evil.example",
      "https://site.example:3000", // another scheme
      "http://site.example:4000", // another port
      "http://sub.site.example:3000", // another host
      "null", // sandboxed frames and some redirects
    ]) {
      expect(isForgedRequest(req("POST", { origin })), origin).toBe(true);
    }
  });

  test("Sec-Fetch-Site: cross-site is refused even with a matching Origin", () => {
    expect(isForgedRequest(req("POST", { "sec-fetch-site": "cross-site" }))).toBe(true);
    expect(isForgedRequest(req("POST", { origin: OWN, "Sec-Fetch-Site": "cross-site" }))).toBe(true);
  });

  test("every unsafe method is checked, not only POST", () => {
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      expect(isForgedRequest(req(method, { origin: "http://evil.example" })), method).toBe(true);
      expect(isForgedRequest(req(method, { origin: OWN })), method).toBe(false);
    }
  });

  test("PUBLIC_ORIGIN is accepted as our own (behind a proxy the Host may differ)", () => {
    expect(isForgedRequest(req("POST", { origin: PUBLIC }), PUBLIC)).toBe(false);
    expect(isForgedRequest(req("POST", { origin: PUBLIC })), "without PUBLIC_ORIGIN it is another site").toBe(true);
    expect(isForgedRequest(req("POST", { origin: "http://evil.example" }), PUBLIC)).toBe(true);
    expect(isForgedRequest(req("POST", { origin: PUBLIC, "sec-fetch-site": "cross-site" }), PUBLIC)).toBe(true);
  });
});
