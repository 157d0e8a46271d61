// The names in UPLOADS_DIR (docs/architecture.md §5, "Sizes made once"): an upload's generated
// name, and the names derived from it, which no column records and which go wherever it goes: a
// reel poster's share image, a picture's sizes in AVIF and WebP, the list of those sizes, and the
// square avatars of the owner's profile picture.
// Plain functions, shared by the server, `npm run backup`, `restore` and `images`.

/** The widths a stored picture is also written in, when it is wider (docs/performance.md, "Pictures sized for the screen"). */
export const VARIANT_WIDTHS = [360, 520, 640, 800, 1080, 1440] as const;
/** The formats of the sizes, in the order a page offers them (the browser takes the first it can show). */
export const VARIANT_FORMATS = ["avif", "webp"] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];
/** A size at the picture's own width (not one of VARIANT_WIDTHS) is named by this word. */
const OWN_WIDTH = "full" as const;

const ORIGINAL = /^[0-9a-f-]{36}\.(png|jpg|webp|gif|mp4)$/;
const DERIVED = /^([0-9a-f-]{36})-(share\.jpg|variants\.json|(\d{3,4}|full)\.(avif|webp)|avatar-\d{2,3}\.webp)$/;
/** A file being written: `.<name>.<pid>.tmp` (see writeAtomically). */
const TEMP = /^\.(.+)\.\d+\.tmp$/;

/** A generated upload name, an original or a name derived from one. */
export function isUploadName(name: string) {
  return ORIGINAL.test(name) || DERIVED.test(name);
}

/** An upload a row can name (not a derived file). */
export function isOriginalName(name: string) {
  return ORIGINAL.test(name);
}

/** A temporary file of an upload being written (left behind only by a crash). */
export function isTempUploadName(name: string) {
  const inner = TEMP.exec(name)?.[1];
  return inner !== undefined && isUploadName(inner);
}

/** The name without its extension: what every derived name starts with. */
function stemOf(name: string) {
  return name.replace(/\.\w+$/, "");
}

/** The stem of the original a derived name belongs to, or null for anything else. */
export function derivedFrom(name: string): string | null {
  return DERIVED.exec(name)?.[1] ?? null;
}

/** The stems of these originals: a derived file lives as long as its stem is among them. */
export function stemsOf(originals: Iterable<string>) {
  return new Set([...originals].map(stemOf));
}

/** The size of a 2:1 share image, what KakaoTalk, Facebook and X show best (docs/architecture.md §5). */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 600 } as const;

/** The 2:1 share image made from a reel's poster or a product's picture (docs/architecture.md §5). */
export function shareImageName(original: string) {
  return `${stemOf(original)}-share.jpg`;
}

/** The header's picture is drawn AVATAR_SIZE px square; its avatars are made for these screen densities. */
export const AVATAR_SIZE = 28;
export const AVATAR_DENSITIES = [1, 2, 3] as const;

/** The square avatar `side` px wide made from the owner's profile picture (the header's). */
export function avatarName(original: string, side: number) {
  return `${stemOf(original)}-avatar-${side}.webp`;
}

/** One size of a picture: a width of VARIANT_WIDTHS, or `OWN_WIDTH` for the picture's own. */
export function variantName(original: string, width: number | typeof OWN_WIDTH, format: VariantFormat) {
  return `${stemOf(original)}-${width}.${format}`;
}

/** The list of a picture's sizes, written after them: a picture has sizes once it exists. */
export function variantsListName(original: string) {
  return `${stemOf(original)}-variants.json`;
}

/**
 * The widths a picture `width` px wide is written in: each narrower one of VARIANT_WIDTHS, then its
 * own when no page would take a wider size than it; a wider picture's own width (a phone photo's
 * 2560 px) would cost a third of the encoding for a size no browser asks for.
 */
export function variantWidths(width: number): number[] {
  // The widest of VARIANT_WIDTHS is the widest size a page takes: a guide's cover (658 px) on a
  // tablet at twice its density, any box on a phone at three times (at most 1,194 px).
  const widestTaken = VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]!;
  const narrower = VARIANT_WIDTHS.filter((candidate) => candidate < width);
  return width <= widestTaken ? [...narrower, width] : narrower;
}

/** The name of a picture's size `width` wide (its own width is named OWN_WIDTH). */
export function sizeName(original: string, width: number, ownWidth: number, format: VariantFormat) {
  return variantName(original, width === ownWidth ? OWN_WIDTH : width, format);
}

/** Every name a picture's sizes and their list may have, made or not. */
export function variantNames(original: string): string[] {
  return [
    variantsListName(original),
    ...VARIANT_FORMATS.flatMap((format) =>
      [...VARIANT_WIDTHS, OWN_WIDTH].map((width: number | typeof OWN_WIDTH) => variantName(original, width, format)),
    ),
  ];
}

/** Every name that may be derived from an original, made or not: what goes with it when it goes. */
export function derivedNames(original: string): string[] {
  return [
    shareImageName(original),
    ...variantNames(original),
    ...AVATAR_DENSITIES.map((density) => avatarName(original, AVATAR_SIZE * density)),
  ];
}

/** An upload sizes can be made of: a picture, not a video. */
export function isPictureName(name: string) {
  return isOriginalName(name) && !name.endsWith(".mp4");
}
