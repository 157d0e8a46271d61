// Helpers for the hardening suites that need the real process (`node server.mjs`) or the scripts:
// temporary site folders and a server started on a free port (not a test file).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const PASSWORD = "plum-orchard-2931";
const dirs: string[] = [];
const running = new Set<ChildProcess>();

/** Stops what a test file started and removes its folders (call from afterAll). */
export function cleanUpProcesses() {
  for (const child of running) child.kill("SIGKILL");
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
}

export function tempSite() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ot-harden-"));
  dirs.push(dir);
  return { dataDir: path.join(dir, "data"), uploadsDir: path.join(dir, "uploads") };
}

export type Site = ReturnType<typeof tempSite>;
export type Server = { origin: string; pid: number; output: () => string; stop: () => Promise<void> };

/** Starts `node server.mjs` on a free port; rejects with its output if it exits instead of listening. */
export function startServer(site: Site, env: Record<string, string> = {}): Promise<Server> {
  const child = spawn(process.execPath, ["server.mjs"], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: site.dataDir,
      UPLOADS_DIR: site.uploadsDir,
      ADMIN_ID: "therapist",
      ADMIN_PASSWORD: PASSWORD,
      SEED_DEMO: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => (running.delete(child), resolve(code))));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        child.stdout!.off("data", onData);
        child.stdout!.on("data", (more: Buffer) => (output += more.toString()));
        resolve({
          origin: match[1]!,
          pid: child.pid!,
          output: () => output,
          stop: async () => {
            child.kill("SIGTERM");
            await exited;
          },
        });
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    exited.then((code) => reject(Object.assign(new Error(`exited with ${code}:\n${output}`), { code, output })));
  });
}
