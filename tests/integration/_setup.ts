// Runs before each integration test file. The files of a worker share one module runner (vitest's
// isolate: false): the packages each file imports (React's server renderer, Remix, Drizzle, sharp,
// zod…) are loaded once per worker instead of once per file, a fifth of the run's CPU. The app's own
// modules are evaluated again for every file (resetModules), so each file has its own configuration,
// database and log, read from the environment set here before any of them is imported; the
// environment is put back as it was when the file ends, so nothing one file sets reaches the next.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, inject, vi } from "vitest";
import { ADMIN_ID, ADMIN_PASSWORD } from "../support/admin";

vi.resetModules();
const environmentBefore = { ...process.env };

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ot-int-"));
const dataDir = path.join(dir, "data");
const uploadsDir = path.join(dir, "uploads");
fs.mkdirSync(dataDir);
fs.mkdirSync(uploadsDir);
fs.copyFileSync(inject("baseDatabase"), path.join(dataDir, "app.db"));

Object.assign(process.env, {
  NODE_ENV: "test",
  TEST_CHEAP_PASSWORD_HASH: "1",
  DATA_DIR: dataDir,
  UPLOADS_DIR: uploadsDir,
  ADMIN_ID,
  ADMIN_PASSWORD,
  SEED_DEMO: "0",
});

// Imported after resetModules: the instances this file's tests and app modules import.
const { installLogGuard, logDestination } = await import("../support/log-guard");
const { sendLogTo } = await import("~/lib/log.server");
installLogGuard();
sendLogTo(logDestination);

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
  for (const name of Object.keys(process.env)) if (!(name in environmentBefore)) delete process.env[name];
  Object.assign(process.env, environmentBefore);
});
