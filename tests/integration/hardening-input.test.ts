// Issue 8 "input rigor", tried again over HTTP against the real built app: strict ids, visible names,
// no control characters (issue 28 item 7), the reel viewer's not-found page, Instagram links, a
// category deleted while a reel is registered, parallel image edits, and the quarantine never served.
// Runs about 5 s.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, test, expect } from "vitest";

import { ADMIN_ID, startApp, type TestApp } from "../support/app";
import { parseHtml } from "../support/dom";
import { expectPresent } from "../support/expect-present";
import { Client } from "../support/http";
import { expectLogged } from "../support/log-guard";
import { adminClient, formatLogs, isClientErrorLog, openDb, queryOneIn, readHomeMenu, visibleHtml } from "./_helpers";
import { assertUploadsMatchDb, makeImage, multipart } from "./_uploads";

const TOKEN = "IGQVJ-hardening-token";
const GOOD = "18000000000000001";
const BAD_LINKS = "18000000000000002";
const RACED = "18000000000000003";
const REDIRECTED = "18000000000000004";

/**
 * A stand-in for graph.instagram.com speaking its JSON. One media's answer can be held back, so a
 * test can act while the app waits for Instagram.
 */
async function startGraph() {
  const poster = fs.readFileSync(path.resolve("public/demo/reels/poster-1.jpg"));
  let origin = "";
  let held: { arrived: () => void; release: Promise<void> } | null = null;
  let oversized = false;
  // Another host: a poster redirect may not lead here.
  const elsewhereHits: string[] = [];
  const elsewhere = http.createServer((req, res) => {
    elsewhereHits.push(req.url ?? "");
    res.writeHead(200, { "Content-Type": "image/jpeg" }).end(poster);
  });
  elsewhere.listen(0, "127.0.0.1");
  await new Promise((resolve) => elsewhere.once("listening", resolve));
  const elsewhereOrigin = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
  const items = () => [
    {
      id: GOOD,
      media_type: "VIDEO",
      media_url: `${origin}/cdn/v/${GOOD}.mp4`,
      thumbnail_url: `${origin}/cdn/t/${GOOD}.jpg`,
      permalink: "https://www.instagram.com/reel/GOOD/",
      timestamp: "2025-06-30T03:00:00+0000",
      caption: "좋은 릴스",
    },
    {
      id: BAD_LINKS,
      media_type: "VIDEO",
      media_url: "http://scontent.cdninstagram.com/v/plain-http.mp4",
      thumbnail_url: "https://evil.example/poster.jpg",
      permalink: "javascript:alert(1)",
      timestamp: "2025-06-29T03:00:00+0000",
      caption: "나쁜 링크",
    },
    {
      id: RACED,
      media_type: "VIDEO",
      media_url: `${origin}/cdn/v/${RACED}.mp4`,
      thumbnail_url: `${origin}/cdn/t/${RACED}.jpg`,
      permalink: "https://instagram.com.evil.example/reel/RACED/",
      timestamp: "2025-06-28T03:00:00+0000",
      caption: "경쟁",
    },
    {
      id: REDIRECTED,
      media_type: "VIDEO",
      media_url: `${origin}/cdn/v/${REDIRECTED}.mp4`,
      thumbnail_url: `${origin}/cdn/redirect/${REDIRECTED}.jpg`,
      permalink: "https://www.instagram.com/reel/REDIRECTED/",
      timestamp: "2025-06-27T03:00:00+0000",
      caption: "다른 곳으로",
    },
  ];
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", origin);
    if (url.pathname.startsWith("/cdn/redirect/")) return void res.writeHead(302, { Location: `${elsewhereOrigin}/poster.jpg` }).end();
    if (url.pathname.startsWith("/cdn/")) return void res.writeHead(200, { "Content-Type": "image/jpeg" }).end(poster);
    res.setHeader("Content-Type", "application/json");
    if (url.pathname === "/me/media" && oversized) {
      const filler = "가".repeat(1024 * 1024);
      return void res.end(JSON.stringify({ data: items().map((item) => ({ ...item, caption: filler })), paging: {} }));
    }
    if (url.pathname === "/me/media") return void res.end(JSON.stringify({ data: items(), paging: {} }));
    const item = items().find((candidate) => `/${candidate.id}` === url.pathname);
    if (!item) return void res.writeHead(400).end(JSON.stringify({ error: { message: "no such object", code: 100 } }));
    if (item.id === RACED && held) {
      held.arrived();
      await held.release;
    }
    res.end(JSON.stringify(item));
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    /** Holds back the next answer for RACED: resolves `arrived` when the app asks, answers on `release()`. */
    holdRaced() {
      let arrived!: () => void;
      let release!: () => void;
      const arrival = new Promise<void>((resolve) => (arrived = resolve));
      held = { arrived, release: new Promise<void>((resolve) => (release = resolve)) };
      return { arrival, release: () => ((held = null), release()) };
    },
    elsewhereHits,
    /** /me/media answers about 12 MB of JSON. */
    setOversized(value: boolean) {
      oversized = value;
    },
    close: () => Promise.all([new Promise((resolve) => server.close(resolve)), new Promise((resolve) => elsewhere.close(resolve))]),
  };
}

