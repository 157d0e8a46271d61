// The databases a test run's files start from, made once by its global setup (tests/integration/
// _global-setup.ts, tests/e2e/_global-setup.ts) and handed to the files with `inject`.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { inject } from "vitest";
import { ADMIN_ID, ADMIN_PASSWORD } from "./admin";
import { startServerProcess } from "./server-process";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated database (the end-to-end run's with the default admin in it), without content. */
    baseDatabase: string;
    /** The base database with the default admin and the demo content, and the uploads folder its pictures are in. */
    seededBase: SeededBase;
  }
}

export type SeededBase = { database: string; uploads: string };

/**
 * Starts the built server once on `dir`'s data and uploads folders with `env`, stops it, and returns
 * its database as one file: a rollback journal, not WAL, so a copy of the file is the whole database.
 */
export async function startAndStop(dir: string, env: Record<string, string>) {
  const server = await startServerProcess({
    ...process.env,
    HOST: "127.0.0.1",
    DATA_DIR: path.join(dir, "data"),
    UPLOADS_DIR: path.join(dir, "uploads"),
    SESSION_SECRET: crypto.randomBytes(32).toString("base64url"),
    ...env,
  });
  await server.stop();
  const file = path.join(dir, "data", "app.db");
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = DELETE");
  sqlite.close();
  return file;
}

/**
 * A copy of `baseDatabase` after one start of the built server with the default admin (cheap test
 * hashing) and the demo seeded (SEED_DEMO=1), and the uploads folder the seed filled (pictures, their
 * sizes, share images, avatars): a file whose site shows the demo copies both, and its start finds
 * content and seeds nothing (a third of a start's CPU).
 */
export async function prepareSeededBase(dir: string, baseDatabase: string): Promise<SeededBase> {
  fs.mkdirSync(path.join(dir, "data"), { recursive: true });
  fs.copyFileSync(baseDatabase, path.join(dir, "data", "app.db"));
  const database = await startAndStop(dir, {
    NODE_ENV: "test",
    TEST_CHEAP_PASSWORD_HASH: "1",
    ADMIN_ID,
    ADMIN_PASSWORD,
    SEED_DEMO: "1",
  });
  return { database, uploads: path.join(dir, "uploads") };
}

/**
 * Copies the run's base database into `dir`'s data folder: the seeded one with its uploads folder
 * when `seeded` (the start then finds content and seeds nothing), else the one without content.
 */
export function copyBase(dir: string, seeded: boolean) {
  fs.mkdirSync(path.join(dir, "data"), { recursive: true });
  const file = path.join(dir, "data", "app.db");
  if (!seeded) {
    fs.copyFileSync(inject("baseDatabase"), file);
    return file;
  }
  const base = inject("seededBase");
  fs.copyFileSync(base.database, file);
  fs.cpSync(base.uploads, path.join(dir, "uploads"), { recursive: true });
  return file;
}
