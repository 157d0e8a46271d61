// Career images through the real route modules: the replace-all upload through the multipart API and
// the page form (no JS), and (issue 33, point 5) the pictures one by one: added, removed, reordered
// and captioned through both doors, with the files in UPLOADS_DIR matching the database after every
// step, refusals storing and removing nothing, and a removed picture's file and sizes gone only once
// the save succeeded. Every test arranges the images it starts from.
// Runs about 4 s.
import fs from "node:fs";
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
import { assertUploadsMatchDb, makeImage, multipart, receivedFiles, uploadFiles, uploadName } from "./_uploads";

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
  const body = (await response.json()) as { careerBackground: { images: string[]; items: { image: string }[] } };
  expect(response.status).toBe(200);
  expect(Object.keys(body.careerBackground)).toEqual(["images", "items"]);
  expect(body.careerBackground.items.map((item) => item.image)).toEqual(body.careerBackground.images);
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
    expect(receivedFiles(thisFile), "the API holds nothing: the files as received are gone too").toEqual([]);
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
    const { pictures } = (await response.json()) as { pictures: { index: number; thumbnail: { img: { src: string } } }[] };
    expect(pictures.map((picture) => picture.thumbnail.img.src)).toEqual(await apiImages());
    expect(pictures.map((picture) => picture.index)).toEqual(rows().map((row) => row.id));
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

// ---------------------------------------------------------------------------------------------
// One by one (issue 33, point 5)

type Item = { index: number; image: string; caption: string };

async function apiItems(): Promise<Item[]> {
  const body = (await (await callLoader(apiCareer, "/api/career-background")).json()) as { careerBackground: { items: Item[] } };
  return body.careerBackground.items;
}

/** A multipart form of repeated fields, in order, then the files. */
function pictureForm(fields: [string, string][], files: File3[] = []) {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  for (const [bytes, filename, type] of files)
    form.append("imageFile", new Blob([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], { type }), filename);
  return form;
}

/** The files derived from a stored picture (its sizes and their list). */
function derivedOf(image: string) {
  const stem = image.replace(/\.\w+$/, "");
  return uploadFiles(thisFile).filter((name) => name.startsWith(`${stem}-`));
}

async function widthsOfRows() {
  return Promise.all(rows().map(async (row) => (await sharp(path.join(thisFile.uploadsDir, row.image)).metadata()).width!));
}

