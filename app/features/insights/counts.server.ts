// Click, view and page-visit counts are kept in memory and written in one transaction every few seconds (and
// at shutdown), so a visitor's click or view never waits for a database write. Counting never
// calls contentChanged(): a count is not content and must not empty the page cache.
import { lt, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { db, type Db } from "~/db/client.server";
import { clickSources, dailyCounts, pageVisits } from "~/db/schema";
import { logError } from "~/lib/log.server";
import { adminOfCookieHeader } from "~/lib/session.server";
import { kstDay, kstDayBefore } from "~/lib/time";
import { isBrowser } from "./browsers";
import { isFirstUseThisHour, visitorKeyOf } from "./once-per-hour.server";
import { PendingCounts, type CountKind, type CountRow, type VisitRow } from "./pending-counts";
import type { VisitSource } from "./visit-sources";

const FLUSH_DELAY_MS = 5_000;
/**
 * Entries are (day, kind, existing record, source) and (day, page route, source): far fewer in five
 * seconds; the cap is the safety net.
 */
const MAX_PENDING = 10_000;
/** Days of history kept; older rows are pruned at each flush. */
export const KEEP_DAYS = 400;
/** Rows per INSERT statement, well under SQLite's limit of bound parameters. */
const ROWS_PER_STATEMENT = 500;

const pending = new PendingCounts<CountRow>(MAX_PENDING);
const pendingVisits = new PendingCounts<VisitRow>(MAX_PENDING);
let flushTimer: NodeJS.Timeout | undefined;

/**
 * What a counting answer knows of a request: nothing is kept beyond deciding whether to count it.
 * `clientAddress` is the address the server trusts (TRUST_PROXY), as the load context carries it.
 */
export type Visit = { method: string; userAgent: string; cookie: string | null; clientAddress: string };

export function visitOf(request: Request, clientAddress: string): Visit {
  return {
    method: request.method,
    userAgent: request.headers.get("User-Agent") ?? "",
    cookie: request.headers.get("Cookie"),
    clientAddress,
  };
}

/**
 * A use worth counting: a browser's GET. A HEAD fetches nothing a person sees, crawlers, link
 * previews and tools are not people, and the owner looking at the site is not a visitor.
 */
export async function isVisitorUse({ method, userAgent, cookie }: Visit) {
  return method === "GET" && isBrowser(userAgent) && !(await adminOfCookieHeader(cookie));
}

/**
 * Counts a visitor's use of a record that exists (the caller has checked): once per visitor, record
 * and hour, and for a few visitors of one address at most (once-per-hour.server.ts). A click also
 * counts under where its visitor came from (`sourceOf`, asked only for a use that counts).
 */
export async function countVisit(
  visit: Visit,
  kind: CountKind,
  targetId: number,
  now = new Date(),
  sourceOf: (visitorKey: string) => VisitSource | null = () => null,
) {
  if (!(await isVisitorUse(visit))) return;
  const visitorKey = visitorKeyOf(visit, now);
  const use = { visitorKey, clientAddress: visit.clientAddress, used: `${kind}:${targetId}` };
  if (isFirstUseThisHour(use, now)) countUse(kind, targetId, sourceOf(visitorKey), now);
}

/**
 * The Korea-time day of `now`, worked out once a minute: a Korean day begins on a whole UTC minute
 * (15:00), so every instant of one minute falls on the same day, and a wave of views skips the time
 * zone arithmetic.
 */
let dayOfMinute = { minute: Number.NaN, day: "" };
function countingDay(now: Date) {
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== dayOfMinute.minute) dayOfMinute = { minute, day: kstDay(now) };
  return dayOfMinute.day;
}

/** Counts one use of a record that exists (the caller has checked), on today's Korea-time day. */
function countUse(kind: CountKind, targetId: number, source: VisitSource | null, now: Date) {
  addPending(pending, { day: countingDay(now), kind, targetId, source }, now);
}

/** Counts one visit of a public page (its route pattern) from `source`, on today's Korea-time day. */
export function countPageVisitOf(page: string, source: VisitSource, now: Date) {
  addPending(pendingVisits, { day: countingDay(now), page, source }, now);
}

function addPending<Row extends { count: number }>(counts: PendingCounts<Row>, row: Omit<Row, "count">, now: Date) {
  if (!counts.add(row)) {
    // Full: write what is pending now, so the map stays bounded and nothing is dropped.
    flushPendingCounts(now);
    counts.add(row);
  }
  scheduleFlush();
}

function scheduleFlush() {
  flushTimer ??= setTimeout(() => flushPendingCounts(), FLUSH_DELAY_MS).unref();
}

type CountsTable = typeof dailyCounts | typeof pageVisits | typeof clickSources;

/** Adds rows to a table of counts, a statement per ROWS_PER_STATEMENT rows: a row already there gets its count summed. */
function addCounts<Table extends CountsTable>(tx: Pick<Db, "insert">, table: Table, key: SQLiteColumn[], rows: Table["$inferInsert"][]) {
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    tx.insert(table)
      .values(rows.slice(start, start + ROWS_PER_STATEMENT))
      .onConflictDoUpdate({ target: key, set: { count: sql`${table.count} + excluded.count` } })
      .run();
  }
}

/** The uses of each (day, kind, record), whatever their source: daily_counts' rows. */
function perRecord(rows: CountRow[]) {
  const merged = new Map<string, typeof dailyCounts.$inferInsert>();
  for (const { day, kind, targetId, count } of rows) {
    const key = `${day}\u0000${kind}\u0000${targetId}`;
    const row = merged.get(key);
    if (row) row.count = (row.count ?? 0) + count;
    else merged.set(key, { day, kind, targetId, count });
  }
  return [...merged.values()];
}

/** Writes every pending count in one transaction and prunes days older than KEEP_DAYS. */
export function flushPendingCounts(now = new Date()) {
  clearTimeout(flushTimer);
  flushTimer = undefined;
  const rows = pending.drain();
  const visitRows = pendingVisits.drain();
  const oldestKept = kstDayBefore(now, KEEP_DAYS - 1);
  try {
    db().transaction((tx) => {
      addCounts(tx, dailyCounts, [dailyCounts.day, dailyCounts.kind, dailyCounts.targetId], perRecord(rows));
      addCounts(
        tx,
        clickSources,
        [clickSources.day, clickSources.kind, clickSources.targetId, clickSources.source],
        rows.flatMap(({ source, ...row }) => (source === null ? [] : [{ ...row, source }])),
      );
      addCounts(tx, pageVisits, [pageVisits.day, pageVisits.page, pageVisits.source], visitRows);
      tx.delete(dailyCounts).where(lt(dailyCounts.day, oldestKept)).run();
      tx.delete(clickSources).where(lt(clickSources.day, oldestKept)).run();
      tx.delete(pageVisits).where(lt(pageVisits.day, oldestKept)).run();
    });
  } catch (error) {
    pending.restore(rows);
    pendingVisits.restore(visitRows);
    scheduleFlush();
    logError("counts not written, kept for the next flush", error);
  }
}
