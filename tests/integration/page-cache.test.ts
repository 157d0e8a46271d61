// The anonymous page cache (server/page-cache.ts) against the real built app: what it answers,
// with which headers, and that the next anonymous visit after every kind of content write is fresh.
// A change made behind the app's back (a second database connection) proves a page came from the
// cache; the same change showing after a write proves that write emptied it.
import crypto from "node:crypto";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startApp, type TestApp } from "../support/app";
import { inlineScriptsRun, parseHtml } from "../support/dom";
import type { Client } from "../support/http";
import { adminClient, openDb, queryOneIn, rawGet, reelPathIn } from "./_helpers";

const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=5, stale-while-revalidate=30";

let app: TestApp;
let admin: Client;

beforeAll(async () => {
  app = await startApp();
  admin = await adminClient(app);
});

afterAll(async () => {
  await app?.close();
});

function visit(pathname: string, headers: Record<string, string> = {}) {
  return fetch(app.url(pathname), { headers, redirect: "manual" });
}

async function visitText(pathname: string, headers: Record<string, string> = {}) {
  const response = await visit(pathname, headers);
  expect(response.status, `${pathname}`).toBe(200);
  return response.text();
}

/** Runs SQL on the app's database without telling the app. */
function behindTheBack(sql: string, ...params: unknown[]) {
  const db = openDb(app);
  try {
    db.prepare(sql).run(...params);
  } finally {
    db.close();
  }
}

function queryOne<T>(sql: string, ...params: unknown[]): T {
  return queryOneIn<T>(app, sql, ...params);
}

const uniqueName = (label: string) => `${label} ${crypto.randomUUID().slice(0, 8)}`;

/** Renames a category visitors see (published, with reels) without telling the app; returns the new name. */
function renameShownCategoryBehindTheBack() {
  const { id } = queryOne<{ id: number }>(
    "SELECT id FROM reel_categories WHERE is_view = 1 AND EXISTS (SELECT 1 FROM reels WHERE reels.category_id = reel_categories.id) ORDER BY id LIMIT 1",
  );
  const name = uniqueName("뒤에서 바꾼 분류");
  behindTheBack("UPDATE reel_categories SET name = ? WHERE id = ?", name, id);
  return name;
}

async function png(color: string) {
  return new Blob(
    [
      new Uint8Array(
        await sharp({ create: { width: 40, height: 30, channels: 3, background: color } })
          .png()
          .toBuffer(),
      ),
    ],
    {
      type: "image/png",
    },
  );
}

async function apiOk(response: Response, label: string) {
  const body = await response.text();
  expect(response.status, `${label}: ${body.slice(0, 300)}`).toBe(200);
  return JSON.parse(body) as Record<string, unknown>;
}

