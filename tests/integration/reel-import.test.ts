// The automatic import of reels (issue 21, items 1 and 2) through the real use cases and route
// modules, against the local stand-in of the Graph API: hashtag rules, the inbox, tombstones,
// overlapping runs, paging, token expiry, and what visitors (never) see.
// Runs about 7 s.
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { db } from "~/db/client.server";
import { ignoredMedia, reelCategories, reelInbox, reels } from "~/db/schema";
import { startImportSchedule, stopImportSchedule } from "~/features/reels/import-schedule.server";
import { importNewReels, scheduledImport } from "~/features/reels/import.server";
import * as categoryUpsertPage from "~/routes/_admin.reels-category-upsert.$tag.($info)";
import * as inboxPage from "~/routes/_admin.reels-inbox";
import * as apiReelDelete from "~/routes/api.reels.delete";
import * as apiReelList from "~/routes/api.reels.list";
import * as apiSync from "~/routes/api.reels.sync";
import * as apiReelUpdate from "~/routes/api.reels.update";
import * as apiSearch from "~/routes/api.search";
import { newVideoMaker, startFakeGraph, type FakeGraph } from "../support/fake-graph";
import { expectLogged } from "../support/log-guard";
import { adminCookie, callAction, callLoader, redirectTarget, thisFile } from "./_direct";
import { assertUploadsMatchDb, multipart } from "./_uploads";

let fake: FakeGraph;
let admin: string;
let pottyId: number;
let motorId: number;
/** New videos the site has never seen, each with the given caption. */
const videosWith = newVideoMaker(() => fake.origin, 19000000000000000n);

const reelsByMedia = (mediaId: string) => db().select().from(reels).where(eq(reels.mediaId, mediaId)).all();
const inboxByMedia = (mediaId: string) => db().select().from(reelInbox).where(eq(reelInbox.mediaId, mediaId)).all();

async function saveCategoryForm(fields: Record<string, string>) {
  return callAction(categoryUpsertPage, "/reels-category-upsert/0", { form: multipart(fields), params: { tag: "0" }, cookie: admin });
}

beforeAll(async () => {
  fake = await startFakeGraph();
  Object.assign(process.env, { INSTAGRAM_GRAPH_URL: fake.origin, INSTAGRAM_ACCESS_TOKEN: "import-test-token" });
  admin = await adminCookie();
  // Registered in this order, so the list (newest first) has 소근육 before 배변훈련.
  const rules: [string, string][] = [
    ["배변훈련", "#배변훈련  #기저귀 #배변훈련"],
    ["소근육 놀이", "#소근육 #가위질 #공통태그"],
  ];
  for (const [categoryNm, hashtags] of rules) {
    expect(redirectTarget(await saveCategoryForm({ categoryNm, hashtags, isView: "true" }))).toBe("/reels-category");
  }
  const rows = db().select().from(reelCategories).all();
  pottyId = rows.find((row) => row.name === "배변훈련")!.id;
  motorId = rows.find((row) => row.name === "소근육 놀이")!.id;
});
afterAll(async () => {
  stopImportSchedule();
  await fake?.close();
});

describe("hashtag rules on the category form", () => {
  test("stored normalised; a word that is not a hashtag is refused with a Korean message", async () => {
    expect(db().select().from(reelCategories).where(eq(reelCategories.id, pottyId)).get()!.hashtags).toBe("#배변훈련 #기저귀");
    const refused = await saveCategoryForm({ categoryNm: "잘못된 규칙", hashtags: "#배변-훈련!", isView: "true" });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain("해시태그는 #과 글자, 숫자, 밑줄로 띄어 써 주세요. 예: #배변훈련 #기저귀");
    expect(db().select().from(reelCategories).where(eq(reelCategories.name, "잘못된 규칙")).get()).toBeUndefined();
  });
});

