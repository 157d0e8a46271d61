// End-to-end, on a 375 px phone (issue 20): a 14 MB camera JPEG lying on its side (EXIF
// orientation 6) with a GPS position saves, stored upright, at most 2560 px, without metadata: with
// JavaScript (the browser shrinks it first) on the career form (its own picker; the product form's is
// the progress test in photo-sending.test.ts), without it (sent as it is, through the site's body
// limit) on the product form, after a 35 MB photo is answered with the form's own 413 page, what was
// typed kept. The rest of the browser's part (shrinking a 35 MB photo, refusing one it cannot shrink,
// progress, a lost answer) is in photo-sending.test.ts; what the server does with each register
// form's picture is in tests/integration/photos.test.ts.
// Runs about 11 s.
import { beforeAll, describe, test, expect } from "vitest";
import { isHttpErrorConsoleLine, useSite } from "../support/browser";
import {
  assertStoredUpright,
  assertTyped,
  cameraPhotos,
  fill,
  onlyOne,
  photoForms,
  saveAndWait,
  saveButton,
  type CameraPhotos,
} from "./photo-forms";

const s = useSite();
const { product, career } = photoForms(s);
let photos: CameraPhotos;

beforeAll(async () => {
  photos = await cameraPhotos();
}, 180_000);

describe("JavaScript on, 375 px", () => {
  test("a 14 MB camera JPEG saves on the career form: upright, at most 2560 px, no location", { timeout: 90_000 }, async () => {
    const { page } = await s.open({ js: true, admin: true });
    const title = "career 14MB JS";
    await fill(page, career, true, title);
    await page.getByLabel(career.picker, { exact: true }).setInputFiles(photos.photo14);
    await saveAndWait(s, page, career);
    await assertStoredUpright(onlyOne(career.saved(title)));
  });
});

describe("JavaScript off, 375 px: a 35 MB camera photo, then a 14 MB one, on the product form", () => {
  // Without JavaScript the browser only sends the file: the server's part is integration-tested
  // (tests/integration/photos.test.ts, by the route itself); here the whole photo goes through the
  // site's body limit as a phone sends it.
  test(
    "the 35 MB photo is answered 413 in the site's look, with the limit and what was typed; the 14 MB one then saves upright, at most 2560 px, no location",
    { timeout: 120_000 },
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

      // She picks the 14 MB photo instead: sent as it is, it saves.
      await page.getByLabel(product.picker, { exact: true }).setInputFiles(photos.photo14);
      await saveAndWait(s, page, product);
      await assertStoredUpright(onlyOne(product.saved(title)));
    },
  );
});