describe("career pictures one by one through the API", () => {
  test("adds a picture between two, with captions; the kept pictures keep their files; the answer lists captions", async () => {
    const [first, second] = await arrange([121, 122]);
    const keptFiles = [first!.image, second!.image];
    const response = await apiUpsert(
      pictureForm(
        [
          ["order", String(first!.id)],
          ["order", "new"],
          ["order", String(second!.id)],
          ["caption", "감각통합 전문가 과정 수료 (2019)"],
          ["caption", "  아동 작업치료 학회 발표  "],
          ["caption", ""],
        ],
        [[await png(123), "new.png", "image/png"]],
      ),
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { careerBackground: { images: string[]; items: Item[] } };
    expect(body.careerBackground.items.map((item) => item.caption)).toEqual([
      "감각통합 전문가 과정 수료 (2019)",
      "아동 작업치료 학회 발표",
      "",
    ]);
    expect(body.careerBackground.items.map((item) => item.index).filter((id) => id === first!.id || id === second!.id)).toEqual([
      first!.id,
      second!.id,
    ]);
    expect(await widthsOfRows()).toEqual([121, 123, 122]);
    expect(rows().map((row) => row.image)).toEqual([keptFiles[0], expect.stringMatching(/\.png$/), keptFiles[1]]);
    assertUploadsMatchDb(thisFile, "a picture added between two");
  });

  test("reorders and captions without files; pictures not named stay after the named ones; no caption field keeps captions", async () => {
    const [a, b, c] = await arrange([131, 132, 133]);
    const first = await apiUpsert(
      pictureForm([
        ["order", String(c!.id)],
        ["order", String(a!.id)],
        ["caption", "셋째가 맨 앞"],
        ["caption", "첫째"],
      ]),
    );
    expect(first.status).toBe(200);
    expect(await widthsOfRows()).toEqual([133, 131, 132]);
    expect((await apiItems()).map((item) => item.caption)).toEqual(["셋째가 맨 앞", "첫째", ""]);

    // Only the order: the captions stay with their pictures.
    expect((await apiUpsert(pictureForm([["order", String(b!.id)]]))).status).toBe(200);
    expect(await widthsOfRows()).toEqual([132, 133, 131]);
    expect((await apiItems()).map((item) => item.caption)).toEqual(["", "셋째가 맨 앞", "첫째"]);
    assertUploadsMatchDb(thisFile, "reordered");
  });

  test("removing a picture removes its file and its sizes once the save succeeded", async () => {
    const [a, b] = await arrange([141, 142]);
    expect(derivedOf(a!.image).length, "the picture has its sizes").toBeGreaterThan(0);
    const response = await apiUpsert(pictureForm([["remove", String(a!.id)]]));
    expect(response.status).toBe(200);
    expect(rows().map((row) => row.id)).toEqual([b!.id]);
    expect(uploadFiles(thisFile)).not.toContain(a!.image);
    expect(derivedOf(a!.image), "its sizes go with it").toEqual([]);
    assertUploadsMatchDb(thisFile, "a picture removed");

    // All of them may go: the page then says there is none.
    expect((await apiUpsert(pictureForm([["remove", String(b!.id)]]))).status).toBe(200);
    expect(rows()).toEqual([]);
    expect(await apiImages()).toEqual([]);
    assertUploadsMatchDb(thisFile, "every picture removed");
  });

  test("a refused save keeps everything: the picture to remove keeps its file, the new one is not stored", async () => {
    const [a, b] = await arrange([151, 152]);
    const before = rows();
    const files = uploadFiles(thisFile);
    const response = await apiUpsert(
      pictureForm(
        [
          ["remove", String(a!.id)],
          ["order", String(b!.id)],
          ["order", "new"],
        ],
        [[await makeImage("gif"), "not-allowed.png", "image/png"]],
      ),
    );
    expect(response.status).toBe(415);
    expect(rows()).toEqual(before);
    expect(uploadFiles(thisFile), "nothing removed, nothing left behind").toEqual(files);
  });

  test.each([
    [
      "a picture no longer there",
      409,
      "그사이 경력 사진이 바뀌었습니다. 화면을 새로 불러온 뒤 다시 정해 주세요.",
      () => [["order", "999999"]],
    ],
    [
      "the same picture twice",
      400,
      "같은 사진이 순서에 두 번 들어 있습니다. 사진마다 한 번씩만 보내 주세요.",
      (id: number) => [
        ["order", String(id)],
        ["order", String(id)],
      ],
    ],
    ["new without its file", 400, "추가할 사진 파일이 빠졌습니다. 사진을 다시 골라 주세요.", () => [["order", "new"]]],
    ["an entry that is neither", 400, "순서(order)에는 사진 번호(index)나 new를 보내 주세요.", () => [["order", "첫째"]]],
    [
      "a caption over 100 characters",
      400,
      "설명은 100자 이내로 입력해 주세요.",
      (id: number) => [
        ["order", String(id)],
        ["caption", "가".repeat(101)],
      ],
    ],
    [
      "a caption with a line break",
      400,
      "줄바꿈, 탭 등 보이지 않는 제어 문자는 쓸 수 없습니다. 한 줄로 입력해 주세요.",
      (id: number) => [
        ["order", String(id)],
        ["caption", "첫 줄\n둘째 줄"],
      ],
    ],
  ] as [string, number, string, (id: number) => [string, string][]][])(
    "%s → %i in Korean, nothing changed",
    async (_label, status, message, fields) => {
      const [a] = await arrange([161]);
      const before = rows();
      const files = uploadFiles(thisFile);
      const response = await apiUpsert(pictureForm(fields(a!.id)));
      expect(response.status).toBe(status);
      expect(await response.json()).toMatchObject({ errMsg: message });
      expect(rows()).toEqual(before);
      expect(uploadFiles(thisFile)).toEqual(files);
    },
  );

  test("more than 20 pictures in all → 400; the files sent are not kept", async () => {
    await arrange(Array.from({ length: 20 }, (_, n) => 170 + n));
    const files = uploadFiles(thisFile);
    const response = await apiUpsert(pictureForm([["order", "new"]], [[await png(199), "one-more.png", "image/png"]]));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errMsg: "경력 사진은 모두 20장까지 둘 수 있습니다. 사진을 줄인 뒤 다시 저장해 주세요." });
    expect(rows().length).toBe(20);
    expect(uploadFiles(thisFile)).toEqual(files);
  });
});

