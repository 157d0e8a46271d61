// Issue 22: the built site behind real nginx with deploy/nginx/site.conf, over HTTPS. What the
// configuration promises is checked through nginx, the way a visitor's phone reaches the site.
import assert from "node:assert/strict";
import { afterAll, beforeAll, describe, test } from "vitest";

import { ADMIN_ID, ADMIN_PASSWORD } from "../support/admin";
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
    assert.equal(response.status, 301);
    assert.equal(response.headers.location, "https://127.0.0.1/product-list?after=3");
  });

  test("pages, built assets and uploads are served, the files with the site's immutable caching", async () => {
    const home = await proxy.request("/");
    assert.equal(home.status, 200);
    assert.match(home.headers["content-type"] ?? "", /^text\/html/);
    const html = home.text();
    assert.ok(html.includes('<html lang="ko"'), html.slice(0, 500));

    const productsHtml = (await proxy.request("/product-list")).text();
    const upload = /\/uploads\/[\w./-]+\.(?:webp|jpe?g|png|avif)/.exec(productsHtml)?.[0];
    assert.ok(upload, "the product list shows a demo upload");
    const asset = /\/build\/[\w./-]+\.js/.exec(html)?.[0];
    assert.ok(asset, "the home page loads a built script");

    for (const pathname of [upload, asset]) {
      const first = await proxy.request(pathname);
      assert.equal(first.status, 200, pathname);
      assert.ok(first.body.length > 0, pathname);
      assert.match(first.headers["cache-control"] ?? "", /max-age=31536000.*immutable/, pathname);
      const again = await proxy.request(pathname);
      assert.equal(again.status, 200, pathname);
      assert.equal(again.cacheStatus(), "HIT", `${pathname} is kept by nginx`);
      assert.deepEqual(again.body, first.body, pathname);
    }
    assert.match((await proxy.request(upload)).headers["content-type"] ?? "", /^image\//);
  });

  test("the session cookie is Secure because nginx says the visitor came over https", async () => {
    const response = await proxy.request("/api/login", jsonBody({ id: ADMIN_ID, pw: ADMIN_PASSWORD }));
    assert.equal(response.status, 200, response.text());
    assert.match(cookieNamed(response, "ot_sid") ?? "", /;\s*Secure/i);

    // The same login straight to the site over plain HTTP: not Secure. So it is nginx's X-Forwarded-Proto that counts.
    const direct = await fetch(`${proxy.site.origin}/api/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ id: ADMIN_ID, pw: ADMIN_PASSWORD }),
    });
    assert.equal(direct.status, 200);
    const directCookie = direct.headers.getSetCookie().find((line) => line.startsWith("ot_sid="));
    assert.ok(directCookie);
    assert.doesNotMatch(directCookie, /;\s*Secure/i);
  });
});

describe("the site sees the real client address through nginx", () => {
  test("one client's failed logins throttle that client only, whatever X-Forwarded-For it sends", async () => {
    const fromA = { localAddress: "127.0.0.2" };
    for (let i = 0; i < LOGIN_FAILURES_ALLOWED; i++) {
      const failed = await proxy.request("/api/login", { ...jsonBody(WRONG_LOGIN), ...fromA });
      assert.equal(failed.status, 401, failed.text());
    }
    const throttled = await proxy.request("/api/login", { ...jsonBody(WRONG_LOGIN), ...fromA });
    assert.equal(throttled.status, 429, throttled.text());
    assert.deepEqual(throttled.json(), {
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
    assert.equal(fromB.status, 401, fromB.text());
  });
});

describe("nginx's cache follows the site's own Cache-Control", () => {
  test("an anonymous page is kept, and shows an admin edit again within s-maxage", async () => {
    await proxy.request("/reels-category");
    const cached = await proxy.request("/reels-category");
    assert.equal(cached.status, 200);
    assert.equal(cached.cacheStatus(), "HIT");
    assert.equal(cached.headers["cache-control"], "public, max-age=0, s-maxage=5, stale-while-revalidate=30");
    const etag = String(cached.headers.etag);
    assert.match(etag, /^W\/"/);
    const notModified = await proxy.request("/reels-category", { headers: { "If-None-Match": etag } });
    assert.equal(notModified.status, 304, "a browser's revalidation is answered from the cache with the site's ETag");
    assert.equal(notModified.cacheStatus(), "HIT");

    const newName = `처음${process.pid % 10_000}`;
    assert.ok(!cached.text().includes(newName));
    const cookie = await proxy.adminCookie();
    const edit = await proxy.request("/api/home/update", {
      ...jsonBody({ homeMenuNm: newName }),
      headers: { "Content-Type": "application/json", Cookie: cookie },
    });
    assert.equal(edit.status, 200, edit.text());

    // Until s-maxage runs out nginx may answer the old page; after it, one visitor may get the
    // stale copy while nginx asks the site again (stale-while-revalidate), then the new one is there.
    const deadline = Date.now() + (S_MAXAGE_SECONDS + 5) * 1000;
    const seen: string[] = [];
    let fresh: ProxyResponse | undefined;
    while (!fresh && Date.now() < deadline) {
      const response = await proxy.request("/reels-category");
      assert.equal(response.status, 200);
      seen.push(response.cacheStatus() ?? "-");
      if (response.text().includes(newName)) fresh = response;
      else await new Promise((resolve) => setTimeout(resolve, 200));
    }
    assert.ok(fresh, `the edit did not show within ${S_MAXAGE_SECONDS} s + 5 s (cache statuses seen: ${seen.join(" ")})`);
    const keptAgain = await proxy.request("/reels-category");
    assert.ok(keptAgain.text().includes(newName));
    assert.equal(keptAgain.cacheStatus(), "HIT", "the new page is kept in its turn");
  });

  test("with the session cookie, pages (admin or public) never come from the cache", async () => {
    const cookie = await proxy.adminCookie();
    for (const pathname of ["/home-update", "/", "/home-update", "/"]) {
      const response = await proxy.request(pathname, { headers: { Cookie: cookie } });
      assert.equal(response.status, 200, pathname);
      assert.equal(response.cacheStatus(), "BYPASS", pathname);
      assert.equal(response.headers["cache-control"], "private, no-store", pathname);
    }
    const anonymous = await proxy.request("/home-update");
    assert.equal(anonymous.status, 302, "the admin page is not shown without the session");
  });

  test("a page that sets a cookie is not kept: the flash message is seen once, by its visitor only", async () => {
    const login = await proxy.request("/admin-login", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ id: ADMIN_ID, pw: ADMIN_PASSWORD }).toString(),
    });
    assert.equal(login.status, 302, login.text());
    const flash = cookieNamed(login, "ot_flash");
    assert.ok(flash, login.setCookies().join(" | "));

    for (let i = 0; i < 2; i++) {
      const withFlash = await proxy.request("/", { headers: { Cookie: flash.split(";")[0]! } });
      assert.equal(withFlash.status, 200);
      assert.ok(cookieNamed(withFlash, "ot_flash"), "the page clears the flash cookie");
      assert.equal(withFlash.cacheStatus(), "BYPASS");
      assert.ok(withFlash.text().includes("로그인되었습니다."));
    }
    const anonymous = await proxy.request("/");
    assert.equal(anonymous.setCookies().length, 0);
    assert.ok(!anonymous.text().includes("로그인되었습니다."), "nobody else sees the flash message");
  });

  test("the API is never cached", async () => {
    for (let i = 0; i < 2; i++) {
      const response = await proxy.request("/healthz");
      assert.equal(response.status, 200);
      assert.notEqual(response.cacheStatus(), "HIT");
    }
    const api = await proxy.request("/api/home/list");
    assert.equal(api.cacheStatus(), undefined, "/api/ has no cache at all");
  });
});

test("nginx logged no errors", () => {
  assert.equal(proxy.errorLog().replace(/^.*\[(?:notice|info)\].*\n/gm, ""), "");
});
