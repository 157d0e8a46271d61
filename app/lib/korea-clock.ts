// Minutes of Korea time (docs/architecture.md §3 "Time"), for a group buy's window: the owner types
// a minute of Korea time, the site stores the UTC instant and words it back in Korea time, whatever
// the server's zone. Apart from lib/time on purpose: the product form's schema runs in the browser
// too, and these checks must not bring date-fns along. Korea has kept UTC+9 all year since 1988
// (no summer time), so Korea time is UTC shifted by nine hours, as formatKst also uses.

const KOREA_OFFSET_MS = 9 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What a form sends for a minute of Korea time: 'yyyy-MM-dd HH:mm', or 'yyyy-MM-ddTHH:mm' as a datetime-local field does. */
export const KST_MINUTE_PATTERN = "^\\d{4}-\\d{2}-\\d{2}[ T]\\d{2}:\\d{2}$";
const KST_MINUTE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})$/;

/**
 * The instant a minute of Korea time names ('yyyy-MM-dd HH:mm' or 'yyyy-MM-ddTHH:mm'), or null for
 * text that is not one: a month, day, hour or minute out of range (2025-02-30, 24:00), or a year
 * before 2000 (Date.UTC reads 0099 as 1999).
 */
export function parseKstMinute(text: string): Date | null {
  const parts = KST_MINUTE.exec(text);
  if (!parts) return null;
  const [year, month, day, hour, minute] = parts.slice(1).map(Number) as [number, number, number, number, number];
  if (year < 2000 || month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59) return null;
  const wall = new Date(Date.UTC(year, month - 1, day, hour, minute));
  // Date.UTC rolls 2025-02-30 over into March: such a day does not exist.
  if (wall.getUTCMonth() !== month - 1 || wall.getUTCDate() !== day) return null;
  return new Date(wall.getTime() - KOREA_OFFSET_MS);
}

/** 'yyyy-MM-dd HH:mm' in Korea time of an instant (ms since the epoch): how the API answers a window. */
export function formatKstMinute(instant: number): string {
  return new Date(instant + KOREA_OFFSET_MS).toISOString().slice(0, 16).replace("T", " ");
}

/** 'yyyy-MM-ddTHH:mm' in Korea time: the value a datetime-local field shows. */
export function kstMinuteInputValue(instant: number): string {
  return new Date(instant + KOREA_OFFSET_MS).toISOString().slice(0, 16);
}

/** A Korea-time calendar day as a number (days since 1970-01-01 in Korea): two instants' difference is whole days. */
export function kstDayNumber(instant: number): number {
  return Math.floor((instant + KOREA_OFFSET_MS) / DAY_MS);
}

/** The first instant of the Korea-time day after the one `instant` falls on (the next 00:00 in Korea). */
export function nextKstMidnight(instant: number): number {
  return (kstDayNumber(instant) + 1) * DAY_MS - KOREA_OFFSET_MS;
}

/** The Korea-time wall clock of an instant: month 1–12, day of the month, weekday 0 (Sunday)–6, hour 0–23, minute. */
export function kstWallClock(instant: number) {
  const wall = new Date(instant + KOREA_OFFSET_MS);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    weekday: wall.getUTCDay(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
  };
}
