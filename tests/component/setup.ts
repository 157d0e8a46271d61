import "@testing-library/jest-dom/vitest";
import "./dialog-shim";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";

// Two cores shared by several suites: give findBy/waitFor room before calling a real wait a failure.
configure({ asyncUtilTimeout: 3_000 });

// A React warning (act, keys, DOM nesting) or any logged error fails the test that caused it.
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error during the test: ${args.map(String).join(" ")}`);
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});
