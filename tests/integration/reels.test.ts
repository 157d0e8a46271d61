// Reels end to end against the real built app and a local fake of the Instagram Graph API: every
// /api/reels-category* and /api/reels/* call of SPEC §7, the page forms (no JS), the viewer, token
// expiry, CDN expiry, visibility, and UPLOADS_DIR matching the database after every change.
// Run: NODE_ENV=production node --import tsx --test tests/integration/reels.test.ts
import { afterAll, beforeAll, describe, test } from "vitest";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

import { ko } from "~/copy/ko";
import { startApp, type TestApp } from "../support/app";
import { fakeVideos, startFakeGraph, type FakeGraph, type FakeMediaItem } from "../support/fake-graph";
import { Client } from "../support/http";
import { adminClient, EVIL_ORIGIN, formatLogs, HANGUL, isClientErrorLog, openDb, visibleHtml } from "./_helpers";
import { assertUploadsMatchDb, makeImage, multipart, uploadFiles, uploadName } from "./_uploads";

const TOKEN = "test-token";

let fake: FakeGraph;
let app: TestApp;
let admin: Client;
let visitor: Client;

// The fake feed: 120 reels one a day back from 2025-06-30 12:00 KST, a few around a Korean midnight,
// one with markup in its caption, and two posts that are not videos.
let videos: FakeMediaItem[] = [];
const KST_EDGE = "18100000000000001"; // 2024-05-20T15:30:00+0000 = 2024-05-21 00:30:00 KST
const KST_NEXT = "18100000000000002"; // 2024-05-21T15:30:00+0000 = 2024-05-22 00:30:00 KST
const KST_BEFORE = "18100000000000003"; // 2024-05-20T14:59:59+0000 = 2024-05-20 23:59:59 KST
const MARKUP = "18100000000000004";
const IMAGE_POST = "17000000000000001";
const CAROUSEL_POST = "17000000000000002";
const MARKUP_CAPTION = `<b>굵게</b> & <script>alert("reel")</script>\n둘째 줄 'quote'`;

function special(id: string, timestamp: string, caption: string): FakeMediaItem {
  return {
    id,
    caption,
    media_type: "VIDEO",
    media_product_type: "REELS",
    media_url: `${fake.origin}/cdn/v/${id}.mp4?oe=ABCDEF`,
    thumbnail_url: `${fake.origin}/cdn/t/${id}.jpg?oe=ABCDEF`,
    permalink: `https://www.instagram.com/reel/SPECIAL${id.slice(-2)}/`,
    timestamp,
  };
}

beforeAll(async () => {
  fake = await startFakeGraph();
  videos = fakeVideos(fake.origin, 120);
  fake.setMedia([
    ...videos,
    special(KST_EDGE, "2024-05-20T15:30:00+0000", "자정 넘어 올린 릴스"),
    special(KST_NEXT, "2024-05-21T15:30:00+0000", "다음 날 릴스"),
    special(KST_BEFORE, "2024-05-20T14:59:59+0000", "자정 직전 릴스"),
    special(MARKUP, "2024-06-01T00:00:00+0000", MARKUP_CAPTION),
    {
      id: IMAGE_POST,
      caption: "사진 게시물",
      media_type: "IMAGE",
      media_product_type: "FEED",
      media_url: `${fake.origin}/cdn/i/1.jpg`,
      permalink: "https://www.instagram.com/p/IMG1/",
      timestamp: "2025-06-29T10:00:00+0000",
    },
    {
      id: CAROUSEL_POST,
      caption: "앨범 게시물",
      media_type: "CAROUSEL_ALBUM",
      media_product_type: "FEED",
      media_url: `${fake.origin}/cdn/i/2.jpg`,
      permalink: "https://www.instagram.com/p/ALB1/",
      timestamp: "2025-06-28T10:00:00+0000",
    },
  ]);
  app = await startApp({ INSTAGRAM_GRAPH_URL: fake.origin, INSTAGRAM_ACCESS_TOKEN: TOKEN, SEED_DEMO: "1" });
  admin = await adminClient(app);
  visitor = new Client(app.origin);
  assertUploadsMatchDb(app, "after start (demo seed)");
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
});

// ---------------------------------------------------------------------------------------------
// Helpers

type CategoryItem = { index: number; categoryNm: string; title: string; description: string; image: string | null; isView: boolean; reelsCount: number };
type ReelItem = {
  index: number;
  id: number;
  reelsNm: string;
  image: string | null;
  instaRegDate: string;
  mediaId: string;
  caption: string;
  reelsCategoryID: number;
  permalink: string | null;
};
type InstaMedia = { id: string; mediaId: string; image: string | null; instaRegDate: string; link: string | null; caption: string; permalink: string | null };
type ApiBody = {
  errMsg: string;
  errCode: string;
  reelsCategorys?: CategoryItem[];
  reelsLists?: ReelItem[];
  count?: number;
  instaMediaList?: InstaMedia[];
  reels?: { id: number; image: string | null; link: string | null; caption: string; mediaId: string; reelsNm: string };
  deleted?: unknown;
};
type CategoryRow = { id: number; name: string; description: string; image: string | null; is_view: number };
type ReelRow = {
  id: number;
  category_id: number;
  name: string;
  media_id: string;
  permalink: string | null;
  image: string | null;
  link: string | null;
  link_checked_at: string | null;
  caption: string;
  insta_reg_date: string;
};

function query<T>(sql: string, ...params: unknown[]): T[] {
  const db = openDb(app);
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}
function run(sql: string, ...params: unknown[]) {
  const db = openDb(app);
  try {
    db.prepare(sql).run(...params);
  } finally {
    db.close();
  }
}
const categoryRow = (id: number) => query<CategoryRow>("SELECT * FROM reel_categories WHERE id = ?", id)[0];
const categoryRows = () => query<CategoryRow>("SELECT * FROM reel_categories ORDER BY id");
const reelRow = (id: number) => query<ReelRow>("SELECT * FROM reels WHERE id = ?", id)[0];
const reelRows = () => query<ReelRow>("SELECT * FROM reels ORDER BY id");
const reelsOf = (categoryId: number) => query<ReelRow>("SELECT * FROM reels WHERE category_id = ? ORDER BY id", categoryId);
const uploadPath = (name: string) => path.join(app.uploadsDir, name);

