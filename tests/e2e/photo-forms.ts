// What the two photo files (photos.test.ts, photo-sending.test.ts) share (not a test file itself):
// camera photos as a phone makes them, and the forms that take them. The two files run side by side.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { expect } from "vitest";
import { open, type useSite } from "../support/browser";
import { cameraJpeg, madeOnce, sidewaysCameraJpeg } from "../support/camera-photos";

export const MB = 1024 * 1024;

type Site = Pick<ReturnType<typeof useSite>, "site">;

export type CameraPhotos = {
  /** 14 MB, 4400×3000 stored on its side (orientation 6: a 3000×4400 portrait), with GPS. */
  photo14: string;
  /** 35 MB, 7200×4800, as a 35-megapixel camera mode makes it. */
  photo35: string;
  /** 35 MB that no browser decodes (as a HEIC is to Chromium): it cannot be shrunk. */
  unshrinkable35: string;
};

export async function cameraPhotos(): Promise<CameraPhotos> {
  const photo14 = await madeOnce("IMG_0014.jpg", sidewaysCameraJpeg);
  expect(fs.statSync(photo14).size, `the 14 MB photo is ${fs.statSync(photo14).size} bytes`).toBeGreaterThan(14 * MB);
  const photo35 = await madeOnce("IMG_0035.jpg", async () => (await cameraJpeg(7200, 4800)).toBuffer());
  expect(fs.statSync(photo35).size, `the 35 MB photo is ${fs.statSync(photo35).size} bytes`).toBeGreaterThan(35 * MB);
  const unshrinkable35 = await madeOnce("IMG_0036.heic", async () => Buffer.alloc(35 * MB + 1, 0x5a));
  return { photo14, photo35, unshrinkable35 };
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

/** What the site's own database (beside its uploads) holds: the images of the records `sql` selects. */
function savedImages(s: Site, sql: string, ...params: string[]) {
  const database = new Database(path.join(path.dirname(s.site.uploadsDir), "data", "app.db"), { readonly: true });
  try {
    return (database.prepare(sql).all(...params) as { image: string }[]).map((row) => path.join(s.site.uploadsDir, row.image));
  } finally {
    database.close();
  }
}

/** The product register form and the career pictures' edit form (its 사진 추가). */
export function photoForms(s: Site) {
  const product: PhotoForm = {
    name: "product",
    open: (page, js) => open(page, "/product-upsert/0", js),
    typed: (title) => ({ 제품명: title, "제품 설명": "카메라로 찍은 큰 사진." }),
    picker: "제품 이미지",
    submit: "등록",
    savedPath: "/product-list",
    done: "제품 등록이 완료되었습니다.",
    saved: (title) => savedImages(s, "SELECT image FROM products WHERE name = ?", title),
  };
  const career: PhotoForm = {
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
    picker: "사진 추가",
    submit: "수정",
    savedPath: "/career-background",
    done: "경력 수정이 완료되었습니다.",
    // The career form adds the picture to the set: the newest row is the one sent.
    saved: () => savedImages(s, "SELECT image FROM career_images ORDER BY id DESC LIMIT 1"),
  };
  return { product, career };
}

/** Stored upright (the sideways photo is a portrait), at most 2560 px, with no EXIF (so no GPS) left. */
export async function assertStoredUpright(file: string) {
  const stored = await sharp(file).metadata();
  expect(Math.max(stored.width!, stored.height!), `stored ${stored.width}×${stored.height}`).toBeLessThanOrEqual(2560);
  expect(stored.height!, `the portrait stays a portrait: ${stored.width}×${stored.height}`).toBeGreaterThan(stored.width!);
  expect(stored.exif, "no EXIF, so no location").toBe(undefined);
  expect(stored.orientation).toBe(undefined);
}

export function onlyOne(images: string[]) {
  expect(images.length, `one saved record: ${images.join(", ")}`).toBe(1);
  return images[0]!;
}

/** Opens `form` and types its text; answers what was typed, by label. */
export async function fill(page: Page, form: PhotoForm, js: boolean, title: string) {
  await form.open(page, js);
  const typed = form.typed(title);
  for (const [label, value] of Object.entries(typed)) await page.getByLabel(label, { exact: true }).fill(value);
  return typed;
}

export function saveButton(page: Page, form: PhotoForm) {
  return page.getByRole("main").getByRole("button", { name: form.submit, exact: true });
}

export async function assertTyped(page: Page, typed: Record<string, string>) {
  for (const [label, value] of Object.entries(typed)) {
    expect(await page.getByLabel(label, { exact: true }).inputValue(), `${label} is still as typed`).toBe(value);
  }
}

export async function saveAndWait(s: Site, page: Page, form: PhotoForm) {
  // Shrinking, sending and storing a camera photo (its sizes too) takes its time: the click does not
  // wait for the answer (its own wait is an action's 10 s); the address below does, up to a minute.
  await saveButton(page, form).click({ noWaitAfter: true });
  await page.waitForURL(`${s.site.origin}${form.savedPath}`, { timeout: 60_000 });
  await page.getByText(form.done, { exact: true }).first().waitFor();
}
