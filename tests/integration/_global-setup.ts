// Migrates one base database for the whole integration run, and seeds a copy of it with the demo;
// every test file starts from a copy of one of them (tests/integration/_setup.ts, tests/support/app.ts),
// so no file pays for the migrations or the seed, or sees another file's rows.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import type { TestProject } from "vitest/node";
import { prepareSeededBase } from "../support/base-databases";

export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ot-base-db-"));
  const file = path.join(dir, "app.db");
  const sqlite = new Database(file);
  migrate(drizzle(sqlite), { migrationsFolder: path.resolve("drizzle") });
  // A rollback journal, not WAL: the copy is then the whole database in one file.
  sqlite.pragma("journal_mode = DELETE");
  sqlite.close();
  project.provide("baseDatabase", file);
  project.provide("seededBase", await prepareSeededBase(path.join(dir, "seeded"), file));
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
