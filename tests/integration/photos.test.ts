// Photos as a phone makes them (issue 20), through the real route modules with the default
// UPLOAD_MAX_MB (25): a 14 MB camera JPEG lying on its side with GPS in its EXIF is stored upright,
// at most 2560 px, without metadata; a register form saved twice
// with the same submissionId (a retry after a lost answer) makes one record.
// Runs about 17 s.
import crypto from "node:crypto";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, test } from "vitest";

import { db } from "~/db/client.server";
import { partnerAds, products, reelCategories } from "~/db/schema";
import * as productPage from "~/routes/_admin.product-upsert.$tag.($info)";
import * as categoryPage from "~/routes/_admin.reels-category-upsert.$tag.($info)";
import * as adPage from "~/routes/_admin.site-settings_.ad.$tag.($info)";
import { sidewaysCameraJpeg } from "../support/camera-photos";
import { adminCookie, callAction, redirectTarget, thisFile } from "./_direct";
import { assertUploadsMatchDb, makeImage, multipart } from "./_uploads";

let admin: string;
/** The 14 MB camera photo, made once: sharp takes seconds for it. */
let cameraPhoto: Buffer;

beforeAll(async () => {
  admin = await adminCookie();
  cameraPhoto = await cameraJpeg();
}, 60_000);

/** The three register forms that take a picture, as their page actions receive them. */
const FORMS = [
  {
    form: "product",
    route: productPage,
    pathname: "/product-upsert/0",
    nameField: "productsNm",
    savedTo: "/product-list",
    /** Text typed beside the name, which a refused form must give back. */
    typed: { description: "설명도 그대로" },
    fields: (name: string) => ({ productsNm: name, description: "설명도 그대로", hasImage: "true", isView: "true", isGroupBuy: "true" }),
    saved: (name: string) => db().select({ image: products.image }).from(products).where(eq(products.name, name)).all(),
  },
  {
    form: "reel category",
    route: categoryPage,
    pathname: "/reels-category-upsert/0",
    nameField: "categoryNm",
    savedTo: "/reels-category",
    typed: { description: "설명도 그대로" },
    fields: (name: string) => ({ categoryNm: name, description: "설명도 그대로", hasImage: "true", isView: "true" }),
    saved: (name: string) => db().select({ image: reelCategories.image }).from(reelCategories).where(eq(reelCategories.name, name)).all(),
  },
  {
    form: "banner",
    route: adPage,
    pathname: "/site-settings/ad/0",
    nameField: "name",
    savedTo: "/site-settings",
    typed: { link: "https://link.coupang.com/a/abc" },
    fields: (name: string) => ({ name, source: "upload", link: "https://link.coupang.com/a/abc", hasImage: "true", isView: "true" }),
    saved: (name: string) => db().select({ image: partnerAds.image }).from(partnerAds).where(eq(partnerAds.name, name)).all(),
  },
];

/** EXIF's GPS directory pointer (tag 0x8825), in either byte order. */
function hasGpsTag(exif: Buffer) {
  return exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));
}

/** A camera JPEG of over 14 MB stored on its side with a GPS position (tests/support/camera-photos.ts). */
async function cameraJpeg() {
  const bytes = await sidewaysCameraJpeg();
  const meta = await sharp(bytes).metadata();
  expect(bytes.length, "the fixture is a 14 MB photo").toBeGreaterThan(14 * 1024 * 1024);
  expect([meta.width, meta.height, meta.orientation]).toEqual([4400, 3000, 6]);
  expect(hasGpsTag(meta.exif!), "the fixture carries GPS").toBe(true);
  return bytes;
}

function storedFile(image: string | null) {
  expect(image).toMatch(/^[0-9a-f-]{36}\.jpg$/);
  return path.join(thisFile.uploadsDir, image!);
}

