// Starts the real built app (Express + Remix + SQLite) in this test process, on a free port,
// with its own temporary DATA_DIR (a copy of the run's migrated base database) and UPLOADS_DIR.
// Vitest runs each test file in its own module graph, so each file gets its own database.
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import Database from "better-sqlite3";
import { hashPassword } from "~/lib/password.server";

import { createServer, type AppBuild } from "../../server/app";
import type { RenderQueueLimits } from "../../server/render-queue";
import { ADMIN_ID, ADMIN_PASSWORD } from "./admin";
import { copyBase } from "./base-databases";
import { logDestination, loggedProblems } from "./log-guard";

export { ADMIN_ID, ADMIN_PASSWORD };

export type TestApp = Awaited<ReturnType<typeof startApp>>;

/**
 * The base database with the default admin already in it, hashed by the app's own password code in
 * this NODE_ENV=test module graph (cheap test parameters). The production start then verifies that
 * hash instead of making an OWASP-cost one; a start that names another admin still makes its own.
 * With the demo (SEED_DEMO is 1 unless `env` says 0) and the default admin: the run's seeded base
 * and its uploads (tests/support/base-databases.ts), so the start seeds nothing.
 */
async function prepareDataDir(dir: string, env: Record<string, string>) {
  const defaultAdmin = env.ADMIN_ID === undefined && env.ADMIN_PASSWORD === undefined;
  const seeded = defaultAdmin && env.SEED_DEMO !== "0";
  const file = copyBase(dir, seeded);
  // The seeded base has the default admin; a start that names another makes its own.
  if (seeded || !defaultAdmin) return;
  const db = new Database(file);
  try {
    db.prepare("INSERT INTO admins (login_id, password_hash) VALUES (?, ?)").run(ADMIN_ID, await hashPassword(ADMIN_PASSWORD));
  } finally {
    db.close();
  }
}

/** `renderQueue`: how many renders run at once and may wait (server/page-cache.ts has the default). */
export async function startApp(env: Record<string, string> = {}, { renderQueue }: { renderQueue?: RenderQueueLimits } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ot-test-"));
  await prepareDataDir(dir, env);
  Object.assign(process.env, {
    NODE_ENV: "production",
    DATA_DIR: path.join(dir, "data"),
    UPLOADS_DIR: path.join(dir, "uploads"),
    ADMIN_ID,
    ADMIN_PASSWORD,
    SEED_DEMO: "1",
    // No automatic import: the demo feed would be imported 20 s after start, in the middle of a
    // longer file on a busy machine (a flood that expects no write, say); reel-import.test.ts runs it itself.
    INSTAGRAM_SYNC_MINUTES: "0",
    // Problems only: a line per request would bury a failing test's output.
    LOG_LEVEL: "warn",
    ...env,
  });
  const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as AppBuild;
  build.entry.module.sendLogTo(logDestination);
  await build.entry.module.prepareServer(() => {});
  const server = createServer({ build, settings: build.entry.module.serverSettings(), renderQueue });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    /** The server itself, for a test that must know when a request has reached it. */
    server,
    dir,
    dataDir: path.join(dir, "data"),
    uploadsDir: path.join(dir, "uploads"),
    /** The warnings and errors logged so far that no test declared (the app's log and the console). */
    problems: loggedProblems(),
    url: (pathname: string) => new URL(pathname, origin).toString(),
    async close() {
      await new Promise((resolve) => server.close(resolve));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
