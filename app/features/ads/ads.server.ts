import type { AppLoadContext } from "@remix-run/node";
import { and, eq } from "drizzle-orm";
import { ko } from "~/copy/ko";
import { db, preparedPerConnection } from "~/db/client.server";
import { partnerAds } from "~/db/schema";
import { isCoupangLink } from "~/features/settings/allowlists";
import { frameUrlSize, type BannerSize } from "~/features/settings/partner-code.server";
import { AppError } from "~/lib/errors";
import { shownOrder } from "~/lib/list-order.server";
import { pageChangesAt } from "~/lib/page-changes.server";
import { uploadUrl } from "~/lib/uploads.server";

/**
 * A shown banner: a picture linking out through the site's own `/out/ad/{id}` (which counts the
 * click and sends the visitor to the stored link), or the partner's widget in a frame. `coupang`:
 * it leads to Coupang (every widget does), so it carries Coupang Partners' disclosure; a banner to
 * another shop is marked as an advertisement instead.
 */
export type PartnerAd = { id: number; name: string; size: BannerSize | null; coupang: boolean } & (
  { kind: "image"; href: string; src: string } | { kind: "frame"; frameUrl: string }
);

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
 * The page says when its turn ends, and the page cache keeps it no longer. Each comes with its own
 * size when it is known.
 */
export function pickPartnerAd({ context, request }: { context: AppLoadContext; request: Request }, now = Date.now()): PartnerAd | null {
  const ads = shownPartnerAds();
  if (ads.length === 0) return null;
  const turn = Math.floor(now / BANNER_TURN_MS);
  pageChangesAt(context, (turn + 1) * BANNER_TURN_MS);
  return ads[(turn + placeOf(new URL(request.url).pathname)) % ads.length] ?? null;
}

/** A page's own place in the banners' order: its address hashed (FNV-1a), the same at every render. */
function placeOf(pathname: string) {
  let hash = 0x811c9dc5;
  for (let index = 0; index < pathname.length; index++) hash = Math.imul(hash ^ pathname.charCodeAt(index), 0x01000193);
  return hash >>> 0;
}

/** The shown banners, in the owner's order. */
export function shownPartnerAds(): PartnerAd[] {
  return shownAdsQuery()
    .all()
    .flatMap((row): PartnerAd[] => {
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