describe("a 14 MB camera photo", () => {
  test.each(FORMS)(
    "saves on the $form form (no JS): upright, longest side 2560, no EXIF or GPS",
    { timeout: 60_000 },
    async ({ route, pathname, fields, savedTo, saved }) => {
      const name = `카메라 사진 ${crypto.randomUUID().slice(0, 8)}`;
      const response = await callAction(route, pathname, {
        params: { tag: "0" },
        cookie: admin,
        form: multipart(fields(name), { imageFile: [cameraPhoto, "IMG_0001.JPG", "image/jpeg"] }),
      });
      expect(redirectTarget(response), await response.clone().text()).toBe(savedTo);
      const rows = saved(name);
      expect(rows).toHaveLength(1);
      const meta = await sharp(storedFile(rows[0]!.image)).metadata();
      expect(meta.height, "portrait stays portrait, longest side 2560").toBe(2560);
      expect(meta.width, "aspect ratio kept (3000:4400)").toBeCloseTo((3000 * 2560) / 4400, 0);
      expect(meta.orientation ?? 1).toBe(1);
      expect(meta.exif, "no EXIF (and so no GPS) in the stored file").toBeUndefined();
      assertUploadsMatchDb(thisFile, "camera photo");
    },
  );

  test("saves as a career image too (JPEG accepted)", { timeout: 60_000 }, async () => {
    const { action } = await import("~/routes/api.career-background.upsert");
    const response = await callAction({ action }, "/api/career-background/upsert", {
      cookie: admin,
      form: multipart({}, { imageFile: [await makeImage("jpeg", { width: 3000, height: 1000 }), "certificate.jpg", "image/jpeg"] }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { careerBackground: { images: string[] } };
    expect(body.careerBackground.images).toHaveLength(1);
    expect(body.careerBackground.images[0]).toMatch(/^\/uploads\/[0-9a-f-]{36}\.jpg/);
  });
});

describe("a picture over UPLOAD_MAX_MB (25) on a page form, no JS", () => {
  test.each(FORMS)(
    "the $form form answers 413 with the form as typed: the name, the limit in MB on the picture; nothing saved",
    { timeout: 60_000 },
    async ({ route, pathname, fields, nameField, typed, saved }) => {
      const name = `너무 큰 사진 ${crypto.randomUUID().slice(0, 8)}`;
      const response = await callAction(route, pathname, {
        params: { tag: "0" },
        cookie: admin,
        form: multipart(fields(name), { imageFile: [Buffer.alloc(26 * 1024 * 1024, 0xff), "IMG_0035.JPG", "image/jpeg"] }),
      });
      expect(response.status).toBe(413);
      const reply = (await response.json()) as { initialValue: Record<string, string>; error: Record<string, string[]> };
      expect(reply.initialValue).toMatchObject({ [nameField]: name, ...typed });
      expect(reply.error).toEqual({
        "": ["파일이 너무 큽니다. 25MB 이하의 이미지를 올려 주세요."],
        imageFile: ["파일이 너무 큽니다. 25MB 이하의 이미지를 올려 주세요."],
      });
      expect(saved(name)).toHaveLength(0);
      assertUploadsMatchDb(thisFile, "after the refused picture");
    },
  );
});

describe("a retry with the same submissionId makes one record", () => {
  test.each(FORMS)(
    "$form form: twice with one id → one row and one file; a new id → a second row",
    async ({ route, pathname, fields, saved }) => {
      const name = `재시도 ${crypto.randomUUID().slice(0, 8)}`;
      const post = async (submissionId: string) =>
        callAction(route, pathname, {
          params: { tag: "0" },
          cookie: admin,
          form: multipart({ ...fields(name), submissionId }, { imageFile: [await makeImage("png"), "a.png", "image/png"] }),
        });
      const submissionId = crypto.randomUUID();
      const first = await post(submissionId);
      expect(first.status, await first.clone().text()).toBe(302);
      const again = await post(submissionId);
      expect(again.status, "the retry is answered as the first save was").toBe(302);
      expect(redirectTarget(again)).toBe(redirectTarget(first));
      expect(saved(name)).toHaveLength(1);
      assertUploadsMatchDb(thisFile, "after the retry");
      expect((await post(crypto.randomUUID())).status).toBe(302);
      expect(saved(name), "another form render is another record").toHaveLength(2);
    },
  );
});
