// The guides (상세/심화 정보, issue 32) through the real server: every call of DESIGN §8, the page
// forms without JavaScript (register, retry, preview, refusals with the form as typed and a category's picture held), what visitors
// may see (hidden and scheduled guides on no visitor surface), a scheduled guide reaching a stored
// page within a minute with no write (Date faked, as in page-changes.test.ts), and UPLOADS_DIR
// matching the database after every step.
// Runs about 5 s.
import fs from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { encodeInfo } from "~/lib/route-info";
import { startApp, type TestApp } from "../support/app";
import { parseHtml } from "../support/dom";
import { Client } from "../support/http";
import { adminClient, queryOneIn } from "./_helpers";
import { assertUploadsMatchDb, makeImage, multipart } from "./_uploads";

let app: TestApp;
let admin: Client;
let visitor: Client;
let png: Buffer;

beforeAll(async () => {
  app = await startApp({ UPLOAD_MAX_MB: "1" });
  admin = await adminClient(app);
  visitor = new Client(app.origin);
  png = await makeImage("png", { width: 320, height: 200 });
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  await app?.close();
});

type Json = Record<string, unknown>;

async function json(response: Response) {
  return (await response.json()) as Json;
}

async function newCategory(name: string, isView = "true") {
  const response = await admin.fetch("/api/detail-category/insert", {
    method: "POST",
    body: multipart({ categoryNm: name, description: `${name} 설명`, isView }, { imageFile: [png, "c.png", "image/png"] }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await json(response)).detailCategorys as { index: number }[])[0]!.index;
}

async function newGuide(fields: Record<string, string>, files: Record<string, [Buffer | string, string, string]> = {}) {
  return admin.fetch("/api/detail/insert", { method: "POST", body: multipart(fields, files) });
}

async function guideIndex(fields: Record<string, string>) {
  const response = await newGuide(fields);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await json(response)).index as number;
}

function guideCount() {
  return queryOneIn<{ n: number }>(app, "SELECT COUNT(*) AS n FROM guides").n;
}

/** Korea-time `yyyy-MM-dd HH:mm` of an instant. */
function kst(at: number) {
  return new Date(at + 9 * 3600_000).toISOString().slice(0, 16).replace("T", " ");
}

