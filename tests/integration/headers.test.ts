// The headers the server sends: security headers and CSP on HTML, the headers an answer sets for
// itself, the build's precompressed scripts and stylesheets, and no-store on personal responses.
// Runs about 6 s.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, test, expect } from "vitest";

import { startApp, ADMIN_ID, ADMIN_PASSWORD, type TestApp } from "../support/app";
import { inlineScriptsRun, parseHtml } from "../support/dom";
import { expectPresent } from "../support/expect-present";
import { Client } from "../support/http";
import { adminClient, EVIL_ORIGIN, queryOneIn } from "./_helpers";

let app: TestApp;
let admin: Client;

beforeAll(async () => {
  app = await startApp();
  admin = await adminClient(app);
});
afterAll(() => app.close());

const HTML_PAGES = ["/", "/admin-login", "/navi", "/poonpee/privacy", "/phonefinder/privacy", "/no-such-page"];

function directives(csp: string) {
  return new Map(
    csp
      .split(";")
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name, ...values] = part.split(/\s+/);
        return [name!.toLowerCase(), values] as const;
      }),
  );
}

function assertSecurityHeaders(response: Response, label: string) {
  const csp = response.headers.get("content-security-policy");
  expectPresent(csp, `${label}: Content-Security-Policy`);
  expect(response.headers.get("content-security-policy-report-only"), `${label}: enforced, not report-only`).toBe(null);
  const policy = directives(csp);
  expect(policy.get("frame-ancestors"), `${label}: frame-ancestors 'none'`).toStrictEqual(["'none'"]);
  expect(response.headers.get("x-content-type-options"), `${label}: nosniff`).toBe("nosniff");
  expect(response.headers.get("referrer-policy"), `${label}: Referrer-Policy`).toBeTruthy();
  expect(response.headers.get("x-powered-by"), `${label}: no X-Powered-By`).toBe(null);
  return policy;
}

describe("security headers on HTML", () => {
  // A page the anonymous cache stores carries no nonce (it is sent to many visitors): its policy
  // lists its inline scripts by hash instead. Every other page has one fresh nonce per response.
  for (const pathname of HTML_PAGES) {
    test(`${pathname}: CSP allows exactly the page's inline scripts, by its one nonce or by their hashes`, async () => {
      const response = await new Client(app.origin).fetch(pathname);
      const html = await response.text();
      expect(response.headers.get("content-type") ?? "").toMatch(/text\/html/);
      const policy = assertSecurityHeaders(response, pathname);

      const scriptSrc = policy.get("script-src") ?? policy.get("default-src") ?? [];
      expect(scriptSrc, "no 'unsafe-inline' for scripts").not.toContain("'unsafe-inline'");
      expect(scriptSrc, "no 'unsafe-eval' for scripts").not.toContain("'unsafe-eval'");
      const nonces = scriptSrc.filter((value) => /^'nonce-[^']+'$/.test(value));
      const hashes = scriptSrc.filter((value) => /^'sha256-[^']+'$/.test(value));
      expect(nonces.length + hashes.length, `a nonce or hashes in script-src: ${scriptSrc.join(" ")}`).toBeGreaterThan(0);

      // With the scripts in the deferred template (app/components/DeferredScripts.tsx), which the
      // browser runs once the page has painted: they need the policy's permission as much as the others.
      const document = parseHtml(html);
      const deferred = document.querySelector("template")?.content.querySelectorAll("script") ?? [];
      const scripts = [...document.querySelectorAll("script"), ...deferred];
      expect(scripts.length, "the page has scripts").toBeGreaterThan(0);
      if (nonces.length > 0) {
        expect(nonces.length, `one nonce in script-src: ${scriptSrc.join(" ")}`).toBe(1);
        expect(hashes.length, "a nonce policy lists no hashes").toBe(0);
        const nonce = nonces[0]!.slice("'nonce-".length, -1);
        expect(nonce.length, "a nonce of at least 128 bits").toBeGreaterThanOrEqual(16);
        for (const script of scripts) {
          const scriptNonce = script.getAttribute("nonce");
          if (!script.hasAttribute("src"))
            expect(scriptNonce, `an inline script carries the page's nonce: ${script.outerHTML.slice(0, 120)}`).toBe(nonce);
          else if (scriptNonce !== null) expect(scriptNonce).toBe(nonce);
        }
      } else {
        // A data block (JSON-LD) is not run: the policy has nothing to allow for it.
        const expected = new Set(
          inlineScriptsRun(document).map(
            (script) =>
              `'sha256-${crypto
                .createHash("sha256")
                .update(script.textContent ?? "")
                .digest("base64")}'`,
          ),
        );
        expect(new Set(hashes), "the policy's hashes are exactly those of the page's inline scripts the browser runs").toStrictEqual(
          expected,
        );
        expect(
          scripts.every((script) => !script.hasAttribute("nonce")),
          "a stored page hands no nonce to its visitors",
        ).toBeTruthy();
      }
    });
  }

  test("a new nonce for every response that is rendered for one visitor", async () => {
    const nonceOf = async () => {
      const response = await admin.fetch("/home-update");
      await response.arrayBuffer();
      return /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
    };
    const [a, b] = [await nonceOf(), await nonceOf()];
    expect(a && b).toBeTruthy();
    expect(a).not.toBe(b);
  });

  test("admin pages carry the same headers", async () => {
    const response = await admin.fetch("/home-update");
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    assertSecurityHeaders(response, "/home-update");
  });

  test("the 403 page for a forged request is HTML with the same security headers", async () => {
    const response = await admin.fetch("/home-update", { form: { intent: "review" }, headers: { Origin: EVIL_ORIGIN } });
    expect(response.status).toBe(403);
    expect(response.headers.get("content-type") ?? "").toMatch(/text\/html/);
    await response.arrayBuffer();
    assertSecurityHeaders(response, "403 page");
  });

  test("no X-Powered-By on JSON, redirects and static files either", async () => {
    for (const [path, init] of [
      ["/api/home/list", undefined],
      ["/healthz", undefined],
      ["/home-update", undefined],
      ["/favicon.svg", undefined],
      ["/api/login", { json: {} }],
    ] as const) {
      const response = await new Client(app.origin).fetch(path, init);
      await response.arrayBuffer();
      expect(response.headers.get("x-powered-by"), path).toBe(null);
    }
  });
});

