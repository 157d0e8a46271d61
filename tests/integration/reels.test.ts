// Reels through the real route modules, against a local fake of the Instagram Graph API: every
// /api/reels-category* and /api/reels/* call of docs/product.md §7, the page forms (no JS), the viewer's data,
// token expiry, CDN expiry, visibility, and UPLOADS_DIR matching the database after every change.
// Every test makes the categories and reels it needs.
// Runs about 8 s.
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { db } from "~/db/client.server";
import { reelCategories, reelInbox, reels } from "~/db/schema";
import * as categoryUpsertPage from "~/routes/_admin.reels-category-upsert.$tag.($info)";
import * as reelUpsertPage from "~/routes/_admin.reels-upsert.$tag.($info)";
import * as apiCategories from "~/routes/api.reels-category";
import * as apiCategoryDelete from "~/routes/api.reels-category.delete";
import * as apiCategoryInsert from "~/routes/api.reels-category.insert";
import * as apiCategorySearch from "~/routes/api.reels-category.search";
import * as apiCategoryUpdate from "~/routes/api.reels-category.update";
import * as apiContents from "~/routes/api.reels.contents";
import * as apiReelDelete from "~/routes/api.reels.delete";
import * as apiReelInsert from "~/routes/api.reels.insert";
import * as apiInstaMedia from "~/routes/api.reels.insta-media.list";
import * as apiReelList from "~/routes/api.reels.list";
import * as apiReelListSearch from "~/routes/api.reels.list-search";
import * as apiReelUpdate from "~/routes/api.reels.update";
import * as categoryPage from "~/routes/reels-category";
import * as viewerPage from "~/routes/reels-content.$info";
import * as reelListPage from "~/routes/reels-list.$id.$title";
import { fakeVideos, startFakeGraph, type FakeGraph, type FakeMediaItem } from "../support/fake-graph";
import { adminCookie, callAction, callLoader, redirectTarget, thisFile } from "./_direct";
import { assertUploadsMatchDb, makeImage, multipart, uploadFiles, uploadName } from "./_uploads";

const TOKEN = "test-token";
const NOTHING_TO_DELETE = "삭제할 대상이 없습니다.";
const CATEGORY_NOT_FOUND = "카테고리를 찾을 수 없습니다.";
const NOT_EXIST = "릴스가 존재하지 않습니다.";
const TOKEN_EXPIRED = "인스타그램 토큰이 만료되었거나 취소되었습니다. '인스타그램 연결'에서 새 토큰을 등록해 주세요.";

let fake: FakeGraph;
let admin: string;

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
  // Read once by the app's configuration, on its first use below.
  Object.assign(process.env, { INSTAGRAM_GRAPH_URL: fake.origin, INSTAGRAM_ACCESS_TOKEN: TOKEN });
  admin = await adminCookie();
});
afterAll(() => fake?.close());

type CategoryItem = { index: number; categoryNm: string; description: string; image: string | null; isView: boolean; reelsCount: number };
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
type InstaMedia = { mediaId: string; image: string | null; instaRegDate: string; link: string | null; caption: string; filedIn: string[] };
type ApiBody = {
  errMsg: string;
  errCode: string;
  reelsCategorys?: CategoryItem[];
  reelsLists?: ReelItem[];
  count?: number;
  instaMediaList?: InstaMedia[];
  filedCount?: number;
  reels?: { image: string | null; link: string | null; caption: string };
};

const categoryRow = (id: number) => db().select().from(reelCategories).where(eq(reelCategories.id, id)).get();
const reelRow = (id: number) => db().select().from(reels).where(eq(reels.id, id)).get();
const reelsOf = (categoryId: number) => db().select().from(reels).where(eq(reels.categoryId, categoryId)).orderBy(reels.id).all();
const inboxOf = (mediaId: string) => db().select().from(reelInbox).where(eq(reelInbox.mediaId, mediaId)).get();
const uploadPath = (name: string) => path.join(thisFile.uploadsDir, name);
const info = (payload: unknown) => JSON.stringify(payload);

async function api(response: Response, status: number): Promise<ApiBody> {
  const body = (await response.json()) as ApiBody;
  expect(response.status, JSON.stringify(body).slice(0, 300)).toBe(status);
  return body;
}

/** The API refuses and nothing in the database or UPLOADS_DIR changed. */
async function expectRefused(call: () => Promise<Response>, status: number, expected: { errCode?: string; errMsg?: string } = {}) {
  const snapshot = () => ({
    categories: db().select().from(reelCategories).all(),
    reels: db().select().from(reels).all(),
    files: uploadFiles(thisFile),
  });
  const before = snapshot();
  const body = await api(await call(), status);
  expect(body).toMatchObject(expected);
  expect(body.errMsg).toMatch(/[\uAC00-\uD7AF]/);
  expect(snapshot(), "nothing changed").toEqual(before);
  return body;
}

function categoryInsert(fields: Record<string, string | undefined>, file?: [Buffer | string, string, string], cookie = admin) {
  return callAction(apiCategoryInsert, "/api/reels-category/insert", { form: multipart(fields, file ? { imageFile: file } : {}), cookie });
}

function categoryUpdate(fields: Record<string, string | undefined>, file?: [Buffer | string, string, string]) {
  return callAction(apiCategoryUpdate, "/api/reels-category/update", {
    form: multipart(fields, file ? { imageFile: file } : {}),
    cookie: admin,
  });
}

