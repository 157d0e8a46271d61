/** The `info` route params of docs/product.md §2 carry `encodeURIComponent(JSON.stringify(payload))`. */
export function encodeInfo(payload: unknown) {
  return encodeURIComponent(JSON.stringify(payload));
}

/**
 * Reads an `info` param defensively: Remix has usually decoded it once already, old links may be
 * encoded twice, and anything garbled is null (the page answers 404, never 500).
 */
export function decodeInfo(param: string | undefined): Record<string, unknown> | null {
  if (!param) return null;
  let text = param;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const value: unknown = JSON.parse(text);
      return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
    } catch {
      try {
        const decoded = decodeURIComponent(text);
        if (decoded === text) return null;
        text = decoded;
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** A record id as a URL or payload carries it (a number or a digit string), or null. */
export function positiveId(raw: unknown): number | null {
  const id = typeof raw === "string" && /^\d+$/.test(raw) ? Number(raw) : raw;
  return typeof id === "number" && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The record id an info payload names (`id` or `index`). */
export function infoId(info: Record<string, unknown> | null): number | null {
  return positiveId(info?.id ?? info?.index);
}

/** docs/architecture.md §3: the tag that asks an upsert screen to register a new record; any other tag edits. */
const REGISTER_TAG = "0";

export function isRegisterTag(tag: string | undefined) {
  return tag === REGISTER_TAG;
}

/**
 * docs/product.md §2: an edit link's tag is the time the list was served. The loader makes it, so the server
 * and the browser render the same links.
 */
export function editTagNow() {
  return String(Date.now());
}

type UpsertScreen = "product-upsert" | "reels-category-upsert" | "reels-upsert" | "detail-category-upsert" | "detail-list-upsert";

/** The address that registers a new record (the reel screen also takes the category as `info`). */
export function registerPath(screen: UpsertScreen, info?: unknown) {
  const path = `/${screen}/${REGISTER_TAG}`;
  return info === undefined ? path : `${path}/${encodeInfo(info)}`;
}

/** The address that edits the record `info` names (docs/architecture.md §3: it only identifies it). */
export function editPath(screen: UpsertScreen, tag: string, info: unknown) {
  return `/${screen}/${tag}/${encodeInfo(info)}`;
}

/** The one address of a category's reel list (links, canonical URL, sitemap). */
export function categoryPath(category: { index: number; categoryNm: string }) {
  return `/reels-list/${category.index}/${encodeURIComponent(category.categoryNm)}`;
}

/** The one address of a reel's viewer (links, canonical URL, sitemap). */
export function reelPath(reel: { id: number; mediaId: string; reelsNm: string }) {
  return `/reels-content/${encodeInfo({ id: reel.id, mediaId: reel.mediaId, reelsNm: reel.reelsNm })}`;
}

/** A reel's permanent short address (docs/product.md §2): it redirects to `reelPath`, so shared links stay short. */
export function reelShortPath(reel: { id: number }) {
  return `/r/${reel.id}`;
}

/** A product's own page (docs/product.md §2): links, canonical URL, sitemap. */
export function productPath(id: number) {
  return `/product/${id}`;
}

/** A product's permanent short address, for short links and QR codes: a 301 to `productPath`. */
export function productShortPath(id: number) {
  return `/p/${id}`;
}

/**
 * Longer than any public page's address the site makes (its longest, a reel's viewer under a
 * 100-character name, is about 1,100 characters encoded): a page visit reported for a longer path
 * is made up, and is dropped before anything remembers it.
 */
export const PAGE_PATH_MAX = 2048;

/**
 * The longest address the QR code route draws: any page's short or plain address fits; the owner's
 * edit addresses, which carry a whole record, do not (a QR code of them would be too dense to scan).
 */
export const QR_PATH_MAX = 500;

/** The server-made QR code of a same-site address (routes/qr[.]svg.ts), or null when the address is too long for one. */
export function qrCodePath(path: string) {
  return path.length <= QR_PATH_MAX ? `/qr.svg?u=${encodeURIComponent(path)}` : null;
}
