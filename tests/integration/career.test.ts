// Career images through the real route modules: the replace-all PNG upload through the multipart
// API and the page form (no JS), with the files in UPLOADS_DIR matching the database after every
// step and refusals storing nothing. Every test arranges the images it starts from.
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, test } from "vitest";

import { db } from "~/db/client.server";
import { careerImages } from "~/db/schema";
import * as updatePage from "~/routes/_admin.career-background-update.$images";
import * as apiCareer from "~/routes/api.career-background";
import * as apiCareerUpsert from "~/routes/api.career-background.upsert";
import * as careerPage from "~/routes/career-background";
import { adminCookie, callAction, callLoader, cookiesFrom, redirectTarget, thisFile } from "./_direct";
import { assertUploadsMatchDb, makeImage, multipart, uploadFiles, uploadName } from "./_uploads";

const IMAGES_ONLY = "PNG, JPEG, WEBP 형식의 이미지만 올릴 수 있습니다.";
const REQUIRED = "이미지를 등록해 주세요.";

let admin: string;

beforeAll(async () => {
  admin = await adminCookie();
});

// The PNG fixtures differ by width, so the widths of the stored files give their order.
const png = (width: number) => makeImage("png", { width, height: 60, color: `#${(width * 4099).toString(16).slice(-6).padStart(6, "0")}` });
type File3 = [Buffer | string, string, string];

/** A form with `imageFile` repeated, in this order (docs/product.md §7), plus hasImage. */
function careerForm(files: File3[], fields: Record<string, string> = { hasImage: "true" }) {
  const form = multipart(fields);
  for (const [bytes, filename, type] of files)
    form.append("imageFile", new Blob([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], { type }), filename);
  return form;
}

function rows() {
  return db().select().from(careerImages).orderBy(careerImages.position, careerImages.id).all();
}

function apiUpsert(form: FormData, cookie = admin) {
  return callAction(apiCareerUpsert, "/api/career-background/upsert", { form, cookie });
}

function pagePost(form: FormData, cookie = admin) {
  return callAction(updatePage, "/career-background-update/x", { form, params: { images: "x" }, cookie });
}

async function apiImages(): Promise<string[]> {
  const response = await callLoader(apiCareer, "/api/career-background");
  const body = (await response.json()) as { careerBackground: { images: string[] } };
  expect(response.status).toBe(200);
  expect(Object.keys(body.careerBackground)).toEqual(["images"]);
  return body.careerBackground.images;
}

/** The API's list, the career_images rows and the files on disk all tell the same story. */
async function expectCareerState(widths: number[]) {
  const urls = await apiImages();
  const stored = rows();
  expect(
    urls.map((url) => uploadName(url)),
    "the API lists the rows in their order",
  ).toEqual(stored.map((row) => row.image));
  const fileWidths: number[] = [];
  for (const row of stored) {
    expect(row.image).toMatch(/^[0-9a-f-]{36}\.png$/);
    fileWidths.push((await sharp(path.join(thisFile.uploadsDir, row.image)).metadata()).width!);
  }
  expect(fileWidths, "the images are in the chosen order").toEqual(widths);
  expect(
    stored.map((row) => row.width),
    "the rows keep each image's width",
  ).toEqual(widths);
  assertUploadsMatchDb(thisFile, `career ${widths.join(",")}`);
  return stored;
}

/** Starts a test from a known set of career images. */
async function arrange(widths: number[]) {
  const response = await apiUpsert(
    careerForm(await Promise.all(widths.map(async (width) => [await png(width), `${width}.png`, "image/png"] as File3))),
  );
  expect(response.status).toBe(200);
  return expectCareerState(widths);
}