describe("the scheduled import", () => {
  test("the first run after start files a matching reel, puts the other in the inbox, skips images and albums", async () => {
    const [matching, plain] = videosWith("밤 기저귀 떼기 꿀팁\n#아동작업치료 #배변훈련", "오늘의 놀이 #일상");
    fake.setMedia([
      matching!,
      plain!,
      { ...videosWith("사진 #배변훈련")[0]!, media_type: "IMAGE", media_product_type: "FEED" },
      { ...videosWith("앨범 #배변훈련")[0]!, media_type: "CAROUSEL_ALBUM", media_product_type: "FEED" },
    ]);
    const { firstRun } = startImportSchedule({ firstDelayMs: 0, intervalMs: 3_600_000 });
    expect(await firstRun).toEqual({ imported: 2, filed: 1, unfiled: 1 });
    stopImportSchedule();

    const [filed] = reelsByMedia(matching!.id);
    expect(filed).toMatchObject({ categoryId: pottyId, name: "밤 기저귀 떼기 꿀팁" });
    expect(fs.existsSync(path.join(thisFile.uploadsDir, filed!.image!))).toBe(true);
    expect(reelsByMedia(plain!.id)).toEqual([]);
    expect(inboxByMedia(plain!.id)).toHaveLength(1);
    expect(
      db()
        .select()
        .from(reels)
        .all()
        .filter((row) => /^(사진|앨범)/.test(row.caption)),
    ).toEqual([]);
    expect(
      db()
        .select()
        .from(reelInbox)
        .all()
        .filter((row) => /^(사진|앨범)/.test(row.caption)),
    ).toEqual([]);
    assertUploadsMatchDb(thisFile, "first import");
  });

  test("captions with control characters or over Instagram's 2,200 characters: the batch imports whole, each caption made safe", async () => {
    const [controlled, long, plain] = videosWith(
      "첫 줄\r\n\u0000둘째\u001b[31m 줄\u0007\r\n#배변훈련",
      `${"가".repeat(200_000)} #배변훈련`,
      "평범한 릴스",
    );
    fake.setMedia([controlled!, long!, plain!]);
    // The hashtag of the long caption is past the cut: that reel waits in the inbox.
    expect(await importNewReels()).toEqual({ imported: 3, filed: 1, unfiled: 2 });
    expect(reelsByMedia(controlled!.id)).toEqual([
      expect.objectContaining({ name: "첫 줄", caption: "첫 줄\n둘째[31m 줄\n#배변훈련", categoryId: pottyId }),
    ]);
    expect(inboxByMedia(long!.id).map((row) => row.caption)).toEqual(["가".repeat(2200)]);
    expect(inboxByMedia(plain!.id).map((row) => row.caption)).toEqual(["평범한 릴스"]);
  });

  test("the first category in the owner's order wins when several rules match", async () => {
    const [both] = videosWith("두 규칙 모두 #공통태그 #기저귀");
    fake.setMedia([both!]);
    expect(await importNewReels()).toEqual({ imported: 1, filed: 1, unfiled: 0 });
    // The list order is newest first: 소근육 놀이 was registered after 배변훈련.
    expect(reelsByMedia(both!.id).map((row) => row.categoryId)).toEqual([motorId]);
  });

  test("a second run imports nothing and leaves her edits (title, category) as they are", async () => {
    const [video] = videosWith("편집될 릴스 #배변훈련");
    fake.setMedia([video!]);
    await importNewReels();
    const [reel] = reelsByMedia(video!.id);
    const edited = await callAction(apiReelUpdate, "/api/reels/update", {
      json: { index: reel!.id, reelsNm: "그녀가 고친 제목", reelsCategoryID: motorId },
      cookie: admin,
    });
    expect(edited.status).toBe(200);
    expect(await importNewReels()).toEqual({ imported: 0, filed: 0, unfiled: 0 });
    expect(reelsByMedia(video!.id)).toEqual([expect.objectContaining({ name: "그녀가 고친 제목", categoryId: motorId })]);
  });

  test("a deleted reel stays deleted", async () => {
    const [video] = videosWith("지울 릴스 #배변훈련");
    fake.setMedia([video!]);
    await importNewReels();
    const [reel] = reelsByMedia(video!.id);
    const deleted = await callAction(apiReelDelete, "/api/reels/delete", { json: { reelsLists: [{ index: reel!.id }] }, cookie: admin });
    expect(deleted.status).toBe(200);
    expect(await importNewReels()).toEqual({ imported: 0, filed: 0, unfiled: 0 });
    expect(reelsByMedia(video!.id)).toEqual([]);
    expect(inboxByMedia(video!.id)).toEqual([]);
    expect(db().select().from(ignoredMedia).where(eq(ignoredMedia.mediaId, video!.id)).get()?.reason).toBe("deleted");
  });

  test("two runs at once store each new reel once", async () => {
    const items = videosWith("동시 1 #배변훈련", "동시 2", "동시 3 #소근육");
    fake.setMedia(items);
    const [first, second] = await Promise.all([importNewReels(), importNewReels()]);
    expect(first.imported + second.imported).toBe(3);
    for (const item of items) expect(reelsByMedia(item.id).length + inboxByMedia(item.id).length).toBe(1);
    assertUploadsMatchDb(thisFile, "overlapping runs");
  });

  test("follows paging.next through several pages", async () => {
    const items = videosWith(...Array.from({ length: 12 }, (_, i) => `페이지 릴스 ${i + 1}`));
    fake.setMedia(items);
    // Pages shorter than the site asks for: every item still comes, each poster stored once.
    fake.setMostPerPage(5);
    fake.clearRequests();
    try {
      expect(await importNewReels()).toEqual({ imported: 12, filed: 0, unfiled: 12 });
    } finally {
      fake.setMostPerPage(null);
    }
    expect(fake.requests.filter((request) => request.path.endsWith("/media")).length, "three pages of 5, 5 and 2").toBe(3);
    for (const item of items) expect(inboxByMedia(item.id)).toHaveLength(1);
  });

  test("an expired token is shown on the inbox and the next run tries again", async () => {
    const [video] = videosWith("만료 뒤 릴스 #배변훈련");
    fake.setMedia([video!]);
    fake.expireToken();
    expectLogged("the failed run", (entry) => entry.msg === "scheduled reel import failed" && entry.code === "INSTAGRAM_TOKEN_EXPIRED");
    expect(await scheduledImport()).toBeNull();
    const shown = (await (await callLoader(inboxPage, "/reels-inbox", { cookie: admin })).json()) as { syncError: string | null };
    expect(shown.syncError).toBe("인스타그램 토큰이 만료되었거나 취소되었습니다. '인스타그램 연결'에서 새 토큰을 등록해 주세요.");
    fake.restoreToken();
    expect(await scheduledImport()).toEqual({ imported: 1, filed: 1, unfiled: 0 });
    const cleared = (await (await callLoader(inboxPage, "/reels-inbox", { cookie: admin })).json()) as { syncError: string | null };
    expect(cleared.syncError).toBeNull();
  });
});

