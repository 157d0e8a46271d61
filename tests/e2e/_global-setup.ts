// Once per end-to-end run: one base database every file's server starts from (a copy of it), so no
// file pays for the migrations or for hashing the admin's password, and the photo files' camera
// photos. (Each test worker launches its own browser: tests/support/browser.ts.)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { ADMIN_ID, ADMIN_PASSWORD } from "../support/admin";
import { prepareSeededBase, startAndStop } from "../support/base-databases";
import { cameraPhotos } from "./photo-forms";

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

export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ot-e2e-base-"));
  // The photo files' camera photos too (once per machine; the two files running side by side would each make them).
  const [baseDatabase] = await Promise.all([prepareBaseDatabase(dir), cameraPhotos()]);
  project.provide("baseDatabase", baseDatabase);
  project.provide("seededBase", await prepareSeededBase(path.join(dir, "seeded"), baseDatabase));
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