function htmlText(text: string) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
}

async function apiJson(response: Response, status: number, label: string): Promise<ApiBody> {
  const text = await response.text();
  assert.equal(response.status, status, `${label}: status ${response.status}: ${text.slice(0, 300)}`);
  assert.match(response.headers.get("content-type") ?? "", /application\/json/, `${label}: JSON answer`);
  const body = JSON.parse(text) as ApiBody;
  assert.equal(typeof body.errMsg, "string", `${label}: errMsg key`);
  assert.equal(typeof body.errCode, "string", `${label}: errCode key`);
  if (status >= 400) assert.match(body.errMsg, HANGUL, `${label}: Korean errMsg`);
  return body;
}

function assertRedirect(response: Response, pathname: string, label: string) {
  assert.ok([301, 302, 303].includes(response.status), `${label}: expected a redirect, got ${response.status}`);
  assert.equal(new URL(response.headers.get("location")!, app.origin).pathname, pathname, `${label}: redirect target`);
}

async function page(client: Client, pathname: string) {
  const response = await client.fetch(pathname);
  return { status: response.status, html: await response.text() };
}

function post(client: Client, pathname: string, body: FormData | URLSearchParams, headers: Record<string, string> = {}) {
  return client.fetch(pathname, { method: "POST", body, headers });
}

const info = (payload: unknown) => encodeURIComponent(JSON.stringify(payload));
const contentPath = (reel: { id: number; mediaId: string; reelsNm: string }) =>
  `/reels-content/${info({ id: reel.id, mediaId: reel.mediaId, reelsNm: reel.reelsNm })}`;

async function instaList(params: Record<string, string> = {}, client = admin, status = 200) {
  const search = new URLSearchParams(params).toString();
  return apiJson(await client.fetch(`/api/reels/insta-media/list${search ? `?${search}` : ""}`), status, `insta-media/list?${search}`);
}

async function insertReel(body: Record<string, unknown>, status = 200, client = admin) {
  return apiJson(await client.fetch("/api/reels/insert", { json: body }), status, `reels/insert ${JSON.stringify(body)}`);
}

async function insertCategory(fields: Record<string, string | undefined>, file?: [Buffer | string, string, string], status = 200) {
  const response = await post(admin, "/api/reels-category/insert", multipart(fields, file ? { imageFile: file } : {}));
  return apiJson(response, status, `reels-category/insert ${fields.categoryNm}`);
}

/** The API answers with a refusal and nothing in the database or UPLOADS_DIR changed. */
async function assertRefused(label: string, call: () => Promise<Response>, status: number, expected: { errCode?: string; errMsg?: string } = {}) {
  const before = { categories: categoryRows(), reels: reelRows(), files: uploadFiles(app) };
  const body = await apiJson(await call(), status, label);
  if (expected.errCode) assert.equal(body.errCode, expected.errCode, `${label}: errCode`);
  if (expected.errMsg) assert.equal(body.errMsg, expected.errMsg, `${label}: errMsg`);
  assert.deepEqual({ categories: categoryRows(), reels: reelRows(), files: uploadFiles(app) }, before, `${label}: nothing changed`);
  assertUploadsMatchDb(app, label);
  return body;
}

// ---------------------------------------------------------------------------------------------

let categoryId = 0; // the category the API suite creates
const categoryName = "소근육 놀이 모음";

describe("reels categories through the API", () => {
  test("GET /api/reels-category → {reelsCategorys} with the seeded categories", async () => {
    const body = await apiJson(await visitor.fetch("/api/reels-category"), 200, "reels-category");
    assert.ok(Array.isArray(body.reelsCategorys) && body.reelsCategorys.length >= 1);
    const first = body.reelsCategorys[0]!;
    for (const key of ["index", "categoryNm", "image", "description", "isView"]) assert.ok(key in first, `item has ${key}`);
  });

  test("POST /api/reels-category/insert (multipart with image) → {reelsCategorys:[item]}, row and file", async () => {
    const png = await makeImage("png", { width: 500, height: 500 });
    const body = await insertCategory({ categoryNm: categoryName, description: "손 힘을 기르는 놀이", isView: "true", index: "1" }, [png, "cat.png", "image/png"]);
    const item = body.reelsCategorys?.[0];
    assert.ok(item);
    categoryId = item.index;
    assert.ok(categoryId > 1, "register ignores a posted index");
    assert.equal(item.categoryNm, categoryName);
    assert.equal(item.isView, true);
    assert.equal(item.reelsCount, 0);
    const row = categoryRow(categoryId)!;
    assert.equal(row.name, categoryName);
    assert.equal(row.image, uploadName(item.image));
    assert.ok(row.image && fs.existsSync(uploadPath(row.image)), "image stored");
    assertUploadsMatchDb(app, "category insert");
  });

  test("category insert refusals: no name → 400, an SVG → 415, a visitor → 401, another origin → 403; nothing stored", async () => {
    await assertRefused("no name", () => post(admin, "/api/reels-category/insert", multipart({ categoryNm: " ", isView: "true" })), 400, {
      errMsg: ko.reels.categoryNameRequired,
    });
    const svg = `<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`;
    await assertRefused("svg", () => post(admin, "/api/reels-category/insert", multipart({ categoryNm: "SVG" }, { imageFile: [svg, "c.png", "image/png"] })), 415, {
      errCode: "UNSUPPORTED_FILE_TYPE",
    });
    const png = await makeImage("png");
    await assertRefused("visitor", () => post(visitor, "/api/reels-category/insert", multipart({ categoryNm: "방문자" }, { imageFile: [png, "c.png", "image/png"] })), 401, {
      errCode: "UNAUTHORIZED",
    });
    await assertRefused(
      "evil origin",
      () => post(admin, "/api/reels-category/insert", multipart({ categoryNm: "악성" }, { imageFile: [png, "c.png", "image/png"] }), { Origin: EVIL_ORIGIN }),
      403,
      { errCode: "FORBIDDEN_ORIGIN" },
    );
  });

  test("POST /api/reels-category/update renames and replaces the image (old file removed)", async () => {
    const oldImage = categoryRow(categoryId)!.image!;
    await apiJson(
      await post(admin, "/api/reels-category/update", multipart({ index: String(categoryId), categoryNm: `${categoryName} 2`, description: "수정", isView: "true", hasImage: "true" })),
      200,
      "rename keeping the image",
    );
    assert.equal(categoryRow(categoryId)!.name, `${categoryName} 2`);
    assert.equal(categoryRow(categoryId)!.image, oldImage, "image kept");
    assertUploadsMatchDb(app, "category rename");

    const jpeg = await makeImage("jpeg", { width: 300, height: 300 });
    const body = await apiJson(
      await post(admin, "/api/reels-category/update", multipart({ index: String(categoryId), categoryNm: categoryName, isView: "true" }, { imageFile: [jpeg, "n.jpg", "image/jpeg"] })),
      200,
      "replace image",
    );
    assert.equal(body.reelsCategorys?.[0]?.categoryNm, categoryName);
    const row = categoryRow(categoryId)!;
    assert.ok(row.image && row.image !== oldImage && row.image.endsWith(".jpg"));
    assert.ok(!fs.existsSync(uploadPath(oldImage)), "old image removed");
    assertUploadsMatchDb(app, "category replace image");

    await assertRefused("update without index", () => post(admin, "/api/reels-category/update", multipart({ categoryNm: "x" })), 400, { errMsg: ko.errors.indexRequired });
    await assertRefused("update unknown", () => post(admin, "/api/reels-category/update", multipart({ index: "987654", categoryNm: "x" })), 404, {
      errMsg: ko.reels.categoryNotFound,
    });
  });

  test("GET /api/reels-category/search?keyword= matches names literally", async () => {
    const body = await apiJson(await visitor.fetch(`/api/reels-category/search?keyword=${encodeURIComponent("놀이 모음")}`), 200, "search");
    assert.deepEqual(body.reelsCategorys!.map((item) => item.index), [categoryId]);
    const both = await apiJson(await visitor.fetch(`/api/reels-category/search?keyword=${encodeURIComponent("소근육")}`), 200, "search 소근육");
    assert.ok(both.reelsCategorys!.length >= 2 && both.reelsCategorys!.every((item) => item.categoryNm.includes("소근육")), "every match, only matches");
    const none = await apiJson(await visitor.fetch(`/api/reels-category/search?keyword=${encodeURIComponent("%")}`), 200, "search %");
    assert.deepEqual(none.reelsCategorys, [], "% is not a wildcard");
    const all = await apiJson(await visitor.fetch("/api/reels-category/search"), 200, "search without keyword");
    assert.ok(all.reelsCategorys!.length >= 2, "no keyword lists all");
  });
});

