import assert from "node:assert/strict";
import { describe, test } from "vitest";

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
    assert.equal(ownOrigin(req("GET")), OWN);
    assert.equal(ownOrigin(req("GET", { host: "www.site.example" }, "https")), "https://www.site.example");
  });
});

describe("isForgedRequest", () => {
  test("safe methods are never refused, whatever their origin", () => {
    for (const method of ["GET", "HEAD", "OPTIONS"]) {
      assert.equal(isForgedRequest(req(method, { origin: "http://evil.example", "sec-fetch-site": "cross-site" })), false, method);
    }
  });

  test("a POST from our own origin, or without Origin (old browsers, curl), passes", () => {
    assert.equal(isForgedRequest(req("POST", { origin: OWN })), false);
    assert.equal(isForgedRequest(req("POST", { origin: OWN, "sec-fetch-site": "same-origin" })), false);
    assert.equal(isForgedRequest(req("POST")), false);
    assert.equal(isForgedRequest(req("POST", { "sec-fetch-site": "none" })), false);
  });

  test("a POST whose Origin names another site is refused", () => {
    for (const origin of [
      "http://evil.example",
      "https://site.example:3000", // another scheme
      "http://site.example:4000", // another port
      "http://sub.site.example:3000", // another host
      "null", // sandboxed frames and some redirects
    ]) {
      assert.equal(isForgedRequest(req("POST", { origin })), true, origin);
    }
  });

  test("Sec-Fetch-Site: cross-site is refused even with a matching Origin", () => {
    assert.equal(isForgedRequest(req("POST", { "sec-fetch-site": "cross-site" })), true);
    assert.equal(isForgedRequest(req("POST", { origin: OWN, "Sec-Fetch-Site": "cross-site" })), true);
  });

  test("every unsafe method is checked, not only POST", () => {
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      assert.equal(isForgedRequest(req(method, { origin: "http://evil.example" })), true, method);
      assert.equal(isForgedRequest(req(method, { origin: OWN })), false, method);
    }
  });

  test("PUBLIC_ORIGIN is accepted as our own (behind a proxy the Host may differ)", () => {
    assert.equal(isForgedRequest(req("POST", { origin: PUBLIC }), PUBLIC), false);
    assert.equal(isForgedRequest(req("POST", { origin: PUBLIC })), true, "without PUBLIC_ORIGIN it is another site");
    assert.equal(isForgedRequest(req("POST", { origin: "http://evil.example" }), PUBLIC), true);
    assert.equal(isForgedRequest(req("POST", { origin: PUBLIC, "sec-fetch-site": "cross-site" }), PUBLIC), true);
  });
});
