// Dates are stored in UTC and shown in Korea time (Asia/Seoul) whatever the server's zone.
// Shared by server and client code: no server-only imports here.

export const KST_TIME_ZONE = "Asia/Seoul";

/** Korea has kept UTC+9 without daylight saving since 1988: day boundaries are a fixed offset. */
const KST_OFFSET_MS = 9 * 60 * 60 * 1000;

const kstFormatter = new Intl.DateTimeFormat("en-US", {
  timeZone: KST_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

type KstParts = { year: string; month: string; day: string; hour: string; minute: string; second: string };

function toDate(value: string | Date): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  return parseGraphTimestamp(value);
}

function kstParts(date: Date): KstParts {
  const parts: Record<string, string> = {};
  for (const part of kstFormatter.formatToParts(date)) parts[part.type] = part.value;
  return {
    year: (parts.year ?? "").padStart(4, "0"),
    month: parts.month ?? "",
    day: parts.day ?? "",
    // Some engines print midnight as "24" even with h23; normalise it.
    hour: parts.hour === "24" ? "00" : (parts.hour ?? ""),
    minute: parts.minute ?? "",
    second: parts.second ?? "",
  };
}

/** 'yyyy-MM-dd HH:mm:ss' in Korea time; '' for a value that is not a date. */
export function formatKst(value: string | Date): string {
  const date = toDate(value);
  if (!date) return "";
  const p = kstParts(date);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** 'yyyy-MM-dd' in Korea time; '' for a value that is not a date. */
export function formatKstDate(value: string | Date): string {
  const date = toDate(value);
  if (!date) return "";
  const p = kstParts(date);
  return `${p.year}-${p.month}-${p.day}`;
}

// An ISO-8601 instant with an explicit zone: 'Z', '+09:00' or Instagram's '+0000' (no colon).
const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)(Z|[+-]\d{2}:?\d{2})$/;

/**
 * Parses a Graph API timestamp ('2025-03-02T09:15:00+0000') or any ISO-8601 instant with a zone.
 * A value without a zone is refused (it would be read in the server's zone), as is an impossible date.
 */
export function parseGraphTimestamp(value: string): Date | null {
  if (typeof value !== "string") return null;
  const match = TIMESTAMP.exec(value.trim());
  if (!match) return null;
  const [, day, time, zone] = match as unknown as [string, string, string, string];
  if (!isValidDateString(day)) return null;
  const offset = zone === "Z" ? "Z" : zone.includes(":") ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
  // Date.parse takes milliseconds at most: cut finer fractions.
  const normalisedTime = time.replace(/(\.\d{3})\d+$/, "$1");
  const ms = Date.parse(`${day}T${normalisedTime}${offset}`);
  return Number.isNaN(ms) ? null : new Date(ms);
}

/** Strict 'yyyy-MM-dd' naming a real calendar day ('2024-02-30' is not one). */
export function isValidDateString(value: unknown): value is string {
  if (typeof value !== "string") return false;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function kstMidnight(value: string): number {
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return date.getTime() - KST_OFFSET_MS;
}

/**
 * The instants bounding whole Korean days: `from` is 00:00:00.000 KST of startDate and `to` is
 * 23:59:59.999 KST of endDate (both inclusive). A missing or invalid date leaves its side open.
 */
export function kstDayRange(startDate?: string | null, endDate?: string | null): { from?: Date; to?: Date } {
  const range: { from?: Date; to?: Date } = {};
  if (isValidDateString(startDate)) range.from = new Date(kstMidnight(startDate));
  if (isValidDateString(endDate)) range.to = new Date(kstMidnight(endDate) + 24 * 60 * 60 * 1000 - 1);
  return range;
}