let uniqueName = 0;

/** A category made through the API, with an image, for a test to work on. */
async function createCategory(fields: Record<string, string> = {}): Promise<CategoryItem> {
  const png = await makeImage("png");
  const body = await api(
    await categoryInsert({ categoryNm: `카테고리 ${++uniqueName}`, description: "설명", isView: "true", ...fields }, [
      png,
      "c.png",
      "image/png",
    ]),
    200,
  );
  return body.reelsCategorys![0]!;
}

function reelInsert(json: unknown, cookie = admin) {
  return callAction(apiReelInsert, "/api/reels/insert", { json, cookie });
}

async function createReel(categoryId: number, mediaId: string, reelsNm = "릴스"): Promise<ReelItem> {
  return (await api(await reelInsert({ reelsNm, reelsCategoryID: categoryId, mediaId }), 200)).reelsLists![0]!;
}

async function instaList(params: Record<string, string> = {}, status = 200, cookie = admin) {
  const search = new URLSearchParams(params).toString();
  return api(await callLoader(apiInstaMedia, `/api/reels/insta-media/list?${search}`, { cookie }), status);
}

/** Visitors see only categories that have reels: one filed straight into the database. */
function fileReel(categoryId: number) {
  db()
    .insert(reels)
    .values({ categoryId, name: "릴스", mediaId: `media-${categoryId}`, instaRegDate: "2026-01-01T00:00:00Z" })
    .run();
}

async function visitorCategories(pathname = "/api/reels-category") {
  const route = pathname.startsWith("/api/reels-category/search") ? apiCategorySearch : apiCategories;
  return (await api(await callLoader(route, pathname), 200)).reelsCategorys!;
}

/** The reel's viewer at its own address (any other is a redirect to it). */
function viewer(reel: { id: number; mediaId: string; reelsNm: string }, cookie?: string) {
  const payload = info({ id: reel.id, mediaId: reel.mediaId, reelsNm: reel.reelsNm });
  return callLoader(viewerPage, `/reels-content/${encodeURIComponent(payload)}`, { params: { info: payload }, cookie });
}

describe("reels categories through the API", () => {
  test("POST /api/reels-category/insert (multipart with image) → {reelsCategorys:[item]}, row and file; GET lists it", async () => {
    const existing = await createCategory();
    const png = await makeImage("png", { width: 500, height: 500 });
    const body = await api(
      await categoryInsert(
        { categoryNm: "소근육 놀이 모음", description: "손 힘을 기르는 놀이", isView: "true", index: String(existing.index) },
        [png, "cat.png", "image/png"],
      ),
      200,
    );
    const item = body.reelsCategorys![0]!;
    expect(item.index, "register ignores a posted index").not.toBe(existing.index);
    expect(item).toMatchObject({ categoryNm: "소근육 놀이 모음", isView: true, reelsCount: 0 });
    const row = categoryRow(item.index)!;
    expect(row.name).toBe("소근육 놀이 모음");
    expect(row.image).toBe(uploadName(item.image));
    expect(fs.existsSync(uploadPath(row.image!)), "image stored").toBe(true);
    assertUploadsMatchDb(thisFile, "category insert");

    expect(
      (await visitorCategories()).map((candidate) => candidate.index),
      "empty: hidden from visitors",
    ).not.toContain(item.index);
    fileReel(item.index);
    const listed = (await visitorCategories()).find((candidate) => candidate.index === item.index)!;
    expect(Object.keys(listed)).toEqual(expect.arrayContaining(["index", "categoryNm", "image", "description", "isView"]));
  });

  test("category insert refusals: no name → 400, an SVG → 415, a visitor → 401; nothing stored", async () => {
    await expectRefused(() => categoryInsert({ categoryNm: " ", isView: "true" }), 400, { errMsg: "카테고리 이름을 입력해 주세요." });
    const svg = `<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`;
    await expectRefused(() => categoryInsert({ categoryNm: "SVG" }, [svg, "c.png", "image/png"]), 415, {
      errCode: "UNSUPPORTED_FILE_TYPE",
    });
    const png = await makeImage("png");
    await expectRefused(() => categoryInsert({ categoryNm: "방문자" }, [png, "c.png", "image/png"], ""), 401, {
      errCode: "UNAUTHORIZED",
      errMsg: "로그인이 필요합니다.",
    });
  });

  test("POST /api/reels-category/update renames (image kept) and replaces the image (old file removed); refusals", async () => {
    const category = await createCategory({ categoryNm: "이름 바꿀 카테고리" });
    const oldImage = categoryRow(category.index)!.image!;
    await api(
      await categoryUpdate({
        index: String(category.index),
        categoryNm: "바뀐 카테고리",
        description: "수정",
        isView: "true",
        hasImage: "true",
      }),
      200,
    );
    expect(categoryRow(category.index)).toMatchObject({ name: "바뀐 카테고리", image: oldImage });

    const jpeg = await makeImage("jpeg", { width: 300, height: 300 });
    const body = await api(
      await categoryUpdate({ index: String(category.index), categoryNm: "바뀐 카테고리", isView: "true" }, [jpeg, "n.jpg", "image/jpeg"]),
      200,
    );
    expect(body.reelsCategorys![0]!.categoryNm).toBe("바뀐 카테고리");
    const row = categoryRow(category.index)!;
    expect(row.image).toMatch(/\.jpg$/);
    expect(fs.existsSync(uploadPath(oldImage)), "old image removed").toBe(false);
    assertUploadsMatchDb(thisFile, "category replace image");

    await expectRefused(() => categoryUpdate({ categoryNm: "x" }), 400, { errMsg: "수정할 대상(index)을 지정해 주세요." });
    await expectRefused(() => categoryUpdate({ index: "987654", categoryNm: "x" }), 404, { errMsg: CATEGORY_NOT_FOUND });
  });

  test("GET /api/reels-category/search?keyword= matches names literally", async () => {
    const play = await createCategory({ categoryNm: "검색용 놀이 모음" });
    const other = await createCategory({ categoryNm: "검색용 감각 통합" });
    fileReel(play.index);
    fileReel(other.index);
    const search = async (keyword?: string) =>
      (await visitorCategories(`/api/reels-category/search${keyword === undefined ? "" : `?keyword=${encodeURIComponent(keyword)}`}`)).map(
        (item) => item.index,
      );
    expect(await search("용 놀이 모")).toEqual([play.index]);
    expect(await search("검색용")).toEqual(expect.arrayContaining([play.index, other.index]));
    expect(
      (await visitorCategories(`/api/reels-category/search?keyword=${encodeURIComponent("검색용")}`)).every((item) =>
        item.categoryNm.includes("검색용"),
      ),
      "only matches",
    ).toBe(true);
    expect(await search("%"), "% is not a wildcard").toEqual([]);
    expect(await search(), "no keyword lists all").toEqual(expect.arrayContaining([play.index, other.index]));
  });

  test("POST /api/reels-category/delete deletes the category and its picture; its reels wait in the inbox with their names and posters", async () => {
    const category = await createCategory();
    const made = [await createReel(category.index, videos[0]!.id, "첫 릴스"), await createReel(category.index, videos[1]!.id, "둘째 릴스")];
    const picture = categoryRow(category.index)!.image!;
    const rowsBefore = made.map((reel) => reelRow(reel.id)!);
    const remove = (json: unknown, cookie = admin) => callAction(apiCategoryDelete, "/api/reels-category/delete", { json, cookie });
    await expectRefused(() => remove({ reelsCategorys: [{ index: category.index }] }, ""), 401);
    await expectRefused(() => remove({ reelsCategorys: [] }), 400, { errMsg: NOTHING_TO_DELETE });

    expect(await api(await remove({ reelsCategorys: [{ index: category.index }] }), 200)).toMatchObject({
      deleted: { categories: 1, reels: 2 },
    });
    expect(categoryRow(category.index)).toBeUndefined();
    expect(reelsOf(category.index)).toEqual([]);
    expect(fs.existsSync(uploadPath(picture)), "the category's picture is removed").toBe(false);
    for (const row of rowsBefore) {
      expect(inboxOf(row.mediaId), "the reel waits in the inbox").toMatchObject({ name: row.name, image: row.image, caption: row.caption });
      expect(fs.existsSync(uploadPath(row.image!)), "with its poster").toBe(true);
    }
    assertUploadsMatchDb(thisFile, "category API delete");
    await expectRefused(() => remove({ reelsCategorys: [{ index: category.index }] }), 404);
  });
});

