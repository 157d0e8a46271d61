import fs from "node:fs";
import path from "node:path";
import { shareImageName, sizeName, VARIANT_FORMATS, variantNames, variantsListName, variantWidths } from "./upload-names";

// A stored picture's sizes (docs/architecture.md §5, "Sizes made once"): sharp, as the server and
// `npm run images` load it, and the files it writes beside a picture. Nothing here reads the
// configuration: the callers name the folder.

let sharpLoaded: Promise<typeof import("sharp")> | undefined;

/**
 * libvips is loaded on the first upload, not at start: it adds about 14 MiB to a process that, most
 * days, only serves pages. Every picture is decoded when it is stored and never again, so libvips'
 * operation cache (up to 50 MB and 100 operations by default) would only hold memory between
 * uploads; and one thread per image keeps a 2-core machine free for the pages while an import runs.
 */
export function loadSharp(): Promise<typeof import("sharp")> {
  sharpLoaded ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return sharpLoaded;
}

/** Writes a file into `dir` under its final name only once it is complete (temp file, then rename). */
export async function writeAtomically(dir: string, name: string, data: Buffer) {
  await fs.promises.mkdir(dir, { recursive: true });
  const temp = path.join(dir, `.${name}.${process.pid}.tmp`);
  try {
    await fs.promises.writeFile(temp, data, { flag: "wx" });
    await fs.promises.rename(temp, path.join(dir, name));
  } catch (error) {
    await fs.promises.rm(temp, { force: true });
    throw error;
  }
}

/**
 * Makes a stored picture's 2:1 share image beside it in `dir` (shareImageName, docs/architecture.md
 * §5): the picture at full height, centred on a blurred, enlarged copy of itself, so a 9:16 poster
 * or a square product photo is not cropped to a strip. Plain libjpeg, not mozjpeg: about 80 ms of
 * CPU an image instead of 130, and a reel import makes one per reel, while a link preview is fetched
 * once by each messenger.
 */
export async function writeShareImage(dir: string, name: string, { width, height }: { width: number; height: number }): Promise<string> {
  const sharp = await loadSharp();
  const picture = path.join(dir, name);
  const [fill, centred] = await Promise.all([
    sharp(picture).resize({ width, height, fit: "cover" }).blur(30).toBuffer(),
    sharp(picture).resize({ width, height, fit: "inside" }).toBuffer(),
  ]);
  const data = await sharp(fill)
    .composite([{ input: centred, gravity: "centre" }])
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: 80 })
    .toBuffer();
  const shareName = shareImageName(name);
  await writeAtomically(dir, shareName, data);
  return shareName;
}

/** What `<stem>-variants.json` holds: the picture's own size and the widths it was written in (none when animated). */
export type VariantsList = { width: number; height: number; widths: number[] };

/**
 * AVIF at sharp's default quality with 4:2:0 chroma (what photos are shot in) at the lowest effort:
 * 4 to 6 times faster than effort 2 or 4 for files 2–5% larger (docs/performance.md, "Pictures
 * sized for the screen"). WebP, for the few browsers without AVIF, at its lowest effort too: a
 * picture's sizes take 10–16% less CPU than at effort 2, for WebP files about 10% larger.
 */
const ENCODERS = {
  avif: { quality: 50, effort: 0, chromaSubsampling: "4:2:0" },
  webp: { quality: 75, effort: 0 },
} as const;

/**
 * Writes a stored picture's sizes beside it: each width of VARIANT_WIDTHS narrower than the picture
 * and its own width, in AVIF and WebP, each atomically, then their list, last: a picture has sizes
 * once its list exists, so a reader never meets half of them. An animated picture keeps its one file
 * (its list names no width). On failure what was written is removed and the error thrown.
 */
export async function writeVariants(dir: string, name: string): Promise<VariantsList> {
  const sharp = await loadSharp();
  const file = path.join(dir, name);
  const { width, height, pages = 1 } = await sharp(file).metadata();
  const list: VariantsList = { width, height, widths: pages > 1 ? [] : variantWidths(width) };
  const written: string[] = [];
  try {
    for (const size of list.widths) {
      for (const format of VARIANT_FORMATS) {
        // Decoded for each size (JPEG and WebP shrink while they decode) inside libvips: a decoded
        // copy handed to JavaScript between the two encodings left glibc holding about 50 MiB more.
        const image = sharp(file).resize({ width: size });
        const encoded = await (format === "avif" ? image.avif(ENCODERS.avif) : image.webp(ENCODERS.webp)).toBuffer();
        const variant = sizeName(name, size, width, format);
        await writeAtomically(dir, variant, encoded);
        written.push(variant);
      }
    }
    await writeAtomically(dir, variantsListName(name), Buffer.from(JSON.stringify(list)));
  } catch (error) {
    await Promise.all(written.map((variant) => fs.promises.rm(path.join(dir, variant), { force: true })));
    throw error;
  }
  return list;
}

/** Removes a picture's sizes and their list, whichever exist. */
export async function removeVariants(dir: string, name: string) {
  await Promise.all(variantNames(name).map((variant) => fs.promises.rm(path.join(dir, variant), { force: true })));
}

/** A picture's list of sizes, or null when it has none (stored before sizes were made, or not a picture). */
export async function readVariants(dir: string, name: string): Promise<VariantsList | null> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await fs.promises.readFile(path.join(dir, variantsListName(name)), "utf8"));
  } catch {
    return null;
  }
  const { width, height, widths } = (parsed ?? {}) as Partial<VariantsList>;
  const whole = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0;
  return whole(width) && whole(height) && Array.isArray(widths) && widths.every(whole) ? { width, height, widths } : null;
}
