// End-to-end, on a 375 px phone (issue 20): photos as a phone camera makes them, where the browser
// has a part in it. With JavaScript the browser shrinks the picture before sending: a 14 MB camera
// JPEG lying on its side (EXIF orientation 6) with a GPS position saves on the product form and the
// career form (its own picker), stored upright, at most 2560 px, without metadata; a 35 MB photo is
// shrunk and saved; a 35 MB file the browser cannot shrink is refused beside its field before
// anything is sent; a slow upload shows its progress; a save whose answer is lost keeps the form with
// a Korean message and the retry saves once. Without JavaScript the browser sends the file as it is:
// the 14 MB photo saves, and the 35 MB one is answered with the form's own 413 page, what was typed
// kept. What the server does with each form's picture (all three register forms: stored upright,
// 413 with the form as typed) is in tests/integration/photos.test.ts.
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, test } from "vitest";
import { isHttpErrorConsoleLine, open, useSite } from "../support/browser";
import { nameHeading } from "./helpers";

const s = useSite();
const MB = 1024 * 1024;
let folder: string;
/** 14 MB, 4400×3000 stored on its side (orientation 6: a 3000×4400 portrait), with GPS. */
let photo14: string;
/** 35 MB, 7200×4800, as a 35-megapixel camera mode makes it. */
let photo35: string;
/** 35 MB that no browser decodes (as a HEIC is to Chromium): it cannot be shrunk. */
let unshrinkable35: string;

/** A camera-like JPEG: noise, so it stays as large as a real photo does. */
function cameraJpeg(width: number, height: number) {
  return sharp({
    create: { width, height, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 60 } },
  }).jpeg({ quality: 98 });
}

beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "photos-e2e-"));
  const sideways = await cameraJpeg(4400, 3000)
    .withExif({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "37/1 33/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "126/1 58/1 0/1" } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
  assert.ok(sideways.length > 14 * MB, `the 14 MB photo is ${sideways.length} bytes`);
  photo14 = path.join(folder, "IMG_0014.jpg");
  fs.writeFileSync(photo14, sideways);

  const large = await cameraJpeg(7200, 4800).toBuffer();
  assert.ok(large.length > 35 * MB, `the 35 MB photo is ${large.length} bytes`);
  photo35 = path.join(folder, "IMG_0035.jpg");
  fs.writeFileSync(photo35, large);

  unshrinkable35 = path.join(folder, "IMG_0036.heic");
  fs.writeFileSync(unshrinkable35, Buffer.alloc(35 * MB + 1, 0x5a));
}, 180_000);

afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

/** What the site's own database (beside its uploads) holds: the images of the records `sql` selects. */
function savedImages(sql: string, ...params: string[]) {
  const database = new Database(path.join(path.dirname(s.site.uploadsDir), "data", "app.db"), { readonly: true });
  try {
    return (database.prepare(sql).all(...params) as { image: string }[]).map((row) => path.join(s.site.uploadsDir, row.image));
  } finally {
    database.close();
  }
}

function onlyOne(images: string[]) {
  assert.equal(images.length, 1, `one saved record: ${images.join(", ")}`);
  return images[0]!;
}

/** Stored upright (the sideways photo is a portrait), at most 2560 px, with no EXIF (so no GPS) left. */
async function assertStoredUpright(file: string) {
  const stored = await sharp(file).metadata();
  assert.ok(Math.max(stored.width!, stored.height!) <= 2560, `stored ${stored.width}×${stored.height}`);
  assert.ok(stored.height! > stored.width!, `the portrait stays a portrait: ${stored.width}×${stored.height}`);
  assert.equal(stored.exif, undefined, "no EXIF, so no location");
  assert.equal(stored.orientation, undefined);
}

type PhotoForm = {
  name: string;
  /** Opens the form (register, or the career set's edit). */
  open(page: Page, js: boolean): Promise<unknown>;
  /** The text typed into it, by label (`title` names the record). */
  typed(title: string): Record<string, string>;
  picker: string;
  submit: string;
  savedPath: string;
  done: string;
  /** The files of the saved records named `title` (the career set has no names: all of it). */
  saved(title: string): string[];
};