describe("what the cache answers", () => {
  test("an anonymous page is answered from the cache: a change behind the app's back does not show", async () => {
    const first = await visitText("/product-list");
    const product = queryOne<{ id: number; name: string }>("SELECT id, name FROM products WHERE is_view = 1 ORDER BY id LIMIT 1");
    expect(first).toContain(product.name);
    behindTheBack("UPDATE products SET name = ? WHERE id = ?", "몰래 바뀐 이름", product.id);
    expect(await visitText("/product-list")).toBe(first);
    behindTheBack("UPDATE products SET name = ? WHERE id = ?", product.name, product.id);
  });

  test("cached and rendered answers carry the same headers, public Cache-Control and an ETag", async () => {
    const rendered = await visit("/career-background");
    const cached = await visit("/career-background");
    for (const name of [
      "content-security-policy",
      "x-content-type-options",
      "referrer-policy",
      "x-frame-options",
      "content-type",
      "cache-control",
      "etag",
      "vary",
    ]) {
      expect(cached.headers.get(name), name).toBe(rendered.headers.get(name));
    }
    expect(cached.headers.get("x-content-type-options")).toBe("nosniff");
    expect(cached.headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);
    expect(cached.headers.get("etag")).toMatch(/^W\/".+"$/);
    expect(cached.headers.get("vary")).toBe("Accept-Encoding, Cookie");
    expect(await cached.text()).toBe(await rendered.text());
  });

  test("a stored page carries no nonce; its policy allows exactly the inline scripts it runs by hash (not its JSON-LD)", async () => {
    const response = await visit("/");
    const policy = response.headers.get("content-security-policy") ?? "";
    const html = await response.text();
    expect(policy).not.toContain("'nonce-");
    expect(html).not.toMatch(/\snonce=/);
    expect(html, "the home page describes the site in JSON-LD").toContain('<script type="application/ld+json">');
    const scripts = inlineScriptsRun(parseHtml(html)).map((script) => script.textContent ?? "");
    expect(scripts.length).toBeGreaterThan(0);
    const allowed = [...policy.matchAll(/'sha256-([^']+)'/g)].map((match) => match[1]);
    const hashes = scripts.map((script) => crypto.createHash("sha256").update(script).digest("base64"));
    expect(allowed.sort()).toEqual([...new Set(hashes)].sort());
    expect(policy).toContain("frame-ancestors 'none'");
  });

  test("a stored page keeps the connection open for the visitor's next request", async () => {
    await visitText("/product-list");
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ connection: string | undefined; socket: unknown }>((resolve, reject) => {
        http
          .get(app.url("/product-list"), { agent }, (response) => {
            const socket = response.socket;
            response.resume();
            response.on("end", () => resolve({ connection: response.headers.connection, socket }));
          })
          .on("error", reject);
      });
    try {
      const first = await get();
      const second = await get();
      expect(first.connection).toBe("keep-alive");
      expect(second.socket).toBe(first.socket);
    } finally {
      agent.destroy();
    }
  });

  test("If-None-Match with the ETag answers 304 without a body", async () => {
    const etag = (await visit("/reels-category")).headers.get("etag")!;
    const response = await visit("/reels-category", { "If-None-Match": etag });
    expect(response.status).toBe(304);
    expect(response.headers.get("etag")).toBe(etag);
    expect(await response.text()).toBe("");
    expect((await visit("/reels-category", { "If-None-Match": 'W/"other"' })).status).toBe(200);
  });

  test("HEAD of a stored page answers its headers without the body", async () => {
    const get = await visit("/reels-category");
    const body = await get.arrayBuffer();
    const head = await fetch(app.url("/reels-category"), { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("etag")).toBe(get.headers.get("etag"));
    expect(head.headers.get("content-security-policy")).toBe(get.headers.get("content-security-policy"));
    expect(Number(head.headers.get("content-length"))).toBeGreaterThan(0);
    expect(body.byteLength).toBeGreaterThan(0);
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  test("bodies are stored compressed and chosen by Accept-Encoding", async () => {
    const plain = await visit("/ai", { "Accept-Encoding": "identity" });
    const identity = Buffer.from(await plain.arrayBuffer());
    expect(plain.headers.get("content-encoding")).toBeNull();
    for (const [accept, encoding, decode] of [
      ["gzip, deflate, br", "br", zlib.brotliDecompressSync],
      ["gzip", "gzip", zlib.gunzipSync],
      ["br;q=0, gzip", "gzip", zlib.gunzipSync],
    ] as const) {
      const response = await rawGet(app, "/ai", { "Accept-Encoding": accept });
      expect(response.headers["content-encoding"], accept).toBe(encoding);
      expect(Number(response.headers["content-length"])).toBe(response.body.length);
      expect(decode(response.body).equals(identity), accept).toBe(true);
    }
  });

  test("parameters no page reads (tracking, cache-busters) and empty ones share the stored page of the plain address", async () => {
    const plain = await visitText("/reels-category");
    const category = queryOne<{ id: number; name: string }>("SELECT id, name FROM reel_categories WHERE is_view = 1 ORDER BY id LIMIT 1");
    behindTheBack("UPDATE reel_categories SET name = ? WHERE id = ?", "몰래 바뀐 분류", category.id);
    try {
      for (const query of ["?utm_source=kakao&fbclid=abc123", "?v=1", "?v=2&mode=delete", "?keyword=&after="]) {
        expect(await visitText(`/reels-category${query}`), query).toBe(plain);
      }
      expect(await visitText("/reels-category?keyword=몰래")).toContain("몰래 바뀐 분류");
    } finally {
      behindTheBack("UPDATE reel_categories SET name = ? WHERE id = ?", category.name, category.id);
    }
  });

  test("a search or a later page of a list is stored from its second request; the first is rendered for its visitor only", async () => {
    const category = queryOne<{ id: number; name: string }>(
      "SELECT id, name FROM reel_categories WHERE is_view = 1 AND EXISTS (SELECT 1 FROM reels WHERE reels.category_id = reel_categories.id) ORDER BY id LIMIT 1",
    );
    const pathname = `/reels-category?keyword=${encodeURIComponent(category.name)}`;
    const renamed = `${category.name} ${uniqueName("둘째")}`;
    try {
      const first = await visit(pathname);
      expect(first.status).toBe(200);
      expect(first.headers.get("cache-control") ?? "").not.toContain("public");
      expect(first.headers.get("etag")).toBeNull();
      expect(await first.text()).toContain(category.name);

      behindTheBack("UPDATE reel_categories SET name = ? WHERE id = ?", renamed, category.id);
      const second = await visit(pathname);
      expect(second.headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);
      expect(second.headers.get("etag")).toMatch(/^W\/".+"$/);
      expect(await second.text(), "rendered again, then stored").toContain(renamed);

      behindTheBack("UPDATE reel_categories SET name = ? WHERE id = ?", category.name, category.id);
      expect(await visitText(pathname), "the stored page").toContain(renamed);
    } finally {
      behindTheBack("UPDATE reel_categories SET name = ? WHERE id = ?", category.name, category.id);
    }
  });

  test("a request with the site's session, flash or consent cookie is never answered from the cache", async () => {
    const cached = await visitText("/product-list");
    const product = queryOne<{ id: number; name: string }>("SELECT id, name FROM products WHERE is_view = 1 ORDER BY id LIMIT 1");
    behindTheBack("UPDATE products SET name = ? WHERE id = ?", "쿠키 손님용 이름", product.id);
    try {
      expect(await visitText("/product-list")).toBe(cached);
      for (const cookie of ["ot_flash=x", "ot_ai_consent=x", "other=1; ot_sid=x"]) {
        const response = await visit("/product-list", { Cookie: cookie });
        expect(await response.text(), cookie).toContain("쿠키 손님용 이름");
        expect(response.headers.get("content-security-policy"), cookie).toContain("'nonce-");
      }
      const adminPage = await admin.fetch("/product-list");
      expect(adminPage.headers.get("cache-control")).toBe("private, no-store");
      expect(adminPage.headers.get("etag")).toBeNull();
      expect(await adminPage.text()).toContain("쿠키 손님용 이름");
    } finally {
      behindTheBack("UPDATE products SET name = ? WHERE id = ?", product.name, product.id);
    }
  });

  test("admin pages, /api, .data requests and answers that are not 200 are never stored", async () => {
    for (const pathname of ["/admin-login", "/api/product-list", "/product-list.data", "/reels-content/999999", "/home-update"]) {
      const first = await visit(pathname);
      expect(first.headers.get("cache-control") ?? "", pathname).not.toContain("public");
      expect(first.headers.get("etag"), pathname).toBeNull();
    }
  });
});

describe("the next anonymous visit after every kind of write is fresh", () => {
  /** Warms the page, changes the database behind the app's back, writes through the app, visits again. */
  async function expectWriteEmptiesCache(pathname: string, write: () => Promise<unknown>) {
    const marker = uniqueName("몰래 바꾼 메뉴");
    await visitText(pathname);
    const before = queryOne<{ reels_menu_nm: string }>("SELECT reels_menu_nm FROM home_menu WHERE id = 1").reels_menu_nm;
    behindTheBack("UPDATE home_menu SET reels_menu_nm = ? WHERE id = 1", marker);
    try {
      expect(await visitText(pathname), "still cached before the write").not.toContain(marker);
      await write();
      expect(await visitText(pathname), "fresh after the write").toContain(marker);
    } finally {
      behindTheBack("UPDATE home_menu SET reels_menu_nm = ? WHERE id = 1", before);
    }
  }

  test("home menu update", async () => {
    await visitText("/");
    const name = uniqueName("릴스").slice(0, 12);
    await apiOk(await admin.fetch("/api/home/update", { json: { reelsMenuNm: name } }), "home update");
    expect(await visitText("/")).toContain(name);
  });

  let productId = 0;
  test("product register, edit and delete", async () => {
    await visitText("/product-list");
    const name = uniqueName("캐시 확인 제품");
    const form = new FormData();
    form.set("productsNm", name);
    form.set("description", "설명");
    form.set("isView", "true");
    form.set("hasImage", "true");
    form.set("imageFile", await png("#336699"), "p.png");
    const inserted = await apiOk(await admin.fetch("/api/product-list/insert", { body: form }), "product insert");
    productId = (inserted.productLists as { index: number }[])[0]!.index;
    expect(await visitText("/product-list")).toContain(name);

    const renamed = uniqueName("이름 바뀐 제품");
    const edit = new FormData();
    edit.set("index", String(productId));
    edit.set("productsNm", renamed);
    edit.set("isView", "true");
    edit.set("hasImage", "true");
    await apiOk(await admin.fetch("/api/product-list/update", { body: edit }), "product update");
    expect(await visitText("/product-list")).toContain(renamed);

    await apiOk(await admin.fetch("/api/product-list/delete", { json: { productLists: [{ index: productId }] } }), "product delete");
    expect(await visitText("/product-list")).not.toContain(renamed);
  });

  let categoryId = 0;
  let categoryName = "";
  // Visitors see only categories with reels: a new (empty) category shows nowhere, so these two
  // prove the page fresh by a change made behind the app's back to a category visitors do see.
  test("reels category register and edit", async () => {
    await visitText("/reels-category");
    const unseen = renameShownCategoryBehindTheBack();
    expect(await visitText("/reels-category")).not.toContain(unseen);
    categoryName = uniqueName("캐시 분류");
    const form = new FormData();
    form.set("categoryNm", categoryName);
    form.set("isView", "true");
    const inserted = await apiOk(await admin.fetch("/api/reels-category/insert", { body: form }), "category insert");
    categoryId = (inserted.reelsCategorys as { index: number }[])[0]!.index;
    expect(await visitText("/reels-category")).toContain(unseen);

    await visitText("/reels-category");
    const unseenAgain = renameShownCategoryBehindTheBack();
    expect(await visitText("/reels-category")).not.toContain(unseenAgain);
    categoryName = uniqueName("바뀐 분류");
    const edit = new FormData();
    edit.set("index", String(categoryId));
    edit.set("categoryNm", categoryName);
    edit.set("isView", "true");
    await apiOk(await admin.fetch("/api/reels-category/update", { body: edit }), "category update");
    expect(await visitText("/reels-category")).toContain(unseenAgain);
  });

  test("reel register, rename and delete", async () => {
    const listPath = `/reels-list/${categoryId}/${encodeURIComponent(categoryName)}`;
    await visitText(listPath);
    const mediaId = queryOne<{ media_id: string }>("SELECT media_id FROM reels ORDER BY id LIMIT 1").media_id;
    const name = uniqueName("캐시 릴스");
    const inserted = await apiOk(
      await admin.fetch("/api/reels/insert", { json: { reelsNm: name, reelsCategoryID: categoryId, mediaId } }),
      "reel insert",
    );
    expect(await visitText(listPath)).toContain(name);

    const id = (inserted.reelsLists as { index: number }[])[0]!.index;
    const renamed = uniqueName("바뀐 릴스");
    await apiOk(
      await admin.fetch("/api/reels/update", { json: { index: id, reelsNm: renamed, reelsCategoryID: categoryId } }),
      "reel update",
    );
    expect(await visitText(listPath)).toContain(renamed);

    await apiOk(await admin.fetch("/api/reels/delete", { json: { reelsLists: [{ index: id }] } }), "reel delete");
    expect(await visitText(listPath)).not.toContain(renamed);
  });

  test("reels category delete", async () => {
    await visitText("/reels-category");
    const unseen = renameShownCategoryBehindTheBack();
    expect(await visitText("/reels-category")).not.toContain(unseen);
    await apiOk(await admin.fetch("/api/reels-category/delete", { json: { reelsCategorys: [{ index: categoryId }] } }), "category delete");
    expect(await visitText("/reels-category")).toContain(unseen);
  });

  test("career images replaced", async () => {
    const before = await visitText("/career-background");
    const form = new FormData();
    form.append("imageFile", await png("#aa5500"), "career.png");
    await apiOk(await admin.fetch("/api/career-background/upsert", { body: form }), "career upsert");
    const image = queryOne<{ image: string }>("SELECT image FROM career_images ORDER BY position LIMIT 1").image;
    expect(before).not.toContain(image);
    expect(await visitText("/career-background")).toContain(image);
  });

  test("a reel's video link refreshed from Instagram (during another visitor's request)", async () => {
    const reel = queryOne<{ id: number; link: string }>("SELECT id, link FROM reels ORDER BY id LIMIT 1");
    const pathname = reelPathIn(app, reel.id);
    const stale = "https://stale.example/old-video.mp4";
    behindTheBack("UPDATE reels SET link = ?, link_checked_at = ? WHERE id = ?", stale, new Date().toISOString(), reel.id);
    expect(await visitText(pathname)).toContain(stale);
    // Two days old: the next render asks Instagram (the demo feed) again.
    behindTheBack("UPDATE reels SET link_checked_at = ? WHERE id = ?", new Date(Date.now() - 2 * 86_400_000).toISOString(), reel.id);
    expect(await visitText(pathname), "still cached").toContain(stale);
    await admin.fetch(pathname);
    expect(queryOne<{ link: string }>("SELECT link FROM reels WHERE id = ?", reel.id).link).not.toBe(stale);
    expect(await visitText(pathname)).not.toContain(stale);
  });

  test("Instagram token saved", async () => {
    await expectWriteEmptiesCache("/", async () => {
      const response = await admin.fetch("/instagram-token", { form: { token: "DEMO" } });
      expect(response.status).toBe(302);
    });
  });

  test("a start that seeds or changes the admin", async () => {
    const build = await import(pathToFileURL(path.resolve("build/index.js")).href);
    await expectWriteEmptiesCache("/", () => build.entry.module.prepareServer(() => {}));
  });
});
