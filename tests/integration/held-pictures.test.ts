// Issue 33, point 3: without JavaScript a form that comes back with an error keeps the chosen
// picture. Real Requests into the page actions (tests/integration/_direct.ts) on this file's own
// SQLite file and UPLOADS_DIR: the picture is held under a token bound to the session, the next
// valid save takes it, a foreign, forged or stale token is refused in Korean, the held files are
// bounded and swept, and no file is left anywhere once the record is saved.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";

import { db } from "~/db/client.server";
import { guideCategories, partnerAds, products, reelCategories, settings, settingsWithUploads } from "~/db/schema";
import { CATEGORY_NAME_MAX } from "~/features/categories/category-schema";
import { HELD_MAX, HELD_MAX_AGE_MS, sweepHeldPictures } from "~/lib/held-pictures.server";
import * as guideCategoryPage from "~/routes/_admin.detail-category-upsert.$tag.($info)";
import * as productPage from "~/routes/_admin.product-upsert.$tag.($info)";
import * as categoryPage from "~/routes/_admin.reels-category-upsert.$tag.($info)";
import * as adPage from "~/routes/_admin.site-settings_.ad.$tag.($info)";
import * as identityPage from "~/routes/_admin.site-settings_.identity";
import { adminCookie, callAction, redirectTarget, thisFile } from "./_direct";
import { assertUploadsMatchDb, makeImage, multipart, receivedFiles } from "./_uploads";

const KEPT = "선택한 사진이 그대로 있습니다. 다른 사진을 고르면 그 사진으로 바뀝니다.";
const GONE = "선택했던 사진을 더 찾을 수 없습니다(오래되었거나 다른 로그인에서 고른 사진입니다). 사진을 다시 골라 주세요.";
const heldRoot = path.join(thisFile.uploadsDir, ".site", "held");

type Reply = {
  error?: Record<string, string[]>;
  initialValue?: Record<string, string>;
  heldPicture?: { token: string; preview: string; note: string };
};

let admin: string;
let jpeg: Buffer;

beforeAll(async () => {
  admin = await adminCookie();
  jpeg = await makeImage("jpeg", { width: 640, height: 480 });
});

function heldTokens() {
  return fs.existsSync(heldRoot) ? fs.readdirSync(heldRoot).sort() : [];
}

function productNamed(name: string) {
  return db().select({ image: products.image }).from(products).where(eq(products.name, name)).all();
}

/** Posts the product register form as a browser without JavaScript does. */
function postProduct(fields: Record<string, string | undefined>, picture?: Buffer | string, cookie = admin) {
  const files: Record<string, [Buffer | string, string, string]> = picture ? { imageFile: [picture, "IMG_0001.JPG", "image/jpeg"] } : {};
  return callAction(productPage, "/product-upsert/0", {
    params: { tag: "0" },
    cookie,
    form: multipart({ description: "설명", hasImage: "true", isView: "true", isGroupBuy: "true", ...fields }, files),
  });
}

/** A form refused for its missing name, with a picture: the picture held. */
async function holdOne(cookie = admin) {
  const response = await postProduct({ productsNm: "" }, jpeg, cookie);
  expect(response.status).toBe(400);
  const reply = (await response.json()) as Reply;
  expect(reply.heldPicture?.token).toMatch(/^[0-9a-f-]{36}$/);
  return reply;
}

function ageHeld(token: string, ms: number) {
  const file = path.join(heldRoot, token, "held.json");
  const about = JSON.parse(fs.readFileSync(file, "utf8")) as { at: number };
  fs.writeFileSync(file, JSON.stringify({ ...about, at: about.at - ms }));
}