describe("the calls of DESIGN §8", () => {
  test("categories: insert, list with visible counts, update, order, delete with their guides and pictures", async () => {
    const first = await newCategory("발달 놀이");
    const second = await newCategory("식습관");
    const listed = (await json(await admin.fetch("/api/detail-category"))).detailCategorys as { index: number; count: number }[];
    expect(listed.find((c) => c.index === first)?.count).toBe(0);
    // A visitor sees no category without a guide to read.
    const forVisitor = (await json(await visitor.fetch("/api/detail-category"))).detailCategorys as { index: number }[];
    expect(forVisitor.map((c) => c.index)).not.toContain(first);

    await guideIndex({ detailNm: "놀이 하나", detailCategoryId: String(first), body: "본문" });
    const update = await admin.fetch("/api/detail-category/update", {
      method: "POST",
      body: multipart({ index: String(first), categoryNm: "발달 놀이 모음", isView: "true" }),
    });
    expect(update.status).toBe(200);
    const visible = (await json(await visitor.fetch("/api/detail-category"))).detailCategorys as {
      index: number;
      categoryNm: string;
      count: number;
    }[];
    expect(visible.find((c) => c.index === first)).toMatchObject({ categoryNm: "발달 놀이 모음", count: 1 });

    const all = ((await json(await admin.fetch("/api/detail-category"))).detailCategorys as { index: number }[]).map((c) => c.index);
    const reordered = [...all].reverse();
    const order = await admin.fetch("/api/detail-category/order", { json: { ids: reordered } });
    expect(((await json(order)).detailCategorys as { index: number }[]).map((c) => c.index)).toEqual(reordered);

    const deleted = await admin.fetch("/api/detail-category/delete", { json: { detailCategorys: [{ index: first }, { index: second }] } });
    expect(await json(deleted)).toMatchObject({ deleted: { categories: 2, guides: 1 }, errMsg: "" });
    assertUploadsMatchDb(app, "after deleting categories");
  });

  test("guides: insert with a cover, a picture from the editor and a reel card; list; contents; update; delete", async () => {
    const category = await newCategory("배변 심화");
    const picture = await admin.fetch("/api/detail/images", {
      method: "POST",
      body: multipart({}, { imageFile: [png, "p.png", "image/png"] }),
    });
    expect(picture.status).toBe(200);
    const { url } = (await json(picture)) as { url: string };
    expect(url).toMatch(/^\/uploads\/[0-9a-f-]+\.png$/);
    const reelId = queryOneIn<{ id: number }>(
      app,
      "SELECT reels.id FROM reels JOIN reel_categories ON reel_categories.id = reels.category_id WHERE reel_categories.is_view = 1 LIMIT 1",
    ).id;

    const body = `## 첫째\n\n![변기](${url})\n\n## 둘째\n\n[이 릴스](/r/${reelId})\n\n## 셋째\n\n- [ ] 준비물\n\n<script>alert(1)</script>`;
    const inserted = await newGuide(
      { detailNm: "시작하기", detailCategoryId: String(category), summary: "요약", body, isView: "true" },
      { imageFile: [png, "cover.png", "image/png"] },
    );
    expect(inserted.status, await inserted.clone().text()).toBe(200);
    const saved = (await json(inserted)) as { index: number; detail: Json };
    expect(saved.detail).toMatchObject({ detailNm: "시작하기", summary: "요약", detailCategoryId: category, state: "published", body });
    const html = saved.detail.html as string;
    expect(html).toContain('<h2 id="첫째">');
    expect(html).toContain(`<a class="guide-card" href="/r/${reelId}">`);
    expect(html).toContain("&lt;script&gt;");
    expect(html).not.toContain("<script");
    expect(saved.detail.toc).toHaveLength(3);
    // The cover's 2:1 share image is made beside it.
    const cover = (saved.detail.image as string).slice("/uploads/".length);
    expect((await visitor.fetch(`/uploads/${cover.replace(/\.png$/, "-share.jpg")}`)).status).toBe(200);
    assertUploadsMatchDb(app, "after a guide with a cover and a text picture");

    const list = await json(await visitor.fetch(`/api/detail/list?detailCategoryId=${category}`));
    expect(list).toMatchObject({ count: 1, detailLists: [{ index: saved.index, detailNm: "시작하기" }] });
    const contents = await json(await visitor.fetch(`/api/detail/contents?detailId=${saved.index}`));
    expect(contents.detail).toMatchObject({ index: saved.index, html });

    const updated = await admin.fetch("/api/detail/update", {
      method: "POST",
      body: multipart({
        index: String(saved.index),
        detailNm: "시작하기 (고침)",
        detailCategoryId: String(category),
        body: "짧게",
        hasImage: "false",
      }),
    });
    expect(updated.status).toBe(200);
    expect(((await json(updated)).detail as Json).image).toBeNull();
    assertUploadsMatchDb(app, "after the cover was removed");

    const deleted = await admin.fetch("/api/detail/delete", { json: { detailLists: [{ index: saved.index }] } });
    expect(await json(deleted)).toMatchObject({ deleted: 1 });
    expect((await visitor.fetch(`/api/detail/contents?detailId=${saved.index}`)).status).toBe(404);
    assertUploadsMatchDb(app, "after the guide was deleted");
  });

  test("the editor's picture call is the admin's only: 401 without a session, before the body is read", async () => {
    const response = await visitor.fetch("/api/detail/images", {
      method: "POST",
      body: multipart({}, { imageFile: [png, "p.png", "image/png"] }),
    });
    expect(response.status).toBe(401);
    expect((await json(response)).errMsg).toMatch(/로그인/);
  });
});

