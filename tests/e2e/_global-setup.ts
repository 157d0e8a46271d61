// Once per end-to-end run: one base database every file's server starts from (a copy of it), so no
// file pays for the migrations or for hashing the admin's password, and the photo files' camera
// photos. (Each test worker launches its own browser: tests/support/browser.ts.)
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import type { TestProject } from "vitest/node";
import { ADMIN_ID, ADMIN_PASSWORD } from "../support/admin";
import { startServerProcess } from "../support/server-process";
import { cameraPhotos } from "./photo-forms";

declare module "vitest" {
  export interface ProvidedContext {
    baseDatabase: string;
    /** The base database with the demo content in it, and the uploads folder its pictures are in. */
    seededBase: { database: string; uploads: string };
  }
}

/**
 * The production start's own migrations and admin account, made by one start of the server in
 * NODE_ENV=test with cheap password hashing: the admin's hash then carries the cheap parameters,
 * which every production start and every login of the run verify instead of an OWASP-cost hash.
 * No demo content: prepareSeededBase makes the seeded copy.
 */
async function prepareBaseDatabase(dir: string) {
  return startAndStop(dir, {
    NODE_ENV: "test",
    TEST_CHEAP_PASSWORD_HASH: "1",
    ADMIN_ID,
    ADMIN_PASSWORD,
    SEED_DEMO: "0",
  });
}

/**
 * The base database seeded by one production start (SEED_DEMO=1), with the uploads folder the seed
 * copied its pictures into (and made their sizes, share images and avatars in): a file whose site
 * shows the demo copies both, and its start finds content and seeds nothing (a third of a start's CPU).
 */
async function prepareSeededBase(dir: string, baseDatabase: string) {
  fs.mkdirSync(path.join(dir, "data"), { recursive: true });
  fs.copyFileSync(baseDatabase, path.join(dir, "data", "app.db"));
  const database = await startAndStop(dir, { NODE_ENV: "production", ADMIN_ID, ADMIN_PASSWORD, SEED_DEMO: "1" });
  return { database, uploads: path.join(dir, "uploads") };
}

/** Starts the server once on `dir`'s data and uploads with `env`, stops it, and returns its database as one file. */
async function startAndStop(dir: string, env: Record<string, string>) {
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
  // A rollback journal, not WAL: the copy is then the whole database in one file.
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = DELETE");
  sqlite.close();
  return file;
}

export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ot-e2e-base-"));
  // The photo files' camera photos too (once per machine; the two files running side by side would each make them).
  const [baseDatabase] = await Promise.all([prepareBaseDatabase(dir), cameraPhotos()]);
  project.provide("baseDatabase", baseDatabase);
  project.provide("seededBase", await prepareSeededBase(path.join(dir, "seeded"), baseDatabase));
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
