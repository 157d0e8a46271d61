import { and, desc, eq, gte, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { dailyCounts, partnerAds, products, reels } from "~/db/schema";
import { reelPath } from "~/lib/route-info";
import { assertAdmin, type Admin } from "~/lib/session.server";
import { kstDaysEndingAt } from "~/lib/time";
import { flushPendingCounts } from "./counts.server";
import { COUNT_KINDS, type CountKind } from "./pending-counts";

export const REPORT_DAYS = 30;
const TOP_SIZE = 5;

export type DayCounts = { day: string } & Record<CountKind, number>;
/** `name` is null once the record was deleted; `href` opens a reel that still exists. */
export type TopItem = { id: number; name: string | null; count: number; href: string | null };

export type InsightsReport = {
  days: DayCounts[];
  totals: Record<CountKind, number>;
  top: Record<CountKind, TopItem[]>;
};

/** The last 30 Korea-time days (today included): uses per day, totals and the most used records. */
export function getInsights(admin: Admin | null, now = new Date()): InsightsReport {
  assertAdmin(admin);
  // What was counted a moment ago is shown too.
  flushPendingCounts(now);
  const dayList = kstDaysEndingAt(now, REPORT_DAYS);
  const from = dayList[0]!;
  const perDay = db()
    .select({ day: dailyCounts.day, kind: dailyCounts.kind, count: sql<number>`sum(${dailyCounts.count})` })
    .from(dailyCounts)
    .where(gte(dailyCounts.day, from))
    .groupBy(dailyCounts.day, dailyCounts.kind)
    .all();
  const days: DayCounts[] = dayList.map((day) => ({ day, product: 0, ad: 0, reel: 0 }));
  const byDay = new Map(days.map((entry) => [entry.day, entry]));
  const totals: Record<CountKind, number> = { product: 0, ad: 0, reel: 0 };
  for (const row of perDay) {
    const entry = byDay.get(row.day);
    if (!entry || !isCountKind(row.kind)) continue;
    entry[row.kind] += row.count;
    totals[row.kind] += row.count;
  }
  return { days, totals, top: { product: topProducts(from), ad: topAds(from), reel: topReels(from) } };
}

function isCountKind(kind: string): kind is CountKind {
  return (COUNT_KINDS as readonly string[]).includes(kind);
}

/** The records of one kind used most since `from`, their totals summed over the days. */
function topTargets(kind: CountKind, from: string) {
  const total = sql<number>`sum(${dailyCounts.count})`;
  return db()
    .select({ targetId: dailyCounts.targetId, total })
    .from(dailyCounts)
    .where(and(eq(dailyCounts.kind, kind), gte(dailyCounts.day, from)))
    .groupBy(dailyCounts.targetId)
    .orderBy(desc(total), dailyCounts.targetId)
    .limit(TOP_SIZE)
    .as("top_targets");
}

function topProducts(from: string): TopItem[] {
  const top = topTargets("product", from);
  return db()
    .select({ id: top.targetId, count: top.total, name: products.name })
    .from(top)
    .leftJoin(products, eq(products.id, top.targetId))
    .orderBy(desc(top.total), top.targetId)
    .all()
    .map((row) => ({ ...row, href: null }));
}

function topAds(from: string): TopItem[] {
  const top = topTargets("ad", from);
  return db()
    .select({ id: top.targetId, count: top.total, name: partnerAds.name })
    .from(top)
    .leftJoin(partnerAds, eq(partnerAds.id, top.targetId))
    .orderBy(desc(top.total), top.targetId)
    .all()
    .map((row) => ({ ...row, href: null }));
}

function topReels(from: string): TopItem[] {
  const top = topTargets("reel", from);
  return db()
    .select({ id: top.targetId, count: top.total, name: reels.name, mediaId: reels.mediaId })
    .from(top)
    .leftJoin(reels, eq(reels.id, top.targetId))
    .orderBy(desc(top.total), top.targetId)
    .all()
    .map(({ id, count, name, mediaId }) => ({
      id,
      count,
      name,
      href: name !== null && mediaId !== null ? reelPath({ id, mediaId, reelsNm: name }) : null,
    }));
}