let graph: Awaited<ReturnType<typeof startGraph>>;
let app: TestApp;
let admin: Client;

beforeAll(async () => {
  graph = await startGraph();
  app = await startApp({ INSTAGRAM_GRAPH_URL: graph.origin, INSTAGRAM_ACCESS_TOKEN: TOKEN, UPLOAD_MAX_MB: "1" });
  admin = await adminClient(app);
});
afterAll(async () => {
  await app.close();
  await graph.close();
});

async function json(response: Response, status: number, label: string) {
  const text = await response.text();
  expect(response.status, `${label}: ${text.slice(0, 300)}`).toBe(status);
  return JSON.parse(text) as Record<string, unknown> & { errMsg: string; errCode: string };
}

async function insertCategory(name: string) {
  const body = await json(
    await admin.fetch("/api/reels-category/insert", { body: multipart({ categoryNm: name, isView: "true" }) }),
    200,
    "category insert",
  );
  return (body.reelsCategorys as { index: number }[])[0]!.index;
}

function productNames() {
  const db = openDb(app);
  try {
    return db.prepare("SELECT id, name FROM products ORDER BY id").all() as { id: number; name: string }[];
  } finally {
    db.close();
  }
}

describe("ids are positive integers, as a JSON number or a plain digit string", () => {
  test.each([["0x10"], [" 1"], ["1e1"], [true], [[1]], [1.5], [-1]])(
    "product delete with index %j: 400, nothing deleted",
    async (index) => {
      const before = productNames();
      const body = await json(await admin.fetch("/api/product-list/delete", { json: { productLists: [{ index }] } }), 400, "delete");
      expect(body.errCode).toBe("VALIDATION");
      expect(productNames()).toStrictEqual(before);
    },
  );

  test.each([[true], [[1]], ["0x1"], [" 1"]])("reel rename with index %j: 400", async (index) => {
    const body = await json(await admin.fetch("/api/reels/update", { json: { index, reelsNm: "바뀐 이름" } }), 400, "update");
    expect(body.errCode).toBe("VALIDATION");
  });

  test("a digit string still names the record", async () => {
    const [first] = productNames();
    expectPresent(first);
    await json(await admin.fetch("/api/product-list/delete", { json: { productLists: [{ index: String(first.id) }] } }), 200, "delete");
    expect(productNames().some((row) => row.id === first.id)).toBeFalsy();
  });
});

describe("names must show something", () => {
  test.each([["\u200b\u200b\u200b"], ["\u202e\u2066\u2069"], ["\u3164\u3164"]])(
    "a category named %j is refused with the Korean message",
    async (categoryNm) => {
      const body = await json(await admin.fetch("/api/reels-category/insert", { body: multipart({ categoryNm }) }), 400, "insert");
      expect(body.errMsg).toBe("카테고리 이름을 입력해 주세요.");
    },
  );

  test("bidi controls are stripped from a name that shows something", async () => {
    const id = await insertCategory("\u202e놀이\u202c 치료");
    const db = openDb(app);
    try {
      expect((db.prepare("SELECT name FROM reel_categories WHERE id = ?").get(id) as { name: string }).name).toBe("놀이 치료");
    } finally {
      db.close();
    }
  });
});

