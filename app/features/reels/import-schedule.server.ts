// When the automatic import runs by itself: shortly after start, then every INSTAGRAM_SYNC_MINUTES.
// Started by the server's start-up only (tests start it themselves, with their own delay).
import { config } from "~/lib/config.server";
import { scheduledImport, type ImportCounts } from "./import.server";

/** Soon after start (within a minute), once the server is listening and the first visitors are served. */
export const FIRST_IMPORT_DELAY_MS = 20_000;

let stopCurrent: (() => void) | null = null;

/**
 * Starts the timer (unref'd: it never keeps the process alive); a running schedule is replaced.
 * `firstRun` settles with the first run's counts (null when there was no token or it failed).
 */
export function startImportSchedule({ firstDelayMs = FIRST_IMPORT_DELAY_MS, intervalMs = config().INSTAGRAM_SYNC_MINUTES * 60_000 } = {}): {
  firstRun: Promise<ImportCounts | null>;
} {
  stopImportSchedule();
  let stopped = false;
  let timer: NodeJS.Timeout;
  let settleFirst: (counts: ImportCounts | null) => void = () => {};
  const firstRun = new Promise<ImportCounts | null>((resolve) => (settleFirst = resolve));
  const tick = async () => {
    const counts = await scheduledImport();
    settleFirst(counts);
    if (!stopped) timer = setTimeout(tick, intervalMs).unref();
  };
  timer = setTimeout(tick, firstDelayMs).unref();
  stopCurrent = () => {
    stopped = true;
    clearTimeout(timer);
    settleFirst(null);
  };
  return { firstRun };
}

export function stopImportSchedule() {
  stopCurrent?.();
  stopCurrent = null;
}
