import type { VisitSource } from "./visit-sources";

/** What the insights count: outbound clicks on product buttons and partner ads, and reel views. */
export const COUNT_KINDS = ["product", "ad", "reel", "guide"] as const;
export type CountKind = (typeof COUNT_KINDS)[number];

/**
 * Uses of one record (daily_counts), with where a click's visitor came from (click_sources; null for
 * a reel view, which is not split by source).
 */
export type CountRow = { day: string; kind: CountKind; targetId: number; source: VisitSource | null; count: number };
/** Visits of one kind of page from one source (page_visits). */
export type VisitRow = { day: string; page: string; source: VisitSource; count: number };

/**
 * Counts since the last flush, merged per row (every field but `count`: a day and what was
 * counted). Bounded: once `maxKeys` distinct rows are pending, a new one is refused until the next
 * drain, so no flood of requests can grow it.
 */
export class PendingCounts<Row extends { count: number }> {
  private readonly rows = new Map<string, Row>();

  constructor(private readonly maxKeys: number) {}

  get size() {
    return this.rows.size;
  }

  /** Adds `count`; false when the row is new and the map is full (nothing was added). */
  add(fields: Omit<Row, "count">, count = 1): boolean {
    return this.merge({ ...fields, count } as Row, true);
  }

  /** Everything pending, emptying the map. */
  drain(): Row[] {
    const rows = [...this.rows.values()];
    this.rows.clear();
    return rows;
  }

  /** Puts drained rows back after a failed write, merging with what was counted meanwhile (the cap aside: nothing counted is lost). */
  restore(rows: Row[]) {
    for (const row of rows) this.merge(row, false);
  }

  private merge(row: Row, capped: boolean): boolean {
    const key = rowKey(row);
    const existing = this.rows.get(key);
    if (existing) {
      existing.count += row.count;
      return true;
    }
    if (capped && this.rows.size >= this.maxKeys) return false;
    this.rows.set(key, { ...row });
    return true;
  }
}

/** A row's fields but its count, in name order, so the order they were written in does not matter. */
function rowKey(row: { count: number }) {
  return Object.entries(row)
    .filter(([name]) => name !== "count")
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([, value]) => String(value))
    .join("\u0000");
}
