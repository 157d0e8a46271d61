import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { config } from "~/lib/config.server";
import * as schema from "./schema";

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

let instance: Db | undefined;

function open(): Db {
  const { dataDir, migrationsDir } = config();
  fs.mkdirSync(dataDir, { recursive: true });
  const sqlite = new Database(path.join(dataDir, "app.db"));
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
    throw new Error(
      `SQLite pragmas not in force (journal_mode=${journal}, foreign_keys=${foreignKeys}, busy_timeout=${busyTimeout})`,
    );
  }
}

/** The one database connection of the process, opened and migrated on first use. */
export function db(): Db {
  instance ??= open();
  return instance;
}

export function closeDb() {
  instance?.$client.close();
  instance = undefined;
}