describe("GET /api/reels/insta-media/list", () => {
  test("follows paging across pages (126 posts), leaves image posts out, newest first, with the token", async () => {
    fake.clearRequests();
    const list = (await instaList()).instaMediaList!;
    expect(list).toHaveLength(124);
    const ids = list.map((item) => item.mediaId);
    expect(ids).not.toContain(IMAGE_POST);
    expect(ids).not.toContain(CAROUSEL_POST);
    expect(new Set(ids).size, "no duplicates").toBe(ids.length);
    expect(ids[0], "newest first").toBe(videos[0]!.id);
    expect(ids.at(-1), "oldest last").toBe(KST_BEFORE);
    const dates = list.map((item) => item.instaRegDate);
    expect(dates).toEqual([...dates].sort().reverse());
    const pages = fake.apiRequests().filter((request) => request.path.endsWith("/media"));
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(
      pages.every((request) => request.accessToken === TOKEN),
      "every page with the token",
    ).toBe(true);
    expect(list[0]).toMatchObject({
      caption: videos[0]!.caption,
      link: videos[0]!.media_url,
      image: videos[0]!.thumbnail_url,
      instaRegDate: "2025-06-30 12:00:00",
    });
  });

  test("'2024-05-20T15:30:00+0000' is shown as instaRegDate '2024-05-21 00:30:00' (Korea time)", async () => {
    const list = (await instaList()).instaMediaList!;
    expect(list.find((item) => item.mediaId === KST_EDGE)?.instaRegDate).toBe("2024-05-21 00:30:00");
    expect(list.find((item) => item.mediaId === KST_BEFORE)?.instaRegDate).toBe("2024-05-20 23:59:59");
  });

  test("regDateFilter / endDateFilter are whole Korean days", async () => {
    const ids = async (params: Record<string, string>) => (await instaList(params)).instaMediaList!;
    expect((await ids({ regDateFilter: "2024-05-21", endDateFilter: "2024-05-21" })).map((item) => item.mediaId)).toEqual([KST_EDGE]);
    const june = await ids({ regDateFilter: "2025-06-01", endDateFilter: "2025-06-10" });
    expect(june).toHaveLength(10);
    expect(june.every((item) => item.instaRegDate >= "2025-06-01" && item.instaRegDate < "2025-06-11")).toBe(true);
    expect(june[0]!.instaRegDate > june.at(-1)!.instaRegDate, "newest first by default").toBe(true);
    expect(await ids({ regDateFilter: "2025-06-21" }), "from 06-21 to 06-30").toHaveLength(10);
    expect((await ids({ endDateFilter: "2024-05-20" })).map((item) => item.mediaId)).toEqual([KST_BEFORE]);
    expect(await ids({ regDateFilter: "null", endDateFilter: "" }), "'null' and '' mean no bound").toHaveLength(124);
  });

  test("checkedAscFilter=true lists oldest first", async () => {
    const june = (await instaList({ regDateFilter: "2025-06-01", endDateFilter: "2025-06-10", checkedAscFilter: "true" })).instaMediaList!;
    expect(june).toHaveLength(10);
    expect(june[0]!.instaRegDate.slice(0, 10)).toBe("2025-06-01");
    expect(june.at(-1)!.instaRegDate.slice(0, 10)).toBe("2025-06-10");
    const all = (await instaList({ checkedAscFilter: "true" })).instaMediaList!;
    expect([all[0]!.mediaId, all.at(-1)!.mediaId]).toEqual([KST_BEFORE, videos[0]!.id]);
  });

  test("an invalid date → 400 with the Korean message; end before start → 400", async () => {
    for (const params of <Record<string, string>[]>[
      { regDateFilter: "2024-13-01" },
      { regDateFilter: "2024-02-30" },
      { regDateFilter: "20240501" },
      { endDateFilter: "2024/05/01" },
      { endDateFilter: "abc" },
    ]) {
      expect((await instaList(params, 400)).errMsg, JSON.stringify(params)).toBe("날짜 형식이 올바르지 않습니다. (예: 2025-01-31)");
    }
    expect((await instaList({ regDateFilter: "2025-06-10", endDateFilter: "2025-06-01" }, 400)).errMsg).toBe(
      "끝 날짜를 시작 날짜와 같거나 그 뒤로 골라 주세요.",
    );
  });

  test("a visitor → 401", async () => {
    expect((await instaList({}, 401, "")).errCode).toBe("UNAUTHORIZED");
  });

  test("checkedFilter=true leaves out media already registered (in any category)", async () => {
    const category = await createCategory();
    await createReel(category.index, videos[0]!.id);
    const all = (await instaList({ regDateFilter: "2025-06-29" })).instaMediaList!.map((item) => item.mediaId);
    expect(all).toContain(videos[0]!.id);
    const unregistered = (await instaList({ regDateFilter: "2025-06-29", checkedFilter: "true" })).instaMediaList!.map(
      (item) => item.mediaId,
    );
    expect(unregistered).toEqual(all.filter((id) => id !== videos[0]!.id));
  });
});

