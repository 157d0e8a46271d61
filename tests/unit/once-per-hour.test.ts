import { describe, expect, test } from "vitest";
import {
  isFirstUseThisHour as firstUse,
  MAX_USES_PER_HOUR,
  USES_PER_ADDRESS_AND_GROUP,
  VISITORS_PER_ADDRESS,
  visitorKeyOf,
} from "~/features/insights/once-per-hour.server";

type Visitor = { clientAddress: string; userAgent: string };

function isFirstUseThisHour(visitor: Visitor, kind: string, targetId: number | string, now: Date, group?: string) {
  return firstUse(
    { visitorKey: visitorKeyOf(visitor, now), clientAddress: visitor.clientAddress, used: `${kind}:${targetId}`, group },
    now,
  );
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
      if (
        isFirstUseThisHour(
          { clientAddress: `10.${visitor >> 16}.${(visitor >> 8) & 255}.${visitor & 255}`, userAgent: PHONE },
          "reel",
          1,
          at,
        )
      ) {
        counted++;
      }
    }
    expect(counted).toBe(MAX_USES_PER_HOUR);
    expect(isFirstUseThisHour({ clientAddress: "203.0.113.2", userAgent: PHONE }, "ad", 9, at)).toBe(false);
    expect(isFirstUseThisHour({ clientAddress: "203.0.113.2", userAgent: PHONE }, "ad", 9, new Date("2031-04-01T11:00:00Z"))).toBe(true);
  });
});

describe("one address cannot inflate a count (issue 28, point 6)", () => {
  test("200 User-Agents from one address count as three visitors of a record; other records and addresses are untouched", () => {
    const at = new Date("2031-05-02T03:00:00Z");
    let counted = 0;
    for (let agent = 0; agent < 200; agent++) {
      if (isFirstUseThisHour({ clientAddress: "198.51.100.20", userAgent: `${PHONE} ${agent}` }, "product", 4, at)) counted++;
    }
    expect(VISITORS_PER_ADDRESS).toBe(3);
    expect(counted).toBe(3);
    expect(isFirstUseThisHour({ clientAddress: "198.51.100.20", userAgent: `${PHONE} 0` }, "product", 5, at)).toBe(true);
    expect(isFirstUseThisHour({ clientAddress: "198.51.100.21", userAgent: `${PHONE} 0` }, "product", 4, at)).toBe(true);
  });

  test("made-up addresses of one kind of page count up to the group's cap per address, then nothing more that hour", () => {
    const at = new Date("2031-05-02T04:00:00Z");
    const visitor = { clientAddress: "198.51.100.30", userAgent: PHONE };
    let counted = 0;
    for (let path = 0; path < USES_PER_ADDRESS_AND_GROUP + 40; path++) {
      if (isFirstUseThisHour(visitor, "page", `/reels-content/${path}`, at, "page:/reels-content/:info")) counted++;
    }
    expect(counted).toBe(USES_PER_ADDRESS_AND_GROUP);
    expect(isFirstUseThisHour(visitor, "page", "/product-list", at, "page:/product-list")).toBe(true);
    expect(
      isFirstUseThisHour({ ...visitor, clientAddress: "198.51.100.31" }, "page", "/reels-content/1", at, "page:/reels-content/:info"),
    ).toBe(true);
    expect(isFirstUseThisHour(visitor, "page", "/reels-content/new", new Date("2031-05-02T05:00:00Z"), "page:/reels-content/:info")).toBe(
      true,
    );
  });
});
