// Production server: one process, one SQLite file, one uploads folder (docs/architecture.md §2). Built by
// `npm run build` into build/server.js (esbuild), which `npm start` runs.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createServer, type AppBuild } from "./server/app";

const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as AppBuild;
const { finishServer, prepareServer, serverSettings } = build.entry.module;

try {
  await prepareServer();
} catch (error) {
  console.error(`Cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

const settings = serverSettings();
// `npm run restore` refuses to replace a database a running server holds.
const pidFile = path.join(settings.dataDir, "server.pid");
let pidFileWritten = false;
const server = createServer({ build, settings });
server.listen(settings.port, settings.host, () => {
  fs.writeFileSync(pidFile, `${process.pid}\n`, { mode: 0o600 });
  pidFileWritten = true;
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : settings.port;
  console.log(`Listening on http://${settings.host ?? "localhost"}:${port}`);
  if (process.env.NODE_ENV === "development") {
    void import("@remix-run/node").then(({ broadcastDevReady }) => broadcastDevReady(build));
  }
});

process.on("exit", () => pidFileWritten && fs.rmSync(pidFile, { force: true }));

function shutdown(signal: NodeJS.Signals) {
  console.log(`${signal}: closing`);
  // After the last request (or the 5-second grace), the counts still in memory are written.
  const finish = () => {
    finishServer();
    process.exit(0);
  };
  server.close(finish);
  setTimeout(finish, 5000).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