describe("the picker marks filed media, and its filter hides exactly the counted ones", () => {
  test("each filed video names its categories; filedCount is what checkedFilter leaves out", async () => {
    const sensory = await createCategory({ categoryNm: "감각통합" });
    const fine = await createCategory({ categoryNm: "소근육" });
    const [once, twice] = [videos[3]!, videos[4]!];
    await createReel(sensory.index, once.id);
    await createReel(sensory.index, twice.id);
    await createReel(fine.index, twice.id);
    const range = { regDateFilter: "2025-06-01" };
    const marked = await instaList(range);
    const byId = new Map(marked.instaMediaList!.map((item) => [item.mediaId, item]));
    expect(byId.get(once.id)?.filedIn).toEqual(["감각통합"]);
    expect(byId.get(twice.id)?.filedIn).toEqual(["감각통합", "소근육"]);
    const filed = marked.instaMediaList!.filter((item) => item.filedIn.length > 0);
    expect(marked.filedCount).toBe(filed.length);

    const left = await instaList({ ...range, checkedFilter: "true" });
    expect(left.filedCount).toBe(marked.filedCount);
    expect(marked.instaMediaList!.length - left.instaMediaList!.length).toBe(marked.filedCount);
    expect(left.instaMediaList!.every((item) => item.filedIn.length === 0)).toBe(true);
  });
});

