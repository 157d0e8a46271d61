import { and, eq } from "drizzle-orm";
import { ko } from "~/copy/ko";
import { db, preparedPerConnection } from "~/db/client.server";
import { partnerAds } from "~/db/schema";
import { frameUrlSize, type BannerSize } from "~/features/settings/partner-code.server";
import { AppError } from "~/lib/errors";
import { shownOrder } from "~/lib/list-order.server";
import { uploadUrl } from "~/lib/uploads.server";

/**
 * A shown banner: a picture linking out through the site's own `/out/ad/{id}` (which counts the
 * click and sends the visitor to the stored link), or the partner's widget in a frame.
 */
export type PartnerAd = { id: number; name: string; size: BannerSize | null } & (
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

/**
 * Every shown banner takes its turn (issue 20: not only the first five): the one at the current
 * time modulo their count, in the owner's order. Each comes with its own size when it is known.
 */
export function pickPartnerAd(now = Date.now()): PartnerAd | null {
  const rows = shownAdsQuery().all();
  const ads = rows.flatMap((row): PartnerAd[] => {
    const size = row.width && row.height ? { width: row.width, height: row.height } : null;
    // Widgets saved before sizes were stored still name theirs in their address.
    if (row.frameUrl)
      return [{ id: row.id, name: row.name, size: size ?? frameUrlSize(row.frameUrl), kind: "frame", frameUrl: row.frameUrl }];
    const src = uploadUrl(row.image) ?? row.imageUrl;
    return src && row.link ? [{ id: row.id, name: row.name, size, kind: "image", href: `/out/ad/${row.id}`, src }] : [];
  });
  if (ads.length === 0) return null;
  return ads[now % ads.length] ?? null;
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