describe("GET /api/reels/insta-media/list", () => {
  test("follows paging across pages (126 posts), leaves image posts out, newest first, with the token", async () => {
    fake.clearRequests();
    const body = await instaList();
    const list = body.instaMediaList!;
    assert.ok(Array.isArray(list));
    assert.equal(list.length, 124, "120 + 4 videos, no image or carousel post");
    const ids = list.map((item) => item.mediaId);
    assert.ok(!ids.includes(IMAGE_POST) && !ids.includes(CAROUSEL_POST), "image posts left out");
    assert.equal(new Set(ids).size, ids.length, "no duplicates");
    assert.equal(ids[0], videos[0]!.id, "newest first");
    assert.equal(ids.at(-1), KST_BEFORE, "oldest last");
    const dates = list.map((item) => item.instaRegDate);
    assert.deepEqual(dates, [...dates].sort().reverse(), "sorted newest first");
    const pages = fake.apiRequests().filter((request) => request.path.endsWith("/media"));
    assert.ok(pages.length >= 3, `more than one page fetched (${pages.length})`);
    assert.ok(pages.every((request) => request.accessToken === TOKEN), "every page with the token");
    const first = list.find((item) => item.mediaId === videos[0]!.id)!;
    assert.equal(first.caption, videos[0]!.caption);
    assert.equal(first.link, videos[0]!.media_url);
    assert.equal(first.image, videos[0]!.thumbnail_url);
    assert.equal(first.instaRegDate, "2025-06-30 12:00:00");
  });

  test("'2024-05-20T15:30:00+0000' is shown as instaRegDate '2024-05-21 00:30:00' (Korea time)", async () => {
    const list = (await instaList()).instaMediaList!;
    assert.equal(list.find((item) => item.mediaId === KST_EDGE)?.instaRegDate, "2024-05-21 00:30:00");
    assert.equal(list.find((item) => item.mediaId === KST_BEFORE)?.instaRegDate, "2024-05-20 23:59:59");
  });

  test("regDateFilter / endDateFilter are whole Korean days", async () => {
    const oneDay = (await instaList({ regDateFilter: "2024-05-21", endDateFilter: "2024-05-21" })).instaMediaList!;
    assert.deepEqual(oneDay.map((item) => item.mediaId), [KST_EDGE], "only the reel posted on 2024-05-21 KST");

    const june = (await instaList({ regDateFilter: "2025-06-01", endDateFilter: "2025-06-10" })).instaMediaList!;
    assert.equal(june.length, 10);
    assert.ok(june.every((item) => item.instaRegDate >= "2025-06-01" && item.instaRegDate < "2025-06-11"));
    assert.ok(june[0]!.instaRegDate > june.at(-1)!.instaRegDate, "newest first by default");

    const from = (await instaList({ regDateFilter: "2025-06-21" })).instaMediaList!;
    assert.equal(from.length, 10, "from 06-21 to 06-30");
    const to = (await instaList({ endDateFilter: "2024-05-20" })).instaMediaList!;
    assert.deepEqual(to.map((item) => item.mediaId), [KST_BEFORE]);
    const nulls = (await instaList({ regDateFilter: "null", endDateFilter: "" })).instaMediaList!;
    assert.equal(nulls.length, 124, "'null' and '' mean no bound");
  });

  test("checkedAscFilter=true lists oldest first", async () => {
    const june = (await instaList({ regDateFilter: "2025-06-01", endDateFilter: "2025-06-10", checkedAscFilter: "true" })).instaMediaList!;
    assert.equal(june.length, 10);
    assert.equal(june[0]!.instaRegDate.slice(0, 10), "2025-06-01");
    assert.equal(june.at(-1)!.instaRegDate.slice(0, 10), "2025-06-10");
    const all = (await instaList({ checkedAscFilter: "true" })).instaMediaList!;
    assert.equal(all[0]!.mediaId, KST_BEFORE);
    assert.equal(all.at(-1)!.mediaId, videos[0]!.id);
  });

  test("an invalid date → 400 ko.reels.invalidDate; end before start → 400 ko.reels.endBeforeStart", async () => {
    const invalid: Record<string, string>[] = [
      { regDateFilter: "2024-13-01" },
      { regDateFilter: "2024-02-30" },
      { regDateFilter: "20240501" },
      { endDateFilter: "2024/05/01" },
      { endDateFilter: "abc" },
    ];
    for (const params of invalid) {
      const body = await instaList(params, admin, 400);
      assert.equal(body.errMsg, ko.reels.invalidDate, JSON.stringify(params));
    }
    const body = await instaList({ regDateFilter: "2025-06-10", endDateFilter: "2025-06-01" }, admin, 400);
    assert.equal(body.errMsg, ko.reels.endBeforeStart);
  });

  test("a visitor → 401", async () => {
    const body = await instaList({}, visitor, 401);
    assert.equal(body.errCode, "UNAUTHORIZED");
  });
});

