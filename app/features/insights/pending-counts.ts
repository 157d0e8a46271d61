/** What the insights count: outbound clicks on product buttons and partner ads, and reel views. */
export const COUNT_KINDS = ["product", "ad", "reel"] as const;
export type CountKind = (typeof COUNT_KINDS)[number];

export type CountRow = { day: string; kind: CountKind; targetId: number; count: number };

/**
 * Uses counted since the last flush, merged per Korea-time day, kind and record. Bounded: once
 * `maxKeys` distinct (day, kind, record) entries are pending, a new one is refused until the next
 * drain, so no flood of requests can grow it.
 */
export class PendingCounts {
  private readonly rows = new Map<string, CountRow>();

  constructor(private readonly maxKeys: number) {}

  get size() {
    return this.rows.size;
  }

  /** Adds `count` uses; false when the entry is new and the map is full (nothing was added). */
  add(day: string, kind: CountKind, targetId: number, count = 1): boolean {
    return this.merge({ day, kind, targetId, count }, true);
  }

  /** Everything pending, emptying the map. */
  drain(): CountRow[] {
    const rows = [...this.rows.values()];
    this.rows.clear();
    return rows;
  }

  /** Puts drained rows back after a failed write, merging with what was counted meanwhile (the cap aside: nothing counted is lost). */
  restore(rows: CountRow[]) {
    for (const row of rows) this.merge(row, false);
  }

  private merge(row: CountRow, capped: boolean): boolean {
    const key = `${row.day}|${row.kind}|${row.targetId}`;
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
