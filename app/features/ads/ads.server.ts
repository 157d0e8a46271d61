import { asc } from "drizzle-orm";
import { db } from "~/db/client.server";
import { partnerAds } from "~/db/schema";

/** SPEC §3 ad item. */
export type PartnerAd = { name: string; link: string; src: string };

/** SPEC §3: one of the partner ads, chosen by the current time modulo their count (5). */
export function pickPartnerAd(now = Date.now()): PartnerAd | null {
  const ads = db()
    .select({ name: partnerAds.name, link: partnerAds.link, src: partnerAds.src })
    .from(partnerAds)
    .orderBy(asc(partnerAds.position))
    .all();
  if (ads.length === 0) return null;
  return ads[now % ads.length] ?? null;
}