describe("registering, listing, renaming and deleting reels through the API", () => {
  test("POST /api/reels/insert {reelsNm, reelsCategoryID, mediaId} copies the poster and stores media id, permalink, caption", async () => {
    const category = await createCategory();
    fake.clearRequests();
    const video = videos[0]!;
    const reel = await createReel(category.index, video.id, "첫 번째 릴스");
    expect(reel).toMatchObject({
      reelsNm: "첫 번째 릴스",
      mediaId: video.id,
      permalink: video.permalink,
      caption: video.caption,
      reelsCategoryID: category.index,
      instaRegDate: "2025-06-30 12:00:00",
    });
    const row = reelRow(reel.id)!;
    expect(row).toMatchObject({ mediaId: video.id, permalink: video.permalink, caption: video.caption, link: video.media_url });
    expect(uploadName(reel.image)).toBe(row.image);
    expect((await sharp(fs.readFileSync(uploadPath(row.image!))).metadata()).format, "the poster is a stored image").toBe("jpeg");
    expect(
      fake.requests.some((request) => request.path === `/cdn/t/${video.id}.jpg`),
      "poster fetched from the CDN",
    ).toBe(true);
    assertUploadsMatchDb(thisFile, "reel insert");
  });

  test("the same media twice in one category → 409; the same media in another category is a new reel with its own poster", async () => {
    const category = await createCategory();
    const other = await createCategory();
    const reel = await createReel(category.index, videos[0]!.id);
    await expectRefused(() => reelInsert({ reelsNm: "또", reelsCategoryID: category.index, mediaId: videos[0]!.id }), 409, {
      errCode: "ALREADY_REGISTERED",
      errMsg: "이미 이 카테고리에 등록된 릴스입니다.",
    });
    const elsewhere = await createReel(other.index, videos[0]!.id);
    expect(elsewhere.image).not.toBe(reel.image);
    assertUploadsMatchDb(thisFile, "same media elsewhere");
  });

  test("refusals: unknown media, no name, a bad media id, unknown category, a visitor, a text/plain body, image posts; nothing stored", async () => {
    const category = await createCategory();
    const body = (json: Record<string, unknown>) => ({ reelsNm: "x", reelsCategoryID: category.index, mediaId: videos[5]!.id, ...json });
    await expectRefused(() => reelInsert(body({ mediaId: "18999999999999999" })), 404, {
      errMsg: "인스타그램에서 해당 게시물을 찾을 수 없습니다.",
    });
    await expectRefused(() => reelInsert(body({ reelsNm: "" })), 400, { errMsg: "릴스 이름을 입력해 주세요." });
    await expectRefused(() => reelInsert(body({ mediaId: "../me" })), 400, { errMsg: "등록할 릴스를 선택해 주세요." });
    await expectRefused(() => reelInsert(body({ reelsCategoryID: 987654 })), 404, { errMsg: CATEGORY_NOT_FOUND });
    await expectRefused(() => reelInsert(body({}), ""), 401);
    await expectRefused(
      () =>
        callAction(apiReelInsert, "/api/reels/insert", {
          body: JSON.stringify(body({})),
          headers: { "Content-Type": "text/plain" },
          cookie: admin,
        }),
      415,
    );
    // The media list leaves image and carousel posts out; the register call refuses them too.
    for (const mediaId of [IMAGE_POST, CAROUSEL_POST]) {
      await expectRefused(() => reelInsert(body({ mediaId })), 400, { errMsg: "동영상(릴스) 게시물만 등록할 수 있습니다." });
    }
  });

  test("POST /api/reels/update renames (poster, media and category unchanged); refusals", async () => {
    const category = await createCategory();
    const reel = await createReel(category.index, videos[0]!.id);
    const before = reelRow(reel.id)!;
    const update = (json: unknown, cookie = admin) => callAction(apiReelUpdate, "/api/reels/update", { json, cookie });
    expect((await api(await update({ index: reel.id, reelsNm: "이름 바꾼 릴스" }), 200)).reelsLists![0]!.reelsNm).toBe("이름 바꾼 릴스");
    const row = reelRow(reel.id)!;
    expect({ ...row, updatedAt: null }, "only the name changed").toEqual({ ...before, name: "이름 바꾼 릴스", updatedAt: null });
    await expectRefused(() => update({ reelsNm: "x" }), 400, { errMsg: "수정할 대상(index)을 지정해 주세요." });
    await expectRefused(() => update({ index: 987654, reelsNm: "x" }), 404, { errMsg: "릴스를 찾을 수 없습니다." });
    await expectRefused(() => update({ index: reel.id, reelsNm: "x" }, ""), 401);
  });

  test("GET /api/reels/list and /list-search → {count, reelsLists} with the right count", async () => {
    const category = await createCategory();
    await createReel(category.index, videos[0]!.id, "첫 릴스");
    await createReel(category.index, videos[1]!.id, "가위질 놀이");
    await createReel(category.index, MARKUP, "표시 테스트 <b>굵게</b>");

    const list = await api(await callLoader(apiReelList, `/api/reels/list?reelsCategoryId=${category.index}`), 200);
    expect(list.count).toBe(3);
    expect(
      list.reelsLists!.map((item) => item.mediaId),
      "newest on Instagram first",
    ).toEqual([videos[0]!.id, videos[1]!.id, MARKUP]);
    expect(Object.keys(list.reelsLists![0]!)).toEqual(
      expect.arrayContaining(["index", "reelsNm", "image", "instaRegDate", "mediaId", "caption", "reelsCategoryID"]),
    );

    const search = async (keyword: string) =>
      api(
        await callLoader(
          apiReelListSearch,
          `/api/reels/list-search?reelsCategoryId=${category.index}&keyword=${encodeURIComponent(keyword)}`,
        ),
        200,
      );
    const found = await search("가위");
    expect([found.count, found.reelsLists!.map((item) => item.reelsNm)]).toEqual([1, ["가위질 놀이"]]);
    const none = await search("%");
    expect([none.count, none.reelsLists]).toEqual([0, []]);
    const tooLong = await api(
      await callLoader(
        apiReelListSearch,
        `/api/reels/list-search?reelsCategoryId=${category.index}&keyword=${encodeURIComponent("가".repeat(101))}`,
      ),
      400,
    );
    expect(tooLong.errMsg).toBe("검색어(keyword)는 100자 이내로 보내 주세요.");
    expect((await api(await callLoader(apiReelList, "/api/reels/list?reelsCategoryId=987654"), 404)).errMsg).toBe(CATEGORY_NOT_FOUND);
    await api(await callLoader(apiReelList, "/api/reels/list?reelsCategoryId=abc"), 400);
    expect((await visitorCategories()).find((item) => item.index === category.index)?.reelsCount).toBe(3);
  });

  test("GET /api/reels/contents?reelsId= → {reels: {image, link, caption}}; an unknown id → 404 릴스가 존재하지 않습니다.", async () => {
    const category = await createCategory();
    const reel = await createReel(category.index, videos[0]!.id);
    const body = await api(await callLoader(apiContents, `/api/reels/contents?reelsId=${reel.id}`), 200);
    expect(body.reels).toMatchObject({ link: videos[0]!.media_url, caption: videos[0]!.caption, image: reel.image });
    expect((await api(await callLoader(apiContents, "/api/reels/contents?reelsId=987654"), 404)).errMsg).toBe(NOT_EXIST);
  });

  test("POST /api/reels/delete {reelsLists:[{index}]} removes the row and its poster file", async () => {
    const category = await createCategory();
    const reel = await createReel(category.index, videos[2]!.id);
    const poster = reelRow(reel.id)!.image!;
    const remove = (json: unknown, cookie = admin) => callAction(apiReelDelete, "/api/reels/delete", { json, cookie });
    await expectRefused(() => remove({ reelsLists: [{ index: reel.id }] }, ""), 401);
    await expectRefused(() => remove({ reelsLists: [] }), 400, { errMsg: NOTHING_TO_DELETE });
    await api(await remove({ reelsLists: [{ index: reel.id }] }), 200);
    expect(reelRow(reel.id)).toBeUndefined();
    expect(fs.existsSync(uploadPath(poster)), "poster removed").toBe(false);
    assertUploadsMatchDb(thisFile, "reel delete");
    await expectRefused(() => remove({ reelsLists: [{ index: reel.id }] }), 404);
  });
});

