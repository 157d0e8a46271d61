import { afterAll, describe, test } from "vitest";
import assert from "node:assert/strict";

import { formatKst, formatKstDate, isValidDateString, kstDayRange, parseGraphTimestamp } from "~/lib/time";

// Korea time must not depend on the server's zone: every check runs under several process zones.
// Node applies a change of process.env.TZ at once (it resets its time-zone cache).
const ZONES = ["UTC", "America/Los_Angeles", "Asia/Seoul", "Pacific/Kiritimati", "Europe/London"];
const originalTz = process.env.TZ;
afterAll(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

function inEveryZone(name: string, check: () => void) {
  for (const zone of ZONES) {
    test(`${name} [TZ=${zone}]`, () => {
      process.env.TZ = zone;
      check();
    });
  }
}

test("the process zone really changes under the test (otherwise the zone checks prove nothing)", () => {
  process.env.TZ = "America/Los_Angeles";
  const losAngeles = new Date(Date.UTC(2024, 0, 1)).getTimezoneOffset();
  process.env.TZ = "Asia/Seoul";
  const seoul = new Date(Date.UTC(2024, 0, 1)).getTimezoneOffset();
  assert.equal(losAngeles, 480);
  assert.equal(seoul, -540);
});

describe("formatKst", () => {
  inEveryZone("formats Graph timestamps in Korea time", () => {
    assert.equal(formatKst("2024-05-20T15:30:00+0000"), "2024-05-21 00:30:00");
    assert.equal(formatKst("2024-05-20T15:30:00+00:00"), "2024-05-21 00:30:00");
    assert.equal(formatKst("2024-05-20T15:30:00Z"), "2024-05-21 00:30:00");
    assert.equal(formatKst("2024-05-20T15:30:00.999Z"), "2024-05-21 00:30:00");
    assert.equal(formatKst("2024-12-31T15:00:00+0000"), "2025-01-01 00:00:00");
    assert.equal(formatKst("2024-12-31T14:59:59+0000"), "2024-12-31 23:59:59");
    assert.equal(formatKst("2025-03-02T09:15:00+0900"), "2025-03-02 09:15:00");
    assert.equal(formatKst("2025-03-01T20:15:00-0400"), "2025-03-02 09:15:00");
    // Midnight is 00, never 24.
    assert.equal(formatKst(new Date(Date.UTC(2024, 1, 28, 15, 0, 0))), "2024-02-29 00:00:00");
    // Summer-time dates of other zones do not move Korea time.
    assert.equal(formatKst("2024-03-10T10:30:00+0000"), "2024-03-10 19:30:00");
    assert.equal(formatKst("2024-07-01T00:00:00+0000"), "2024-07-01 09:00:00");
  });

  inEveryZone("formatKstDate gives the Korean calendar day", () => {
    assert.equal(formatKstDate("2024-05-20T15:30:00+0000"), "2024-05-21");
    assert.equal(formatKstDate("2024-05-20T14:59:59+0000"), "2024-05-20");
    assert.equal(formatKstDate(new Date("2024-05-20T15:00:00.000Z")), "2024-05-21");
  });

  test("a value that is not a date formats as an empty string", () => {
    assert.equal(formatKst("not a date"), "");
    assert.equal(formatKst(new Date(Number.NaN)), "");
    assert.equal(formatKstDate(""), "");
  });
});

describe("parseGraphTimestamp", () => {
  test("accepts Instagram's +0000 and ISO zones with a colon or Z", () => {
    const expected = Date.UTC(2025, 2, 2, 9, 15, 0);
    assert.equal(parseGraphTimestamp("2025-03-02T09:15:00+0000")?.getTime(), expected);
    assert.equal(parseGraphTimestamp("2025-03-02T09:15:00+00:00")?.getTime(), expected);
    assert.equal(parseGraphTimestamp("2025-03-02T09:15:00Z")?.getTime(), expected);
    assert.equal(parseGraphTimestamp("2025-03-02T18:15:00+0900")?.getTime(), expected);
    assert.equal(parseGraphTimestamp("2025-03-02T18:15:00+09:00")?.getTime(), expected);
    assert.equal(parseGraphTimestamp("2025-03-02T09:15:00.123456Z")?.getTime(), expected + 123);
    assert.equal(parseGraphTimestamp("2025-03-02T09:15+0000")?.getTime(), expected);
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
      assert.equal(parseGraphTimestamp(value), null, value);
    }
    assert.equal(parseGraphTimestamp(undefined as unknown as string), null);
  });
});

describe("isValidDateString", () => {
  test("accepts real calendar days in yyyy-MM-dd only", () => {
    for (const value of ["2024-02-29", "2025-01-01", "2025-12-31", "2000-02-29"]) {
      assert.equal(isValidDateString(value), true, value);
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
      assert.equal(isValidDateString(value), false, value);
    }
    assert.equal(isValidDateString(null), false);
    assert.equal(isValidDateString(20250101), false);
  });
});

describe("kstDayRange", () => {
  inEveryZone("bounds whole Korean days as UTC instants", () => {
    const { from, to } = kstDayRange("2024-05-20", "2024-05-21");
    assert.equal(from?.toISOString(), "2024-05-19T15:00:00.000Z");
    assert.equal(to?.toISOString(), "2024-05-21T14:59:59.999Z");
    assert.equal(formatKst(from!), "2024-05-20 00:00:00");
    assert.equal(formatKst(to!), "2024-05-21 23:59:59");
  });

  test("one day from start to end; open sides when missing or invalid", () => {
    const day = kstDayRange("2025-01-01", "2025-01-01");
    assert.equal(day.from?.toISOString(), "2024-12-31T15:00:00.000Z");
    assert.equal(day.to?.toISOString(), "2025-01-01T14:59:59.999Z");
    assert.deepEqual(kstDayRange(), {});
    assert.deepEqual(kstDayRange(null, null), {});
    assert.deepEqual(kstDayRange("", ""), {});
    assert.deepEqual(kstDayRange("2025-02-30", "junk"), {});
    assert.equal(kstDayRange("2024-02-29", null).to, undefined);
    assert.equal(kstDayRange(null, "2024-02-29").from, undefined);
    assert.equal(kstDayRange(null, "2024-02-29").to?.toISOString(), "2024-02-29T14:59:59.999Z");
  });
});
