import { and, asc, eq } from "drizzle-orm";
import { ko } from "~/copy/ko";
import { db } from "~/db/client.server";
import { partnerAds } from "~/db/schema";
import { AppError } from "~/lib/errors";
import { uploadUrl } from "~/lib/uploads.server";

/** SPEC §9: at most five partner banners take turns. */
const ROTATING_ADS = 5;

/**
 * A shown banner: a picture linking out through the site's own `/out/ad/{id}` (which counts the
 * click and sends the visitor to the stored link), or the partner's widget in a frame.
 */
export type PartnerAd =
  | { id: number; name: string; kind: "image"; href: string; src: string }
  | { id: number; name: string; kind: "frame"; frameUrl: string; size: { width: number; height: number } | null };

/** A widget's own size when its address names one (Coupang's widgets.html does); else the slot decides. */
function widgetSize(frameUrl: string) {
  const params = new URL(frameUrl).searchParams;
  const width = Number(params.get("width"));
  const height = Number(params.get("height"));
  return width > 0 && height > 0 ? { width, height } : null;
}

/** SPEC §3/§9: one of the first five shown banners (by order), chosen by the current time modulo their count. */
export function pickPartnerAd(now = Date.now()): PartnerAd | null {
  const rows = db()
    .select({
      id: partnerAds.id,
      name: partnerAds.name,
      link: partnerAds.link,
      image: partnerAds.image,
      imageUrl: partnerAds.imageUrl,
      frameUrl: partnerAds.frameUrl,
    })
    .from(partnerAds)
    .where(eq(partnerAds.isView, true))
    .orderBy(asc(partnerAds.position), asc(partnerAds.id))
    .limit(ROTATING_ADS)
    .all();
  const ads = rows.flatMap((row): PartnerAd[] => {
    if (row.frameUrl) return [{ id: row.id, name: row.name, kind: "frame", frameUrl: row.frameUrl, size: widgetSize(row.frameUrl) }];
    const src = uploadUrl(row.image) ?? row.imageUrl;
    return src && row.link ? [{ id: row.id, name: row.name, kind: "image", href: `/out/ad/${row.id}`, src }] : [];
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
