import { tz } from "@date-fns/tz";
import { format } from "date-fns";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { isValidDateString } from "~/lib/calendar-day";
import { formatKst, kstDayRange, parseGraphTimestamp } from "~/lib/time";

// Korea time must not depend on the server's zone, so the zone-sensitive checks run under five
// process zones. Node applies a change of process.env.TZ at once (it resets its zone cache); each
// block first proves the process really is in that zone, so a switch that stopped working fails.
const ZONES = [
  // [zone, minutes Date#getTimezoneOffset gives on 2024-01-01 there]
  ["UTC", 0],
  ["America/Los_Angeles", 480],
  ["Asia/Seoul", -540],
  ["Pacific/Kiritimati", -840],
  ["Europe/London", 0],
] as const;

const originalTz = process.env.TZ;
afterAll(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

describe.each(ZONES)("with the server in TZ=%s", (zone, offsetMinutes) => {
  beforeAll(() => {
    process.env.TZ = zone;
  });

  test("the process really is in that zone", () => {
    expect(new Date(Date.UTC(2024, 0, 1)).getTimezoneOffset()).toBe(offsetMinutes);
    // Summer time of the other zones: London moves, Seoul does not.
    if (zone === "Europe/London") expect(new Date(Date.UTC(2024, 6, 1)).getTimezoneOffset()).toBe(-60);
  });

  test("Instagram timestamps are shown as yyyy-MM-dd HH:mm:ss in Korea time", () => {
    expect(formatKst("2024-05-20T15:30:00+0000")).toBe("2024-05-21 00:30:00");
    expect(formatKst("2024-05-20T15:30:00+00:00")).toBe("2024-05-21 00:30:00");
    expect(formatKst("2024-05-20T15:30:00Z")).toBe("2024-05-21 00:30:00");
    expect(formatKst("2024-05-20T15:30:00.999Z")).toBe("2024-05-21 00:30:00");
    expect(formatKst("2024-05-20T14:59:59+0000")).toBe("2024-05-20 23:59:59");
    expect(formatKst("2024-12-31T15:00:00+0000")).toBe("2025-01-01 00:00:00");
    expect(formatKst("2024-12-31T14:59:59+0000")).toBe("2024-12-31 23:59:59");
    expect(formatKst("2025-03-02T09:15:00+0900")).toBe("2025-03-02 09:15:00");
    expect(formatKst("2025-03-01T20:15:00-0400")).toBe("2025-03-02 09:15:00");
    // Midnight is 00, never 24.
    expect(formatKst(new Date(Date.UTC(2024, 1, 28, 15, 0, 0)))).toBe("2024-02-29 00:00:00");
    // Summer-time dates of other zones do not move Korea time.
    expect(formatKst("2024-03-10T10:30:00+0000")).toBe("2024-03-10 19:30:00");
    expect(formatKst("2024-07-01T00:00:00+0000")).toBe("2024-07-01 09:00:00");
  });

  test("the date-range filter bounds whole Korean days", () => {
    const { from, to } = kstDayRange("2024-05-20", "2024-05-21");
    expect(from?.getTime()).toBe(Date.parse("2024-05-19T15:00:00.000Z"));
    expect(to?.getTime()).toBe(Date.parse("2024-05-21T14:59:59.999Z"));
    expect(formatKst(from!)).toBe("2024-05-20 00:00:00");
    expect(formatKst(to!)).toBe("2024-05-21 23:59:59");

    const newYear = kstDayRange("2025-01-01", "2025-01-01");
    expect(newYear.from?.getTime()).toBe(Date.parse("2024-12-31T15:00:00.000Z"));
    expect(newYear.to?.getTime()).toBe(Date.parse("2025-01-01T14:59:59.999Z"));
    expect(kstDayRange(null, "2024-02-29").to?.getTime()).toBe(Date.parse("2024-02-29T14:59:59.999Z"));
  });

  test("Graph timestamps are read as instants, whatever the server's zone", () => {
    const expected = Date.UTC(2025, 2, 2, 9, 15, 0);
    expect(parseGraphTimestamp("2025-03-02T09:15:00+0000")?.getTime()).toBe(expected);
    expect(parseGraphTimestamp("2025-03-02T18:15:00+0900")?.getTime()).toBe(expected);
    expect(parseGraphTimestamp("2025-03-02T09:15+0000")?.getTime()).toBe(expected);
  });
});

describe("formatKst", () => {
  test("a value that is not a date formats as an empty string", () => {
    expect(formatKst("not a date")).toBe("");
    expect(formatKst(new Date(Number.NaN))).toBe("");
    expect(formatKst("")).toBe("");
  });
});

describe("parseGraphTimestamp", () => {
  test("accepts Instagram's +0000 and ISO zones with a colon or Z", () => {
    const expected = Date.UTC(2025, 2, 2, 9, 15, 0);
    expect(parseGraphTimestamp("2025-03-02T09:15:00+00:00")?.getTime()).toBe(expected);
    expect(parseGraphTimestamp("2025-03-02T09:15:00Z")?.getTime()).toBe(expected);
    expect(parseGraphTimestamp("2025-03-02T18:15:00+09:00")?.getTime()).toBe(expected);
    expect(parseGraphTimestamp("2025-03-02T09:15:00.123456Z")?.getTime()).toBe(expected + 123);
  });

  test("refuses values without a zone, impossible dates and junk", () => {
    for (const value of [
      "2025-03-02T09:15:00",
      "2025-03-02",
      "2025-02-30T09:15:00+0000",
      "2025-13-01T00:00:00Z",
      "2025-03-02 09:15:00+0000",
      "03/02/2025",
      "",
      "null",
    ]) {
      expect(parseGraphTimestamp(value), value).toBeNull();
    }
    expect(parseGraphTimestamp(undefined as unknown as string)).toBeNull();
  });
});

describe("isValidDateString", () => {
  test("accepts real calendar days in yyyy-MM-dd only", () => {
    for (const value of ["2024-02-29", "2025-01-01", "2025-12-31", "2000-02-29"]) {
      expect(isValidDateString(value), value).toBe(true);
    }
    for (const value of [
      "2025-02-29",
      "1900-02-29",
      "2025-04-31",
      "2025-00-10",
      "2025-13-01",
      "2025-01-00",
      "2025-1-01",
      "25-01-01",
      "2025/01/01",
      "2025-01-01T00:00:00Z",
      " 2025-01-01",
      "",
    ]) {
      expect(isValidDateString(value), value).toBe(false);
    }
    expect(isValidDateString(null)).toBe(false);
    expect(isValidDateString(20250101)).toBe(false);
  });
});

describe("kstDayRange", () => {
  test("a missing or invalid date leaves its side open", () => {
    expect(kstDayRange()).toEqual({});
    expect(kstDayRange(null, null)).toEqual({});
    expect(kstDayRange("", "")).toEqual({});
    expect(kstDayRange("2025-02-30", "junk")).toEqual({});
    expect(kstDayRange("2024-02-29", null).to).toBeUndefined();
    expect(kstDayRange(null, "2024-02-29").from).toBeUndefined();
  });
});

test("formatKst's nine-hour shift is Asia/Seoul's time from 1988 to 2060, checked against date-fns every 7 h 37 min", () => {
  const seoul = tz("Asia/Seoul");
  const step = (7 * 60 + 37) * 60 * 1000;
  let checked = 0;
  for (let at = Date.UTC(1988, 9, 9, 0, 0, 0); at < Date.UTC(2060, 0, 1); at += step, checked++) {
    const instant = new Date(at);
    if (formatKst(instant) !== format(instant, "yyyy-MM-dd HH:mm:ss", { in: seoul })) {
      expect(formatKst(instant), instant.toISOString()).toBe(format(instant, "yyyy-MM-dd HH:mm:ss", { in: seoul }));
    }
  }
  expect(checked).toBeGreaterThan(80_000);
});
