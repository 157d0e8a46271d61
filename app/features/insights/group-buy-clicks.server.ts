import { and, eq, inArray, sql } from "drizzle-orm";
import { koInsights } from "~/copy/ko-insights";
import { koProducts } from "~/copy/ko-products.server";
import { db } from "~/db/client.server";
import { clickSources } from "~/db/schema";
import { listOrder, groupBuyStatusAt } from "~/features/products/group-buy";
import { dateWords, time24 } from "~/features/products/product-view.server";
import { listProducts, type ProductItem } from "~/features/products/products.server";
import { assertAdmin, type Admin } from "~/lib/session.server";
import { kstDay } from "~/lib/time";
import { flushPendingCounts } from "./counts.server";
import { VISIT_SOURCES, type VisitSource } from "./visit-sources";

// The owner's view of her group buys (docs/product.md §4): each one's state, its window and the
// clicks on its buttons over that window, by where the visitors came from (click_sources).

/** One group buy as the owner sees it, in words: the product list's edit mode and /insights show it. */
export type GroupBuyReport = {
  index: number;
  productNm: string;
  state: string;
  window: string;
  clicks: number;
  bySource: Record<VisitSource, number>;
  /** "버튼 클릭 12회 (인스타그램 8 · 카카오톡 3)". */
  summary: string;
};

const total = sql<number>`sum(${clickSources.count})`;

function minuteWords(instant: number) {
  return `${dateWords(instant)} ${time24(instant)}`;
}

/**
 * The clicks on these products' buttons by source, each over its own window in Korea-time days (from
 * its start's day, or from the first count kept, to its end's day or today).
 */
function clicksOverWindows(items: ProductItem[], now: number): Map<number, Record<VisitSource, number>> {
  const result = new Map(
    items.map((item) => [item.index, Object.fromEntries(VISIT_SOURCES.map((source) => [source, 0])) as Record<VisitSource, number>]),
  );
  if (items.length === 0) return result;
  // What was counted a moment ago is shown too.
  flushPendingCounts(new Date(now));
  const rows = db()
    .select({ targetId: clickSources.targetId, day: clickSources.day, source: clickSources.source, count: total })
    .from(clickSources)
    .where(and(eq(clickSources.kind, "product"), inArray(clickSources.targetId, [...result.keys()])))
    .groupBy(clickSources.targetId, clickSources.day, clickSources.source)
    .all();
  const windows = new Map(
    items.map(({ index, terms }) => [
      index,
      { from: terms.startAt === null ? "" : kstDay(new Date(terms.startAt)), to: kstDay(new Date(Math.min(terms.endAt ?? now, now))) },
    ]),
  );
  for (const row of rows) {
    const window = windows.get(row.targetId);
    const counts = result.get(row.targetId);
    if (!window || !counts || row.day < window.from || row.day > window.to || !Object.hasOwn(counts, row.source)) continue;
    counts[row.source as VisitSource] += row.count;
  }
  return result;
}

/** The reports of these products that are group buys, in the order given. */
export function groupBuyReports(admin: Admin | null, items: ProductItem[], now = Date.now()): GroupBuyReport[] {
  assertAdmin(admin);
  const groupBuys = items.filter((item) => item.isGroupBuy);
  const clicks = clicksOverWindows(groupBuys, now);
  const words = koInsights.groupBuys;
  return groupBuys.map((item) => {
    const { startAt, endAt } = item.terms;
    const counts = clicks.get(item.index)!;
    const sum = VISIT_SOURCES.reduce((all, source) => all + counts[source], 0);
    const parts = VISIT_SOURCES.filter((source) => counts[source] > 0).map(
      (source) => `${koInsights.insights.sources[source]} ${counts[source].toLocaleString("ko-KR")}`,
    );
    return {
      index: item.index,
      productNm: item.productNm,
      state: koProducts.states[groupBuyStatusAt(item.terms, now)!],
      window: words.window(startAt === null ? words.noStart : minuteWords(startAt), endAt === null ? words.noEnd : minuteWords(endAt)),
      clicks: sum,
      bySource: counts,
      summary: parts.length ? `${words.clicks(sum)} (${parts.join(" · ")})` : words.clicks(sum),
    };
  });
}

/** Every group buy (hidden ones too), in the order the product list shows them. */
export function allGroupBuyReports(admin: Admin | null, now = Date.now()): GroupBuyReport[] {
  assertAdmin(admin);
  const items = listOrder(listProducts(admin, now), (item) => item.terms, now).map(({ item }) => item);
  return groupBuyReports(admin, items, now);
}
