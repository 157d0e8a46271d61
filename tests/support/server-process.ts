// The built production server (`node build/server.js`, made by `npm run build`) as a child process, for the tests that need the real production process (the
// browser suites, start-up refusals, file modes, memory). It listens on a free port (PORT=0) and the
// origin is read from its "Listening on" line, so parallel files never race for a port.
import { spawn } from "node:child_process";
import fs from "node:fs";

export type ServerProcess = {
  origin: string;
  pid: number;
  /** Everything the process has printed so far. */
  output: () => string;
  /** SIGTERM, then waits for the exit (graceful shutdown). */
  stop: () => Promise<void>;
  /** SIGKILL, for clean-up after a failed test. */
  kill: () => void;
};

const START_TIMEOUT_MS = 30_000;

/**
 * What `npm start` runs, read from package.json so the tests that measure memory run the very
 * process it starts: the variables it sets (`NAME=value` before `node`, after `cross-env`) and
 * node's options (the heap's size among them).
 */
export function npmStartCommand() {
  const start = (JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: { start: string } }).scripts.start;
  const words = start.split(/\s+/);
  const node = words.indexOf("node");
  const script = words.indexOf("build/server.js");
  if (node === -1 || script < node) throw new Error(`npm start no longer runs node build/server.js: ${start}`);
  const startEnv = Object.fromEntries(
    words.slice(0, node).flatMap((word) => (/^[A-Z_]+=/.test(word) ? [word.split("=", 2) as [string, string]] : [])),
  );
  return { nodeOptions: words.slice(node + 1, script), startEnv };
}

/**
 * Starts the server with exactly `env` (as `npm start` starts it with `asNpmStart`: its node options
 * and variables under `env`) (plus PORT=0, and LOG_LEVEL=warn unless `env` names one, so a
 * failing test's output shows the problems, not a line per request); rejects with `{ code, output }`
 * if it exits instead of listening. The automatic Instagram import is off unless `env` asks for it:
 * the demo feed would otherwise be imported 20 s after start, in the middle of whatever a test is
 * counting on a busy machine.
 */
export function startServerProcess(env: NodeJS.ProcessEnv, { asNpmStart = false } = {}): Promise<ServerProcess> {
  const { nodeOptions, startEnv } = asNpmStart ? npmStartCommand() : { nodeOptions: [], startEnv: {} };
  const child = spawn(process.execPath, [...nodeOptions, "build/server.js"], {
    env: { LOG_LEVEL: "warn", INSTAGRAM_SYNC_MINUTES: "0", ...startEnv, ...env, PORT: "0" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(Object.assign(new Error(`server did not start:\n${output}`), { code: null, output })),
      START_TIMEOUT_MS,
    );
    const onData = () => {
      const match = /Listening on (http:\/\/\S+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.stdout.off("data", onData);
      resolve({
        origin: match[1]!,
        pid: child.pid!,
        output: () => output,
        stop: async () => {
          child.kill("SIGTERM");
          await exited;
        },
        kill: () => child.kill("SIGKILL"),
      });
    };
    child.stdout.on("data", onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(Object.assign(new Error(`exited with ${code}:\n${output}`), { code, output }));
    });
  });
}
