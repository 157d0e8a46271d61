// A reel's 2:1 share image (issue 21 item 4, docs/architecture.md §5): made from its poster when the
// poster is copied (registration and import), named by the reel page's og:image with its size,
// removed with the poster, and a reel without one shares its poster as before. Against the local
// stand-in of the Graph API, through the real route modules.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { db } from "~/db/client.server";
import { reelCategories, reelInbox, reels } from "~/db/schema";
import { importNewReels } from "~/features/reels/import.server";
import { sweepOrphanUploads } from "~/features/uploads/sweep.server";
import * as inboxPage from "~/routes/_admin.reels-inbox";
import * as apiCategoryInsert from "~/routes/api.reels-category.insert";
import * as apiReelDelete from "~/routes/api.reels.delete";
import * as apiReelInsert from "~/routes/api.reels.insert";
import * as viewerPage from "~/routes/reels-content.$info";
import { newVideoMaker, startFakeGraph, type FakeGraph } from "../support/fake-graph";
import { adminCookie, callAction, callLoader, redirectTarget, thisFile } from "./_direct";
import { assertUploadsMatchDb, makeImage, multipart } from "./_uploads";

const ORIGIN = "https://ot-kids.example";

let fake: FakeGraph;
let admin: string;
let categoryId: number;
/** New videos the site has never seen, each with the given caption. */
const videosWith = newVideoMaker(() => fake.origin, 19500000000000000n);

const uploadPath = (name: string) => path.join(thisFile.uploadsDir, name);
const shareOf = (poster: string) => poster.replace(/\.\w+$/, "-share.jpg");
const reelByMedia = (mediaId: string) => db().select().from(reels).where(eq(reels.mediaId, mediaId)).get();

beforeAll(async () => {
  fake = await startFakeGraph();
  Object.assign(process.env, { INSTAGRAM_GRAPH_URL: fake.origin, INSTAGRAM_ACCESS_TOKEN: "share-test-token" });
  admin = await adminCookie();
  const created = await callAction(apiCategoryInsert, "/api/reels-category/insert", {
    form: multipart(
      { categoryNm: "공유 이미지", description: "설명", isView: "true", hashtags: "#공유이미지" },
      {
        imageFile: [await makeImage("png"), "c.png", "image/png"],
      },
    ),
    cookie: admin,
  });
  expect(created.status).toBe(200);
  categoryId = db().select().from(reelCategories).where(eq(reelCategories.name, "공유 이미지")).get()!.id;
});
afterAll(() => fake?.close());

async function expectShareImage(poster: string) {
  const file = uploadPath(shareOf(poster));
  expect(fs.existsSync(file), "share image beside the poster").toBe(true);
  const info = await sharp(fs.readFileSync(file)).metadata();
  expect({ format: info.format, width: info.width, height: info.height }).toEqual({ format: "jpeg", width: 1200, height: 600 });
  expect(info.exif, "no metadata").toBeUndefined();
}

/** The reel page's head tags, as its meta function renders them for the loader's data. */
async function pageTags(reel: { id: number; mediaId: string; name: string }) {
  const info = JSON.stringify({ id: reel.id, mediaId: reel.mediaId, reelsNm: reel.name });
  const response = await callLoader(viewerPage, `/reels-content/${encodeURIComponent(info)}`, { params: { info } });
  expect(response.status).toBe(200);
  const data = (await response.json()) as Awaited<ReturnType<typeof viewerPage.loader>>;
  const tags = viewerPage.meta({
    data,
    params: { info },
    location: { pathname: `/reels-content/${encodeURIComponent(info)}`, search: "", hash: "", state: null, key: "default" },
    matches: [{ id: "root", data: { origin: ORIGIN } }],
  } as unknown as Parameters<typeof viewerPage.meta>[0]);
  const value = (key: string) =>
    (tags as Record<string, string>[]).filter((tag) => tag.property === key || tag.name === key).map((tag) => tag.content);
  return {
    image: value("og:image"),
    width: value("og:image:width"),
    height: value("og:image:height"),
    twitterImage: value("twitter:image"),
  };
}