describe("registering, listing, renaming and deleting reels through the API", () => {
  let reel: ReelItem;

  test("POST /api/reels/insert {reelsNm, reelsCategoryID, mediaId} copies the poster and stores media id, permalink, caption", async () => {
    fake.clearRequests();
    const video = videos[0]!;
    const body = await insertReel({ reelsNm: "첫 번째 릴스", reelsCategoryID: categoryId, mediaId: video.id });
    reel = body.reelsLists![0]!;
    assert.equal(reel.reelsNm, "첫 번째 릴스");
    assert.equal(reel.mediaId, video.id);
    assert.equal(reel.permalink, video.permalink);
    assert.equal(reel.caption, video.caption);
    assert.equal(reel.reelsCategoryID, categoryId);
    assert.equal(reel.instaRegDate, "2025-06-30 12:00:00");
    const row = reelRow(reel.id)!;
    assert.equal(row.media_id, video.id);
    assert.equal(row.permalink, video.permalink);
    assert.equal(row.caption, video.caption);
    assert.equal(row.link, video.media_url);
    assert.ok(row.image, "poster column set");
    assert.equal(uploadName(reel.image), row.image);
    const poster = fs.readFileSync(uploadPath(row.image!));
    assert.equal((await sharp(poster).metadata()).format, "jpeg", "the poster is a stored image");
    assert.ok(fake.requests.some((request) => request.path === `/cdn/t/${video.id}.jpg`), "poster fetched from the CDN");
    assertUploadsMatchDb(app, "reel insert");
  });

  test("the same media twice in one category → 409; the same media in another category is a new reel", async () => {
    const body = await assertRefused("duplicate", () => admin.fetch("/api/reels/insert", { json: { reelsNm: "또", reelsCategoryID: categoryId, mediaId: videos[0]!.id } }), 409, {
      errCode: "ALREADY_REGISTERED",
      errMsg: ko.reels.alreadyRegistered,
    });
    assert.ok(body);
    const other = categoryRows().find((row) => row.id !== categoryId)!;
    const elsewhere = (await insertReel({ reelsNm: "다른 카테고리", reelsCategoryID: other.id, mediaId: videos[0]!.id })).reelsLists![0]!;
    assert.notEqual(elsewhere.image, reel.image, "its own poster copy");
    assertUploadsMatchDb(app, "same media elsewhere");
    await apiJson(await admin.fetch("/api/reels/delete", { json: { reelsLists: [{ index: elsewhere.id }] } }), 200, "cleanup");
    assertUploadsMatchDb(app, "same media elsewhere removed");
  });

  test("refusals: unknown media → 404, no name → 400, unknown category → 404, an image post → 400 not a video; nothing stored", async () => {
    await assertRefused("unknown media", () => admin.fetch("/api/reels/insert", { json: { reelsNm: "없음", reelsCategoryID: categoryId, mediaId: "18999999999999999" } }), 404, {
      errMsg: ko.instagram.mediaNotFound,
    });
    await assertRefused("no name", () => admin.fetch("/api/reels/insert", { json: { reelsNm: "", reelsCategoryID: categoryId, mediaId: videos[5]!.id } }), 400, {
      errMsg: ko.reels.reelNameRequired,
    });
    await assertRefused("bad media id", () => admin.fetch("/api/reels/insert", { json: { reelsNm: "x", reelsCategoryID: categoryId, mediaId: "../me" } }), 400, {
      errMsg: ko.reels.chooseItem,
    });
    await assertRefused("unknown category", () => admin.fetch("/api/reels/insert", { json: { reelsNm: "x", reelsCategoryID: 987654, mediaId: videos[5]!.id } }), 404, {
      errMsg: ko.reels.categoryNotFound,
    });
    await assertRefused("visitor", () => visitor.fetch("/api/reels/insert", { json: { reelsNm: "x", reelsCategoryID: categoryId, mediaId: videos[5]!.id } }), 401);
    await assertRefused(
      "evil origin",
      () => admin.fetch("/api/reels/insert", { json: { reelsNm: "x", reelsCategoryID: categoryId, mediaId: videos[5]!.id }, headers: { Origin: EVIL_ORIGIN } }),
      403,
      { errCode: "FORBIDDEN_ORIGIN" },
    );
    await assertRefused("text/plain body", () => admin.fetch("/api/reels/insert", { method: "POST", body: JSON.stringify({ reelsNm: "x", reelsCategoryID: categoryId, mediaId: videos[5]!.id }), headers: { "Content-Type": "text/plain" } }), 415);
  });

  test("an image post (not a video) cannot be registered by its id → 400 ko.reels.notAVideo", async () => {
    // The media list leaves image and carousel posts out; the register call must refuse them too,
    // or a 'reel' is stored whose video link is a photo and which has no poster.
    const failures: string[] = [];
    try {
      for (const mediaId of [IMAGE_POST, CAROUSEL_POST]) {
        await assertRefused(`${mediaId} (not a video)`, () => admin.fetch("/api/reels/insert", { json: { reelsNm: "사진", reelsCategoryID: categoryId, mediaId } }), 400, {
          errMsg: ko.reels.notAVideo,
        }).catch((error: Error) => failures.push(error.message.split("\n")[0]!));
      }
      assert.deepEqual(failures, [], "image and carousel posts are refused");
    } finally {
      // Keep the rest of the suite independent of this finding.
      const stray = reelRows().filter((row) => row.media_id === IMAGE_POST || row.media_id === CAROUSEL_POST);
      if (stray.length) await admin.fetch("/api/reels/delete", { json: { reelsLists: stray.map((row) => ({ index: row.id })) } });
      assertUploadsMatchDb(app, "image post cleanup");
    }
  });

  test("checkedFilter=true leaves out media already registered", async () => {
    const all = (await instaList({ regDateFilter: "2025-06-29" })).instaMediaList!.map((item) => item.mediaId);
    assert.ok(all.includes(videos[0]!.id));
    const unregistered = (await instaList({ regDateFilter: "2025-06-29", checkedFilter: "true" })).instaMediaList!.map((item) => item.mediaId);
    assert.ok(!unregistered.includes(videos[0]!.id), "the registered reel is left out");
    assert.deepEqual(unregistered, all.filter((id) => id !== videos[0]!.id));
  });

  test("POST /api/reels/update renames (poster, media and category unchanged)", async () => {
    const before = reelRow(reel.id)!;
    const body = await apiJson(await admin.fetch("/api/reels/update", { json: { index: reel.id, reelsNm: "이름 바꾼 릴스" } }), 200, "update");
    assert.equal(body.reelsLists?.[0]?.reelsNm, "이름 바꾼 릴스");
    const row = reelRow(reel.id)!;
    assert.equal(row.name, "이름 바꾼 릴스");
    assert.deepEqual({ ...row, name: before.name, updated_at: undefined }, { ...before, updated_at: undefined }, "only the name changed");
    assertUploadsMatchDb(app, "reel update");
    await assertRefused("update without index", () => admin.fetch("/api/reels/update", { json: { reelsNm: "x" } }), 400, { errMsg: ko.errors.indexRequired });
    await assertRefused("update unknown", () => admin.fetch("/api/reels/update", { json: { index: 987654, reelsNm: "x" } }), 404, { errMsg: ko.reels.reelNotFound });
    await assertRefused("update by visitor", () => visitor.fetch("/api/reels/update", { json: { index: reel.id, reelsNm: "x" } }), 401);
    reel = { ...reel, reelsNm: "이름 바꾼 릴스" };
  });

  test("GET /api/reels/list and /list-search → {count, reelsLists} with the right count", async () => {
    await insertReel({ reelsNm: "가위질 놀이", reelsCategoryID: categoryId, mediaId: videos[1]!.id });
    await insertReel({ reelsNm: "표시 테스트 <b>굵게</b>", reelsCategoryID: categoryId, mediaId: MARKUP });
    assertUploadsMatchDb(app, "two more reels");

    const list = await apiJson(await visitor.fetch(`/api/reels/list?reelsCategoryId=${categoryId}`), 200, "list");
    assert.equal(list.count, 3);
    assert.equal(list.reelsLists!.length, 3);
    assert.deepEqual(list.reelsLists!.map((item) => item.mediaId), [videos[0]!.id, videos[1]!.id, MARKUP], "newest on Instagram first");
    for (const key of ["index", "reelsNm", "image", "instaRegDate", "mediaId", "caption", "reelsCategoryID"]) assert.ok(key in list.reelsLists![0]!, `item has ${key}`);

    const search = await apiJson(await visitor.fetch(`/api/reels/list-search?reelsCategoryId=${categoryId}&keyword=${encodeURIComponent("가위")}`), 200, "list-search");
    assert.equal(search.count, 1);
    assert.deepEqual(search.reelsLists!.map((item) => item.reelsNm), ["가위질 놀이"]);
    const none = await apiJson(await visitor.fetch(`/api/reels/list-search?reelsCategoryId=${categoryId}&keyword=${encodeURIComponent("%")}`), 200, "list-search %");
    assert.equal(none.count, 0);
    assert.deepEqual(none.reelsLists, []);
    const missing = await apiJson(await visitor.fetch("/api/reels/list?reelsCategoryId=987654"), 404, "list of an unknown category");
    assert.equal(missing.errMsg, ko.reels.categoryNotFound);
    await apiJson(await visitor.fetch("/api/reels/list?reelsCategoryId=abc"), 400, "list with a bad id");

    const cats = await apiJson(await visitor.fetch("/api/reels-category"), 200, "category counts");
    assert.equal(cats.reelsCategorys!.find((item) => item.index === categoryId)?.reelsCount, 3);
  });

  test("GET /api/reels/contents?reelsId= → {reels: {image, link, caption}}", async () => {
    const body = await apiJson(await visitor.fetch(`/api/reels/contents?reelsId=${reel.id}`), 200, "contents");
    assert.equal(body.reels?.link, videos[0]!.media_url);
    assert.equal(body.reels?.caption, videos[0]!.caption);
    assert.equal(body.reels?.image, reel.image);
    const missing = await apiJson(await visitor.fetch("/api/reels/contents?reelsId=987654"), 404, "contents of an unknown reel");
    assert.equal(missing.errMsg, ko.reels.notExist);
  });

  test("POST /api/reels/delete {reelsLists:[{index}]} removes the row and its poster file", async () => {
    const extra = (await insertReel({ reelsNm: "지울 릴스", reelsCategoryID: categoryId, mediaId: videos[2]!.id })).reelsLists![0]!;
    const poster = reelRow(extra.id)!.image!;
    assert.ok(fs.existsSync(uploadPath(poster)));
    await assertRefused("delete by visitor", () => visitor.fetch("/api/reels/delete", { json: { reelsLists: [{ index: extra.id }] } }), 401);
    await assertRefused("delete nothing", () => admin.fetch("/api/reels/delete", { json: { reelsLists: [] } }), 400, { errMsg: ko.list.nothingToDelete });
    await apiJson(await admin.fetch("/api/reels/delete", { json: { reelsLists: [{ index: extra.id }] } }), 200, "delete");
    assert.equal(reelRow(extra.id), undefined);
    assert.ok(!fs.existsSync(uploadPath(poster)), "poster removed");
    assertUploadsMatchDb(app, "reel delete");
    await assertRefused("delete again", () => admin.fetch("/api/reels/delete", { json: { reelsLists: [{ index: extra.id }] } }), 404);
  });
});

