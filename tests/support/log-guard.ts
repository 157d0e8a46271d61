// A warning or an error during a test fails that test (docs/architecture.md §6): a line the app's
// log writes at `warn` or above (its logger writes to this guard instead of stdout), or a
// console.error or console.warn (React's, a library's). A test that makes one on purpose declares
// it beforehand with expectLogged (a declared line is kept out of the output); a declared line
// that never came fails the test too. Every line the log wrote in this file stays readable
// (loggedLines), for the tests that look for secrets in it.
import { inspect } from "node:util";
import { afterEach, beforeEach } from "vitest";

/** A line of the app's log as pino wrote it (parsed), or a console call shaped like one. */
export type LogEntry = {
  level: string;
  msg: string;
  err?: { type?: string; code?: string; message?: string; stack?: string };
  /** The whole line as written (for a console call: its arguments as text). */
  line: string;
  [field: string]: unknown;
};

type Matcher = (entry: LogEntry) => boolean;

/** The levels a test must declare (the app's logger writes levels by name). */
const PROBLEM_LEVELS = new Set(["warn", "error", "fatal"]);

let unexpected: LogEntry[] = [];
let expected: { matcher: Matcher; description: string; seen: boolean }[] = [];
const written: string[] = [];
const problems: LogEntry[] = [];

/** Declares that the current test makes the app log a warning or an error matching `matcher` (at least once). */
export function expectLogged(description: string, matcher: Matcher) {
  expected.push({ matcher, description, seen: false });
}

/** Every line the app's log wrote since this file started, as written. */
export function loggedLines(): readonly string[] {
  return written;
}

/** Every warning and error since this file started that no test declared, hooks included (for checks over a whole file). */
export function loggedProblems(): readonly LogEntry[] {
  return problems;
}

function check(entry: LogEntry) {
  const match = expected.find((declared) => declared.matcher(entry));
  if (match) {
    match.seen = true;
    return;
  }
  problems.push(entry);
  unexpected.push(entry);
  process.stderr.write(`${entry.line}\n`);
}

/** Where the app's logger writes in a test (lib/log.server.ts sendLogTo): each line is kept, and checked from `warn` up. */
export const logDestination = {
  write(line: string) {
    written.push(line);
    const entry = { ...(JSON.parse(line) as LogEntry), line: line.trimEnd() };
    if (PROBLEM_LEVELS.has(entry.level)) check(entry);
  },
};

function consoleEntry(level: "error" | "warn", args: unknown[]): LogEntry {
  const line = args
    .map((arg) => (typeof arg === "string" ? arg : inspect(arg, { depth: 2 })))
    .join(" ")
    .slice(0, 600);
  return { level, msg: line, line, args };
}

/** Installs the guard for every test of the file that calls it (from a setup file). */
export function installLogGuard() {
  for (const level of ["error", "warn"] as const) {
    console[level] = (...args: unknown[]) => check(consoleEntry(level, args));
  }
  beforeEach(() => {
    unexpected = [];
    expected = [];
  });
  afterEach(() => {
    const missing = expected.filter((entry) => !entry.seen).map((entry) => entry.description);
    if (unexpected.length > 0) throw new Error(`logged during the test:\n${unexpected.map((entry) => entry.line).join("\n---\n")}`);
    if (missing.length > 0) throw new Error(`expected log line never came: ${missing.join("; ")}`);
  });
}