describe("a reel's share image", () => {
  test("registering a reel makes a 1200×600 JPEG beside its poster; the page's og:image names it with its size; delete removes both", async () => {
    const [video] = videosWith("등록할 릴스");
    fake.setMedia([video!]);
    const inserted = await callAction(apiReelInsert, "/api/reels/insert", {
      json: { reelsNm: "공유될 릴스", reelsCategoryID: categoryId, mediaId: video!.id },
      cookie: admin,
    });
    expect(inserted.status).toBe(200);
    const row = reelByMedia(video!.id)!;
    await expectShareImage(row.image!);
    assertUploadsMatchDb(thisFile, "register");

    const share = `${ORIGIN}/uploads/${shareOf(row.image!)}`;
    expect(await pageTags(row)).toEqual({ image: [share], width: ["1200"], height: ["600"], twitterImage: [share] });

    const deleted = await callAction(apiReelDelete, "/api/reels/delete", { json: { reelsLists: [{ index: row.id }] }, cookie: admin });
    expect(deleted.status).toBe(200);
    expect(fs.existsSync(uploadPath(row.image!)), "poster removed").toBe(false);
    expect(fs.existsSync(uploadPath(shareOf(row.image!))), "share image removed").toBe(false);
  });

  test("an imported reel gets one too, filed or in the inbox; hiding an inbox reel removes both files", async () => {
    const [filed, unfiled] = videosWith("규칙에 맞는 릴스 #공유이미지", "분류 안 된 릴스");
    fake.setMedia([filed!, unfiled!]);
    expect(await importNewReels()).toEqual({ imported: 2, filed: 1, unfiled: 1 });
    await expectShareImage(reelByMedia(filed!.id)!.image!);
    const inbox = db().select().from(reelInbox).where(eq(reelInbox.mediaId, unfiled!.id)).get()!;
    await expectShareImage(inbox.image!);
    assertUploadsMatchDb(thisFile, "import");

    const hid = await callAction(inboxPage, "/reels-inbox", { form: { intent: "hide", index: String(inbox.id) }, cookie: admin });
    expect(redirectTarget(hid)).toBe("/reels-inbox");
    expect(fs.existsSync(uploadPath(inbox.image!)), "poster removed").toBe(false);
    expect(fs.existsSync(uploadPath(shareOf(inbox.image!))), "share image removed").toBe(false);
  });

  test("a reel without a share file (copied before, or lost) shares its poster, with no error", async () => {
    const [video] = videosWith("공유 이미지를 잃은 릴스 #공유이미지");
    fake.setMedia([video!]);
    await importNewReels();
    const row = reelByMedia(video!.id)!;
    fs.rmSync(uploadPath(shareOf(row.image!)));
    const poster = `${ORIGIN}/uploads/${row.image!}`;
    expect(await pageTags(row)).toEqual({ image: [poster], width: [], height: [], twitterImage: [poster] });
  });

  test("the start's sweep keeps a share image while its poster is named, and quarantines one whose poster is gone", async () => {
    const [video] = videosWith("쓸어도 남는 릴스 #공유이미지");
    fake.setMedia([video!]);
    await importNewReels();
    const kept = shareOf(reelByMedia(video!.id)!.image!);
    const stray = `${crypto.randomUUID()}-share.jpg`;
    fs.writeFileSync(uploadPath(stray), "no poster names this");
    const lines: string[] = [];
    await sweepOrphanUploads((line) => lines.push(line));
    expect(fs.existsSync(uploadPath(kept)), "share image of a named poster kept").toBe(true);
    expect(fs.existsSync(uploadPath(stray)), "share image without its poster moved").toBe(false);
    expect(lines.join("\n")).toContain(stray);
    assertUploadsMatchDb(thisFile, "after the sweep");
  });
});
