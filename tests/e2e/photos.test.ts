// End-to-end, on a 375 px phone (issue 20): a 14 MB camera JPEG lying on its side (EXIF
// orientation 6) with a GPS position saves, stored upright, at most 2560 px, without metadata: with
// JavaScript (the browser shrinks it first) on the product form and the career form (its own
// picker), without it (sent as it is) on the product form; and without JavaScript a 35 MB photo is
// answered with the form's own 413 page, what was typed kept. The rest of the browser's part
// (shrinking a 35 MB photo, refusing one it cannot shrink, progress, a lost answer) is in
// photo-sending.test.ts; what the server does with each register form's picture is in
// tests/integration/photos.test.ts.
// Runs about 30 s.
import sharp from "sharp";
import { beforeAll, describe, test, expect } from "vitest";
import { isHttpErrorConsoleLine, useSite } from "../support/browser";
import { assertTyped, cameraPhotos, fill, onlyOne, photoForms, saveAndWait, saveButton, type CameraPhotos } from "./photo-forms";

const s = useSite();
const { product, career } = photoForms(s);
let photos: CameraPhotos;

beforeAll(async () => {
  photos = await cameraPhotos();
}, 180_000);

/** Stored upright (the sideways photo is a portrait), at most 2560 px, with no EXIF (so no GPS) left. */
async function assertStoredUpright(file: string) {
  const stored = await sharp(file).metadata();
  expect(Math.max(stored.width!, stored.height!), `stored ${stored.width}×${stored.height}`).toBeLessThanOrEqual(2560);
  expect(stored.height!, `the portrait stays a portrait: ${stored.width}×${stored.height}`).toBeGreaterThan(stored.width!);
  expect(stored.exif, "no EXIF, so no location").toBe(undefined);
  expect(stored.orientation).toBe(undefined);
}

for (const js of [true, false]) {
  describe(`JavaScript ${js ? "on" : "off"}, 375 px`, () => {
    // Without JavaScript the browser only sends the file: one form shows it (the server's part is integration-tested).
    for (const form of js ? [product, career] : [product]) {
      test(`a 14 MB camera JPEG saves on the ${form.name} form: upright, at most 2560 px, no location`, { timeout: 90_000 }, async () => {
        const { page } = await s.open({ js, admin: true });
        const title = `${form.name} 14MB ${js ? "JS" : "HTML"}`;
        await fill(page, form, js, title);
        await page.getByLabel(form.picker, { exact: true }).setInputFiles(photos.photo14);
        await saveAndWait(s, page, form);
        await assertStoredUpright(onlyOne(form.saved(title)));
      });
    }
  });
}

describe("a 35 MB camera photo on the product form", () => {
  test(
    "without JavaScript, the product form answers 413 in the site's look, with the limit and what was typed",
    { timeout: 90_000 },
    async () => {
      const { page } = await s.open({ js: false, admin: true });
      const title = "product 35MB";
      const typed = await fill(page, product, false, title);
      await page.getByLabel(product.picker, { exact: true }).setInputFiles(photos.photo35);
      const [answer] = await Promise.all([
        page.waitForResponse((response) => response.request().method() === "POST", { timeout: 60_000 }),
        saveButton(page, product).click(),
      ]);
      expect(answer.status()).toBe(413);
      s.expectProblems(isHttpErrorConsoleLine(413));
      await page.getByText("파일이 너무 큽니다. 25MB 이하의 이미지를 올려 주세요.", { exact: true }).first().waitFor();
      // The form itself, in the site's look: heading, the fields as typed, a picture to pick again.
      expect(await page.getByRole("banner").count(), "the site's header").toBe(1);
      await assertTyped(page, typed);
      expect(await page.getByLabel(product.picker, { exact: true }).count(), "the picture can be picked again").toBe(1);
      expect(await saveButton(page, product).isVisible()).toBe(true);
      expect(product.saved(title), "nothing saved").toStrictEqual([]);
    },
  );
});