describe("the reel viewer /reels-content/{info}", () => {
  test("loads the reel's video link, caption (as typed) and poster", async () => {
    const category = await createCategory();
    const reel = await createReel(category.index, MARKUP);
    const response = await viewer(reel);
    expect(response.status).toBe(200);
    const { reel: content } = (await response.json()) as { reel: { link: string; caption: string; image: string } };
    expect(content).toMatchObject({ link: `${fake.origin}/cdn/v/${MARKUP}.mp4?oe=ABCDEF`, caption: MARKUP_CAPTION, image: reel.image });
  });

  test("a garbled info or an unknown id → 404 with no reel and nothing from the link, never 500", async () => {
    for (const infoParam of [
      "{not-json",
      info({ id: 987654, mediaId: "18000000000000123", reelsNm: "가짜 공지" }),
      info({ id: 987654 }),
      info([1, 2]),
    ]) {
      const response = await callLoader(viewerPage, "/reels-content/x", { params: { info: infoParam } });
      expect(response.status, infoParam).toBe(404);
      const body = await response.json();
      expect(body, infoParam).toMatchObject({ reel: null });
      expect(JSON.stringify(body), "the link's words are not handed to the page").not.toMatch(/18000000000000123|가짜 공지/);
    }
  });

  test("a registered reel keeps its poster after the Instagram CDN link expires", async () => {
    const category = await createCategory();
    const reel = await createReel(category.index, videos[0]!.id);
    const row = reelRow(reel.id)!;
    fake.stopCdn();
    try {
      const cdn = await fetch(videos[0]!.thumbnail_url!);
      expect(cdn.status, "the CDN link is dead").toBe(404);
      await cdn.arrayBuffer();
      expect(fs.existsSync(uploadPath(row.image!))).toBe(true);
      const { reel: content } = (await (await viewer(reel)).json()) as { reel: { image: string } };
      expect(uploadName(content.image), "the viewer uses the local poster").toBe(row.image);
    } finally {
      fake.startCdn();
    }
  });
});

describe("an expired Instagram token", () => {
  test("the register page carries the Korean token message; the API answers INSTAGRAM_TOKEN_EXPIRED; nothing stored; a stale viewer still plays", async () => {
    const category = await createCategory();
    const reel = await createReel(category.index, videos[0]!.id);
    const registerParams = { tag: "0", info: info({ title: category.categoryNm, reelsCategoryId: category.index }) };
    fake.expireToken();
    try {
      const registerPage = await callLoader(reelUpsertPage, "/reels-upsert/0/x", { params: registerParams, cookie: admin });
      expect(registerPage.status, "the page still renders").toBe(200);
      expect(((await registerPage.json()) as { register: { mediaError: string } }).register.mediaError).toBe(TOKEN_EXPIRED);

      expect(await instaList({}, 502)).toEqual({ errMsg: TOKEN_EXPIRED, errCode: "INSTAGRAM_TOKEN_EXPIRED" });
      await expectRefused(() => reelInsert({ reelsNm: "만료", reelsCategoryID: category.index, mediaId: videos[7]!.id }), 502, {
        errCode: "INSTAGRAM_TOKEN_EXPIRED",
      });

      db()
        .update(reels)
        .set({ linkCheckedAt: new Date(Date.now() - 3 * 24 * 60 * 60 * 1000).toISOString() })
        .where(eq(reels.id, reel.id))
        .run();
      const stale = await viewer(reel);
      expect(stale.status).toBe(200);
      expect(((await stale.json()) as { reel: { link: string } }).reel.link).toBe(videos[0]!.media_url);
    } finally {
      fake.restoreToken();
    }
    expect((await callLoader(reelUpsertPage, "/reels-upsert/0/x", { params: registerParams, cookie: admin })).status).toBe(200);
  });
});