describe("career images through the API", () => {
  test("three PNGs replace the whole set, in the chosen order; the old files are gone; GET lists /uploads URLs", async () => {
    const old = await arrange([110]);
    // Chosen order c, a, b: the list follows the order of the parts, not names or sizes.
    const response = await apiUpsert(
      careerForm([
        [await png(103), "3-third.png", "image/png"],
        [await png(101), "1-first.png", "image/png"],
        [await png(102), "2-second.png", "image/png"],
      ]),
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { careerBackground: { images: string[] } };
    await expectCareerState([103, 101, 102]);
    expect(body.careerBackground.images, "the upsert answers the new list").toEqual(await apiImages());
    for (const url of body.careerBackground.images) expect(url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png(\?.*)?$/);
    for (const row of old) expect(uploadFiles(thisFile), "the replaced file is removed").not.toContain(row.image);
  });

  test("one PNG replaces three; their files are removed", async () => {
    const three = await arrange([101, 102, 103]);
    expect((await apiUpsert(careerForm([[await png(104), "one.png", "image/png"]]))).status).toBe(200);
    await expectCareerState([104]);
    for (const row of three) expect(uploadFiles(thisFile)).not.toContain(row.image);
  });

  test("a photographed certificate (JPEG) and a WebP are accepted and stored as what they are", async () => {
    await arrange([104]);
    const response = await apiUpsert(
      careerForm([
        [await makeImage("jpeg", { width: 90, height: 60 }), "certificate.jpg", "image/jpeg"],
        [await makeImage("webp", { width: 80, height: 60 }), "badge.webp", "image/webp"],
      ]),
    );
    expect(response.status).toBe(200);
    expect(rows().map((row) => row.image.split(".").pop())).toEqual(["jpg", "webp"]);
    assertUploadsMatchDb(thisFile, "career JPEG + WebP");
  });

  test("a GIF named .png → 415 naming the kinds accepted; the old image stays and no file is left behind", async () => {
    const before = await arrange([104]);
    const files = uploadFiles(thisFile);
    const response = await apiUpsert(careerForm([[await makeImage("gif", { width: 90, height: 60 }), "photo.png", "image/png"]]));
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ errMsg: IMAGES_ONLY, errCode: "UNSUPPORTED_FILE_TYPE" });
    expect(rows()).toEqual(before);
    expect(uploadFiles(thisFile)).toEqual(files);
  });

  test("a good PNG followed by a GIF is refused as a whole: nothing stored, nothing changed", async () => {
    const before = await arrange([104]);
    const files = uploadFiles(thisFile);
    const response = await apiUpsert(
      careerForm([
        [await png(105), "good.png", "image/png"],
        [await makeImage("gif"), "bad.png", "image/png"],
      ]),
    );
    expect(response.status).toBe(415);
    expect(rows()).toEqual(before);
    expect(uploadFiles(thisFile), "the PNG stored first is removed again").toEqual(files);
  });

  test.each([
    ["no imageFile part", [] as File3[]],
    ["an empty imageFile part (what a browser sends)", [["", "", "application/octet-stream"]] as File3[]],
  ])("%s → 400 이미지를 등록해 주세요., nothing changed", async (_label, files) => {
    const before = await arrange([104]);
    const response = await apiUpsert(careerForm(files));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errMsg: REQUIRED });
    expect(rows()).toEqual(before);
  });

  test("more than 20 images at once → 400 with the limit; a JSON body → 415", async () => {
    const before = await arrange([104]);
    const tiny = await makeImage("png", { width: 8, height: 8 });
    const many = await apiUpsert(careerForm(Array.from({ length: 21 }, (_, index) => [tiny, `${index}.png`, "image/png"] as File3)));
    expect(many.status).toBe(400);
    expect(await many.json()).toMatchObject({ errMsg: "이미지는 한 번에 20장까지 올릴 수 있습니다." });
    const json = await callAction(apiCareerUpsert, "/api/career-background/upsert", { json: { imageFile: [] }, cookie: admin });
    expect(json.status).toBe(415);
    expect(await json.json()).toMatchObject({ errCode: "UNSUPPORTED_MEDIA_TYPE" });
    expect(rows()).toEqual(before);
  });

  test("a visitor gets 401 and changes nothing", async () => {
    const before = await arrange([104]);
    const files = uploadFiles(thisFile);
    const response = await apiUpsert(careerForm([[await png(106), "v.png", "image/png"]]), "");
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ errMsg: "로그인이 필요합니다.", errCode: "UNAUTHORIZED" });
    expect(rows()).toEqual(before);
    expect(uploadFiles(thisFile)).toEqual(files);
  });
});

describe("career images through the page form (no JavaScript)", () => {
  test("the update page is the admin's: a visitor is sent to /; the admin gets the current images", async () => {
    await arrange([104]);
    expect(redirectTarget(await callLoader(updatePage, "/career-background-update/x", { params: { images: "x" } }))).toBe("/");
    const response = await callLoader(updatePage, "/career-background-update/x", { params: { images: "x" }, cookie: admin });
    expect(((await response.json()) as { images: { src: string }[] }).images.map((image) => image.src)).toEqual(await apiImages());
  });

  test("three PNGs: redirects to /career-background with the done message; the page loads them in order with their sizes", async () => {
    const old = await arrange([110]);
    const response = await pagePost(
      careerForm([
        [await png(102), "b.png", "image/png"],
        [await png(103), "c.png", "image/png"],
        [await png(101), "a.png", "image/png"],
      ]),
    );
    expect(redirectTarget(response)).toBe("/career-background");
    expect(cookiesFrom(response).some((pair) => pair.startsWith("ot_flash="))).toBe(true);
    await expectCareerState([102, 103, 101]);
    for (const row of old) expect(uploadFiles(thisFile)).not.toContain(row.image);

    const page = (await (await callLoader(careerPage, "/career-background")).json()) as {
      isAdmin: boolean;
      images: { src: string; picture: { img: { width: number; height: number } } }[];
    };
    expect(page.isAdmin).toBe(false);
    expect(page.images.map(({ src, picture }) => [src, picture.img.width, picture.img.height])).toEqual(
      (await apiImages()).map((src, index) => [src, [102, 103, 101][index], 60]),
    );
    expect(((await (await callLoader(careerPage, "/career-background", { cookie: admin })).json()) as { isAdmin: boolean }).isAdmin).toBe(
      true,
    );
  });

  test.each([
    ["a GIF named .png", async () => [[await makeImage("gif"), "x.png", "image/png"]] as File3[], 415, IMAGES_ONLY],
    ["no file", async () => [] as File3[], 400, REQUIRED],
    ["an empty file part", async () => [["", "", "application/octet-stream"]] as File3[], 400, REQUIRED],
  ])("%s → the form again with the status and the Korean message, storing nothing", async (_label, files, status, message) => {
    const before = await arrange([104]);
    const stored = uploadFiles(thisFile);
    const response = await pagePost(careerForm(await files()));
    expect(response.status).toBe(status);
    const reply = (await response.json()) as { error: Record<string, string[]> };
    expect(Object.values(reply.error).flat()).toContain(message);
    expect(rows()).toEqual(before);
    expect(uploadFiles(thisFile)).toEqual(stored);
  });

  test("a visitor's form post is sent to / and changes nothing", async () => {
    const before = await arrange([104]);
    expect(redirectTarget(await pagePost(careerForm([[await png(106), "v.png", "image/png"]]), ""))).toBe("/");
    expect(rows()).toEqual(before);
  });
});
