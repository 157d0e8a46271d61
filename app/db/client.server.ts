import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { databaseLocation } from "./location.server";
import * as schema from "./schema";

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

let instance: Db | undefined;
let createdThisStart = false;

/**
 * True for the start that found no database (or an empty file) and made a new one; asking
 * answers once, so a later start in the same process sees an existing database.
 */
export function takeDatabaseCreatedFlag() {
  const created = createdThisStart;
  createdThisStart = false;
  return created;
}

export function databaseFile() {
  return path.join(databaseLocation().dataDir, "app.db");
}

/** "missing", "empty" (a zero-byte file, e.g. after a bad restore) or "present". */
export function databaseFileState(): "missing" | "empty" | "present" {
  const size = fs.statSync(databaseFile(), { throwIfNoEntry: false })?.size;
  return size === undefined ? "missing" : size === 0 ? "empty" : "present";
}

/** A new database file is created readable by this user only (SQLite gives its WAL files the same mode). */
function prepareDatabaseFile(file: string) {
  const state = databaseFileState();
  if (state === "present") return false;
  if (state === "missing") fs.closeSync(fs.openSync(file, "wx", 0o600));
  fs.chmodSync(file, 0o600);
  return true;
}

function open(): Db {
  const { dataDir, migrationsDir } = databaseLocation();
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = databaseFile();
  createdThisStart = prepareDatabaseFile(file);
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  assertPragmas(sqlite);
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: migrationsDir });
  return db;
}

/** The pragmas are the safety net of every write: refuse to run without them. */
function assertPragmas(sqlite: Database.Database) {
  const journal = sqlite.pragma("journal_mode", { simple: true });
  const foreignKeys = sqlite.pragma("foreign_keys", { simple: true });
  const busyTimeout = sqlite.pragma("busy_timeout", { simple: true });
  if (journal !== "wal" || foreignKeys !== 1 || Number(busyTimeout) < 1000) {
    throw new Error(`SQLite pragmas not in force (journal_mode=${journal}, foreign_keys=${foreignKeys}, busy_timeout=${busyTimeout})`);
  }
}

/** The one database connection of the process, opened and migrated on first use. */
export function db(): Db {
  instance ??= open();
  return instance;
}

/**
 * A query drizzle builds and SQLite prepares once per connection, for the reads every page render
 * makes: building and preparing cost more than running them.
 */
export function preparedPerConnection<Prepared>(prepare: (database: Db) => Prepared): () => Prepared {
  const byConnection = new WeakMap<Db, Prepared>();
  return () => {
    const database = db();
    let prepared = byConnection.get(database);
    if (!prepared) byConnection.set(database, (prepared = prepare(database)));
    return prepared;
  };
}

/**
 * The same for a query whose SQL depends on a few flags or counts of the request (its shape, e.g.
 * whether a list is searched): one prepared query per connection and shape, the shapes being few.
 */
export function preparedPerShape<Shape extends Record<string, boolean | number>, Prepared>(
  prepare: (database: Db, shape: Shape) => Prepared,
): (shape: Shape) => Prepared {
  const byShape = preparedPerConnection(() => new Map<string, Prepared>());
  return (shape) => {
    const prepared = byShape();
    const key = JSON.stringify(shape);
    let queries = prepared.get(key);
    if (!queries) prepared.set(key, (queries = prepare(db(), shape)));
    return queries;
  };
}

export function closeDb() {
  instance?.$client.close();
  instance = undefined;
}
