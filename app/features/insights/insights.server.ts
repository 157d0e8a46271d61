import { and, desc, eq, gte, sql } from "drizzle-orm";
import type { AnySQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { db } from "~/db/client.server";
import { dailyCounts, guides, pageVisits, partnerAds, products, reels } from "~/db/schema";
import { reelPath } from "~/lib/route-info";
import { assertAdmin, type Admin } from "~/lib/session.server";
import { kstDaysEndingAt } from "~/lib/time";
import { flushPendingCounts } from "./counts.server";
import { allGroupBuyReports, type GroupBuyReport } from "./group-buy-clicks.server";
import { COUNT_KINDS, type CountKind } from "./pending-counts";
import type { InsightsPeriod } from "./periods";
import { VISIT_SOURCES, type VisitSource } from "./visit-sources";

const TOP_SIZE = 5;
/** Uses summed per group (a day and kind, or a record). */
const total = sql<number>`sum(${dailyCounts.count})`;
const visitTotal = sql<number>`sum(${pageVisits.count})`;

export type DayCounts = { day: string } & Record<CountKind, number>;
/** `name` is null once the record was deleted; `href` opens a reel that still exists. */
export type TopItem = { id: number; name: string | null; count: number; href: string | null };

/** `page` is a route pattern (`/reels-content/:info`): one line per kind of page. */
export type PageVisits = { page: string; count: number };

export type InsightsReport = {
  /** How many days the report covers, ending today. */
  period: InsightsPeriod;
  days: DayCounts[];
  totals: Record<CountKind, number>;
  top: Record<CountKind, TopItem[]>;
  /** Page visits: all of them, and per kind of page, most visited first. */
  visits: { total: number; pages: PageVisits[] };
  /** Page visits by where the visit came from. */
  sources: Record<VisitSource, number>;
  /** Every group buy's state, window and button clicks by source over its window (whatever the period). */
  groupBuys: GroupBuyReport[];
};

/**
 * The last `days` Korea-time days (today included): page visits and their sources, uses per day,
 * totals and the most used records.
 */
export function getInsights(admin: Admin | null, { days: period }: { days: InsightsPeriod }, now = new Date()): InsightsReport {
  assertAdmin(admin);
  // What was counted a moment ago is shown too.
  flushPendingCounts(now);
  const dayList = kstDaysEndingAt(now, period);
  const from = dayList[0]!;
  const perDay = db()
    .select({ day: dailyCounts.day, kind: dailyCounts.kind, count: total })
    .from(dailyCounts)
    .where(gte(dailyCounts.day, from))
    .groupBy(dailyCounts.day, dailyCounts.kind)
    .all();
  const days: DayCounts[] = dayList.map((day) => ({ day, product: 0, ad: 0, reel: 0, guide: 0 }));
  const byDay = new Map(days.map((entry) => [entry.day, entry]));
  const totals: Record<CountKind, number> = { product: 0, ad: 0, reel: 0, guide: 0 };
  for (const row of perDay) {
    const entry = byDay.get(row.day);
    if (!entry || !isCountKind(row.kind)) continue;
    entry[row.kind] += row.count;
    totals[row.kind] += row.count;
  }
  return {
    period,
    days,
    totals,
    top: { product: topProducts(from), ad: topAds(from), reel: topReels(from), guide: topGuides(from) },
    ...visitsSince(from),
    groupBuys: allGroupBuyReports(admin, now.getTime()),
  };
}

function visitsSince(from: string): Pick<InsightsReport, "visits" | "sources"> {
  const pages = db()
    .select({ page: pageVisits.page, count: visitTotal })
    .from(pageVisits)
    .where(gte(pageVisits.day, from))
    .groupBy(pageVisits.page)
    .orderBy(desc(visitTotal), pageVisits.page)
    .all();
  const bySource = db()
    .select({ source: pageVisits.source, count: visitTotal })
    .from(pageVisits)
    .where(gte(pageVisits.day, from))
    .groupBy(pageVisits.source)
    .all();
  const sources = Object.fromEntries(VISIT_SOURCES.map((source) => [source, 0])) as Record<VisitSource, number>;
  for (const row of bySource) if (Object.hasOwn(sources, row.source)) sources[row.source as VisitSource] += row.count;
  return { visits: { total: pages.reduce((sum, row) => sum + row.count, 0), pages }, sources };
}

function isCountKind(kind: string): kind is CountKind {
  return (COUNT_KINDS as readonly string[]).includes(kind);
}

/**
 * The most used records of one kind since `from`, each joined to its record for a name (null once
 * the record is deleted) and for `extra`, what the caller needs to link to it.
 */
function topOf<Extra extends Record<string, AnySQLiteColumn>>(
  kind: CountKind,
  from: string,
  record: { table: SQLiteTable; id: AnySQLiteColumn; name: AnySQLiteColumn<{ data: string }> },
  extra: Extra = {} as Extra,
) {
  return db()
    .select({ id: dailyCounts.targetId, count: total, name: record.name, ...extra })
    .from(dailyCounts)
    .leftJoin(record.table, eq(record.id, dailyCounts.targetId))
    .where(and(eq(dailyCounts.kind, kind), gte(dailyCounts.day, from)))
    .groupBy(dailyCounts.targetId)
    .orderBy(desc(total), dailyCounts.targetId)
    .limit(TOP_SIZE)
    .all();
}

function topProducts(from: string): TopItem[] {
  return topOf("product", from, { table: products, id: products.id, name: products.name }).map((row) => ({ ...row, href: null }));
}

function topAds(from: string): TopItem[] {
  return topOf("ad", from, { table: partnerAds, id: partnerAds.id, name: partnerAds.name }).map((row) => ({ ...row, href: null }));
}

function topReels(from: string): TopItem[] {
  return topOf("reel", from, { table: reels, id: reels.id, name: reels.name }, { mediaId: reels.mediaId }).map(
    ({ id, count, name, mediaId }) => ({
      id,
      count,
      name,
      href: name !== null && mediaId !== null ? reelPath({ id, mediaId, reelsNm: name }) : null,
    }),
  );
}

/** The most read guides (their page's view beacon), each linking to its page while it exists. */
function topGuides(from: string): TopItem[] {
  return topOf("guide", from, { table: guides, id: guides.id, name: guides.title }).map(({ id, count, name }) => ({
    id,
    count,
    name,
    href: name !== null ? `/detail-contents/${id}` : null,
  }));
}
