// A moment typed to the minute in Korea time (a guide's 공개 시각, a group buy's start and end):
// 'yyyy-MM-dd HH:mm', or 'yyyy-MM-ddTHH:mm' as a datetime-local field sends it. Apart from lib/time
// on purpose: the forms' schemas run in the browser too, and this must not bring date-fns along.
// Korea has kept UTC+9 all year since 1988 (no summer time).

const KOREA_OFFSET_MS = 9 * 60 * 60 * 1000;
const MINUTE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})$/;
/** The years a typed time may name: anything else is a typo (20255, 1925). */
export const MINUTE_YEARS = { first: 2000, last: 2099 } as const;

/** The instant a Korea-time minute names, or null when it is not one (malformed, 02-30, 24:00, out of the years). */
export function kstMinuteToDate(value: string): Date | null {
  const match = MINUTE.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  if (year < MINUTE_YEARS.first || year > MINUTE_YEARS.last || hour > 23 || minute > 59) return null;
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute) - KOREA_OFFSET_MS);
  const back = new Date(date.getTime() + KOREA_OFFSET_MS);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return null;
  return date;
}

/** 'yyyy-MM-dd HH:mm' in Korea time, as answers and pages show a minute. */
export function formatKstMinute(value: string | Date): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return "";
  return new Date(date.getTime() + KOREA_OFFSET_MS).toISOString().slice(0, 16).replace("T", " ");
}

/** 'yyyy-MM-ddTHH:mm' in Korea time, the value a datetime-local field takes. */
export function kstMinuteInputValue(value: string | Date): string {
  return formatKstMinute(value).replace(" ", "T");
}
