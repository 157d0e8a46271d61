// The processes the measuring scripts (`npm run bench`, `flood`, `lighthouse`) start: the site as
// `npm start` runs it, on a temporary folder and 127.0.0.1 only, and whatever else they need. Each
// runs in its own process group, so that everything it starts is stopped with it; all of them are
// stopped, and the temporary folder removed, when the script ends however it ends.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";

export const HOST = "127.0.0.1";

const running = new Set<ChildProcess>();
const folders: string[] = [];
process.on("exit", () => {
  for (const child of running) {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(130));

/** Builds the site first when there is no build to run. */
export function builtOnce() {
  if (fs.existsSync("build/index.js") && fs.existsSync("build/server.js")) return;
  const built = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

/** A temporary folder, removed when the script ends. */
export function temporaryFolder(prefix: string) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  folders.push(folder);
  return folder;
}

export async function freePort() {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts a child process and resolves once `url` answers 200 (the process gives up after 60 s). Its
 * output is read and dropped, as a service manager's journal reads it: a pipe, not /dev/null.
 */
export async function startChild(command: string, args: string[], env: Record<string, string>, url: string) {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"], detached: true });
  child.stdout?.resume();
  running.add(child);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${command} ${args.join(" ")} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return child;
    } catch {
      // not listening yet
    }
    await delay(200);
  }
  throw new Error(`${command} ${args.join(" ")} did not answer ${url} within 60 s`);
}

export async function stopChild(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  process.kill(-child.pid!, "SIGTERM");
  await exited;
  running.delete(child);
}

/** The process running build/server.js under `npm start`: the deepest one (npm, sh and cross-env sit above it). */
export function serverProcess(pid: number): number {
  const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
  return children.length === 0 ? pid : serverProcess(Number(children[0]));
}

export function rssMiB(pid: number) {
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]) / 1024);
}

/** CPU time the process has used (all its threads, user and system), in ms: /proc counts 100 ticks a second. */
export function cpuMs(pid: number) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export type Site = {
  origin: string;
  pid: number;
  child: ChildProcess;
  admin: { id: string; password: string };
  dataDir: string;
  uploadsDir: string;
};

/** `npm start` on `folder` (its data and uploads), with the demo content unless `env` says otherwise. */
export async function startSite(folder: string, env: Record<string, string> = {}): Promise<Site> {
  const port = await freePort();
  const origin = `http://${HOST}:${port}`;
  const admin = { id: "owner", password: `Load-${crypto.randomBytes(12).toString("hex")}` };
  const dataDir = path.join(folder, "data");
  const uploadsDir = path.join(folder, "uploads");
  const child = await startChild(
    "npm",
    ["start", "--silent"],
    {
      PORT: String(port),
      HOST,
      DATA_DIR: dataDir,
      UPLOADS_DIR: uploadsDir,
      SEED_DEMO: "1",
      ADMIN_ID: admin.id,
      ADMIN_PASSWORD: admin.password,
      ...env,
    },
    `${origin}/healthz`,
  );
  return { origin, pid: serverProcess(child.pid!), child, admin, dataDir, uploadsDir };
}

/** The owner's session cookie, from the API's login. */
export async function logIn({ origin, admin }: Site) {
  const login = await fetch(`${origin}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin },
    body: JSON.stringify({ id: admin.id, pw: admin.password }),
  });
  if (!login.ok) throw new Error(`admin login failed with ${login.status}`);
  return login.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}
