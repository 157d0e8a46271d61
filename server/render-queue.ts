// Page renders take turns (docs/performance.md, "Stored pages during a flood of misses"). A render
// is CPU work on the one main thread, so running more at once is not faster, only larger, and while
// it runs the stored pages (answered before Express, as soon as their request is read) wait for the
// event loop. So few renders run at once, each starts only after the requests already read have been
// answered, and a visitor who would wait behind too many others is answered "busy" at once.

export type RenderQueueLimits = {
  /** Renders running at once. */
  slots: number;
  /** Renders waiting for a slot, beyond which a new one is refused. */
  maxWaiting: number;
};

export function createRenderQueue({ slots, maxWaiting }: RenderQueueLimits) {
  let running = 0;
  /** `first`: renders that come before every other waiting one (see `run`); `rest`: in arrival order. */
  const lanes = { first: [] as (() => void)[], rest: [] as (() => void)[] };

  function startNext() {
    if (running >= slots) return;
    const start = lanes.first.shift() ?? lanes.rest.shift();
    if (!start) return;
    running += 1;
    // In the event loop's check phase, after its poll phase: requests already read (stored pages
    // among them) are answered before this render's synchronous work, not after it.
    setImmediate(start);
  }

  /**
   * Runs `task` when a slot is free, or null (nothing run) when every slot is taken and `maxWaiting`
   * renders already wait. `first` renders wait ahead of the others and are never refused: only for
   * a bounded set of renders (the fixed pages and the plain pages stored before: server/page-cache.ts),
   * never for one a visitor can make up.
   */
  function run<T>(task: () => Promise<T>, { first = false } = {}): Promise<T> | null {
    if (!first && running >= slots && lanes.rest.length >= maxWaiting) return null;
    return new Promise<T>((resolve, reject) => {
      lanes[first ? "first" : "rest"].push(() => {
        Promise.resolve()
          .then(task)
          .then(resolve, reject)
          .finally(() => {
            running -= 1;
            startNext();
          });
      });
      startNext();
    });
  }

  return { run };
}
