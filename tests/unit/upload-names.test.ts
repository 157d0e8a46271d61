import { describe, expect, test } from "vitest";
import {
  derivedFrom,
  derivedNames,
  isOriginalName,
  isPictureName,
  isTempUploadName,
  isUploadName,
  sizeName,
  stemsOf,
  variantWidths,
} from "~/lib/upload-names";

const PHOTO = "0b6f7a52-8a9e-4c1b-9a57-3f1e1c2d9a10.jpg";
const STEM = "0b6f7a52-8a9e-4c1b-9a57-3f1e1c2d9a10";

describe("the names derived from a stored picture (docs/architecture.md §5)", () => {
  test("a picture is written at each width narrower than itself and at its own, when no page takes one wider", () => {
    expect(variantWidths(2560)).toEqual([360, 520, 640, 800, 1080, 1440]);
    expect(variantWidths(1500)).toEqual([360, 520, 640, 800, 1080, 1440]);
    expect(variantWidths(1440)).toEqual([360, 520, 640, 800, 1080, 1440]);
    expect(variantWidths(1200)).toEqual([360, 520, 640, 800, 1080, 1200]);
    expect(variantWidths(1080)).toEqual([360, 520, 640, 800, 1080]);
    expect(variantWidths(640)).toEqual([360, 520, 640]);
    expect(variantWidths(320)).toEqual([320]);
  });

  test("its own width is named `full`; the others by their width", () => {
    expect(sizeName(PHOTO, 1080, 2560, "avif")).toBe(`${STEM}-1080.avif`);
    expect(sizeName(PHOTO, 2560, 2560, "webp")).toBe(`${STEM}-full.webp`);
    expect(sizeName(PHOTO, 1080, 1080, "avif")).toBe(`${STEM}-full.avif`);
  });

  test("every derived name is an upload name, leads back to its picture, and is among what goes with it", () => {
    const derived = derivedNames(PHOTO);
    expect(derived).toContain(`${STEM}-share.jpg`);
    expect(derived).toContain(`${STEM}-variants.json`);
    expect(derived).toContain(`${STEM}-360.webp`);
    expect(derived).toContain(`${STEM}-full.avif`);
    for (const name of derived) {
      expect(isUploadName(name), name).toBe(true);
      expect(isOriginalName(name), name).toBe(false);
      expect(derivedFrom(name), name).toBe(STEM);
    }
    expect(stemsOf([PHOTO, `${STEM}.png`])).toEqual(new Set([STEM]));
  });

  test("only generated names count: an original, a derived one, the temporary file of either", () => {
    expect(isUploadName(PHOTO)).toBe(true);
    expect(isPictureName(PHOTO)).toBe(true);
    expect(isPictureName(`${STEM}.mp4`)).toBe(false);
    expect(derivedFrom(PHOTO)).toBeNull();
    for (const name of [
      `${STEM}-99999.avif`,
      `${STEM}-360.png`,
      `${STEM}-variants.txt`,
      "photo.jpg",
      `../${STEM}-360.avif`,
      `${STEM}-full.avif.bak`,
    ]) {
      expect(isUploadName(name), name).toBe(false);
    }
    expect(isTempUploadName(`.${STEM}-640.webp.4242.tmp`)).toBe(true);
    expect(isTempUploadName(`.${PHOTO}.17.tmp`)).toBe(true);
    expect(isTempUploadName(`.notes.txt.17.tmp`)).toBe(false);
  });
});
