// console.error during a test fails that test (docs/architecture.md §6), unless the test declared it beforehand
// with expectConsoleError (a declared log is kept out of the output); a declared log that never
// came fails the test too.
import { inspect } from "node:util";
import { afterEach, beforeEach } from "vitest";

type Matcher = (args: unknown[]) => boolean;

let unexpected: unknown[][] = [];
let expected: { matcher: Matcher; description: string; seen: boolean }[] = [];

/** Declares that the current test makes the app log an error matching `matcher` (at least once). */
export function expectConsoleError(description: string, matcher: Matcher) {
  expected.push({ matcher, description, seen: false });
}

function format(args: unknown[]) {
  return args
    .map((arg) => (typeof arg === "string" ? arg : inspect(arg, { depth: 2 })))
    .join(" ")
    .slice(0, 600);
}

/** Installs the guard for every test of the file that calls it (from a setup file). */
export function installConsoleGuard() {
  const print = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    const match = expected.find((entry) => entry.matcher(args));
    if (match) {
      match.seen = true;
      return;
    }
    unexpected.push(args);
    print(...args);
  };
  beforeEach(() => {
    unexpected = [];
    expected = [];
  });
  afterEach(() => {
    const missing = expected.filter((entry) => !entry.seen).map((entry) => entry.description);
    if (unexpected.length > 0) throw new Error(`console.error during the test:\n${unexpected.map(format).join("\n---\n")}`);
    if (missing.length > 0) throw new Error(`expected console.error never came: ${missing.join("; ")}`);
  });
}
