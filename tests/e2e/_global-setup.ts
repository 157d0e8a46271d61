// Once per end-to-end run: one Chromium for every file (each file connects to it and opens its own
// contexts), and one base database every file's server starts from (a copy of it), so no file pays
// for launching a browser, for the migrations or for hashing the admin's password.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { ADMIN_ID, ADMIN_PASSWORD } from "../support/admin";
import { startServerProcess } from "../support/server-process";
import { cameraPhotos } from "./photo-forms";

declare module "vitest" {
  export interface ProvidedContext {
    browserEndpoint: string;
    baseDatabase: string;
  }
}

/**
 * The production start's own migrations and admin account, made by one start of the server in
 * NODE_ENV=test with cheap password hashing: the admin's hash then carries the cheap parameters,
 * which every production start and every login of the run verify instead of an OWASP-cost hash.
 * No demo content: a file's own start seeds it (SEED_DEMO=1) or not.
 */
async function prepareBaseDatabase(dir: string) {
  const server = await startServerProcess({
    ...process.env,
    NODE_ENV: "test",
    TEST_CHEAP_PASSWORD_HASH: "1",
    HOST: "127.0.0.1",
    DATA_DIR: path.join(dir, "data"),
    UPLOADS_DIR: path.join(dir, "uploads"),
    SESSION_SECRET: crypto.randomBytes(32).toString("base64url"),
    ADMIN_ID,
    ADMIN_PASSWORD,
    SEED_DEMO: "0",
  });
  await server.stop();
  const file = path.join(dir, "data", "app.db");
  // A rollback journal, not WAL: the copy is then the whole database in one file.
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = DELETE");
  sqlite.close();
  return file;
}

/**
 * Debian's Chromium in its headless shell (package chromium-headless-shell: the same build without the
 * browser's interface and GPU process, the headless mode Playwright itself uses) takes about half the
 * CPU of the full browser in headless mode; the full browser is the fallback.
 */
function browserExecutable() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  const headlessShell = "/usr/lib/chromium/chromium-headless-shell";
  return fs.existsSync(headlessShell) ? headlessShell : "/usr/bin/chromium";
}

function launchBrowserServer() {
  return chromium.launchServer({
    executablePath: browserExecutable(),
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-quic",
      "--no-first-run",
    ],
  });
}

export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ot-e2e-base-"));
  const browserServer = await launchBrowserServer();
  let baseDatabase: string;
  try {
    // The photo files' camera photos too (once per machine; the two files running side by side would each make them).
    [baseDatabase] = await Promise.all([prepareBaseDatabase(dir), cameraPhotos()]);
  } catch (error) {
    await browserServer.close();
    throw error;
  }
  project.provide("baseDatabase", baseDatabase);
  project.provide("browserEndpoint", browserServer.wsEndpoint());
  return async () => {
    await browserServer.close();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