describe("headers an answer sets for itself", () => {
  // The answer's own header replaces the edge's default (server/remix-handler.ts), not a second one beside it.
  test("an outbound redirect (a partner banner, a product's button) sends one Referrer-Policy: no-referrer", async () => {
    const ad = queryOneIn<{ id: number }>(app, "SELECT id FROM partner_ads WHERE is_view = 1 AND link IS NOT NULL ORDER BY id LIMIT 1");
    const product = queryOneIn<{ id: number }>(app, "SELECT id FROM products WHERE is_view = 1 AND is_left = 1 ORDER BY id LIMIT 1");
    for (const pathname of [`/out/ad/${ad.id}`, `/out/product/${product.id}/left`]) {
      const response = await new Client(app.origin).fetch(pathname);
      await response.arrayBuffer();
      expect(response.status, pathname).toBe(302);
      // Headers sent twice come out of fetch() joined with a comma.
      expect(response.headers.get("referrer-policy"), pathname).toBe("no-referrer");
    }
  });

  // The edge hands the policy the facts of the route it answers for (server/security.ts `securityHeaders`).
  test("the chatbot is in the policy of public pages, not of the owner's screens", async () => {
    const saved = await admin.fetch("/api/site-settings/update", { json: { chatbotScriptUrl: "https://www.chatbase.co/embed.min.js" } });
    expect(saved.status, await saved.text()).toBe(200);
    try {
      const policyOf = async (client: Client, pathname: string) => {
        const response = await client.fetch(pathname);
        await response.arrayBuffer();
        return directives(response.headers.get("content-security-policy") ?? "");
      };
      for (const [client, pathname] of [
        [new Client(app.origin), "/"],
        [new Client(app.origin), "/ai"],
        [admin, "/product-list"],
      ] as const) {
        expect((await policyOf(client, pathname)).get("script-src")?.includes("https://www.chatbase.co/"), pathname).toBeTruthy();
      }
      for (const pathname of ["/home-update", "/site-settings", "/product-upsert/0"]) {
        const policy = await policyOf(admin, pathname);
        for (const directive of ["script-src", "frame-src", "connect-src"]) {
          expect(
            !policy.get(directive)?.some((source) => source.startsWith("https://www.chatbase.co")),
            `${pathname} ${directive}`,
          ).toBeTruthy();
        }
      }
    } finally {
      await admin.fetch("/api/site-settings/update", { json: { chatbotScriptUrl: "" } });
    }
  });
});