describe("career pictures one by one through the page form (no JavaScript)", () => {
  test("places chosen per row, captions, a 삭제 tick and added files at the end; the public page shows them in order as figures", async () => {
    const [a, b, c] = await arrange([201, 202, 203]);
    // The rows as the page draws them (a, b, c), each with its place: c chosen to be first.
    const response = await pagePost(
      pictureForm(
        [
          ["caption", "첫째 사진"],
          ["order", `${a!.id}:1`],
          ["caption", "지울 사진"],
          ["order", `${b!.id}:2`],
          ["remove", String(b!.id)],
          ["caption", "맨 앞으로"],
          ["order", `${c!.id}:1`],
          ["hasImage", "true"],
        ],
        [[await png(204), "added.png", "image/png"]],
      ),
    );
    expect(redirectTarget(response)).toBe("/career-background");
    expect(await widthsOfRows()).toEqual([203, 201, 204]);
    expect(uploadFiles(thisFile)).not.toContain(b!.image);
    assertUploadsMatchDb(thisFile, "page form");

    const page = (await (await callLoader(careerPage, "/career-background")).json()) as { images: { caption: string }[] };
    expect(page.images.map((image) => image.caption)).toEqual(["맨 앞으로", "첫째 사진", ""]);
  });

  test("a refused save answers the form with her choices (order, places, captions, ticks) and changes nothing", async () => {
    const [a, b] = await arrange([211, 212]);
    const before = rows();
    const response = await pagePost(
      pictureForm([
        ["caption", "가".repeat(101)],
        ["order", `${a!.id}:2`],
        ["caption", "둘째"],
        ["order", `${b!.id}:2`],
        ["remove", String(b!.id)],
      ]),
    );
    expect(response.status).toBe(400);
    const reply = (await response.json()) as { error: Record<string, string[]>; initialValue: Record<string, unknown> };
    expect(reply.error["caption[0]"]).toEqual(["설명은 100자 이내로 입력해 주세요."]);
    expect(reply.initialValue).toMatchObject({
      order: [`${a!.id}:2`, `${b!.id}:2`],
      caption: ["가".repeat(101), "둘째"],
      remove: String(b!.id),
    });
    expect(rows()).toEqual(before);
  });

  test("a refused save holds the pictures she added, shown ticked; the next 수정 saves the ticked ones at the end, nothing stray", async () => {
    const [a] = await arrange([221]);
    const heldRoot = path.join(thisFile.uploadsDir, ".site", "held");
    const heldTokens = () => (fs.existsSync(heldRoot) ? fs.readdirSync(heldRoot).sort() : []);
    const before = heldTokens();
    const refused = await pagePost(
      pictureForm(
        [
          ["caption", "가".repeat(101)],
          ["order", `${a!.id}:1`],
          ["hasImage", "true"],
        ],
        [
          [await png(222), "first.png", "image/png"],
          [await png(223), "second.png", "image/png"],
        ],
      ),
    );
    expect(refused.status).toBe(400);
    const reply = (await refused.json()) as { heldPictures?: { token: string; preview: string; note: string }[] };
    expect(reply.heldPictures?.map((picture) => picture.note)).toEqual([
      "고른 사진이 그대로 있습니다. 저장하면 함께 추가되고, 빼려면 체크를 해제하세요.",
      "고른 사진이 그대로 있습니다. 저장하면 함께 추가되고, 빼려면 체크를 해제하세요.",
    ]);
    const [first, second] = reply.heldPictures!;
    expect(first!.preview).toMatch(/^data:image\/jpeg;base64,/);
    expect(heldTokens()).toEqual([...before, first!.token, second!.token].sort());
    expect(await widthsOfRows(), "nothing saved").toEqual([221]);
    assertUploadsMatchDb(thisFile, "while held");

    // She fixes the caption and unticks the second picture: the first is saved after the kept one.
    const saved = await pagePost(
      pictureForm([
        ["caption", "고친 설명"],
        ["order", `${a!.id}:1`],
        ["hasImage", "true"],
        ["heldPicture", first!.token],
      ]),
    );
    expect(redirectTarget(saved)).toBe("/career-background");
    expect(await widthsOfRows()).toEqual([221, 222]);
    expect(rows().map((row) => row.caption)).toEqual(["고친 설명", ""]);
    expect(heldTokens(), "the saved one is used up; the unticked one waits for the sweep").toEqual([...before, second!.token].sort());
    assertUploadsMatchDb(thisFile, "after the save");
  });

  test("the form with a held picture sent twice at once (저장 tapped twice): one save takes it, the other says it is gone", async () => {
    const [a] = await arrange([231]);
    const refused = await pagePost(
      pictureForm(
        [
          ["caption", "가".repeat(101)],
          ["order", `${a!.id}:1`],
          ["hasImage", "true"],
        ],
        [[await png(232), "twice.png", "image/png"]],
      ),
    );
    const [held] = ((await refused.json()) as { heldPictures: { token: string }[] }).heldPictures;
    const again = () =>
      pagePost(
        pictureForm([
          ["order", `${a!.id}:1`],
          ["hasImage", "true"],
          ["heldPicture", held!.token],
        ]),
      );
    const answers = await Promise.all([again(), again()]);
    const saved = answers.filter((answer) => answer.status === 302 || answer.status === 303);
    const refusedAgain = answers.filter((answer) => answer.status === 400);
    expect([saved.length, refusedAgain.length], "one save, one refusal").toEqual([1, 1]);
    expect(((await refusedAgain[0]!.json()) as { error: Record<string, string[]> }).error.imageFile).toEqual([
      "선택했던 사진을 더 찾을 수 없습니다(오래되었거나 다른 로그인에서 고른 사진입니다). 사진을 다시 골라 주세요.",
    ]);
    expect(await widthsOfRows(), "the picture saved once").toEqual([231, 232]);
    expect(receivedFiles(thisFile)).toEqual([]);
    assertUploadsMatchDb(thisFile, "after the double save");
  });
});