const ONE_LINE = "줄바꿈, 탭 등 보이지 않는 제어 문자는 쓸 수 없습니다. 한 줄로 입력해 주세요.";
const MULTI_LINE = "보이지 않는 제어 문자가 들어 있습니다(줄바꿈과 탭은 쓸 수 있습니다). 붙여 넣은 글이라면 그 부분을 다시 입력해 주세요.";
/** NUL, BEL, ESC (an escape sequence, as a terminal would colour text), CR, LF and CRLF. */
const CONTROLS: [string, string][] = [
  ["NUL", "\u0000"],
  ["BEL", "\u0007"],
  ["ESC", "\u001b[31m"],
  ["CR", "\r"],
  ["LF", "\n"],
  ["CRLF", "\r\n"],
];

/** The messages shown beside a page form's field: the errors its `aria-describedby` names. */
function errorsBeside(html: string, name: string) {
  const page = parseHtml(html);
  const field = page.querySelector(`[name="${name}"]`);
  expectPresent(field, `the form has a field named ${name}`);
  const described = (field.getAttribute("aria-describedby") ?? "").split(/\s+/).filter(Boolean);
  return described
    .map((id) => page.getElementById(id))
    .flatMap((element) => (element?.classList.contains("field__error") ? [element.textContent] : []));
}

function productByName(name: string) {
  return queryOneIn<{ name: string; description: string } | undefined>(app, "SELECT name, description FROM products WHERE name = ?", name);
}

function categoryCount() {
  return queryOneIn<{ count: number }>(app, "SELECT count(*) AS count FROM reel_categories").count;
}

describe("control characters: one-line fields refuse them, multi-line fields keep only their line breaks", () => {
  test.each(CONTROLS)(
    "a product name with %s: the API answers 400 with the message for the field, nothing stored",
    async (_name, control) => {
      const before = productNames();
      const response = await admin.fetch("/api/product-list/insert", {
        body: multipart({ productsNm: `기저귀${control}커버`, isView: "true" }),
      });
      const body = await json(response, 400, "insert");
      expect({ errMsg: body.errMsg, errCode: body.errCode, fieldErrors: body.fieldErrors }).toEqual({
        errMsg: ONE_LINE,
        errCode: "VALIDATION",
        fieldErrors: { productsNm: [ONE_LINE] },
      });
      expect(productNames()).toEqual(before);
    },
  );

  test.each(CONTROLS)(
    "a product name with %s on the page form: 400, the message beside the field, nothing stored",
    async (_name, control) => {
      const before = productNames();
      const response = await admin.fetch("/product-upsert/0", { body: multipart({ productsNm: `기저귀${control}커버`, isView: "true" }) });
      expect(response.status).toBe(400);
      expect(errorsBeside(await response.text(), "productsNm")).toEqual([ONE_LINE]);
      expect(productNames()).toEqual(before);
    },
  );

  test("a category name with an escape sequence on the page form: 400 beside the field, nothing stored", async () => {
    const before = categoryCount();
    const response = await admin.fetch("/reels-category-upsert/0", {
      body: multipart({ categoryNm: "놀이\u001b[2J치료", isView: "true" }),
    });
    expect(response.status).toBe(400);
    expect(errorsBeside(await response.text(), "categoryNm")).toEqual([ONE_LINE]);
    expect(categoryCount()).toBe(before);
  });

  test.each(CONTROLS)("a menu name with %s: the API and the page form answer 400, the menu is unchanged", async (_name, control) => {
    const before = readHomeMenu(app);
    const api = await json(await admin.fetch("/api/home/update", { json: { homeMenuNm: `홈${control}화면` } }), 400, "menu update");
    expect({ errMsg: api.errMsg, fieldErrors: api.fieldErrors }).toEqual({ errMsg: ONE_LINE, fieldErrors: { homeMenuNm: [ONE_LINE] } });
    const page = await admin.fetch("/home-update", {
      form: {
        intent: "confirm",
        homeChecked: "on",
        homeMenuNm: `홈${control}화면`,
        homeView: "show",
        reelsView: "show",
        productsView: "show",
      },
    });
    expect(page.status).toBe(400);
    expect(errorsBeside(await page.text(), "homeMenuNm")).toEqual([ONE_LINE]);
    expect(readHomeMenu(app)).toEqual(before);
  });

  test("a login id with NUL: 400 with the message, no session", async () => {
    const visitor = new Client(app.origin);
    const body = await json(await visitor.fetch("/api/login", { json: { id: `${ADMIN_ID}\u0000`, pw: "any-password-1" } }), 400, "login");
    expect(body.errMsg).toBe(ONE_LINE);
    expect(visitor.cookies.size).toBe(0);
  });

  test("a description keeps its line breaks (CRLF as LF) through the API and the page form", async () => {
    const sent = "부드러운 소재예요.\r\n\r\n- 대형\r\n- 중형";
    const kept = "부드러운 소재예요.\n\n- 대형\n- 중형";
    const api = await json(
      await admin.fetch("/api/product-list/insert", {
        body: multipart({ productsNm: "줄바꿈 설명 API", description: sent, isView: "true" }),
      }),
      200,
      "insert",
    );
    expect(
      (api.productLists as { productNm: string; description: string }[]).find((item) => item.productNm === "줄바꿈 설명 API")?.description,
    ).toBe(kept);
    expect(productByName("줄바꿈 설명 API")?.description).toBe(kept);
    const page = await admin.fetch("/product-upsert/0", {
      body: multipart({ productsNm: "줄바꿈 설명 페이지", description: sent, isView: "true" }),
    });
    expect(page.status).toBe(302);
    expect(productByName("줄바꿈 설명 페이지")?.description).toBe(kept);
  });

  test("a description with BEL or ESC: 400 with the multi-line message beside the field, nothing stored", async () => {
    const api = await json(
      await admin.fetch("/api/product-list/insert", {
        body: multipart({ productsNm: "제어 문자 설명", description: "첫 줄\r\n\u0007둘째 줄", isView: "true" }),
      }),
      400,
      "insert",
    );
    expect(api.fieldErrors).toEqual({ description: [MULTI_LINE] });
    const page = await admin.fetch("/product-upsert/0", {
      body: multipart({ productsNm: "제어 문자 설명", description: "\u001b[31m빨강", isView: "true" }),
    });
    expect(page.status).toBe(400);
    expect(errorsBeside(await page.text(), "description")).toEqual([MULTI_LINE]);
    expect(productByName("제어 문자 설명")).toBe(undefined);
  });
});

