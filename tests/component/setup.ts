import "@testing-library/jest-dom/vitest";
import "./dialog-shim";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";

// Two cores shared by several suites: give findBy/waitFor room before calling a real wait a failure.
configure({ asyncUtilTimeout: 3_000 });

/**
 * React Router's notice that v7 will wrap updates in startTransition: the app's own router opts in
 * (Remix's browser entry), but @remix-run/testing's stub renders RouterProvider with no way to pass it.
 */
const STUB_FUTURE_FLAG_NOTICE =
  /^⚠️ React Router Future Flag Warning: React Router will begin wrapping state updates in `React\.startTransition`/;

// A React warning (act, keys, DOM nesting), a library's warning or any logged error fails the test that caused it.
beforeEach(() => {
  for (const level of ["error", "warn"] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      if (level === "warn" && STUB_FUTURE_FLAG_NOTICE.test(String(args[0]))) return;
      throw new Error(`console.${level} during the test: ${args.map(String).join(" ")}`);
    });
  }
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});
