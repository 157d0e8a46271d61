// Issue 22: the built site behind real nginx with deploy/nginx/site.conf, over HTTPS. What the
// configuration promises is checked through nginx, the way a visitor's phone reaches the site.
import { afterAll, beforeAll, describe, test, expect } from "vitest";

import { ADMIN_ID, ADMIN_PASSWORD } from "../support/admin";
import { expectPresent } from "../support/expect-present";
import { jsonBody, startProxiedSite, type ProxiedSite, type ProxyResponse } from "./harness";

/** The site's own cache header for anonymous public pages (server/page-cache.mjs). */
const S_MAXAGE_SECONDS = 5;
const LOGIN_FAILURES_ALLOWED = 10;
const WRONG_LOGIN = { id: "someone", pw: "wrong-password-9" };

let proxy: ProxiedSite;

beforeAll(async () => {
  proxy = await startProxiedSite();
});
afterAll(() => proxy?.stop());

function cookieNamed(response: ProxyResponse, name: string) {
  return response.setCookies().find((line) => line.startsWith(`${name}=`));
}

describe("HTTPS in front of the site", () => {
  test("plain HTTP is sent to the same address over https", async () => {
    const response = await proxy.plainRequest("/product-list?after=3");
    expect(response.status).toBe(301);
    expect(response.headers.location).toBe("https://127.0.0.1/product-list?after=3");
  });

  test("pages, built assets and uploads are served, the files with the site's immutable caching", async () => {
    const home = await proxy.request("/");
    expect(home.status).toBe(200);
    expect(home.headers["content-type"] ?? "").toMatch(/^text\/html/);
    const html = home.text();
    expect(html, html.slice(0, 500)).toContain('<html lang="ko"');

    const productsHtml = (await proxy.request("/product-list")).text();
    const upload = /\/uploads\/[\w./-]+\.(?:webp|jpe?g|png|avif)/.exec(productsHtml)?.[0];
    expectPresent(upload, "the product list shows a demo upload");
    const asset = /\/build\/[\w./-]+\.js/.exec(html)?.[0];
    expectPresent(asset, "the home page loads a built script");

    for (const pathname of [upload, asset]) {
      const first = await proxy.request(pathname);
      expect(first.status, pathname).toBe(200);
      expect(first.body.length, pathname).toBeGreaterThan(0);
      expect(first.headers["cache-control"] ?? "", pathname).toMatch(/max-age=31536000.*immutable/);
      const again = await proxy.request(pathname);
      expect(again.status, pathname).toBe(200);
      expect(again.cacheStatus(), `${pathname} is kept by nginx`).toBe("HIT");
      expect(again.body, pathname).toStrictEqual(first.body);
    }
    expect((await proxy.request(upload)).headers["content-type"] ?? "").toMatch(/^image\//);
  });

  test("the session cookie is Secure because nginx says the visitor came over https", async () => {
    const response = await proxy.request("/api/login", jsonBody({ id: ADMIN_ID, pw: ADMIN_PASSWORD }));
    expect(response.status, response.text()).toBe(200);
    expect(cookieNamed(response, "ot_sid") ?? "").toMatch(/;\s*Secure/i);

    // The same login straight to the site over plain HTTP: not Secure. So it is nginx's X-Forwarded-Proto that counts.
    const direct = await fetch(`${proxy.site.origin}/api/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ id: ADMIN_ID, pw: ADMIN_PASSWORD }),
    });
    expect(direct.status).toBe(200);
    const directCookie = direct.headers.getSetCookie().find((line) => line.startsWith("ot_sid="));
    expect(directCookie).toBeTruthy();
    expect(directCookie).not.toMatch(/;\s*Secure/i);
  });
});

describe("the site sees the real client address through nginx", () => {
  test("one client's failed logins throttle that client only, whatever X-Forwarded-For it sends", async () => {
    const fromA = { localAddress: "127.0.0.2" };
    for (let i = 0; i < LOGIN_FAILURES_ALLOWED; i++) {
      const failed = await proxy.request("/api/login", { ...jsonBody(WRONG_LOGIN), ...fromA });
      expect(failed.status, failed.text()).toBe(401);
    }
    const throttled = await proxy.request("/api/login", { ...jsonBody(WRONG_LOGIN), ...fromA });
    expect(throttled.status, throttled.text()).toBe(429);
    expect(throttled.json()).toStrictEqual({
      errMsg: "로그인 시도가 너무 많습니다. 15분 후에 다시 시도해 주세요.",
      errCode: "TOO_MANY_ATTEMPTS",
      requestId: throttled.headers["x-request-id"],
    });

    // Another client still gets its own answer, even when it names the throttled one: nginx sets
    // X-Forwarded-For to the address it saw instead of appending to what the client sent.
    const request = jsonBody(WRONG_LOGIN);
    const fromB = await proxy.request("/api/login", {
      ...request,
      headers: { ...request.headers, "X-Forwarded-For": "127.0.0.2" },
      localAddress: "127.0.0.3",
    });
    expect(fromB.status, fromB.text()).toBe(401);
  });
});

describe("nginx's cache follows the site's own Cache-Control", () => {
  test("an anonymous page is kept, and shows an admin edit again within s-maxage", async () => {
    await proxy.request("/reels-category");
    const cached = await proxy.request("/reels-category");
    expect(cached.status).toBe(200);
    expect(cached.cacheStatus()).toBe("HIT");
    expect(cached.headers["cache-control"]).toBe("public, max-age=0, s-maxage=5, stale-while-revalidate=30");
    const etag = String(cached.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    const notModified = await proxy.request("/reels-category", { headers: { "If-None-Match": etag } });
    expect(notModified.status, "a browser's revalidation is answered from the cache with the site's ETag").toBe(304);
    expect(notModified.cacheStatus()).toBe("HIT");

    const newName = `처음${process.pid % 10_000}`;
    expect(cached.text()).not.toContain(newName);
    const cookie = await proxy.adminCookie();
    const edit = await proxy.request("/api/home/update", {
      ...jsonBody({ homeMenuNm: newName }),
      headers: { "Content-Type": "application/json", Cookie: cookie },
    });
    expect(edit.status, edit.text()).toBe(200);

    // Until s-maxage runs out nginx may answer the old page; after it, one visitor may get the
    // stale copy while nginx asks the site again (stale-while-revalidate), then the new one is there.
    const deadline = Date.now() + (S_MAXAGE_SECONDS + 5) * 1000;
    const seen: string[] = [];
    let fresh: ProxyResponse | undefined;
    while (!fresh && Date.now() < deadline) {
      const response = await proxy.request("/reels-category");
      expect(response.status).toBe(200);
      seen.push(response.cacheStatus() ?? "-");
      if (response.text().includes(newName)) fresh = response;
      else await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(fresh, `the edit did not show within ${S_MAXAGE_SECONDS} s + 5 s (cache statuses seen: ${seen.join(" ")})`).toBeTruthy();
    const keptAgain = await proxy.request("/reels-category");
    expect(keptAgain.text()).toContain(newName);
    expect(keptAgain.cacheStatus(), "the new page is kept in its turn").toBe("HIT");
  });

  test("with the session cookie, pages (admin or public) never come from the cache", async () => {
    const cookie = await proxy.adminCookie();
    for (const pathname of ["/home-update", "/", "/home-update", "/"]) {
      const response = await proxy.request(pathname, { headers: { Cookie: cookie } });
      expect(response.status, pathname).toBe(200);
      expect(response.cacheStatus(), pathname).toBe("BYPASS");
      expect(response.headers["cache-control"], pathname).toBe("private, no-store");
    }
    const anonymous = await proxy.request("/home-update");
    expect(anonymous.status, "the admin page is not shown without the session").toBe(302);
  });

  test("a page that sets a cookie is not kept: the flash message is seen once, by its visitor only", async () => {
    const login = await proxy.request("/admin-login", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ id: ADMIN_ID, pw: ADMIN_PASSWORD }).toString(),
    });
    expect(login.status, login.text()).toBe(302);
    const flash = cookieNamed(login, "ot_flash");
    expectPresent(flash, login.setCookies().join(" | "));

    for (let i = 0; i < 2; i++) {
      const withFlash = await proxy.request("/", { headers: { Cookie: flash.split(";")[0]! } });
      expect(withFlash.status).toBe(200);
      expect(cookieNamed(withFlash, "ot_flash"), "the page clears the flash cookie").toBeTruthy();
      expect(withFlash.cacheStatus()).toBe("BYPASS");
      expect(withFlash.text()).toContain("로그인되었습니다.");
    }
    const anonymous = await proxy.request("/");
    expect(anonymous.setCookies().length).toBe(0);
    expect(anonymous.text(), "nobody else sees the flash message").not.toContain("로그인되었습니다.");
  });

  test("the API is never cached", async () => {
    for (let i = 0; i < 2; i++) {
      const response = await proxy.request("/healthz");
      expect(response.status).toBe(200);
      expect(response.cacheStatus()).not.toBe("HIT");
    }
    const api = await proxy.request("/api/home/list");
    expect(api.cacheStatus(), "/api/ has no cache at all").toBe(undefined);
  });
});

test("nginx logged no errors", () => {
  expect(proxy.errorLog().replace(/^.*\[(?:notice|info)\].*\n/gm, "")).toBe("");
});