describe("bad input loses nothing: a Korean message beside the field, nothing half-saved, no stray file", () => {
  const cases: [string, Record<string, string>, Record<string, [Buffer | string, string, string]>, number, string, RegExp][] = [
    ["missing title", { detailNm: " " }, {}, 400, "detailNm", /제목을 입력/],
    ["over-long title", { detailNm: "가".repeat(81) }, {}, 400, "detailNm", /80자/],
    ["text over 100,000 characters", { body: "가".repeat(100_001) }, {}, 400, "body", /100,000자/],
    ["malformed time", { publishAt: "내일 아침" }, {}, 400, "publishAt", /공개 시각/],
    ["time past the limit", { publishAt: "2025-02-30 09:00" }, {}, 400, "publishAt", /공개 시각/],
    ["year out of range", { publishAt: "2125-01-01 09:00" }, {}, 400, "publishAt", /2000~2099/],
    ["unknown category", { detailCategoryId: "999999" }, {}, 400, "detailCategoryId", /카테고리를 찾을 수 없/],
    ["not a picture", {}, { imageFile: ["<svg onload=alert(1)></svg>", "x.png", "image/png"] }, 415, "imageFile", /PNG/],
    ["a text picture that is not one", {}, { bodyImageFile1: ["plain text", "x.jpg", "image/jpeg"] }, 415, "bodyImageFile1", /PNG/],
  ];

  test.each(cases)("%s", async (_, fields, files, status, field, message) => {
    const category = queryOneIn<{ id: number }>(app, "SELECT id FROM guide_categories ORDER BY id LIMIT 1").id;
    const before = guideCount();
    const response = await newGuide({ detailNm: "제목", detailCategoryId: String(category), body: "본문", ...fields }, files);
    expect(response.status).toBe(status);
    const answer = (await json(response)) as { errMsg: string; fieldErrors?: Record<string, string[]> };
    expect(answer.fieldErrors?.[field]?.[0] ?? answer.errMsg).toMatch(message);
    expect(guideCount()).toBe(before);
    assertUploadsMatchDb(app, _);
  });

  test("a picture over UPLOAD_MAX_MB: 413 in the API; the page form answers it with everything else as typed", async () => {
    const category = queryOneIn<{ id: number }>(app, "SELECT id FROM guide_categories ORDER BY id LIMIT 1").id;
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(1_200_000, 7)]);
    const api = await newGuide({ detailNm: "큰 사진", detailCategoryId: String(category) }, { imageFile: [big, "big.jpg", "image/jpeg"] });
    expect(api.status).toBe(413);
    expect((await json(api)).errMsg).toMatch(/1MB/);

    const page = await admin.fetch(`/detail-list-upsert/0/${encodeInfo({ detailCategoryId: category })}`, {
      method: "POST",
      body: multipart(
        { detailNm: "큰 사진 글", detailCategoryId: String(category), body: "한 시간 쓴 글" },
        { imageFile: [big, "big.jpg", "image/jpeg"] },
      ),
    });
    expect(page.status).toBe(413);
    const document = parseHtml(await page.text());
    expect(document.querySelector<HTMLInputElement>('input[name="detailNm"]')?.value).toBe("큰 사진 글");
    expect(document.querySelector<HTMLTextAreaElement>('textarea[name="body"]')?.value).toBe("한 시간 쓴 글");
    assertUploadsMatchDb(app, "after a refused large picture");
  });
});