describe("the reel viewer /reels-content/{info}", () => {
  const reelIn = (mediaId: string) => {
    const row = reelRows().find((candidate) => candidate.media_id === mediaId && candidate.category_id === categoryId)!;
    return { id: row.id, mediaId: row.media_id, reelsNm: row.name };
  };

  test("→ 200 with a <video>, <source type=\"video/mp4\"> and the caption escaped inside <pre>", async () => {
    const reel = reelIn(MARKUP);
    const { status, html } = await page(visitor, contentPath(reel));
    assert.equal(status, 200);
    const visible = visibleHtml(html);
    assert.match(visible, /<video[^>]*>/);
    const source = /<source[^>]*>/.exec(visible)?.[0] ?? "";
    assert.match(source, /type="video\/mp4"/);
    assert.ok(source.includes(`src="${htmlText(`${fake.origin}/cdn/v/${MARKUP}.mp4?oe=ABCDEF`)}"`), source);
    const pre = /<pre[^>]*>([\s\S]*?)<\/pre>/.exec(visible)?.[1];
    assert.equal(pre, htmlText(MARKUP_CAPTION), "caption escaped in <pre>");
    assert.ok(!html.includes(`<script>alert("reel")</script>`), "the caption's script is never a tag");
    assert.ok(!html.includes("<b>굵게</b>"), "nor is its markup");
  });

  test("a garbled info, an unknown id → 404 with ko.reels.notExist (and the media id when given), never 500", async () => {
    const cases: [string, string][] = [
      ["/reels-content/%7Bnot-json", ko.reels.notExist],
      [`/reels-content/${info({ id: 987654, mediaId: "18000000000000123", reelsNm: "없는 릴스" })}`, ko.reels.notExistWithId("18000000000000123")],
      [`/reels-content/${info({ id: 987654 })}`, ko.reels.notExist],
      [`/reels-content/${info([1, 2])}`, ko.reels.notExist],
      ["/reels-content/%E0%A4%A", ko.reels.notExist],
    ];
    for (const [pathname, message] of cases) {
      const { status, html } = await page(visitor, pathname);
      assert.ok(status < 500, `${pathname}: never 5xx (${status})`);
      if (pathname.endsWith("%E0%A4%A")) {
        // Not even a URL that can be decoded: refused before the route, 400 (or 404), with a Korean page.
        assert.ok([400, 404].includes(status), `${pathname}: ${status}`);
        assert.match(visibleHtml(html), HANGUL);
        continue;
      }
      assert.equal(status, 404, pathname);
      assert.ok(visibleHtml(html).includes(htmlText(message)), `${pathname}: shows ${message}`);
    }
  });

  test("a registered reel keeps its poster after the Instagram CDN link expires", async () => {
    const reel = reelIn(videos[0]!.id);
    const row = reelRow(reel.id)!;
    fake.stopCdn();
    try {
      const cdn = await fetch(videos[0]!.thumbnail_url!);
      assert.equal(cdn.status, 404, "the CDN link is dead");
      await cdn.text();
      const poster = await visitor.fetch(`/uploads/${row.image}`);
      assert.equal(poster.status, 200);
      assert.match(poster.headers.get("content-type") ?? "", /^image\/jpeg/);
      assert.ok(Buffer.from(await poster.arrayBuffer()).equals(fs.readFileSync(uploadPath(row.image!))));
      const { status, html } = await page(visitor, contentPath(reel));
      assert.equal(status, 200);
      assert.ok(visibleHtml(html).includes(`/uploads/${row.image}`), "the viewer uses the local poster");
    } finally {
      fake.startCdn();
    }
  });
});