describe("a picture on a form that comes back with an error (no JavaScript)", () => {
  test("is held under a token, shown as chosen, and saved with the record at the next valid 등록", async () => {
    const before = heldTokens();
    const reply = await holdOne();
    expect(reply.error).toEqual({ productsNm: ["필수 정보를 입력해 주세요."] });
    expect(reply.initialValue).toMatchObject({ description: "설명" });
    expect(reply.heldPicture?.note).toBe(KEPT);
    // A small preview travels in the page: the held file itself is never served.
    expect(reply.heldPicture?.preview).toMatch(/^data:image\/jpeg;base64,/);
    expect(Buffer.from(reply.heldPicture!.preview.split(",")[1]!, "base64").length).toBeLessThan(30_000);
    expect(heldTokens()).toEqual([...before, reply.heldPicture!.token].sort());
    expect(receivedFiles(thisFile)).toEqual([]);
    assertUploadsMatchDb(thisFile, "while held");

    const name = `맡아 둔 사진 ${crypto.randomUUID().slice(0, 8)}`;
    const saved = await postProduct({ productsNm: name, heldPicture: reply.heldPicture!.token });
    expect(redirectTarget(saved), await saved.clone().text()).toBe("/product-list");
    const rows = productNamed(name);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.image).toMatch(/^[0-9a-f-]{36}\.jpg$/);
    expect(heldTokens()).toEqual(before);
    expect(receivedFiles(thisFile)).toEqual([]);
    assertUploadsMatchDb(thisFile, "after the save");
  });

  test("a form that comes back twice keeps it under a new token; the old one is used up", async () => {
    const first = await holdOne();
    const again = await postProduct({ productsNm: "", heldPicture: first.heldPicture!.token });
    expect(again.status).toBe(400);
    const second = (await again.json()) as Reply;
    expect(second.heldPicture?.token).not.toBe(first.heldPicture!.token);
    expect(second.heldPicture?.preview).toBe(first.heldPicture!.preview);
    expect(heldTokens()).toContain(second.heldPicture!.token);
    expect(heldTokens()).not.toContain(first.heldPicture!.token);
    const name = `두 번 돌아온 사진 ${crypto.randomUUID().slice(0, 8)}`;
    expect(redirectTarget(await postProduct({ productsNm: name, heldPicture: second.heldPicture!.token }))).toBe("/product-list");
    expect(productNamed(name)[0]?.image).toMatch(/\.jpg$/);
    assertUploadsMatchDb(thisFile, "after the second answer's save");
  });

  test("a newly chosen picture replaces the held one, which is released", async () => {
    const reply = await holdOne();
    const name = `새로 고른 사진 ${crypto.randomUUID().slice(0, 8)}`;
    const png = await makeImage("png");
    const saved = await callAction(productPage, "/product-upsert/0", {
      params: { tag: "0" },
      cookie: admin,
      form: multipart(
        { productsNm: name, hasImage: "true", isView: "true", heldPicture: reply.heldPicture!.token },
        { imageFile: [png, "new.png", "image/png"] },
      ),
    });
    expect(redirectTarget(saved)).toBe("/product-list");
    expect(productNamed(name)[0]?.image).toMatch(/\.png$/);
    expect(heldTokens()).not.toContain(reply.heldPicture!.token);
    assertUploadsMatchDb(thisFile, "after the replacement");
  });

  test("a file that is no picture is refused beside its field together with the other errors, and not held", async () => {
    const before = heldTokens();
    const response = await postProduct({ productsNm: "" }, "<svg xmlns='http://www.w3.org/2000/svg'/>");
    expect(response.status).toBe(400);
    const reply = (await response.json()) as Reply;
    expect(reply.error).toEqual({
      productsNm: ["필수 정보를 입력해 주세요."],
      imageFile: ["PNG, JPEG, WEBP, GIF 형식의 이미지만 올릴 수 있습니다."],
    });
    expect(reply.heldPicture).toBeUndefined();
    expect(heldTokens()).toEqual(before);
    expect(receivedFiles(thisFile)).toEqual([]);
  });

  test("the browser's own save (JavaScript) keeps the picture in its field: nothing is held", async () => {
    const before = heldTokens();
    const response = await postProduct({ productsNm: "", pictureKept: "1" }, jpeg);
    expect(response.status).toBe(400);
    expect(((await response.json()) as Reply).heldPicture).toBeUndefined();
    expect(heldTokens()).toEqual(before);
    expect(receivedFiles(thisFile)).toEqual([]);
  });

  test.each([
    {
      form: "reel category",
      route: categoryPage,
      pathname: "/reels-category-upsert/0",
      refused: { categoryNm: "", hasImage: "true", isView: "true" },
      valid: (name: string) => ({ categoryNm: name, hasImage: "true", isView: "true" }),
      savedTo: "/reels-category",
      image: (name: string) => db().select({ image: reelCategories.image }).from(reelCategories).where(eq(reelCategories.name, name)).get(),
    },
    {
      // Refused for a name one character too long (docs/product.md §5), as she would type it.
      form: "guide category",
      route: guideCategoryPage,
      pathname: "/detail-category-upsert/0",
      refused: { categoryNm: "가".repeat(CATEGORY_NAME_MAX + 1), hasImage: "true", isView: "true" },
      valid: (name: string) => ({ categoryNm: name, hasImage: "true", isView: "true" }),
      savedTo: "/detail-category",
      image: (name: string) =>
        db().select({ image: guideCategories.image }).from(guideCategories).where(eq(guideCategories.name, name)).get(),
    },
    {
      form: "banner",
      route: adPage,
      pathname: "/site-settings/ad/0",
      refused: { name: "", source: "upload", link: "www.naver.com", hasImage: "true", isView: "true" },
      valid: (name: string) => ({ name, source: "upload", link: "www.naver.com", hasImage: "true", isView: "true" }),
      savedTo: "/site-settings",
      image: (name: string) => db().select({ image: partnerAds.image }).from(partnerAds).where(eq(partnerAds.name, name)).get(),
    },
    {
      form: "사이트 정보",
      route: identityPage,
      pathname: "/site-settings/identity",
      refused: { siteName: "" },
      valid: (name: string) => ({ siteName: name.slice(0, 20) }),
      savedTo: "/site-settings",
      image: () => db().select({ image: settings.value }).from(settings).where(eq(settings.key, settingsWithUploads[0]!)).get(),
    },
  ])("the $form form holds its picture the same way", async ({ route, pathname, refused, valid, savedTo, image }) => {
    const refusedAnswer = await callAction(route, pathname, {
      params: { tag: "0" },
      cookie: admin,
      form: multipart(refused, { imageFile: [jpeg, "IMG_0002.JPG", "image/jpeg"] }),
    });
    expect(refusedAnswer.status).toBe(400);
    const { heldPicture } = (await refusedAnswer.json()) as Reply;
    expect(heldPicture?.note).toBe(KEPT);
    const token = heldPicture!.token;
    expect(heldTokens()).toContain(token);
    const name = `맡아 둔 그림 ${crypto.randomUUID().slice(0, 8)}`;
    const saved = await callAction(route, pathname, {
      params: { tag: "0" },
      cookie: admin,
      form: multipart({ ...valid(name), heldPicture: token }),
    });
    expect(redirectTarget(saved), await saved.clone().text()).toBe(savedTo);
    expect(image(name)?.image).toMatch(/\.jpg$/);
    expect(heldTokens()).not.toContain(token);
    expect(receivedFiles(thisFile)).toEqual([]);
    assertUploadsMatchDb(thisFile, "after the held picture's save");
  });
});