describe("the page forms without JavaScript", () => {
  test("미리보기 renders the text without saving; 등록 saves once, a retry with the same submission id makes no second guide", async () => {
    const category = await newCategory("폼 카테고리");
    const path = `/detail-list-upsert/0/${encodeInfo({ detailCategoryId: category })}`;
    const form = await admin.fetch(path);
    const document = parseHtml(await form.text());
    const submissionId = document.querySelector<HTMLInputElement>('input[name="submissionId"]')!.value;
    expect(document.querySelector('button[name="intent"][value="preview"]')?.textContent).toBe("미리보기");
    expect(document.querySelector<HTMLSelectElement>('select[name="detailCategoryId"]')?.value).toBe(String(category));

    const before = guideCount();
    const fields = {
      detailNm: "폼으로 쓴 글",
      detailCategoryId: String(category),
      body: "## 소제목\n\n- [ ] 할 일\n\n![우리 집](사진1)",
      submissionId,
    };
    const preview = await admin.fetch(path, { method: "POST", body: multipart({ ...fields, intent: "preview" }) });
    expect(preview.status).toBe(200);
    const previewed = parseHtml(await preview.text());
    expect(previewed.querySelector(".guide-preview h2")?.textContent).toBe("미리보기 (저장되지 않았어요)");
    expect(previewed.querySelector('.guide-preview input[type="checkbox"]')).not.toBeNull();
    // (A multipart body carries line breaks as CRLF; the browser shows them as it always does.)
    expect(previewed.querySelector<HTMLTextAreaElement>('textarea[name="body"]')?.value.replace(/\r\n/g, "\n")).toBe(fields.body);
    expect(guideCount()).toBe(before);

    const photo = await makeImage("jpeg", { width: 400, height: 300 });
    const save = () =>
      admin.fetch(path, { method: "POST", body: multipart(fields, { bodyImageFile1: [photo, "photo.jpg", "image/jpeg"] }) });
    const first = await save();
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe(`/detail-list/${category}/${encodeURIComponent("폼 카테고리")}`);
    const again = await save();
    expect(again.status).toBe(302);
    expect(guideCount()).toBe(before + 1);
    const saved = queryOneIn<{ body: string; html: string }>(app, "SELECT body, html FROM guides ORDER BY id DESC LIMIT 1");
    // The picture beside the text went where the text named it.
    expect(saved.body).toMatch(/!\[우리 집\]\(\/uploads\/[0-9a-f-]+\.jpg\)/);
    expect(saved.html).toContain('alt="우리 집"');
    assertUploadsMatchDb(app, "after a register and its retry");
  });

  test("a refused save keeps the form as typed, with the message beside the field", async () => {
    const category = queryOneIn<{ id: number }>(app, "SELECT id FROM guide_categories ORDER BY id LIMIT 1").id;
    const response = await admin.fetch(`/detail-list-upsert/0/${encodeInfo({ detailCategoryId: category })}`, {
      method: "POST",
      body: multipart({
        detailNm: "",
        detailCategoryId: String(category),
        summary: "요약은 남아요",
        body: "본문도 남아요",
        publishAt: "2026-13-01 09:00",
      }),
    });
    expect(response.status).toBe(400);
    const document = parseHtml(await response.text());
    expect(document.querySelector<HTMLTextAreaElement>('textarea[name="body"]')?.value).toBe("본문도 남아요");
    expect(document.querySelector<HTMLTextAreaElement>('textarea[name="summary"]')?.value).toBe("요약은 남아요");
    const titleError = document.getElementById(
      document.querySelector('input[name="detailNm"]')!.getAttribute("aria-describedby")!.split(" ")[0]!,
    );
    expect(titleError?.textContent).toBe("제목을 입력해 주세요.");
    expect(document.body.textContent).toContain("공개 시각을 2025-03-01 09:00 형식으로");
  });

  test("the category form refused with a picture shows it as chosen, held; 등록 with it saves the category with that picture", async () => {
    const formPath = "/detail-category-upsert/0";
    const photo = await makeImage("jpeg", { width: 400, height: 300 });
    const refused = await admin.fetch(formPath, {
      method: "POST",
      body: multipart(
        { categoryNm: "가".repeat(41), description: "사진을 고른 뒤 너무 긴 이름", hasImage: "true", isView: "true" },
        { imageFile: [photo, "IMG_0003.JPG", "image/jpeg"] },
      ),
    });
    expect(refused.status).toBe(400);
    const document = parseHtml(await refused.text());
    expect(document.body.textContent).toContain("카테고리 이름은 40자 이내로 입력해 주세요.");
    expect(document.body.textContent).toContain("선택한 사진이 그대로 있습니다. 다른 사진을 고르면 그 사진으로 바뀝니다.");
    expect(document.querySelector('img[alt="미리보기"]')?.getAttribute("src")).toMatch(/^data:image\/jpeg;base64,/);
    expect(document.querySelector<HTMLTextAreaElement>('textarea[name="description"]')?.value).toBe("사진을 고른 뒤 너무 긴 이름");
    const token = document.querySelector<HTMLInputElement>('input[name="heldPicture"]')?.value;
    expect(token).toMatch(/^[0-9a-f-]{36}$/);
    assertUploadsMatchDb(app, "while the category's picture is held");

    const saved = await admin.fetch(formPath, {
      method: "POST",
      body: multipart({ categoryNm: "맡아 둔 사진 카테고리", hasImage: "true", isView: "true", heldPicture: token! }),
    });
    expect(saved.status, await saved.clone().text()).toBe(302);
    expect(saved.headers.get("location")).toBe("/detail-category");
    const row = queryOneIn<{ image: string | null }>(app, "SELECT image FROM guide_categories WHERE name = ?", "맡아 둔 사진 카테고리");
    expect(row.image).toMatch(/^[0-9a-f-]{36}\.jpg$/);
    expect(fs.existsSync(`${app.uploadsDir}/.site/held/${token}`), "the held picture went into the saved category").toBe(false);
    assertUploadsMatchDb(app, "after the category's save with its held picture");
  });

  test("a visitor is sent home from the upsert screens", async () => {
    for (const path of ["/detail-category-upsert/0", `/detail-list-upsert/0/${encodeInfo({ detailCategoryId: 1 })}`]) {
      const response = await visitor.fetch(path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("location")).toBe("/");
    }
  });
});

