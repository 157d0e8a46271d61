import type { MetaDescriptor } from "@remix-run/node";
import { readVariants, type VariantsList } from "./image-variants.server";
import type { Picture } from "./picture";
import { sizeName, VARIANT_FORMATS, type VariantFormat } from "./upload-names";
import { uploadNameOf, uploadsDir, uploadUrl } from "./uploads.server";

// Pages that let the browser choose (docs/architecture.md §5, "Sizes made once"): a stored
// picture's sizes, read from the list written beside it, as a page offers them.

/**
 * Lists read so far, by upload name. A name never names other bytes, so a list once read stays
 * true; a picture without one is asked again (its sizes may be made meanwhile by `npm run images`).
 * Bounded: at most LISTS_KEPT entries of about 150 bytes (a 41-character name and three numbers and
 * a few widths), 0.6 MiB, the oldest dropped first.
 */
const lists = new Map<string, VariantsList>();
const LISTS_KEPT = 4096;

async function variantsOf(name: string): Promise<VariantsList | null> {
  const known = lists.get(name);
  if (known) return known;
  const list = await readVariants(uploadsDir(), name);
  if (list) {
    if (lists.size >= LISTS_KEPT) lists.delete(lists.keys().next().value!);
    lists.set(name, list);
  }
  return list;
}

/**
 * How a page's layout shows a picture (its stylesheet's): `sizes`, the width it gives the picture at
 * each screen width; `box`, the width and height to draw it with when the picture's own are not known
 * (a picture with sizes has its own in their list).
 */
export type PictureLayout = { sizes: string; box?: { width: number; height: number } };

/**
 * A picture as a page shows it, from its public URL: with its sizes when it has them, else its own
 * file alone (a picture from before sizes were made, a restored backup's, a demo picture in public/).
 * `first`: the largest picture of the first screen (the page's LCP), fetched at once and first;
 * every other one loads when it comes near the screen.
 */
export async function pictureOf(url: string, { sizes, box }: PictureLayout, first = false): Promise<Picture> {
  const name = uploadNameOf(url);
  const list = name ? await variantsOf(name) : null;
  const size = list ? { width: list.width, height: list.height } : box;
  const img = { src: url, ...size, ...(first ? { fetchpriority: "high" as const } : { loading: "lazy" as const }) };
  if (!name || !list || list.widths.length === 0) return { sources: [], img };
  const srcSet = (format: VariantFormat) =>
    list.widths.map((width) => `${uploadUrl(sizeName(name, width, list.width, format))} ${width}w`).join(", ");
  return { sources: VARIANT_FORMATS.map((format) => ({ type: `image/${format}`, srcSet: srcSet(format), sizes })), img };
}

/** Each item with its `image` as a picture (null without one), for a list page; `first` picks the first screen's. */
export function withPictures<T extends { image: string | null }>(
  items: T[],
  layout: PictureLayout,
  first: (item: T, at: number) => boolean,
): Promise<(T & { picture: Picture | null })[]> {
  return Promise.all(
    items.map(async (item, at) => ({ ...item, picture: item.image ? await pictureOf(item.image, layout, first(item, at)) : null })),
  );
}

/**
 * One file for a place that takes a single address (a video's `poster`): the widest WebP size at
 * most `atMost` px wide, else the picture itself. WebP, not AVIF: every browser in use since 2020
 * shows it (one without shows no poster, and the video still plays).
 */
export async function singleSize(url: string, atMost: number): Promise<string> {
  const name = uploadNameOf(url);
  const list = name ? await variantsOf(name) : null;
  const width = list?.widths.filter((candidate) => candidate <= atMost).at(-1);
  return name && list && width ? uploadUrl(sizeName(name, width, list.width, "webp"))! : url;
}

/**
 * The head's preload of a page's largest picture (its LCP), so the phone asks for it with the
 * stylesheets: its AVIF sizes with the same `sizes` (so the browser takes the same file), or its one
 * file. Browsers without AVIF skip a preload of that type.
 */
export function picturePreload(picture: Picture | string | null | undefined): MetaDescriptor[] {
  if (!picture) return [];
  const preload = { tagName: "link", rel: "preload", as: "image", fetchpriority: "high" };
  if (typeof picture === "string") return [{ ...preload, href: picture }];
  const [avif] = picture.sources;
  return [avif ? { ...preload, type: avif.type, imagesrcset: avif.srcSet, imagesizes: avif.sizes } : { ...preload, href: picture.img.src }];
}