describe("the reel viewer's not-found page", () => {
  test("shows no text taken from the URL", async () => {
    const fake = "공지: 이 사이트는 폐쇄되었습니다 — 아래 번호로 연락하세요 010-0000-0000";
    const info = encodeURIComponent(JSON.stringify({ id: 987654, mediaId: fake, reelsNm: fake }));
    const response = await fetch(`${app.origin}/reels-content/${info}`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(visibleHtml(html)).toContain("릴스가 존재하지 않습니다.");
    expect(html, "the URL's text is not on the page").not.toContain("폐쇄되었습니다");
  });
});

describe("Instagram links", () => {
  type Media = { mediaId: string; permalink: string | null; link: string | null; image: string | null };

  test("only https links on Instagram's own hosts reach the page; others are dropped", async () => {
    const body = await json(await admin.fetch("/api/reels/insta-media/list"), 200, "list");
    const list = body.instaMediaList as Media[];
    const good = list.find((item) => item.mediaId === GOOD)!;
    expect(good.permalink).toBe("https://www.instagram.com/reel/GOOD/");
    expect(good.link).toBe(`${graph.origin}/cdn/v/${GOOD}.mp4`);
    const bad = list.find((item) => item.mediaId === BAD_LINKS)!;
    expect({ permalink: bad.permalink, link: bad.link, image: bad.image }).toStrictEqual({ permalink: null, link: null, image: null });
    expect(list.find((item) => item.mediaId === RACED)!.permalink, "a look-alike host is not Instagram").toBe(null);
  });

  test("a category deleted while Instagram is asked: the reel insert answers 404 in Korean, stores nothing", async () => {
    const categoryId = await insertCategory("곧 지워질 카테고리");
    const hold = graph.holdRaced();
    const insert = admin.fetch("/api/reels/insert", { json: { reelsNm: "경쟁 릴스", reelsCategoryID: categoryId, mediaId: RACED } });
    await hold.arrival;
    await json(await admin.fetch("/api/reels-category/delete", { json: { reelsCategorys: [{ index: categoryId }] } }), 200, "delete");
    hold.release();
    const body = await json(await insert, 404, "insert");
    expect(body.errCode).toBe("NOT_FOUND");
    expect(body.errMsg).toMatch(/[\uAC00-\uD7AF]/);
    assertUploadsMatchDb(app, "after the race");
  });
});

describe("what Instagram sends is bounded", () => {
  test("a poster redirected to another host is not fetched from it; the reel is not stored half-made", async () => {
    const categoryId = await insertCategory("리다이렉트 확인");
    expectLogged(
      "the refused redirect",
      (entry) => entry.msg === "instagram poster not copied" && String(entry.reason).includes("not followed"),
    );
    const body = await json(
      await admin.fetch("/api/reels/insert", { json: { reelsNm: "리다이렉트", reelsCategoryID: categoryId, mediaId: REDIRECTED } }),
      502,
      "insert",
    );
    expect(body.errCode).toBe("INSTAGRAM_UNAVAILABLE");
    expect(graph.elsewhereHits, "the redirect's target was never asked").toStrictEqual([]);
    assertUploadsMatchDb(app, "after the refused redirect");
  });

  test("an oversized Graph answer is refused (502 in Korean), not read whole", async () => {
    graph.setOversized(true);
    expectLogged(
      "the refused answer",
      (entry) => entry.msg === "instagram call failed" && String(entry.reason).includes("answer larger than"),
    );
    try {
      const body = await json(await admin.fetch("/api/reels/insta-media/list"), 502, "list");
      expect(body.errCode).toBe("INSTAGRAM_UNAVAILABLE");
      expect(body.errMsg).toMatch(/[\uAC00-\uD7AF]/);
    } finally {
      graph.setOversized(false);
    }
  });
});

describe("an upload refused part-way", () => {
  test("fetch() reads the Korean 413 of a file over UPLOAD_MAX_MB (the rest of the body is drained)", async () => {
    const big = Buffer.concat([await makeImage("png"), Buffer.alloc(1536 * 1024, 7)]);
    const response = await admin.fetch("/api/product-list/insert", {
      body: multipart({ productsNm: "큰 파일", isView: "true" }, { imageFile: [big, "big.png", "image/png"] }),
    });
    const body = await json(response, 413, "insert");
    expect(body).toStrictEqual({
      errMsg: "파일이 너무 큽니다. 1MB 이하의 이미지를 올려 주세요.",
      errCode: "FILE_TOO_LARGE",
      requestId: response.headers.get("x-request-id"),
    });
    assertUploadsMatchDb(app, "after the refused upload");
  });
});

describe("parallel edits of one product's image", () => {
  test("six edits at once leave exactly one image file for the product, no stray", async () => {
    const created = await json(
      await admin.fetch("/api/product-list/insert", {
        body: multipart({ productsNm: "동시 수정", isView: "true" }, { imageFile: [await makeImage("png"), "a.png", "image/png"] }),
      }),
      200,
      "insert",
    );
    const index = (created.productLists as { index: number }[])[0]!.index;
    const colors = ["#111111", "#222222", "#333333", "#444444", "#555555", "#666666"];
    const edits = await Promise.all(
      colors.map(async (color) =>
        admin.fetch("/api/product-list/update", {
          body: multipart(
            { index: String(index), productsNm: "동시 수정", isView: "true" },
            { imageFile: [await makeImage("png", { color }), "b.png", "image/png"] },
          ),
        }),
      ),
    );
    for (const response of edits) await json(response, 200, "edit");
    assertUploadsMatchDb(app, "after six parallel edits");
  });
});

describe("the uploads folder's own files are never served", () => {
  test.each(["/uploads/.site/owner", "/uploads/.site/quarantine/", "/uploads/%2Esite/owner"])("%s is not served", async (pathname) => {
    const response = await fetch(`${app.origin}${pathname}`);
    expect(response.status).not.toBe(200);
    expect((await response.text()).match(/^[0-9a-f-]{36}\s*$/), "the marker's id is not shown").toBeFalsy();
  });

  test("the ownership marker exists (written at the first start)", () => {
    expect(fs.readFileSync(path.join(app.uploadsDir, ".site", "owner"), "utf8")).toMatch(/^[0-9a-f-]{36}\s*$/);
  });
});

test("no unexpected console errors", () => {
  const unexpected = app.problems.filter((args) => !isClientErrorLog(args));
  expect(unexpected.length, formatLogs(unexpected)).toBe(0);
});
