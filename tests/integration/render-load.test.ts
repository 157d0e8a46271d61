// What a page render leaves behind, against the real built app. Renders are counted through the entry's abort timer: every document render sets one
// (ABORT_DELAY + 1 s) and must clear it when the render is done, or the timer keeps the whole render
// (request, loader data, React tree) in memory for 6 s.
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { startApp, type TestApp } from "../support/app";

const RENDER_ABORT_MS = 6_000;

let app: TestApp;
const renders: { timer: unknown; cleared: boolean }[] = [];

beforeAll(async () => {
  const setTimeoutOf = globalThis.setTimeout;
  const clearTimeoutOf = globalThis.clearTimeout;
  vi.spyOn(globalThis, "setTimeout").mockImplementation(((callback: () => void, delay?: number, ...args: unknown[]) => {
    const timer = setTimeoutOf(callback, delay, ...args);
    if (delay === RENDER_ABORT_MS) renders.push({ timer, cleared: false });
    return timer;
  }) as typeof setTimeout);
  vi.spyOn(globalThis, "clearTimeout").mockImplementation(((timer?: Parameters<typeof clearTimeout>[0]) => {
    for (const render of renders) if (render.timer === timer) render.cleared = true;
    clearTimeoutOf(timer);
  }) as typeof clearTimeout);
  app = await startApp();
});

afterAll(async () => {
  vi.restoreAllMocks();
  await app?.close();
});

describe("page renders", () => {
  test("a finished render clears its abort timer (a page, a stored page, a 404)", async () => {
    for (const pathname of ["/product-list?keyword=블록", "/reels-category", "/no-such-page-here"]) {
      const before = renders.length;
      const response = await fetch(app.url(pathname));
      await response.text();
      const made = renders.slice(before);
      expect(made.length, pathname).toBe(1);
      expect(made[0]!.cleared, pathname).toBe(true);
    }
  });
});
