// Server failures logged so that a flood of one failure costs one line a minute, not one per
// request (a probe once grew the log by 2.8 MB in 5 s, about 2 GB an hour): the first of a kind is
// logged at `error` with its stack and the id of the request it failed, the repeats of that minute
// are counted and reported in one `warn` line (docs/operations.md §8).
import type { Logger } from "pino";

const INTERVAL_MS = 60_000;
/** Kinds tracked at once; past this, new kinds share one (a flood of distinct messages stays bounded too). */
const MAX_KINDS = 100;
const OVERFLOW_KIND = "other failures";

export type ErrorLog = (kind: string, error: unknown, requestId: string | undefined) => void;

export function createErrorLog(log: Pick<Logger, "error" | "warn">): ErrorLog {
  /** Repeats since the first of each kind logged in the current interval. */
  const repeats = new Map<string, number>();

  return function logError(reportedKind, error, requestId) {
    const kind = repeats.has(reportedKind) || repeats.size < MAX_KINDS ? reportedKind : OVERFLOW_KIND;
    const count = repeats.get(kind);
    if (count !== undefined) {
      repeats.set(kind, count + 1);
      return;
    }
    repeats.set(kind, 0);
    log.error({ err: error, kind, requestId }, kind);
    setTimeout(() => {
      const more = repeats.get(kind) ?? 0;
      repeats.delete(kind);
      if (more > 0) log.warn({ kind, repeats: more }, `${more} more ${kind} in the last minute`);
    }, INTERVAL_MS).unref();
  };
}
