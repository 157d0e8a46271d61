// Issue 8 "behind a proxy": with PUBLIC_ORIGIN=https://… the session and flash cookies are Secure,
// HSTS is sent, and links use PUBLIC_ORIGIN whatever Host the request names. TRUST_PROXY decides
// whose X-Forwarded-For counts.
// Runs about 15 s.
import { afterAll, beforeAll, describe, test, expect } from "vitest";

import { ADMIN_ID, ADMIN_PASSWORD, startApp, type TestApp } from "../support/app";
import { Client } from "../support/http";
import { formatLogs, SESSION_COOKIE, setCookiesNamed } from "./_helpers";

const PUBLIC_ORIGIN = "https://ot-kids.example";

let app: TestApp;

beforeAll(async () => {
  // The test talks to the app directly, like a proxy on another machine would: loopback is not trusted.
  app = await startApp({ PUBLIC_ORIGIN, TRUST_PROXY: "10.0.0.0/8, 192.168.1.10" });
});
afterAll(() => app.close());

describe("PUBLIC_ORIGIN is https", () => {
  test("the session cookie (API and page login) and the flash cookie are Secure", async () => {
    const api = await new Client(app.origin).fetch("/api/login", { json: { id: ADMIN_ID, pw: ADMIN_PASSWORD } });
    expect(api.status).toBe(200);
    const [session] = setCookiesNamed(api, SESSION_COOKIE);
    expect(session!).toMatch(/;\s*Secure/i);

    const page = await new Client(app.origin).fetch("/admin-login", { form: { id: ADMIN_ID, pw: ADMIN_PASSWORD } });
    expect(page.status).toBe(302);
    expect(setCookiesNamed(page, SESSION_COOKIE)[0]!).toMatch(/;\s*Secure/i);
    expect(setCookiesNamed(page, "ot_flash")[0]!).toMatch(/;\s*Secure/i);
  });

  test("every answer carries HSTS (pages, files, errors)", async () => {
    for (const pathname of ["/", "/favicon.ico", "/no-such-page", "/healthz"]) {
      const response = await fetch(`${app.origin}${pathname}`);
      expect(response.headers.get("strict-transport-security") ?? "", pathname).toMatch(/max-age=\d{7,}/);
    }
  });

  test("canonical and og:url use PUBLIC_ORIGIN, not the Host header", async () => {
    const html = await (await fetch(`${app.origin}/product-list`, { headers: { Host: "evil.example" } })).text();
    expect(html, html.slice(0, 2000)).toContain(`<link rel="canonical" href="${PUBLIC_ORIGIN}/product-list"/>`);
    expect(html).toContain(`content="${PUBLIC_ORIGIN}/product-list"`);
    expect(html).not.toContain("evil.example");
  });
});

describe("TRUST_PROXY", () => {
  test("X-Forwarded-For from an untrusted peer does not pick the throttle's address", async () => {
    // Ten failures sent "from" ten different forged addresses all count against the real peer.
    for (let i = 0; i < 10; i++) {
      const response = await new Client(app.origin).fetch("/api/login", {
        json: { id: `someone${i}`, pw: "wrong-password-9" },
        headers: { "X-Forwarded-For": `198.51.100.${i + 1}` },
      });
      expect(response.status).toBe(401);
      await response.arrayBuffer();
    }
    const refused = await new Client(app.origin).fetch("/api/login", {
      json: { id: ADMIN_ID, pw: ADMIN_PASSWORD },
      headers: { "X-Forwarded-For": "203.0.113.99" },
    });
    expect(refused.status).toBe(429);
  });
});

test("no unexpected console errors", () => {
  expect(app.problems.length, formatLogs(app.problems)).toBe(0);
});
