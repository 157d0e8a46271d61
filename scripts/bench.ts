// `npm run bench`: the production server (`npm start` on a temporary copy of the demo data) side by
// side with a raw node:http server that sends the same bytes, in one run, on 127.0.0.1 only.
// Prints req/s, p50/p99, non-2xx, the ratio to raw and the server's RSS after each page's load, and
// the RSS 15 s after the whole load.
//   BENCH_SECONDS (default 6) per page and server, in 3 alternating slices so that a busy machine
//   weighs on both alike; BENCH_CONNECTIONS (default 20);
//   BENCH_SOAK_SECONDS (default 0): afterwards, 200 connections on / with RSS sampled every 5 s.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import autocannon from "autocannon";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const SLICES = 3;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 0);
const HOST = "127.0.0.1";
const ADMIN_ID = "bench";
const ADMIN_PASSWORD = `Load-${crypto.randomBytes(12).toString("hex")}`;

if (!fs.existsSync("build/index.js") || !fs.existsSync("public/build")) {
  console.log("No build found: running npm run build");
  const built = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "ot-bench-"));
const children: ChildProcess[] = [];
process.on("exit", () => {
  for (const child of children) {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  fs.rmSync(workDir, { recursive: true, force: true });
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(130));

async function freePort() {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts a child process and resolves once `url` answers 200 (the process gives up after 60 s). */
async function startChild(command: string, args: string[], env: Record<string, string>, url: string) {
  // Its own process group, so that everything it starts is stopped with it.
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "inherit"], detached: true });
  children.push(child);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${args.join(" ")} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return child;
    } catch {
      // not listening yet
    }
    await delay(200);
  }
  throw new Error(`${args.join(" ")} did not answer ${url} within 60 s`);
}

/** The process running build/server.js under `npm start`: the deepest one (npm, sh and cross-env sit above it). */
function serverProcess(pid: number): number {
  const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
  if (children.length === 0) return pid;
  return serverProcess(Number(children[0]));
}

function rssMiB(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024);
}

function firstLink(html: string, prefix: string) {
  const match = new RegExp(`href="(${prefix}[^"]+)"`).exec(html);
  if (!match) throw new Error(`no link starting with ${prefix}`);
  return (match[1] ?? "").replaceAll("&amp;", "&");
}

const sitePort = await freePort();
const site = `http://${HOST}:${sitePort}`;
const npm = await startChild(
  "npm",
  ["start", "--silent"],
  {
    PORT: String(sitePort),
    HOST,
    DATA_DIR: path.join(workDir, "data"),
    UPLOADS_DIR: path.join(workDir, "uploads"),
    SEED_DEMO: "1",
    ADMIN_ID,
    ADMIN_PASSWORD,
  },
  `${site}/healthz`,
);
const server = { pid: serverProcess(npm.pid ?? process.pid) };
console.log(`Server RSS idle after start: ${rssMiB(server.pid)} MiB`);

const login = await fetch(`${site}/api/login`, {
  method: "POST",
  headers: { "Content-Type": "application/json", Origin: site },
  body: JSON.stringify({ id: ADMIN_ID, pw: ADMIN_PASSWORD }),
});
if (!login.ok) throw new Error(`admin login failed with ${login.status}`);
const adminCookie = login.headers
  .getSetCookie()
  .map((line) => line.split(";")[0])
  .join("; ");

const reelsList = firstLink(await (await fetch(`${site}/reels-category`)).text(), "/reels-list/");
const reelContent = firstLink(await (await fetch(site + reelsList)).text(), "/reels-content/");
// Every reel view also asks for the page's view beacon (decision 0007), answered before Express.
const viewBeacon = /src="(\/seen\/reel\/\d+)"/.exec(await (await fetch(site + reelContent)).text())?.[1];
if (!viewBeacon) throw new Error("the reel page has no view beacon");
type Page = { path: string; label?: string; headers?: Record<string, string>; bytes?: number };
const pages: Page[] = [
  { path: "/" },
  { path: "/product-list" },
  { path: "/reels-category" },
  { path: reelsList },
  { path: reelContent },
  { path: viewBeacon, label: "/seen/reel/{id} (view beacon)" },
  { path: "/home-update", headers: { cookie: adminCookie }, label: "/home-update (admin, logged in)" },
];

