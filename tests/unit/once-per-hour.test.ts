import { describe, expect, test } from "vitest";
import { isFirstUseThisHour as firstUse, MAX_USES_PER_HOUR, visitorKeyOf } from "~/features/insights/once-per-hour.server";

function isFirstUseThisHour(visitor: { clientAddress: string; userAgent: string }, kind: string, targetId: number, now: Date) {
  return firstUse(visitorKeyOf(visitor, now), `${kind}:${targetId}`, now);
}

const PHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1";

describe("a use counts once per visitor, record and hour", () => {
  test("the same address and browser again within the hour is not counted; another record, address or browser is", () => {
    const at = new Date("2031-03-04T05:10:00Z");
    const visitor = { clientAddress: "198.51.100.7", userAgent: PHONE };
    expect(isFirstUseThisHour(visitor, "reel", 1, at)).toBe(true);
    expect(isFirstUseThisHour(visitor, "reel", 1, new Date("2031-03-04T05:59:59Z"))).toBe(false);
    expect(isFirstUseThisHour(visitor, "reel", 2, at)).toBe(true);
    expect(isFirstUseThisHour(visitor, "product", 1, at)).toBe(true);
    expect(isFirstUseThisHour({ ...visitor, clientAddress: "198.51.100.8" }, "reel", 1, at)).toBe(true);
    expect(isFirstUseThisHour({ ...visitor, userAgent: `${PHONE} KAKAOTALK` }, "reel", 1, at)).toBe(true);
    // The next hour, and the next day (a new salt), count it again.
    expect(isFirstUseThisHour(visitor, "reel", 1, new Date("2031-03-04T06:00:00Z"))).toBe(true);
    expect(isFirstUseThisHour(visitor, "reel", 1, new Date("2031-03-05T06:00:00Z"))).toBe(true);
  });

  test("memory is bounded: once an hour holds the most uses it remembers, a flood of new visitors counts no more until the next hour", () => {
    const at = new Date("2031-04-01T10:00:00Z");
    let counted = 0;
    for (let visitor = 0; visitor < MAX_USES_PER_HOUR + 500; visitor++) {
      if (isFirstUseThisHour({ clientAddress: "203.0.113.1", userAgent: `${PHONE} ${visitor}` }, "reel", 1, at)) counted++;
    }
    expect(counted).toBe(MAX_USES_PER_HOUR);
    expect(isFirstUseThisHour({ clientAddress: "203.0.113.2", userAgent: PHONE }, "ad", 9, at)).toBe(false);
    expect(isFirstUseThisHour({ clientAddress: "203.0.113.2", userAgent: PHONE }, "ad", 9, new Date("2031-04-01T11:00:00Z"))).toBe(true);
  });
});