describe("the inbox (plain POST forms, no JavaScript)", () => {
  test("등록 files a reel into the chosen category; 숨기기 hides one for good", async () => {
    const [toFile, toHide] = videosWith("분류할 릴스", "숨길 릴스");
    fake.setMedia([toFile!, toHide!]);
    await importNewReels();
    const fileIndex = inboxByMedia(toFile!.id)[0]!.id;
    const hidden = inboxByMedia(toHide!.id)[0]!;

    const filed = await callAction(inboxPage, "/reels-inbox", {
      form: { intent: "file", index: String(fileIndex), reelsCategoryID: String(pottyId) },
      cookie: admin,
    });
    expect(redirectTarget(filed)).toBe("/reels-inbox");
    expect(reelsByMedia(toFile!.id)).toEqual([expect.objectContaining({ categoryId: pottyId, name: "분류할 릴스" })]);
    expect(inboxByMedia(toFile!.id)).toEqual([]);

    const noCategory = await callAction(inboxPage, "/reels-inbox", { form: { intent: "file", index: String(hidden.id) }, cookie: admin });
    expect(noCategory.status).toBe(400);
    expect(await noCategory.json()).toMatchObject({ status: "error", error: { reelsCategoryID: ["카테고리를 선택해 주세요."] } });

    const hid = await callAction(inboxPage, "/reels-inbox", { form: { intent: "hide", index: String(hidden.id) }, cookie: admin });
    expect(redirectTarget(hid)).toBe("/reels-inbox");
    expect(inboxByMedia(toHide!.id)).toEqual([]);
    expect(fs.existsSync(path.join(thisFile.uploadsDir, hidden.image!))).toBe(false);
    expect(await importNewReels()).toEqual({ imported: 0, filed: 0, unfiled: 0 });
    expect(inboxByMedia(toHide!.id)).toEqual([]);
    assertUploadsMatchDb(thisFile, "inbox forms");
  });

  test("지금 가져오기 imports at once; a visitor is sent away from the inbox and its forms", async () => {
    const [video] = videosWith("버튼으로 가져온 릴스");
    fake.setMedia([video!]);
    const synced = await callAction(inboxPage, "/reels-inbox", { form: { intent: "sync" }, cookie: admin });
    expect(redirectTarget(synced)).toBe("/reels-inbox");
    expect(inboxByMedia(video!.id)).toHaveLength(1);

    expect(redirectTarget(await callLoader(inboxPage, "/reels-inbox"))).toBe("/");
    const index = String(inboxByMedia(video!.id)[0]!.id);
    expect(redirectTarget(await callAction(inboxPage, "/reels-inbox", { form: { intent: "hide", index } }))).toBe("/");
    expect(inboxByMedia(video!.id)).toHaveLength(1);
  });
});

