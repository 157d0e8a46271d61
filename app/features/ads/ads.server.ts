import { and, asc, eq, isNotNull } from "drizzle-orm";
import { db } from "~/db/client.server";
import { partnerAds } from "~/db/schema";

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
