// Drizzle's migrator runs a migration only when its journal time is later than the last one a database
// applied (docs/operations.md §7): a new entry dated before an earlier one would be skipped on every
// database already in use, while fresh ones run it.
import fs from "node:fs";
import path from "node:path";
import { test, expect } from "vitest";

type Journal = { entries: { idx: number; when: number; tag: string }[] };

const drizzleDir = path.resolve("drizzle");
const journal = JSON.parse(fs.readFileSync(path.join(drizzleDir, "meta", "_journal.json"), "utf8")) as Journal;

test("every journal entry is later than the one before it, in order, with its SQL file", () => {
  expect(journal.entries.length).toBeGreaterThan(0);
  journal.entries.forEach((entry, index) => {
    expect(entry.idx, `${entry.tag}: idx`).toBe(index);
    expect(fs.existsSync(path.join(drizzleDir, `${entry.tag}.sql`)), `${entry.tag}.sql exists`).toBeTruthy();
    const previous = journal.entries[index - 1];
    if (previous)
      expect(entry.when, `${entry.tag} (${entry.when}) is later than ${previous.tag} (${previous.when})`).toBeGreaterThan(previous.when);
  });
});

test("every SQL file in drizzle/ is in the journal", () => {
  const tags = new Set(journal.entries.map((entry) => entry.tag));
  const files = fs.readdirSync(drizzleDir).filter((name) => name.endsWith(".sql"));
  expect(files.filter((name) => !tags.has(name.slice(0, -".sql".length)))).toStrictEqual([]);
});
