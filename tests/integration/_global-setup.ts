// Migrates one base database for the whole integration run; every test file starts from a copy of it
// (tests/integration/_setup.ts), so no file pays for the migrations or sees another file's rows.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import type { TestProject } from "vitest/node";
import { ADMIN_ID, ADMIN_PASSWORD } from "../support/admin";
import { startServerProcess } from "../support/server-process";

declare module "vitest" {
  export interface ProvidedContext {
    baseDatabase: string;
    /** The base database with the default admin and the demo content, and the uploads folder its pictures are in. */
    seededBase: { database: string; uploads: string };
  }
}

/**
 * A copy of the base database after one start of the built server with the default admin (cheap
 * test hashing) and the demo seeded (SEED_DEMO=1), and the uploads folder the seed filled (pictures,
 * their sizes, share images, avatars): a file whose app shows the demo copies both, and its start
 * finds content and seeds nothing (tests/support/app.ts).
 */
async function prepareSeededBase(dir: string, baseDatabase: string) {
  const dataDir = path.join(dir, "data");
  const uploads = path.join(dir, "uploads");
  fs.mkdirSync(dataDir, { recursive: true });
  fs.copyFileSync(baseDatabase, path.join(dataDir, "app.db"));
  const server = await startServerProcess({
    ...process.env,
    NODE_ENV: "test",
    TEST_CHEAP_PASSWORD_HASH: "1",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    UPLOADS_DIR: uploads,
    SESSION_SECRET: crypto.randomBytes(32).toString("base64url"),
    ADMIN_ID,
    ADMIN_PASSWORD,
    SEED_DEMO: "1",
  });
  await server.stop();
  const database = path.join(dataDir, "app.db");
  const sqlite = new Database(database);
  sqlite.pragma("journal_mode = DELETE");
  sqlite.close();
  return { database, uploads };
}

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