const FORMS: PhotoForm[] = [
  {
    name: "product",
    open: (page, js) => open(page, "/product-upsert/0", js),
    typed: (title) => ({ 제품명: title, "제품 설명": "카메라로 찍은 큰 사진." }),
    picker: "제품 이미지",
    submit: "등록",
    savedPath: "/product-list",
    done: "제품 등록이 완료되었습니다.",
    saved: (title) => savedImages("SELECT image FROM products WHERE name = ?", title),
  },
  {
    name: "career",
    async open(page, js) {
      await open(page, "/career-background", js);
      await page
        .getByRole("main")
        .getByRole("link", { name: "수정", exact: true })
        .or(page.getByRole("main").getByRole("button", { name: "수정", exact: true }))
        .click();
      await page.getByRole("heading", { level: 1, name: "경력 수정" }).waitFor();
    },
    typed: () => ({}),
    picker: "경력 이미지 선택",
    submit: "수정",
    savedPath: "/career-background",
    done: "경력 수정이 완료되었습니다.",
    // The career form replaces the whole set: the one picture sent is the set.
    saved: () => savedImages("SELECT image FROM career_images"),
  },
];

/** Opens `form` and types its text; answers what was typed, by label. */
async function fill(page: Page, form: PhotoForm, js: boolean, title: string) {
  await form.open(page, js);
  const typed = form.typed(title);
  for (const [label, value] of Object.entries(typed)) await page.getByLabel(label, { exact: true }).fill(value);
  return typed;
}

const PRODUCT = FORMS[0]!;

function saveButton(page: Page, form: PhotoForm) {
  return page.getByRole("main").getByRole("button", { name: form.submit, exact: true });
}

async function assertTyped(page: Page, typed: Record<string, string>) {
  for (const [label, value] of Object.entries(typed)) {
    assert.equal(await page.getByLabel(label, { exact: true }).inputValue(), value, `${label} is still as typed`);
  }
}

async function saveAndWait(page: Page, form: PhotoForm) {
  await saveButton(page, form).click();
  // Shrinking and sending a camera photo on a phone takes its time.
  await page.waitForURL(`${s.site.origin}${form.savedPath}`, { timeout: 60_000 });
  await page.getByText(form.done, { exact: true }).first().waitFor();
}

for (const js of [true, false]) {
  describe(`JavaScript ${js ? "on" : "off"}, 375 px`, () => {
    // Without JavaScript the browser only sends the file: one form shows it (the server's part is integration-tested).
    for (const form of js ? FORMS : [PRODUCT]) {
      test(`a 14 MB camera JPEG saves on the ${form.name} form: upright, at most 2560 px, no location`, { timeout: 90_000 }, async () => {
        const { page } = await s.open({ js, admin: true });
        const title = `${form.name} 14MB ${js ? "JS" : "HTML"}`;
        await fill(page, form, js, title);
        await page.getByLabel(form.picker, { exact: true }).setInputFiles(photo14);
        await saveAndWait(page, form);
        await assertStoredUpright(onlyOne(form.saved(title)));
      });
    }
  });
}

describe("a 35 MB camera photo on the product form", () => {
  test("with JavaScript, the browser shrinks it and it saves", { timeout: 90_000 }, async () => {
    const { page } = await s.open({ js: true, admin: true });
    const title = "35MB 사진 교구";
    await fill(page, PRODUCT, true, title);
    await page.getByLabel(PRODUCT.picker, { exact: true }).setInputFiles(photo35);
    const sent: number[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/product-upsert/0.data")) sent.push(request.postDataBuffer()?.length ?? 0);
    });
    await saveAndWait(page, PRODUCT);
    assert.equal(sent.length, 1, "one save");
    assert.ok(sent[0]! < 25 * MB, `the browser sent ${sent[0]} bytes, under the 25 MB limit`);
    const stored = await sharp(onlyOne(PRODUCT.saved(title))).metadata();
    assert.ok(Math.max(stored.width!, stored.height!) <= 2560, `stored ${stored.width}×${stored.height}`);
  });

  test(
    "without JavaScript, the product form answers 413 in the site's look, with the limit and what was typed",
    { timeout: 90_000 },
    async () => {
      const { page } = await s.open({ js: false, admin: true });
      const title = "product 35MB";
      const typed = await fill(page, PRODUCT, false, title);
      await page.getByLabel(PRODUCT.picker, { exact: true }).setInputFiles(photo35);
      const [answer] = await Promise.all([
        page.waitForResponse((response) => response.request().method() === "POST", { timeout: 60_000 }),
        saveButton(page, PRODUCT).click(),
      ]);
      assert.equal(answer.status(), 413);
      s.expectProblems(isHttpErrorConsoleLine(413));
      await page.getByText("파일이 너무 큽니다. 25MB 이하의 이미지를 올려 주세요.", { exact: true }).first().waitFor();
      // The form itself, in the site's look: heading, the fields as typed, a picture to pick again.
      assert.equal(await page.getByRole("banner").count(), 1, "the site's header");
      await assertTyped(page, typed);
      assert.equal(await page.getByLabel(PRODUCT.picker, { exact: true }).count(), 1, "the picture can be picked again");
      assert.equal(await saveButton(page, PRODUCT).isVisible(), true);
      assert.deepEqual(PRODUCT.saved(title), [], "nothing saved");
    },
  );

  test(
    "with JavaScript, a 35 MB file the browser cannot shrink is refused beside its field, nothing sent",
    { timeout: 60_000 },
    async () => {
      const { page } = await s.open({ js: true, admin: true });
      const typed = await fill(page, PRODUCT, true, "줄일 수 없는 사진 교구");
      await page.getByLabel(PRODUCT.picker, { exact: true }).setInputFiles(unshrinkable35);
      let sent = 0;
      page.on("request", (request) => {
        if (request.method() === "POST") sent += 1;
      });
      await saveButton(page, PRODUCT).click();
      const refusal = "이 이미지는 줄일 수 없고 25MB보다 커서 올릴 수 없습니다. 다른 이미지를 골라 주세요.";
      await page.getByRole("alert").filter({ hasText: refusal }).waitFor({ timeout: 30_000 });
      assert.ok((await page.getByText(refusal, { exact: true }).count()) >= 2, "by the save button and by the picture");
      assert.equal(sent, 0, "nothing was sent");
      await assertTyped(page, typed);
      assert.equal(
        await page.getByLabel(PRODUCT.picker, { exact: true }).evaluate((input: HTMLInputElement) => input.files?.length),
        1,
        "the picked file is still there",
      );
    },
  );
});