describe("a held picture is hers alone, and for a while", () => {
  test("another session's token is refused in Korean, saves nothing, and leaves her picture held", async () => {
    const reply = await holdOne();
    const other = await adminCookie();
    const name = `남의 사진 ${crypto.randomUUID().slice(0, 8)}`;
    const response = await postProduct({ productsNm: name, heldPicture: reply.heldPicture!.token }, undefined, other);
    expect(response.status).toBe(400);
    const refused = (await response.json()) as Reply;
    expect(refused.error).toEqual({ imageFile: [GONE] });
    expect(refused.initialValue).toMatchObject({ productsNm: name });
    expect(productNamed(name)).toHaveLength(0);
    expect(heldTokens()).toContain(reply.heldPicture!.token);
    // Her own session still has it.
    expect(redirectTarget(await postProduct({ productsNm: name, heldPicture: reply.heldPicture!.token }))).toBe("/product-list");
    expect(productNamed(name)[0]?.image).toMatch(/\.jpg$/);
  });

  test.each([
    ["a made-up token", () => crypto.randomUUID()],
    ["a path instead of a token", () => "../../../app.db"],
  ])("%s is refused in Korean and nothing is saved", async (_, token) => {
    const name = `위조 ${crypto.randomUUID().slice(0, 8)}`;
    const response = await postProduct({ productsNm: name, heldPicture: token() });
    expect(response.status).toBe(400);
    expect(((await response.json()) as Reply).error).toEqual({ imageFile: [GONE] });
    expect(productNamed(name)).toHaveLength(0);
    assertUploadsMatchDb(thisFile, "after a forged token");
  });

  test("a stale token is refused, and the sweep removes the stale picture", async () => {
    const { heldPicture } = await holdOne();
    ageHeld(heldPicture!.token, HELD_MAX_AGE_MS + 1000);
    const name = `오래된 사진 ${crypto.randomUUID().slice(0, 8)}`;
    const response = await postProduct({ productsNm: name, heldPicture: heldPicture!.token });
    expect(response.status).toBe(400);
    expect(((await response.json()) as Reply).error).toEqual({ imageFile: [GONE] });
    await sweepHeldPictures();
    expect(heldTokens()).not.toContain(heldPicture!.token);
    expect(productNamed(name)).toHaveLength(0);
  });

  test(`at most ${HELD_MAX} pictures are held: the oldest goes first`, async () => {
    const tokens: string[] = [];
    for (let i = 0; i < HELD_MAX + 2; i += 1) {
      const { heldPicture } = await holdOne();
      tokens.push(heldPicture!.token);
      ageHeld(heldPicture!.token, (HELD_MAX + 2 - i) * 1000);
    }
    await sweepHeldPictures();
    expect(heldTokens()).toEqual(tokens.slice(2).sort());
    // Abandoned forms: all swept once stale, leaving nothing behind.
    for (const token of heldTokens()) ageHeld(token, HELD_MAX_AGE_MS);
    await sweepHeldPictures();
    expect(heldTokens()).toEqual([]);
    expect(receivedFiles(thisFile)).toEqual([]);
    assertUploadsMatchDb(thisFile, "after the sweep");
  });
});