describe("hidden and scheduled guides are on no visitor surface; the owner sees them labelled", () => {
  test("lists, counts, pages, search, API, sitemap and feed", async () => {
    const category = await newCategory("가시성 점검");
    const shown = await guideIndex({ detailNm: "공개된 가시성글", detailCategoryId: String(category), body: "누구나 읽는 가시성글" });
    const hidden = await guideIndex({
      detailNm: "비공개 가시성글",
      detailCategoryId: String(category),
      body: "숨긴 가시성글",
      isView: "false",
    });
    const scheduled = await guideIndex({
      detailNm: "예약된 가시성글",
      detailCategoryId: String(category),
      body: "나중에 가시성글",
      publishAt: kst(Date.now() + 3 * 86_400_000),
    });
    const listPath = `/detail-list/${category}/${encodeURIComponent("가시성 점검")}`;
    const texts = async (client: Client, path: string) => {
      const response = await client.fetch(path);
      return { status: response.status, text: await response.text() };
    };

    for (const [path, expectShown] of [
      [listPath, true],
      ["/detail-category", true],
      [`/search?q=${encodeURIComponent("가시성글")}`, true],
      [`/api/search?q=${encodeURIComponent("가시성글")}`, true],
      [`/api/detail/list?detailCategoryId=${category}`, true],
      ["/rss.xml", true],
    ] as const) {
      const { text } = await texts(visitor, path);
      if (expectShown && path !== "/detail-category") expect(text, path).toContain("공개된 가시성글");
      expect(text, path).not.toContain("비공개 가시성글");
      expect(text, path).not.toContain("예약된 가시성글");
    }
    const sitemap = (await texts(visitor, "/sitemap.xml")).text;
    expect(sitemap).toContain(`/detail-contents/${shown}</loc><lastmod>`);
    expect(sitemap).not.toContain(`/detail-contents/${hidden}<`);
    expect(sitemap).not.toContain(`/detail-contents/${scheduled}<`);
    expect((await json(await visitor.fetch("/api/detail-category"))).detailCategorys).toContainEqual(
      expect.objectContaining({ index: category, count: 1 }),
    );
    for (const id of [hidden, scheduled]) {
      expect((await visitor.fetch(`/detail-contents/${id}`)).status).toBe(404);
      expect((await visitor.fetch(`/api/detail/contents?detailId=${id}`)).status).toBe(404);
      expect((await visitor.fetch(`/seen/guide/${id}`)).status).toBe(404);
    }
    expect((await visitor.fetch(`/seen/guide/${shown}`)).status).toBe(200);

    // The owner: every guide, with 비공개 / 예약됨.
    const ownerList = parseHtml((await texts(admin, listPath)).text);
    const titles = [...ownerList.querySelectorAll(".guide-item__title")].map((title) => title.textContent);
    expect(titles).toEqual(expect.arrayContaining(["예약된 가시성글예약됨", "비공개 가시성글비공개", "공개된 가시성글"]));
    expect((await admin.fetch(`/detail-contents/${scheduled}`)).status).toBe(200);
  });

  test("with the section hidden (/home-update), its pages are the 404 page for visitors and it leaves the sitemap and search", async () => {
    const flag = (detail: boolean) => admin.fetch("/api/home/update", { json: { isViewFlags: { detail } } });
    expect((await flag(false)).status).toBe(200);
    try {
      for (const path of ["/detail-category", "/detail-contents/1", "/api/detail-category"])
        expect((await visitor.fetch(path)).status, path).toBe(404);
      expect((await admin.fetch("/detail-category")).status).toBe(200);
      expect(await (await visitor.fetch("/sitemap.xml")).text()).not.toContain("/detail-");
      const found = await json(await visitor.fetch(`/api/search?q=${encodeURIComponent("배변훈련")}`));
      expect(found.guides).toEqual([]);
    } finally {
      await flag(true);
    }
  });
});

describe("a scheduled guide appears on stored pages within a minute of its time, with no write", () => {
  test("before its minute the stored list leaves it out; a second after, the list, the category page and the feed show it", async () => {
    const category = await newCategory("예약 카테고리");
    await guideIndex({ detailNm: "이미 공개된 글", detailCategoryId: String(category), body: "본문" });
    const at = (Math.floor(Date.now() / 60_000) + 10) * 60_000;
    await guideIndex({ detailNm: "열 시 정각 공개 글", detailCategoryId: String(category), body: "본문", publishAt: kst(at) });
    const listPath = `/detail-list/${category}/${encodeURIComponent("예약 카테고리")}`;
    const page = async (path: string) => (await fetch(app.url(path))).text();

    vi.useFakeTimers({ toFake: ["Date"], now: at - 30_000 });
    const before = await page(listPath);
    expect(before).not.toContain("열 시 정각 공개 글");
    expect(await page(listPath), "stored: the same page").toBe(before);

    vi.setSystemTime(at + 1_000);
    expect(await page(listPath)).toContain("열 시 정각 공개 글");
    expect(await page("/rss.xml")).toContain("열 시 정각 공개 글");
    expect(await page(`/search?q=${encodeURIComponent("정각")}`)).toContain("열 시 정각 공개 글");
  });
});