describe("an expired Instagram token", () => {
  test("the register page shows ko.instagram.tokenExpired; the API answers INSTAGRAM_TOKEN_EXPIRED; no 500, nothing stored", async () => {
    fake.expireToken();
    try {
      const registerInfo = info({ title: categoryName, reelsCategoryId: categoryId });
      const { status, html } = await page(admin, `/reels-upsert/0/${registerInfo}`);
      assert.equal(status, 200, "the page still renders");
      assert.ok(visibleHtml(html).includes(htmlText(ko.instagram.tokenExpired)), "the Korean token message is shown");

      const body = await instaList({}, admin, 502);
      assert.equal(body.errCode, "INSTAGRAM_TOKEN_EXPIRED");
      assert.equal(body.errMsg, ko.instagram.tokenExpired);

      await assertRefused("insert with an expired token", () => admin.fetch("/api/reels/insert", { json: { reelsNm: "만료", reelsCategoryID: categoryId, mediaId: videos[7]!.id } }), 502, {
        errCode: "INSTAGRAM_TOKEN_EXPIRED",
      });

      // A viewer whose stored link is stale still plays what it has.
      const row = reelRows().find((candidate) => candidate.category_id === categoryId)!;
      run("UPDATE reels SET link_checked_at = ? WHERE id = ?", new Date(Date.now() - 3 * 24 * 60 * 60 * 1000).toISOString(), row.id);
      const viewer = await page(visitor, contentPath({ id: row.id, mediaId: row.media_id, reelsNm: row.name }));
      assert.equal(viewer.status, 200);
      assert.match(visibleHtml(viewer.html), /<source[^>]*type="video\/mp4"/);
    } finally {
      fake.restoreToken();
    }
    const { status } = await page(admin, `/reels-upsert/0/${info({ title: categoryName, reelsCategoryId: categoryId })}`);
    assert.equal(status, 200);
  });
});

