import { and, asc, eq, isNotNull } from "drizzle-orm";
import { ko } from "~/copy/ko";
import { db } from "~/db/client.server";
import { partnerAds } from "~/db/schema";
import { AppError } from "~/lib/errors";

/** SPEC §3 ad item. */
export type PartnerAd = { name: string; link: string; src: string };

/** SPEC §3: one of the shown partner ads, chosen by the current time modulo their count (5). */
export function pickPartnerAd(now = Date.now()): PartnerAd | null {
  const ads = db()
    .select({ name: partnerAds.name, link: partnerAds.link, src: partnerAds.imageUrl })
    .from(partnerAds)
    .where(and(eq(partnerAds.isView, true), isNotNull(partnerAds.link), isNotNull(partnerAds.imageUrl)))
    .orderBy(asc(partnerAds.position))
    .all()
    .map((ad) => ({ name: ad.name, link: ad.link ?? "", src: ad.src ?? "" }));
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
