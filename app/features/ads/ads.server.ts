import type { AppLoadContext } from "@remix-run/node";
import { and, eq } from "drizzle-orm";
import { ko } from "~/copy/ko";
import { koServer } from "~/copy/ko-server.server";
import { db, preparedPerConnection } from "~/db/client.server";
import { partnerAds } from "~/db/schema";
import { isCoupangLink } from "~/features/settings/allowlists";
import { frameUrlSize, type BannerSize } from "~/features/settings/partner-code.server";
import { AppError } from "~/lib/errors";
import { shownOrder } from "~/lib/list-order.server";
import { pageChangesAt } from "~/lib/page-changes.server";
import type { Picture } from "~/lib/picture";
import { pictureOf } from "~/lib/pictures.server";
import { uploadUrl } from "~/lib/uploads.server";

/**
 * docs/product.md §9 sizes, the box a banner is drawn in when its own size is not known: a 320x50
 * banner; the product-page frame shows 236x197 of a 300x250 widget.
 */
const BANNER_BOXES = {
  banner: { width: 320, height: 50 },
  frame: { width: 236, height: 197 },
} as const;

/** Where a banner stands: alone (`banner`), or in the 236x197 frame of the list pages with its name (`frame`). */
export type BannerVariant = keyof typeof BANNER_BOXES;

/**
 * A shown banner: a picture linking out through the site's own `/out/ad/{id}` (which counts the
 * click and sends the visitor to the stored link), or the partner's widget in a frame. `coupang`:
 * it leads to Coupang (every widget does), so it carries Coupang Partners' disclosure; a banner to
 * another shop is marked as an advertisement instead.
 */
export type ShownAd = { id: number; name: string; size: BannerSize | null; coupang: boolean } & (
  { kind: "image"; href: string; src: string } | { kind: "frame"; frameUrl: string }
);

/**
 * A banner as a page draws it, standing as `variant`. `box`: the size it is drawn at, its own when
 * known, else the variant's standard one (docs/product.md §9), with that aspect ratio, so nothing
 * shifts as it loads and a 120x240 widget stays tall. `label`: its accessible name. An uploaded
 * picture comes with its sizes (docs/architecture.md §5); a partner's picture address or a demo
 * picture is one file. `cta` (the frame's call to action) and `disclosure`: Coupang's for a banner to
 * Coupang, an advertisement's for one to another shop. Worked out here, so the browser's JavaScript
 * carries none of it.
 */
export type PartnerAd = {
  id: number;
  name: string;
  label: string;
  cta: string;
  disclosure: string;
  box: BannerSize & { style: { aspectRatio: string } };
  variant: BannerVariant;
} & ({ kind: "image"; href: string; picture: Picture } | { kind: "frame"; frameUrl: string });

/** Every list page shows one. */
const shownAdsQuery = preparedPerConnection((database) =>
  database
    .select({
      id: partnerAds.id,
      name: partnerAds.name,
      link: partnerAds.link,
      image: partnerAds.image,
      imageUrl: partnerAds.imageUrl,
      frameUrl: partnerAds.frameUrl,
      width: partnerAds.width,
      height: partnerAds.height,
    })
    .from(partnerAds)
    .where(eq(partnerAds.isView, true))
    .orderBy(...shownOrder(partnerAds))
    .prepare(),
);

/** A banner keeps its place on a page this long; then the next one in the owner's order takes it. */
export const BANNER_TURN_MS = 5 * 60_000;

/**
 * Every shown banner takes its turn on every page (issue 20: not only the first five; issue 31: a
 * stored page showed the banner of the millisecond it was rendered, and some were never seen): the
 * banners go round on the clock, one turn every BANNER_TURN_MS in the owner's order, each page from
 * its own place in that order (so one moment's pages show different ones), with JavaScript or not.
 * The page says when its turn ends, and the page cache keeps it no longer.
 */
export async function pickPartnerAd(
  { context, request }: { context: AppLoadContext; request: Request },
  variant: BannerVariant,
  now = Date.now(),
): Promise<PartnerAd | null> {
  const ads = shownPartnerAds();
  if (ads.length === 0) return null;
  const turn = Math.floor(now / BANNER_TURN_MS);
  pageChangesAt(context, (turn + 1) * BANNER_TURN_MS);
  return drawnAs(ads[(turn + placeOf(new URL(request.url).pathname)) % ads.length]!, variant);
}

/**
 * The width a banner's picture is shown at (app/styles/ads.css), drawn in `box`: its own, at most the
 * content's (690 − 32 px at most); in the frame at most the frame's inside (236 − 2×12 − 2 px) and 240 px high.
 */
function bannerPictureSizes(variant: BannerVariant, { width, height }: BannerSize) {
  return variant === "frame" ? `${Math.min(210, Math.round((240 * width) / height), width)}px` : `min(${width}px, 100vw - 32px, 658px)`;
}

/** A shown banner as a page draws it (PartnerAd). */
async function drawnAs(ad: ShownAd, variant: BannerVariant): Promise<PartnerAd> {
  const { width, height } = ad.size ?? BANNER_BOXES[ad.kind === "frame" ? variant : "banner"];
  const drawn = {
    id: ad.id,
    name: ad.name,
    label: `${ko.ads.prefix} ${ad.name}`,
    cta: ad.coupang ? ko.ads.cta : koServer.ads.shopCta,
    disclosure: ad.coupang ? ko.ads.disclosure : koServer.ads.shopDisclosure,
    variant,
  };
  const box = { width, height, style: { aspectRatio: `${width} / ${height}` } };
  if (ad.kind === "frame") return { ...drawn, box, kind: "frame", frameUrl: ad.frameUrl };
  const picture = await pictureOf(ad.src, { sizes: bannerPictureSizes(variant, box), box: { width, height } });
  return { ...drawn, box, kind: "image", href: ad.href, picture };
}

/** A page's own place in the banners' order: its address hashed (FNV-1a), the same at every render. */
function placeOf(pathname: string) {
  let hash = 0x811c9dc5;
  for (let index = 0; index < pathname.length; index++) hash = Math.imul(hash ^ pathname.charCodeAt(index), 0x01000193);
  return hash >>> 0;
}

/** The shown banners, in the owner's order. */
export function shownPartnerAds(): ShownAd[] {
  return shownAdsQuery()
    .all()
    .flatMap((row): ShownAd[] => {
      const size = row.width && row.height ? { width: row.width, height: row.height } : null;
      // Widgets saved before sizes were stored still name theirs in their address.
      if (row.frameUrl)
        return [
          { id: row.id, name: row.name, size: size ?? frameUrlSize(row.frameUrl), coupang: true, kind: "frame", frameUrl: row.frameUrl },
        ];
      const src = uploadUrl(row.image) ?? row.imageUrl;
      if (!src || !row.link) return [];
      const coupang = URL.canParse(row.link) && isCoupangLink(new URL(row.link));
      return [{ id: row.id, name: row.name, size, coupang, kind: "image", href: `/out/ad/${row.id}`, src }];
    });
}

/** Where a shown partner ad sends a visitor: its stored link, else a 404 (hidden, unlinked or missing ad). */
export function partnerAdLink(id: number): string {
  const ad = db()
    .select({ link: partnerAds.link })
    .from(partnerAds)
    .where(and(eq(partnerAds.id, id), eq(partnerAds.isView, true)))
    .get();
  if (!ad?.link) throw new AppError(404, "NOT_FOUND", ko.errors.notFound);
  return ad.link;
}