// The raw server sends, for each path, the exact bytes the site answered (identity encoding).
const bodies: Record<string, string> = {};
for (const page of pages) {
  const response = await fetch(site + page.path, { headers: { ...page.headers, "accept-encoding": "identity" } });
  if (response.status !== 200) throw new Error(`${page.path} answered ${response.status}`);
  const body = Buffer.from(await response.arrayBuffer()).toString("base64");
  bodies[page.path] = body;
  page.bytes = Buffer.byteLength(body, "base64");
}
const bodiesFile = path.join(workDir, "bodies.json");
fs.writeFileSync(bodiesFile, JSON.stringify(bodies));
const rawPort = await freePort();
const rawSource = `
const http = require("node:http");
const bodies = Object.fromEntries(Object.entries(require(process.env.BODIES)).map(([k, v]) => [k, Buffer.from(v, "base64")]));
http.createServer((req, res) => {
  const body = bodies[req.url];
  if (req.url === "/healthz") return res.end("ok");
  if (!body) { res.statusCode = 404; return res.end(); }
  res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": body.length });
  res.end(body);
}).listen(${rawPort}, "${HOST}");`;
await startChild(process.execPath, ["-e", rawSource], { BODIES: bodiesFile }, `http://${HOST}:${rawPort}/healthz`);
const raw = `http://${HOST}:${rawPort}`;

type Load = { rps: number; p50: number; p99: number; non2xx: number };
type LoadOptions = { connections?: number; duration?: number; requests?: autocannon.Request[] };

async function load(
  url: string,
  headers: Record<string, string> = {},
  { connections = CONNECTIONS, duration = SECONDS, requests }: LoadOptions = {},
): Promise<Load> {
  const result = await autocannon({ url, headers, connections, duration, requests });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors + result.timeouts,
  };
}

/** Requests per second over all slices, the median slice's p50 and the worst slice's p99. */
function combine(slices: Load[]): Load {
  const p50s = slices.map((slice) => slice.p50).sort((a, b) => a - b);
  return {
    rps: Math.round(slices.reduce((sum, slice) => sum + slice.rps, 0) / slices.length),
    p50: p50s[Math.floor(p50s.length / 2)] ?? 0,
    p99: Math.max(...slices.map((slice) => slice.p99)),
    non2xx: slices.reduce((sum, slice) => sum + slice.non2xx, 0),
  };
}

console.log(`Loading each page for ${SECONDS} s with ${CONNECTIONS} connections, site and raw in turns...`);
const rows: { page: Page; ours: Load; theirs: Load; rss: number }[] = [];
for (const page of pages) {
  const ours = [];
  const theirs = [];
  for (let slice = 0; slice < SLICES; slice += 1) {
    ours.push(await load(site + page.path, page.headers, { duration: SECONDS / SLICES }));
    theirs.push(await load(raw + page.path, {}, { duration: SECONDS / SLICES }));
  }
  rows.push({ page, ours: combine(ours), theirs: combine(theirs), rss: rssMiB(server.pid) });
}
// What no cache can answer: every request a different search (each one a real render), from
// nearly as many connections as MAX_CONNECTIONS (200) lets in.
let searchNumber = 0;
const missFlood = await load(
  site,
  {},
  {
    connections: 190,
    duration: SECONDS,
    requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, path: `${reelsList}?keyword=${(searchNumber += 1)}` }) }],
  },
);
const rssAfterLoad = rssMiB(server.pid);
// V8's memory reducer gives back the heap grown under load some seconds after it ends.
await delay(15_000);
const rssSettled = rssMiB(server.pid);

/** Readable and short: the reel links carry a long encoded JSON. */
const shortPath = (pathname: string) => {
  const readable = decodeURIComponent(pathname);
  return readable.length > 40 ? `${readable.slice(0, 39)}…` : readable;
};
const kb = (bytes = 0) => `${(bytes / 1024).toFixed(1)} KB`;
console.log("");
console.log("| page | size | site req/s | site p50 / p99 | site non-2xx | raw req/s | raw p99 | ratio | server RSS after |");
console.log("|---|---|---|---|---|---|---|---|---|");
for (const { page, ours, theirs, rss } of rows) {
  const ratio = ((100 * ours.rps) / theirs.rps).toFixed(1);
  console.log(
    `| \`${page.label ?? shortPath(page.path)}\` | ${kb(page.bytes)} | ${ours.rps} | ${ours.p50} / ${ours.p99} ms | ${ours.non2xx} | ${theirs.rps} | ${theirs.p99} ms | ${ratio}% | ${rss} MiB |`,
  );
}
console.log("");
console.log(
  `Cache-miss flood (190 connections, a new search each request, ${SECONDS} s): ${missFlood.rps} req/s, ` +
    `p50 / p99 ${missFlood.p50} / ${missFlood.p99} ms, non-2xx ${missFlood.non2xx}`,
);
console.log(`Server RSS after all of it: ${rssAfterLoad} MiB; 15 s later: ${rssSettled} MiB`);

if (SOAK_SECONDS > 0) {
  console.log(`Soak: 200 connections on / for ${SOAK_SECONDS} s, RSS every 5 s:`);
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(rssMiB(server.pid)), 5000);
  const soak = await load(`${site}/`, {}, { connections: 200, duration: SOAK_SECONDS });
  clearInterval(sampler);
  console.log(`RSS (MiB): ${samples.join(", ")}; ${soak.rps} req/s, p99 ${soak.p99} ms, non-2xx ${soak.non2xx}`);
}
process.exit(0);
