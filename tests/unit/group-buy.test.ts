import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { discountRateOf, groupBuyChangesAt, groupBuyStatusAt, listOrder, type GroupBuyTerms } from "~/features/products/group-buy";
import { productView } from "~/features/products/product-view.server";
import { productSchema } from "~/features/products/schema";
import { formatKstMinute, kstMinuteInputValue, nextKstMidnight, parseKstMinute } from "~/lib/korea-clock";
import { productItem } from "../component/products";

// A group buy's state and its words are worked out in Korea time whatever the server's zone (the
// issue's edges: exactly at the start and end minute, across midnight and a month's end), so every
// check here runs under several process zones, as tests/unit/time.test.ts does. Node applies a
// change of process.env.TZ at once; each block first proves the process really is in that zone.
const ZONES = [
  ["UTC", 0],
  ["America/Los_Angeles", 480],
  ["Pacific/Kiritimati", -840],
] as const;

/** An instant named by its Korea-time wall clock. */
const kst = (text: string) => parseKstMinute(text)!.getTime();
const SECOND = 1000;

const originalTz = process.env.TZ;
afterAll(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

/** What the card says at `now` of a group buy with this window. */
function words(now: number, window: { start?: string; end?: string; isSoldOut?: boolean }) {
  const item = productItem(
    {
      startAt: window.start ? kst(window.start) : undefined,
      endAt: window.end ? kst(window.end) : undefined,
      isSoldOut: window.isSoldOut ?? false,
    },
    now,
  );
  const { groupBuy } = productView(item, now, null);
  return `${groupBuy!.state} ${groupBuy!.when ?? ""}`.trim();
}

describe.each(ZONES)("with the server in TZ=%s", (zone, offsetMinutes) => {
  beforeAll(() => {
    process.env.TZ = zone;
  });

  test("the process really is in that zone", () => {
    expect(new Date(Date.UTC(2024, 0, 1)).getTimezoneOffset()).toBe(offsetMinutes);
  });

  test("a minute of Korea time is read in either form and answered as 'yyyy-MM-dd HH:mm'", () => {
    expect(parseKstMinute("2025-12-03 10:00")?.toISOString()).toBe("2025-12-03T01:00:00.000Z");
    expect(parseKstMinute("2025-12-03T10:00")?.toISOString()).toBe("2025-12-03T01:00:00.000Z");
    expect(parseKstMinute("2026-01-01 00:00")?.toISOString()).toBe("2025-12-31T15:00:00.000Z");
    expect(parseKstMinute("2024-02-29 23:59")?.toISOString(), "a leap day").toBe("2024-02-29T14:59:00.000Z");
    for (const bad of [
      "2025-02-29 10:00",
      "2025-02-30 10:00",
      "2025-13-01 10:00",
      "2025-12-00 10:00",
      "2025-12-03 24:00",
      "2025-12-03 10:60",
    ]) {
      expect(parseKstMinute(bad), bad).toBeNull();
    }
    for (const bad of [
      "0099-12-03 10:00",
      "2025-12-03",
      "2025-12-03 10:00:00",
      "2025-12-03 1:00",
      " 2025-12-03 10:00",
      "2025/12/03 10:00",
    ]) {
      expect(parseKstMinute(bad), bad).toBeNull();
    }
    expect(formatKstMinute(kst("2025-12-31 23:59"))).toBe("2025-12-31 23:59");
    expect(kstMinuteInputValue(kst("2026-01-01 00:00"))).toBe("2026-01-01T00:00");
  });

  test("the state changes exactly at the start minute and at the end minute", () => {
    const terms: GroupBuyTerms = { isGroupBuy: true, isSoldOut: false, startAt: kst("2025-12-03 10:00"), endAt: kst("2025-12-05 23:59") };
    expect(groupBuyStatusAt(terms, terms.startAt! - 1)).toBe("upcoming");
    expect(groupBuyStatusAt(terms, terms.startAt!)).toBe("open");
    expect(groupBuyStatusAt(terms, terms.endAt! - 1)).toBe("open");
    expect(groupBuyStatusAt(terms, terms.endAt!)).toBe("closed");
    expect(groupBuyStatusAt({ ...terms, isSoldOut: true }, terms.startAt! - 1), "sold out wins over any time").toBe("soldOut");
    expect(groupBuyStatusAt({ ...terms, startAt: null, endAt: null }, 0), "no window: open").toBe("open");
    expect(groupBuyStatusAt({ ...terms, isGroupBuy: false }, terms.startAt!), "a recommendation has none").toBeNull();
  });

  test("the words at the edges: the opening day and time, D-day, 오늘, the minute it closes", () => {
    const window = { start: "2025-12-03 10:00", end: "2025-12-05 23:59" };
    expect(words(kst("2025-12-01 09:00"), window)).toBe("오픈 예정 12월 3일(수) 오전 10:00 오픈");
    expect(words(kst("2025-12-02 23:59"), window)).toBe("오픈 예정 12월 3일(수) 오전 10:00 오픈");
    expect(words(kst("2025-12-03 00:00"), window), "the day it opens").toBe("오픈 예정 오늘 오전 10:00 오픈");
    expect(words(kst("2025-12-03 10:00") - SECOND, window)).toBe("오픈 예정 오늘 오전 10:00 오픈");
    expect(words(kst("2025-12-03 10:00"), window), "the start minute itself").toBe("진행 중 D-2 · 12월 5일(금) 23:59 마감");
    expect(words(kst("2025-12-04 23:59"), window)).toBe("진행 중 D-1 · 12월 5일(금) 23:59 마감");
    expect(words(kst("2025-12-05 00:00"), window), "across midnight").toBe("진행 중 오늘 23:59 마감");
    expect(words(kst("2025-12-05 23:59") - SECOND, window)).toBe("진행 중 오늘 23:59 마감");
    expect(words(kst("2025-12-05 23:59"), window), "the end minute itself").toBe("마감 12월 5일(금) 23:59 마감");
    expect(words(kst("2025-12-04 12:00"), { ...window, isSoldOut: true })).toBe("품절");
    expect(words(kst("2025-12-04 12:00"), { start: "2025-12-01 00:00" }), "no end: no day count").toBe("진행 중");
  });

  test("across a month's end and a year's end in Korea time; times of day as a shop says them", () => {
    expect(words(kst("2025-11-30 23:30"), { end: "2025-12-01 00:30" })).toBe("진행 중 D-1 · 12월 1일(월) 00:30 마감");
    expect(words(kst("2025-12-01 00:00"), { end: "2025-12-01 00:30" })).toBe("진행 중 오늘 00:30 마감");
    expect(words(kst("2025-12-31 23:59"), { end: "2026-01-02 18:00" })).toBe("진행 중 D-2 · 1월 2일(금) 18:00 마감");
    expect(words(kst("2026-02-28 12:00"), { start: "2026-03-01 00:30" })).toBe("오픈 예정 3월 1일(일) 오전 12:30 오픈");
    expect(words(kst("2025-12-03 09:00"), { start: "2025-12-03 12:00" })).toBe("오픈 예정 오늘 오후 12:00 오픈");
    expect(words(kst("2025-12-03 09:00"), { start: "2025-12-03 14:05" })).toBe("오픈 예정 오늘 오후 2:05 오픈");
  });

  test("the next moment a page changes: the start, the end, or the next Korean midnight while days are counted", () => {
    const terms: GroupBuyTerms = { isGroupBuy: true, isSoldOut: false, startAt: kst("2025-12-03 10:00"), endAt: kst("2025-12-05 23:59") };
    expect(nextKstMidnight(kst("2025-12-01 09:00"))).toBe(kst("2025-12-02 00:00"));
    expect(nextKstMidnight(kst("2025-12-31 23:59"))).toBe(kst("2026-01-01 00:00"));
    expect(groupBuyChangesAt(terms, kst("2025-12-01 09:00")), "upcoming: 오늘 appears at midnight").toBe(kst("2025-12-02 00:00"));
    expect(groupBuyChangesAt(terms, kst("2025-12-03 00:00")), "upcoming on its day: the start").toBe(kst("2025-12-03 10:00"));
    expect(groupBuyChangesAt(terms, kst("2025-12-03 10:00")), "open: D-2 becomes D-1").toBe(kst("2025-12-04 00:00"));
    expect(groupBuyChangesAt(terms, kst("2025-12-05 12:00")), "open on its last day: the end").toBe(kst("2025-12-05 23:59"));
    expect(groupBuyChangesAt(terms, kst("2025-12-06 00:00")), "closed: never again").toBe(Number.POSITIVE_INFINITY);
    expect(groupBuyChangesAt({ ...terms, startAt: null, endAt: null }, 0)).toBe(Number.POSITIVE_INFINITY);
    expect(groupBuyChangesAt({ ...terms, isSoldOut: true }, kst("2025-12-01 09:00"))).toBe(Number.POSITIVE_INFINITY);
  });
});

test("the discount is whole percent rounded down, and only with both prices", () => {
  expect(discountRateOf(39000, 29000)).toBe(25);
  expect(discountRateOf(10000, 8000)).toBe(20);
  expect(discountRateOf(10000, 10000)).toBe(0);
  expect(discountRateOf(10000, 0)).toBe(100);
  expect(discountRateOf(null, 8000)).toBeNull();
  expect(discountRateOf(10000, null)).toBeNull();
  expect(discountRateOf(0, 0)).toBeNull();
  expect(discountRateOf(8000, 10000)).toBeNull();
});

test("the list's order: open by soonest end, upcoming by soonest start, recommendations, then past ones by latest end; ties in the owner's order", () => {
  const now = kst("2025-12-03 10:00");
  const item = (name: string, terms: Partial<GroupBuyTerms>) => ({
    name,
    terms: { isGroupBuy: true, isSoldOut: false, startAt: null, endAt: null, ...terms },
  });
  const items = [
    item("추천 1", { isGroupBuy: false }),
    item("마감 없음 1", {}),
    item("오래전 마감", { endAt: now - 10 * 86_400_000 }),
    item("나중에 마감", { endAt: now + 5 * 86_400_000 }),
    item("곧 오픈", { startAt: now + 60_000 }),
    item("품절", { isSoldOut: true, endAt: now + 86_400_000 }),
    item("곧 마감", { endAt: now + 60_000 }),
    item("어제 마감", { endAt: now - 86_400_000 }),
    item("나중에 오픈", { startAt: now + 86_400_000 }),
    item("마감 없음 2", {}),
    item("추천 2", { isGroupBuy: false }),
  ];
  expect(listOrder(items, (entry) => entry.terms, now).map(({ item: entry, section }) => `${section}:${entry.name}`)).toEqual([
    "groupBuy:곧 마감",
    "groupBuy:나중에 마감",
    "groupBuy:마감 없음 1",
    "groupBuy:마감 없음 2",
    "groupBuy:곧 오픈",
    "groupBuy:나중에 오픈",
    "recommend:추천 1",
    "recommend:추천 2",
    "past:품절",
    "past:어제 마감",
    "past:오래전 마감",
  ]);
});

describe("the product form's group-buy fields (one schema for the page and the API)", () => {
  const parse = (fields: Record<string, string>) => productSchema.safeParse({ productsNm: "제품", ...fields });
  const messageOf = (fields: Record<string, string>, path: string) =>
    parse(fields).error?.issues.find((issue) => issue.path.join(".") === path)?.message;

  test("prices with or without thousands separators; the window as instants", () => {
    const result = parse({
      price: "39,000",
      groupBuyPrice: "29000",
      groupBuyStartAt: "2025-12-03T10:00",
      groupBuyEndAt: "2025-12-05 23:59",
    });
    expect(result.data).toMatchObject({
      price: 39000,
      groupBuyPrice: 29000,
      groupBuyStartAt: Date.parse("2025-12-03T01:00:00Z"),
      groupBuyEndAt: Date.parse("2025-12-05T14:59:00Z"),
      isSoldOut: false,
    });
  });

  test.each([
    [{ price: "-1" }, "price", "가격은 0 이상의 정수(원)로 입력해 주세요."],
    [{ price: "1.5" }, "price", "가격은 0 이상의 정수(원)로 입력해 주세요."],
    [{ price: "39,00" }, "price", "가격은 0 이상의 정수(원)로 입력해 주세요."],
    [{ price: "100000001" }, "price", "가격은 1억 원 이하로 입력해 주세요."],
    [{ price: "100", groupBuyPrice: "101" }, "groupBuyPrice", "공구가는 정가보다 높을 수 없습니다."],
    [
      { groupBuyStartAt: "2025-12-03 10:00", groupBuyEndAt: "2025-12-03 09:59" },
      "groupBuyEndAt",
      "마감 시각은 오픈 시각보다 뒤여야 합니다.",
    ],
    [{ groupBuyEndAt: "2025-02-29 10:00" }, "groupBuyEndAt", "시각은 2025-12-03 10:00처럼 입력해 주세요."],
    [{ inquiryLink: "ftp://pf.kakao.com/_x" }, "inquiryLink", "https 주소만 입력할 수 있습니다."],
    [{ adDisclosure: "광".repeat(61) }, "adDisclosure", "60자 이내로 입력해 주세요."],
    [{ sellerNm: "판\t매자" }, "sellerNm", "줄바꿈, 탭 등 보이지 않는 제어 문자는 쓸 수 없습니다. 한 줄로 입력해 주세요."],
  ])("%o is refused at %s: %s", (fields, path, message) => {
    expect(messageOf(fields, path)).toBe(message);
  });
});
