// Apart from lib/time on purpose: the reel filter's schema runs in the browser too, and this check
// must not bring date-fns along. Zod (already there) knows month lengths and leap years.
import * as z from "~/lib/zod";

const calendarDay = z.iso.date();

/** Strict 'yyyy-MM-dd' naming a real calendar day ('2024-02-30' is not one). */
export function isValidDateString(value: unknown): value is string {
  return calendarDay.safeParse(value).success;
}
