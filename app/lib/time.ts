// Dates are stored in UTC and shown in Korea time (Asia/Seoul) whatever the server's zone: date-fns
// formats and takes day boundaries on a TZDate in Korea time, never on the server's clock.
import { tz } from "@date-fns/tz";
import { endOfDay, format, isValid, parseISO, subDays } from "date-fns";
import { isValidDateString } from "./calendar-day";

const KST_TIME_ZONE = "Asia/Seoul";

const inKorea = tz(KST_TIME_ZONE);

// parseISO also takes dates without a time or a zone (read in the server's zone) and a space for
// the 'T': only an instant with an explicit zone ('Z', '+09:00' or Instagram's '+0000') is one.
const INSTANT_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/;

/**
 * A Graph API timestamp ('2025-03-02T09:15:00+0000') or any ISO-8601 instant with a zone. A plain
 * Date: it is stored with toISOString, which must stay UTC ('…Z') for the stored dates to sort as text.
 */
export function parseGraphTimestamp(value: string): Date | null {
  if (typeof value !== "string" || !INSTANT_WITH_ZONE.test(value.trim())) return null;
  const date = parseISO(value.trim());
  return isValid(date) ? date : null;
}

function toInstant(value: string | Date): Date | null {
  if (typeof value === "string") return parseGraphTimestamp(value);
  return isValid(value) ? value : null;
}

/**
 * Korea has kept UTC+9 all year since 1988 (no summer time), so for the dates the site holds Korea
 * time is UTC shifted by nine hours. formatKst runs for every reel of every list and search a
 * visitor renders: the shift costs 0.6 µs where date-fns in the Asia/Seoul zone costs 8.
 */
const KOREA_OFFSET_MS = 9 * 60 * 60 * 1000;

/** 'yyyy-MM-dd HH:mm:ss' in Korea time; '' for a value that is not a date. */
export function formatKst(value: string | Date): string {
  const date = toInstant(value);
  // The shifted instant's ISO form, 'yyyy-MM-ddTHH:mm:ss.sssZ', spells Korea's wall-clock time.
  return date ? new Date(date.getTime() + KOREA_OFFSET_MS).toISOString().slice(0, 19).replace("T", " ") : "";
}

/**
 * The instants bounding whole Korean days, as Korea-time TZDates: `from` is 00:00:00.000 KST of
 * startDate and `to` is 23:59:59.999 KST of endDate (both inclusive). A missing or invalid date
 * leaves its side open.
 */
export function kstDayRange(startDate?: string | null, endDate?: string | null): { from?: Date; to?: Date } {
  const range: { from?: Date; to?: Date } = {};
  // A day without a time is read as that day's midnight in the given zone.
  if (isValidDateString(startDate)) range.from = parseISO(startDate, { in: inKorea });
  if (isValidDateString(endDate)) range.to = endOfDay(parseISO(endDate, { in: inKorea }));
  return range;
}

/** The Korea-time calendar day ('yyyy-MM-dd') an instant falls on. */
export function kstDay(instant: Date): string {
  return format(instant, "yyyy-MM-dd", { in: inKorea });
}

/** The Korea-time day `days` calendar days before the day of `now` ('yyyy-MM-dd'). */
export function kstDayBefore(now: Date, days: number): string {
  return kstDay(subDays(now, days, { in: inKorea }));
}

/** The `count` Korea-time days ending with the day of `now`, oldest first ('yyyy-MM-dd'). */
export function kstDaysEndingAt(now: Date, count: number): string[] {
  return Array.from({ length: count }, (_, index) => kstDayBefore(now, count - 1 - index));
}