describe("visibility: a visitor sees published categories only", () => {
  test("a hidden category, its list and its reels are gone for visitors, not for the admin", async () => {
    const category = await createCategory({ categoryNm: "숨길 소근육 카테고리" });
    const reel = await createReel(category.index, videos[0]!.id);
    await api(await categoryUpdate({ index: String(category.index), categoryNm: category.categoryNm, isView: "false" }), 200);
    expect(categoryRow(category.index)).toMatchObject({ isView: false });
    expect(categoryRow(category.index)!.image, "the image is kept when none is sent").toBeTruthy();

    expect((await visitorCategories()).map((item) => item.index)).not.toContain(category.index);
    expect(
      (await visitorCategories(`/api/reels-category/search?keyword=${encodeURIComponent("소근육")}`)).map((item) => item.index),
    ).not.toContain(category.index);
    const adminList = (await api(await callLoader(apiCategories, "/api/reels-category", { cookie: admin }), 200)).reelsCategorys!;
    expect(adminList.find((item) => item.index === category.index)?.isView).toBe(false);
    const pageItems = async (cookie?: string) =>
      ((await (await callLoader(categoryPage, "/reels-category", { cookie })).json()) as { items: CategoryItem[] }).items;
    expect(
      (await pageItems()).map((item) => item.index),
      "not on the visitor's category page",
    ).not.toContain(category.index);
    expect((await pageItems(admin)).find((item) => item.index === category.index)?.isView).toBe(false);

    const listPage = (cookie?: string) =>
      callLoader(reelListPage, `/reels-list/${category.index}/x`, {
        params: { id: String(category.index), title: category.categoryNm },
        cookie,
      });
    expect((await listPage()).status, "its list is a 404 for a visitor").toBe(404);
    expect((await listPage(admin)).status).toBe(200);
    expect((await callLoader(apiReelList, `/api/reels/list?reelsCategoryId=${category.index}`)).status).toBe(404);
    expect((await callLoader(apiReelList, `/api/reels/list?reelsCategoryId=${category.index}`, { cookie: admin })).status).toBe(200);
    expect((await viewer(reel)).status, "its reels are 404 for a visitor").toBe(404);
    expect((await viewer(reel, admin)).status).toBe(200);

    await api(await categoryUpdate({ index: String(category.index), categoryNm: category.categoryNm, isView: "true" }), 200);
    expect((await listPage()).status, "published again").toBe(200);
    assertUploadsMatchDb(thisFile, "publish category");
  });
});