describe("visibility: a visitor sees published categories only", () => {
  test("hiding a category (update isView=false) hides it, its list and its reels from visitors, not from the admin", async () => {
    await apiJson(
      await post(admin, "/api/reels-category/update", multipart({ index: String(categoryId), categoryNm: categoryName, isView: "false" })),
      200,
      "hide",
    );
    assert.equal(categoryRow(categoryId)!.is_view, 0);
    assert.ok(categoryRow(categoryId)!.image, "the image is kept when none is sent");
    assertUploadsMatchDb(app, "hide category");

    const visitorList = await apiJson(await visitor.fetch("/api/reels-category"), 200, "visitor categories");
    assert.ok(!visitorList.reelsCategorys!.some((item) => item.index === categoryId), "not in the visitor's API list");
    const visitorSearch = await apiJson(await visitor.fetch(`/api/reels-category/search?keyword=${encodeURIComponent("소근육")}`), 200, "visitor search");
    assert.ok(!visitorSearch.reelsCategorys!.some((item) => item.index === categoryId), "not in the visitor's search");
    const adminList = await apiJson(await admin.fetch("/api/reels-category"), 200, "admin categories");
    assert.equal(adminList.reelsCategorys!.find((item) => item.index === categoryId)?.isView, false, "the admin sees it, hidden");

    const categoryPage = await page(visitor, "/reels-category");
    assert.ok(!categoryPage.html.includes(htmlText(categoryName)), "not on the visitor's category page");
    const adminCategoryPage = visibleHtml((await page(admin, "/reels-category")).html);
    assert.match(adminCategoryPage, new RegExp(`${htmlText(categoryName)}(?:<!-- -->)?\\s*<span[^>]*>${ko.list.hidden}</span>`), "marked 숨김 for the admin");

    assert.equal((await page(visitor, `/reels-list/${categoryId}/x`)).status, 404, "its list is a 404 for a visitor");
    assert.equal((await page(admin, `/reels-list/${categoryId}/x`)).status, 200, "and 200 for the admin");
    await apiJson(await visitor.fetch(`/api/reels/list?reelsCategoryId=${categoryId}`), 404, "visitor reels API");
    await apiJson(await admin.fetch(`/api/reels/list?reelsCategoryId=${categoryId}`), 200, "admin reels API");
    const row = reelsOf(categoryId)[0]!;
    const viewer = contentPath({ id: row.id, mediaId: row.media_id, reelsNm: row.name });
    assert.equal((await page(visitor, viewer)).status, 404, "its reels are 404 for a visitor");
    assert.equal((await page(admin, viewer)).status, 200, "and visible to the admin");

    await apiJson(await post(admin, "/api/reels-category/update", multipart({ index: String(categoryId), categoryNm: categoryName, isView: "true" })), 200, "publish again");
    assert.equal((await page(visitor, `/reels-list/${categoryId}/x`)).status, 200, "published again");
    assertUploadsMatchDb(app, "publish category");
  });
});

