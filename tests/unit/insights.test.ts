import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PendingCounts, type CountRow } from "~/features/insights/pending-counts";
import { kstDay, kstDayBefore, kstDaysEndingAt } from "~/lib/time";

describe("PendingCounts", () => {
  test("merges uses of the same day, kind and record; keeps the others apart", () => {
    const pending = new PendingCounts<CountRow>(100);
    pending.add({ day: "2026-11-23", kind: "product", targetId: 1, source: null });
    pending.add({ day: "2026-11-23", kind: "product", targetId: 1, source: null });
    pending.add({ day: "2026-11-23", kind: "product", targetId: 2, source: null });
    pending.add({ day: "2026-11-23", kind: "reel", targetId: 1, source: null });
    pending.add({ day: "2026-11-24", kind: "product", targetId: 1, source: null });
    expect(pending.drain()).toEqual([
      { day: "2026-11-23", kind: "product", targetId: 1, source: null, count: 2 },
      { day: "2026-11-23", kind: "product", targetId: 2, source: null, count: 1 },
      { day: "2026-11-23", kind: "reel", targetId: 1, source: null, count: 1 },
      { day: "2026-11-24", kind: "product", targetId: 1, source: null, count: 1 },
    ]);
    expect(pending.size, "a drain empties it").toBe(0);
    expect(pending.drain()).toEqual([]);
  });

  test("a click's source keeps its own row: the same record's clicks from two sources are two rows", () => {
    const pending = new PendingCounts<CountRow>(100);
    pending.add({ day: "2026-11-23", kind: "product", targetId: 1, source: "instagram" });
    pending.add({ day: "2026-11-23", kind: "product", targetId: 1, source: "instagram" });
    pending.add({ day: "2026-11-23", kind: "product", targetId: 1, source: "kakaotalk" });
    expect(pending.drain()).toEqual([
      { day: "2026-11-23", kind: "product", targetId: 1, source: "instagram", count: 2 },
      { day: "2026-11-23", kind: "product", targetId: 1, source: "kakaotalk", count: 1 },
    ]);
  });

  test("is bounded: once full, a new entry is refused, while known entries still count", () => {
    const pending = new PendingCounts<CountRow>(2);
    expect(pending.add({ day: "2026-11-23", kind: "reel", targetId: 1, source: null })).toBe(true);
    expect(pending.add({ day: "2026-11-23", kind: "reel", targetId: 2, source: null })).toBe(true);
    expect(pending.add({ day: "2026-11-23", kind: "reel", targetId: 3, source: null })).toBe(false);
    expect(pending.add({ day: "2026-11-23", kind: "reel", targetId: 1, source: null })).toBe(true);
    expect(pending.size).toBe(2);
    expect(pending.drain().map((row) => [row.targetId, row.count])).toEqual([
      [1, 2],
      [2, 1],
    ]);
    expect(pending.add({ day: "2026-11-23", kind: "reel", targetId: 3, source: null }), "room again after a drain").toBe(true);
  });

  test("rows put back after a failed write merge with what was counted meanwhile", () => {
    const pending = new PendingCounts<CountRow>(10);
    pending.add({ day: "2026-11-23", kind: "ad", targetId: 5, source: null }, 3);
    const drained = pending.drain();
    pending.add({ day: "2026-11-23", kind: "ad", targetId: 5, source: null });
    pending.add({ day: "2026-11-23", kind: "ad", targetId: 6, source: null });
    pending.restore(drained);
    expect(pending.drain()).toEqual([
      { day: "2026-11-23", kind: "ad", targetId: 5, source: null, count: 4 },
      { day: "2026-11-23", kind: "ad", targetId: 6, source: null, count: 1 },
    ]);
  });
});

// A use belongs to the Korea-time day whatever the server's zone.
const originalTz = process.env.TZ;
afterAll(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

describe.each(["UTC", "America/Los_Angeles", "Pacific/Kiritimati"])("days in Korea time with the server in TZ=%s", (zone) => {
  beforeAll(() => {
    process.env.TZ = zone;
  });

  test("a day starts at 00:00 in Korea (15:00 UTC the day before)", () => {
    expect(kstDay(new Date("2026-11-22T14:59:59.999Z"))).toBe("2026-11-22");
    expect(kstDay(new Date("2026-11-22T15:00:00.000Z"))).toBe("2026-11-23");
    expect(kstDay(new Date("2026-12-31T15:00:00.000Z"))).toBe("2027-01-01");
  });

  test("the report's 30 days end with today in Korea and cross months", () => {
    const days = kstDaysEndingAt(new Date("2026-11-30T16:00:00Z"), 30);
    expect(days).toHaveLength(30);
    expect(days[0]).toBe("2026-11-02");
    expect(days.at(-1)).toBe("2026-12-01");
    expect(new Set(days).size).toBe(30);
  });

  test("the pruning cutoff counts calendar days in Korea", () => {
    expect(kstDayBefore(new Date("2026-03-01T00:30:00+09:00"), 1)).toBe("2026-02-28");
    expect(kstDayBefore(new Date("2026-11-23T08:00:00Z"), 399)).toBe("2025-10-20");
  });
});