describe("product form, JavaScript on: progress and a lost answer", () => {
  function cards(page: Page, name: string) {
    return page.locator(".product-card", { has: nameHeading(page, name) });
  }

  test("a slow upload shows a progress bar with its percentage", { timeout: 90_000 }, async () => {
    const { page, context } = await s.open({ js: true, admin: true });
    await fill(page, PRODUCT, true, "진행률 교구");
    await page.getByLabel(PRODUCT.picker, { exact: true }).setInputFiles(photo14);
    // A slow mobile upload, so the progress is there to be seen.
    const network = await context.newCDPSession(page);
    await network.send("Network.enable");
    await network.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 50,
      downloadThroughput: -1,
      uploadThroughput: 256 * 1024,
    });
    await saveButton(page, PRODUCT).click();
    await page.getByRole("progressbar", { name: "업로드 진행률" }).waitFor({ timeout: 30_000 });
    assert.match((await page.locator(".upload-submit__progress").textContent()) ?? "", /^\d{1,3}%$/);
    await page.waitForURL(`${s.site.origin}/product-list`, { timeout: 60_000 });
    await page.getByRole("status").filter({ hasText: "제품 등록이 완료되었습니다." }).waitFor();
  });

  test("a save whose answer is lost keeps the form with a Korean message; the retry saves once", { timeout: 90_000 }, async () => {
    const name = "끊긴 연결 교구";
    const { page } = await s.open({ js: true, admin: true });
    const typed = await fill(page, PRODUCT, true, name);
    await page.getByLabel(PRODUCT.picker, { exact: true }).setInputFiles(photo14);
    let attempts = 0;
    await page.route("**/product-upsert/0.data", async (route) => {
      attempts += 1;
      if (attempts > 1) return route.continue();
      // The save reaches the server, but its answer is lost on the way back.
      await route.fetch();
      await route.abort("connectionreset");
    });
    s.expectProblems(
      (problem) => problem.startsWith("request failed:") && problem.includes("/product-upsert/0.data"),
      (problem) => problem === "console error: Failed to load resource: net::ERR_CONNECTION_RESET",
    );

    await saveButton(page, PRODUCT).click();
    const message = page
      .getByRole("alert")
      .filter({ hasText: "연결이 끊겨 저장하지 못했습니다. 입력한 내용은 그대로 있으니 다시 저장해 주세요." });
    await message.waitFor({ timeout: 45_000 });
    assert.equal(await message.isVisible(), true);
    await assertTyped(page, typed);
    assert.equal(
      await page.getByLabel(PRODUCT.picker, { exact: true }).evaluate((input: HTMLInputElement) => input.files?.length),
      1,
      "the picked photo too",
    );

    await saveButton(page, PRODUCT).click();
    await page.waitForURL(`${s.site.origin}/product-list`, { timeout: 60_000 });
    await cards(page, name).first().waitFor();
    assert.equal(await cards(page, name).count(), 1, "one product, though the server saw two saves");
    assert.equal(attempts, 2);
    await page.unrouteAll({ behavior: "ignoreErrors" });
  });
});