/** A GET as it comes over the wire: the body as sent (not decompressed, as fetch would). */
function rawGet(pathname: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(app.url(pathname), { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

describe("the build's scripts and stylesheets", () => {
  test("are sent as the build compressed them, brotli or gzip as the browser accepts, and kept for a year", async () => {
    const home = await (await new Client(app.origin).fetch("/")).text();
    const assets = [...new Set(home.match(/\/build\/[\w./-]+\.(?:js|css)/g))];
    expect(assets.some((asset) => asset.endsWith(".js")) && assets.some((asset) => asset.endsWith(".css")), assets.join(", ")).toBeTruthy();
    for (const asset of assets) {
      const file = path.join("public", asset);
      const original = fs.readFileSync(file);
      for (const [accepted, encoding, decompress] of [
        ["gzip, deflate, br, zstd", "br", zlib.brotliDecompressSync],
        ["gzip, deflate", "gzip", zlib.gunzipSync],
      ] as const) {
        const response = await rawGet(asset, { "Accept-Encoding": accepted });
        expect(response.status, asset).toBe(200);
        expect(response.headers["content-encoding"], `${asset} for ${accepted}`).toBe(encoding);
        expect(response.body, `${asset}: the build's own copy`).toStrictEqual(
          fs.readFileSync(`${file}.${encoding === "br" ? "br" : "gz"}`),
        );
        expect(decompress(response.body), `${asset}: the same file once decompressed`).toStrictEqual(original);
        expect(response.headers.vary, asset).toBe("Accept-Encoding");
        expect(response.headers["cache-control"], asset).toBe("public, max-age=31536000, immutable");
        expect(response.headers["content-type"] ?? "").toMatch(asset.endsWith(".js") ? /^(?:text|application)\/javascript/ : /^text\/css/);
      }
      const plain = await rawGet(asset);
      expect(plain.headers["content-encoding"], `${asset} without Accept-Encoding`).toBe(undefined);
      expect(plain.body).toStrictEqual(original);
    }
  });

  test("a path that does not decode is refused in Korean, a missing file is the site's 404", async () => {
    const undecodable = await rawGet("/build/%E0%A4%A.js");
    expect(undecodable.status).toBe(400);
    expect(undecodable.body.toString()).toMatch(/<title>요청을 처리할 수 없습니다/);
    const missing = await rawGet("/build/no-such-file.js");
    expect(missing.status).toBe(404);
  });
});

describe("no-store for personal responses", () => {
  test("pages requested with the session cookie are no-store", async () => {
    for (const pathname of ["/", "/home-update", "/navi", "/admin-login", "/poonpee/privacy"]) {
      const response = await admin.fetch(pathname);
      await response.arrayBuffer();
      expect(response.headers.get("cache-control") ?? "", pathname).toMatch(/no-store/);
    }
  });

  test("the single-fetch data of a page requested with the session cookie is no-store", async () => {
    const response = await admin.fetch("/home-update.data");
    await response.arrayBuffer();
    expect(response.headers.get("cache-control") ?? "").toMatch(/no-store/);
  });

  test("every response that sets a cookie is no-store", async () => {
    const problems: string[] = [];
    const check = async (label: string, response: Response) => {
      await response.arrayBuffer();
      if (response.headers.getSetCookie().length === 0) problems.push(`${label}: expected a Set-Cookie`);
      else if (!/no-store/.test(response.headers.get("cache-control") ?? "")) {
        problems.push(
          `${label} (${response.status}) sets ${response.headers
            .getSetCookie()
            .map((l) => l.split("=")[0])
            .join(", ")} with Cache-Control: ${response.headers.get("cache-control")}`,
        );
      }
    };

    const api = new Client(app.origin);
    await check("POST /api/login", await api.fetch("/api/login", { json: { id: ADMIN_ID, pw: ADMIN_PASSWORD } }));
    await check("POST /api/logout", await api.fetch("/api/logout", { method: "POST" }));

    const page = new Client(app.origin);
    await check("POST /admin-login (page form)", await page.fetch("/admin-login", { form: { id: ADMIN_ID, pw: ADMIN_PASSWORD } }));
    await check("POST /logout (page form)", await page.fetch("/logout", { method: "POST", form: {} }));
    // The logout left a one-time message; the page that shows it clears it, without a session cookie.
    expect(page.cookies.has("ot_flash"), "logout leaves a flash message").toBeTruthy();
    expect(page.cookies.has("ot_sid")).toBe(false);
    await check("GET / consuming the flash (no session)", await page.fetch("/"));

    const editor = await adminClient(app);
    await check(
      "POST /home-update intent=confirm",
      await editor.fetch("/home-update", {
        form: { intent: "confirm", homeView: "show", reelsView: "show", productsView: "hide" },
      }),
    );

    expect(problems).toStrictEqual([]);
  });

  test("public pages without cookies may be cached (no private data in them)", async () => {
    const response = await new Client(app.origin).fetch("/navi");
    await response.arrayBuffer();
    expect(response.headers.getSetCookie().length, "a visitor's plain GET sets no cookie").toBe(0);
  });
});
