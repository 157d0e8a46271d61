// Runs before each integration test file, in that file's own module graph: the app's configuration
// is read once per graph, so the environment is set here, before any app module is imported.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, inject } from "vitest";
import { sendLogTo } from "~/lib/log.server";
import { ADMIN_ID, ADMIN_PASSWORD } from "../support/admin";
import { installLogGuard, logDestination } from "../support/log-guard";

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

installLogGuard();
sendLogTo(logDestination);

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
