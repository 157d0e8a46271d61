// Helpers for the hardening suites that need the real process (`node build/server.js`) or the scripts:
// temporary site folders and a server started on a free port (not a test file).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "vitest";
import { ADMIN_ID, ADMIN_PASSWORD } from "../support/admin";
import { copyBase } from "../support/base-databases";
import { startServerProcess, type ServerProcess } from "../support/server-process";

const dirs: string[] = [];
const running = new Set<ServerProcess>();

/** Stops what a test file started and removes its folders (call from afterAll). */
export function cleanUpProcesses() {
  for (const server of running) server.kill();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
}

export function tempSite() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ot-harden-"));
  dirs.push(dir);
  return { dataDir: path.join(dir, "data"), uploadsDir: path.join(dir, "uploads") };
}

/**
 * A site folder holding a copy of the run's seeded base: the demo content and its uploads, and the
 * default admin hashed at the test cost, which a production start then verifies at that cost. For
 * the tests that need a site, not a first start: no start seeds or hashes at the production cost.
 */
export function seededSite() {
  const site = tempSite();
  copyBase(path.dirname(site.dataDir), true);
  return site;
}

export type Site = ReturnType<typeof tempSite>;
export type Server = ServerProcess;

/**
 * Starts `node build/server.js` on a free port (with `asNpmStart`, exactly as `npm start` does: its
 * heap and variables); rejects with its output if it exits instead of listening.
 */
export async function startServer(site: Site, env: Record<string, string> = {}, { asNpmStart = false } = {}): Promise<Server> {
  const server = await startServerProcess(
    {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      DATA_DIR: site.dataDir,
      UPLOADS_DIR: site.uploadsDir,
      ADMIN_ID,
      ADMIN_PASSWORD,
      SEED_DEMO: "0",
      ...env,
    },
    { asNpmStart },
  );
  running.add(server);
  return server;
}

/** Runs one of the operations scripts (`npm run backup`, `restore`, `images`) to its end: exit code and output. */
export function runScript(script: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [path.join("build", "scripts", script), ...args], {
    env: { PATH: process.env.PATH, NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise<{ code: number | null; output: string }>((resolve) => child.once("exit", (code) => resolve({ code, output })));
}

/** Runs a start expected to refuse: its exit code and output. */
export async function refusedStart(site: Site, env: Record<string, string> = {}) {
  const outcome = await startServer(site, env).then(
    async (server) => (await server.stop(), { code: 0, output: server.output() }),
    (error: { code: number; output: string }) => error,
  );
  expect(outcome.code, `the start should have been refused:\n${outcome.output}`).not.toBe(0);
  return outcome;
}