describe("the page forms (no JavaScript)", () => {
  test("POST /reels-category-upsert/0 (multipart) registers and redirects to /reels-category; a refusal stores nothing", async () => {
    const png = await makeImage("png", { width: 400, height: 300 });
    const register = (form: FormData) =>
      callAction(categoryUpsertPage, "/reels-category-upsert/0", { form, params: { tag: "0" }, cookie: admin });
    const response = await register(
      multipart({ categoryNm: "배변훈련 릴스", description: "폼으로 등록", isView: "true" }, { imageFile: [png, "f.png", "image/png"] }),
    );
    expect(redirectTarget(response)).toBe("/reels-category");
    const row = db().select().from(reelCategories).where(eq(reelCategories.name, "배변훈련 릴스")).get()!;
    expect(fs.existsSync(uploadPath(row.image!))).toBe(true);

    const files = uploadFiles(thisFile);
    const refused = await register(multipart({ categoryNm: "" }, { imageFile: ["not an image", "f.png", "image/png"] }));
    expect([400, 415]).toContain(refused.status);
    expect(uploadFiles(thisFile)).toEqual(files);
    assertUploadsMatchDb(thisFile, "category register form");
  });

  test("POST /reels-category-upsert/{ts}/{info} edits (removeImage=on drops the image); a garbled info is a 404", async () => {
    const category = await createCategory({ categoryNm: "폼 편집 카테고리" });
    const image = categoryRow(category.index)!.image!;
    const params = { tag: String(Date.now()), info: info({ index: category.index, categoryNm: "무시됨" }) };
    const loaded = await callLoader(categoryUpsertPage, "/reels-category-upsert/x", { params, cookie: admin });
    expect(((await loaded.json()) as { category: CategoryItem }).category.categoryNm, "re-read from the database").toBe("폼 편집 카테고리");
    const response = await callAction(categoryUpsertPage, "/reels-category-upsert/x", {
      form: multipart({ categoryNm: "폼 편집 카테고리 수정", isView: "true", removeImage: "on" }),
      params,
      cookie: admin,
    });
    expect(redirectTarget(response)).toBe("/reels-category");
    expect(categoryRow(category.index)).toMatchObject({ name: "폼 편집 카테고리 수정", image: null });
    expect(fs.existsSync(uploadPath(image))).toBe(false);
    expect(
      (await callLoader(categoryUpsertPage, "/reels-category-upsert/x", { params: { tag: "1", info: "{not-json" }, cookie: admin })).status,
    ).toBe(404);
  });

  test("POST /reels-upsert/0/{info} (urlencoded) registers and redirects to the category's list; refusals; edit", async () => {
    const category = await createCategory({ categoryNm: "폼 릴스 카테고리" });
    const params = { tag: "0", info: info({ title: category.categoryNm, reelsCategoryId: category.index }) };
    const form = await callLoader(reelUpsertPage, "/reels-upsert/0/x", { params, cookie: admin });
    const media = ((await form.json()) as { register: { media: InstaMedia[] } }).register.media.map((item) => item.mediaId);
    expect(media, "the media to choose from").toContain(videos[3]!.id);

    const post = (fields: Record<string, string>, target = params) =>
      callAction(reelUpsertPage, "/reels-upsert/x", { form: fields, params: target, cookie: admin });
    const listPath = `/reels-list/${category.index}/${encodeURIComponent(category.categoryNm)}`;
    const response = await post({ mediaId: videos[3]!.id, reelsNm: "폼으로 등록한 릴스", reelsCategoryID: String(category.index) });
    expect(redirectTarget(response)).toBe(listPath);
    const row = reelsOf(category.index)[0]!;
    expect(row).toMatchObject({ name: "폼으로 등록한 릴스", mediaId: videos[3]!.id });
    expect(fs.existsSync(uploadPath(row.image!)), "poster copied").toBe(true);

    const messages = async (answer: Response) => Object.values(((await answer.json()) as { error: Record<string, string[]> }).error).flat();
    const duplicate = await post({ mediaId: videos[3]!.id, reelsNm: "또", reelsCategoryID: String(category.index) });
    expect(duplicate.status).toBe(409);
    expect(await messages(duplicate)).toContain("이미 이 카테고리에 등록된 릴스입니다.");
    const noChoice = await post({ reelsNm: "선택 안 함", reelsCategoryID: String(category.index) });
    expect(noChoice.status).toBe(400);
    expect(await messages(noChoice)).toContain("등록할 릴스를 선택해 주세요.");
    expect(reelsOf(category.index)).toHaveLength(1);

    const edit = { tag: String(Date.now()), info: info({ id: row.id, reelsCategoryId: category.index, title: "x" }) };
    expect((await callLoader(reelUpsertPage, "/reels-upsert/x", { params: edit, cookie: admin })).status).toBe(200);
    expect(redirectTarget(await post({ reelsNm: "폼으로 고친 릴스", reelsCategoryID: String(category.index) }, edit))).toBe(listPath);
    expect(reelRow(row.id)!.name).toBe("폼으로 고친 릴스");
    assertUploadsMatchDb(thisFile, "reel forms");
  });

  test("the reels list delete mode: nothing selected → 400; review names the reel; confirm removes it and its poster", async () => {
    const category = await createCategory();
    const reel = await createReel(category.index, videos[4]!.id, "목록에서 지울 릴스");
    const poster = reelRow(reel.id)!.image!;
    const params = { id: String(category.index), title: category.categoryNm };
    const listPath = `/reels-list/${category.index}/${encodeURIComponent(category.categoryNm)}`;
    const post = (form: [string, string][]) =>
      callAction(reelListPage, `${listPath}?mode=delete`, { form: new URLSearchParams(form), params, cookie: admin });

    const nothing = await post([["intent", "confirm"]]);
    expect(nothing.status).toBe(400);
    expect(await nothing.json()).toMatchObject({ formError: NOTHING_TO_DELETE });
    const review = await post([
      ["intent", "review"],
      ["index", String(reel.id)],
    ]);
    expect(await review.json()).toMatchObject({ review: { ids: [reel.id], lines: ["목록에서 지울 릴스"] } });
    expect(reelRow(reel.id), "review deletes nothing").toBeDefined();
    expect(
      redirectTarget(
        await post([
          ["intent", "confirm"],
          ["index", String(reel.id)],
        ]),
      ),
    ).toBe(listPath);
    expect(reelRow(reel.id)).toBeUndefined();
    expect(fs.existsSync(uploadPath(poster))).toBe(false);
    assertUploadsMatchDb(thisFile, "reel list delete");
  });

  test("the category delete review says its reels go to the inbox; confirm moves them there, posters kept", async () => {
    const category = await createCategory({ categoryNm: "지울 카테고리" });
    // Videos no other category of this file holds: each goes to the inbox with its poster.
    await createReel(category.index, videos[8]!.id);
    await createReel(category.index, videos[9]!.id);
    const posters = reelsOf(category.index).map((row) => row.image!);
    const post = (form: [string, string][]) =>
      callAction(categoryPage, "/reels-category?mode=delete", { form: new URLSearchParams(form), cookie: admin });

    expect(await (await post([["intent", "review"]])).json()).toMatchObject({ formError: NOTHING_TO_DELETE });
    const review = await post([
      ["intent", "review"],
      ["index", String(category.index)],
    ]);
    expect(await review.json()).toMatchObject({ review: { lines: ["지울 카테고리 (릴스 2개는 미분류 릴스로 옮겨집니다)"] } });
    expect(reelsOf(category.index), "review deletes nothing").toHaveLength(2);

    expect(
      redirectTarget(
        await post([
          ["intent", "confirm"],
          ["index", String(category.index)],
        ]),
      ),
    ).toBe("/reels-category");
    expect(categoryRow(category.index)).toBeUndefined();
    expect(reelsOf(category.index)).toEqual([]);
    for (const name of posters) expect(fs.existsSync(uploadPath(name)), "posters kept for the inbox").toBe(true);
    assertUploadsMatchDb(thisFile, "category form delete");
  });
});