describe("POST /api/reels/sync", () => {
  test("answers {imported, filed, unfiled} to the admin and 401 to anyone else", async () => {
    const items = videosWith("API 릴스 #기저귀", "API 미분류 릴스");
    fake.setMedia(items);
    const refused = await callAction(apiSync, "/api/reels/sync", { json: {} });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ errMsg: "로그인이 필요합니다.", errCode: expect.any(String) });
    expect(inboxByMedia(items[1]!.id)).toEqual([]);

    const response = await callAction(apiSync, "/api/reels/sync", { json: {}, cookie: admin });
    expect(response.status).toBe(200);
    const { imported, filed, unfiled } = (await response.json()) as Record<string, unknown>;
    expect({ imported, filed, unfiled }).toEqual({ imported: 2, filed: 1, unfiled: 1 });
  });
});

describe("visitors never see an unfiled reel", () => {
  test("not in lists, counts or search", async () => {
    const [video] = videosWith("비공개미분류단어 릴스");
    fake.setMedia([video!]);
    await importNewReels();
    expect(inboxByMedia(video!.id)).toHaveLength(1);

    for (const categoryId of [pottyId, motorId]) {
      const list = (await (await callLoader(apiReelList, `/api/reels/list?reelsCategoryId=${categoryId}`)).json()) as {
        count: number;
        reelsLists: { mediaId: string }[];
      };
      expect(list.reelsLists.map((reel) => reel.mediaId)).not.toContain(video!.id);
      expect(list.count).toBe(db().select().from(reels).where(eq(reels.categoryId, categoryId)).all().length);
    }
    const found = (await (await callLoader(apiSearch, `/api/search?q=${encodeURIComponent("비공개미분류단어")}`)).json()) as {
      reels: unknown[];
    };
    expect(found.reels).toEqual([]);
  });
});