describe("the page forms (no JavaScript)", () => {
  let formCategoryId = 0;
  const formCategory = "배변훈련 릴스";

  test("POST /reels-category-upsert/0 (multipart) registers and redirects to /reels-category", async () => {
    const png = await makeImage("png", { width: 400, height: 300 });
    const response = await post(admin, "/reels-category-upsert/0", multipart({ categoryNm: formCategory, description: "폼으로 등록", isView: "true" }, { imageFile: [png, "f.png", "image/png"] }));
    assertRedirect(response, "/reels-category", "category register form");
    const row = categoryRows().find((candidate) => candidate.name === formCategory)!;
    assert.ok(row && row.image && fs.existsSync(uploadPath(row.image)));
    formCategoryId = row.id;
    assertUploadsMatchDb(app, "category register form");

    const refused = await post(admin, "/reels-category-upsert/0", multipart({ categoryNm: "" }, { imageFile: ["not an image", "f.png", "image/png"] }));
    assert.ok([400, 415].includes(refused.status), `refused form: ${refused.status}`);
    assert.match(visibleHtml(await refused.text()), HANGUL);
    assertUploadsMatchDb(app, "category register form refused");
  });

  test("POST /reels-category-upsert/{ts}/{info} edits (removeImage=on drops the image) and redirects", async () => {
    const image = categoryRow(formCategoryId)!.image!;
    const editPath = `/reels-category-upsert/${Date.now()}/${info({ index: formCategoryId, categoryNm: "무시됨" })}`;
    assert.equal((await page(admin, editPath)).status, 200);
    const response = await post(admin, editPath, multipart({ categoryNm: `${formCategory} 수정`, isView: "true", removeImage: "on" }));
    assertRedirect(response, "/reels-category", "category edit form");
    const row = categoryRow(formCategoryId)!;
    assert.equal(row.name, `${formCategory} 수정`);
    assert.equal(row.image, null);
    assert.ok(!fs.existsSync(uploadPath(image)));
    assertUploadsMatchDb(app, "category edit form");
    assert.equal((await page(admin, "/reels-category-upsert/1/%7Bnot-json")).status, 404, "garbled info → 404");
  });

  test("POST /reels-upsert/0/{info} (urlencoded mediaId, reelsNm, reelsCategoryID) registers and redirects to the category's list", async () => {
    const registerPath = `/reels-upsert/0/${info({ title: `${formCategory} 수정`, reelsCategoryId: formCategoryId })}`;
    const form = await page(admin, registerPath);
    assert.equal(form.status, 200);
    assert.ok(visibleHtml(form.html).includes(`value="${videos[3]!.id}"`), "the media to choose from are listed");

    const response = await post(admin, registerPath, new URLSearchParams({ mediaId: videos[3]!.id, reelsNm: "폼으로 등록한 릴스", reelsCategoryID: String(formCategoryId) }));
    assertRedirect(response, `/reels-list/${formCategoryId}/${encodeURIComponent(`${formCategory} 수정`)}`, "reel register form");
    const row = reelsOf(formCategoryId)[0]!;
    assert.equal(row.name, "폼으로 등록한 릴스");
    assert.equal(row.media_id, videos[3]!.id);
    assert.ok(row.image && fs.existsSync(uploadPath(row.image)), "poster copied");
    assertUploadsMatchDb(app, "reel register form");

    const duplicate = await post(admin, registerPath, new URLSearchParams({ mediaId: videos[3]!.id, reelsNm: "또", reelsCategoryID: String(formCategoryId) }));
    assert.equal(duplicate.status, 409);
    assert.ok(visibleHtml(await duplicate.text()).includes(ko.reels.alreadyRegistered));
    const noChoice = await post(admin, registerPath, new URLSearchParams({ reelsNm: "선택 안 함", reelsCategoryID: String(formCategoryId) }));
    assert.equal(noChoice.status, 400);
    assert.ok(visibleHtml(await noChoice.text()).includes(ko.reels.chooseItem));
    assert.equal(reelsOf(formCategoryId).length, 1);
    assertUploadsMatchDb(app, "reel register form refusals");

    const edit = `/reels-upsert/${Date.now()}/${info({ id: row.id, reelsCategoryId: formCategoryId, title: "x" })}`;
    assert.equal((await page(admin, edit)).status, 200);
    assertRedirect(
      await post(admin, edit, new URLSearchParams({ reelsNm: "폼으로 고친 릴스", reelsCategoryID: String(formCategoryId) })),
      `/reels-list/${formCategoryId}/${encodeURIComponent(`${formCategory} 수정`)}`,
      "reel edit form",
    );
    assert.equal(reelRow(row.id)!.name, "폼으로 고친 릴스");
    assertUploadsMatchDb(app, "reel edit form");
  });

  test("the reels list delete mode: review, then confirm removes the reel and its poster", async () => {
    const extra = (await insertReel({ reelsNm: "목록에서 지울 릴스", reelsCategoryID: formCategoryId, mediaId: videos[4]!.id })).reelsLists![0]!;
    const poster = reelRow(extra.id)!.image!;
    const listPath = `/reels-list/${formCategoryId}/${encodeURIComponent(`${formCategory} 수정`)}`;
    const nothing = await post(admin, `${listPath}?mode=delete`, new URLSearchParams({ intent: "confirm" }));
    assert.equal(nothing.status, 400);
    assert.ok(visibleHtml(await nothing.text()).includes(ko.list.nothingToDelete));

    const review = await post(admin, `${listPath}?mode=delete`, new URLSearchParams([["intent", "review"], ["index", String(extra.id)]]));
    assert.equal(review.status, 200);
    const reviewHtml = visibleHtml(await review.text());
    assert.ok(reviewHtml.includes(ko.list.confirmDelete) && reviewHtml.includes("목록에서 지울 릴스"));
    assert.ok(reelRow(extra.id), "review deletes nothing");
    assertRedirect(await post(admin, `${listPath}?mode=delete`, new URLSearchParams([["intent", "confirm"], ["index", String(extra.id)]])), listPath, "confirm");
    assert.equal(reelRow(extra.id), undefined);
    assert.ok(!fs.existsSync(uploadPath(poster)));
    assertUploadsMatchDb(app, "reel list delete");
  });

  test("the category delete review lists how many reels go with it; confirm deletes them and their posters", async () => {
    await insertReel({ reelsNm: "둘째 릴스", reelsCategoryID: formCategoryId, mediaId: videos[5]!.id });
    const reels = reelsOf(formCategoryId);
    assert.equal(reels.length, 2);
    const name = categoryRow(formCategoryId)!.name;

    const nothing = await post(admin, "/reels-category?mode=delete", new URLSearchParams({ intent: "review" }));
    assert.equal(nothing.status, 400);
    assert.ok(visibleHtml(await nothing.text()).includes(ko.list.nothingToDelete));

    const review = await post(admin, "/reels-category?mode=delete", new URLSearchParams([["intent", "review"], ["index", String(formCategoryId)]]));
    assert.equal(review.status, 200);
    const reviewHtml = visibleHtml(await review.text());
    assert.ok(reviewHtml.includes(ko.list.confirmDelete));
    assert.ok(reviewHtml.includes(htmlText(ko.reels.categoryDeleteLine(name, 2))), `lists "${ko.reels.categoryDeleteLine(name, 2)}"`);
    assert.equal(reelsOf(formCategoryId).length, 2, "review deletes nothing");

    assertRedirect(
      await post(admin, "/reels-category?mode=delete", new URLSearchParams([["intent", "confirm"], ["index", String(formCategoryId)]])),
      "/reels-category",
      "confirm",
    );
    assert.equal(categoryRow(formCategoryId), undefined);
    assert.equal(reelsOf(formCategoryId).length, 0, "its reels are gone");
    for (const reel of reels) assert.ok(!fs.existsSync(uploadPath(reel.image!)), "their posters are gone");
    assertUploadsMatchDb(app, "category form delete");
  });
});

describe("POST /api/reels-category/delete", () => {
  test("deletes the category with its reels and all their files", async () => {
    const reels = reelsOf(categoryId);
    assert.ok(reels.length >= 3);
    const image = categoryRow(categoryId)!.image!;
    await assertRefused("visitor delete", () => visitor.fetch("/api/reels-category/delete", { json: { reelsCategorys: [{ index: categoryId }] } }), 401);
    await assertRefused(
      "evil delete",
      () => admin.fetch("/api/reels-category/delete", { json: { reelsCategorys: [{ index: categoryId }] }, headers: { Origin: EVIL_ORIGIN } }),
      403,
    );
    await assertRefused("delete nothing", () => admin.fetch("/api/reels-category/delete", { json: { reelsCategorys: [] } }), 400, { errMsg: ko.list.nothingToDelete });

    await apiJson(await admin.fetch("/api/reels-category/delete", { json: { reelsCategorys: [{ index: categoryId }] } }), 200, "delete");
    assert.equal(categoryRow(categoryId), undefined);
    assert.equal(reelsOf(categoryId).length, 0);
    assert.ok(!fs.existsSync(uploadPath(image)), "category image removed");
    for (const reel of reels) assert.ok(!fs.existsSync(uploadPath(reel.image!)), `poster of ${reel.name} removed`);
    assertUploadsMatchDb(app, "category API delete");
    await assertRefused("delete again", () => admin.fetch("/api/reels-category/delete", { json: { reelsCategorys: [{ index: categoryId }] } }), 404);
  });
});

test("no unexpected console.error from the app", () => {
  const unexpected = app.consoleErrors.filter((args) => !isClientErrorLog(args));
  assert.equal(unexpected.length, 0, formatLogs(unexpected));
});
