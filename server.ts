// Production server: one process, one SQLite file, one uploads folder (DESIGN §2).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createApp } from "./server/app.mjs";

const buildPath = path.resolve("build/index.js");
const build = await import(pathToFileURL(buildPath).href);
const { finishServer, prepareServer, serverSettings } = build.entry.module;

try {
  await prepareServer();
} catch (error) {
  console.error(`Cannot start: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

const settings = serverSettings();
// `npm run restore` refuses to replace a database a running server holds.
const pidFile = path.join(settings.dataDir, "server.pid");
let pidFileWritten = false;
const app = createApp({ build, settings });
const server = app.listen(settings.port, settings.host, () => {
  fs.writeFileSync(pidFile, `${process.pid}\n`, { mode: 0o600 });
  pidFileWritten = true;
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : settings.port;
  console.log(`Listening on http://${settings.host ?? "localhost"}:${port}`);
  if (process.env.NODE_ENV === "development") {
    import("@remix-run/node").then(({ broadcastDevReady }) => broadcastDevReady(build));
  }
});

process.on("exit", () => pidFileWritten && fs.rmSync(pidFile, { force: true }));

function shutdown(signal) {
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
