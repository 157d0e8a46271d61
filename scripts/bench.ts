// `npm run bench`: the production server (`npm start` on a temporary copy of the demo data, its log at
// the default level read from a pipe as a service manager reads it) side by side with a raw node:http
// server that sends the same bytes, in one run, on 127.0.0.1 only. Both are asked as browsers ask
// (`Accept-Encoding: gzip, deflate, br`): the site sends its stored brotli bytes, and the raw server
// the very same bytes with the same Content-Encoding.
// Prints req/s, p50/p99, non-2xx, the ratio to raw, each server's CPU per request and the server's
// RSS after each page's load; where a stored page's time goes (a CPU profile of a second server
// process under the same load); then
// loads no cache can answer, each beside a load of the stored public pages in the same seconds (a
// flood of searches, a flood of made-up list searches, an import of 1,000 reels from a local stand-in
// of the Instagram Graph API), with the server's CPU time per request; and the RSS 15 s after it all.
//   BENCH_SECONDS (default 6) per page and server, in 3 alternating slices so that a busy machine
//   weighs on both alike; BENCH_CONNECTIONS (default 20);
//   BENCH_SOAK_SECONDS (default 0): afterwards, 200 connections on / with RSS sampled every 5 s.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import autocannon from "autocannon";
import { fakeVideos, startFakeGraph } from "../tests/support/fake-graph";
import { builtOnce, cpuMs, freePort, HOST, logIn, rssMiB, startChild, startSite, stopChild, temporaryFolder } from "./processes";
import { describeTimes, STORED_PAGE_GROUPS, timeByGroup, type Profile } from "./profile-groups";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const SLICES = 3;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 0);

builtOnce();
const workDir = temporaryFolder("ot-bench-");
// The Instagram Graph API the import reads: the integration tests' stand-in, on 127.0.0.1.
const graph = await startFakeGraph();

/** Waits (30 s at most) until the server is done with what a load left queued: under 10% of a core for a second. */
async function serverIdle() {
  for (let second = 0; second < 30; second += 1) {
    const before = cpuMs(server.pid);
    await delay(1000);
    if (cpuMs(server.pid) - before < 100) return;
  }
}

function firstLink(html: string, prefix: string) {
  const match = new RegExp(`href="(${prefix}[^"]+)"`).exec(html);
  if (!match) throw new Error(`no link starting with ${prefix}`);
  return (match[1] ?? "").replaceAll("&amp;", "&");
}

const started = await startSite(workDir, {
  INSTAGRAM_GRAPH_URL: graph.origin,
  INSTAGRAM_ACCESS_TOKEN: `bench-${crypto.randomBytes(8).toString("hex")}`,
});
const site = started.origin;
const server = { pid: started.pid };
console.log(`Server RSS idle after start: ${rssMiB(server.pid)} MiB`);
const adminCookie = await logIn(started);

const productPage = firstLink(await (await fetch(`${site}/product-list`)).text(), "/product/");
const reelsList = firstLink(await (await fetch(`${site}/reels-category`)).text(), "/reels-list/");
const reelContent = firstLink(await (await fetch(site + reelsList)).text(), "/reels-content/");
// Every reel view also asks for the page's view beacon (decision 0007), answered before Express.
const viewBeacon = /src="(\/seen\/reel\/\d+)"/.exec(await (await fetch(site + reelContent)).text())?.[1];
if (!viewBeacon) throw new Error("the reel page has no view beacon");
// The longest guide of the demo's first guide category (issue 32: about 5,000 characters, five photos, tables).
const guideList = firstLink(await (await fetch(`${site}/detail-category`)).text(), "/detail-list/");
const guidePaths = [
  ...new Set([...(await (await fetch(site + guideList)).text()).matchAll(/href="(\/detail-contents\/\d+)"/g)].map((m) => m[1]!)),
];
const guideSizes = await Promise.all(guidePaths.map(async (guidePath) => (await (await fetch(site + guidePath)).text()).length));
const longGuide = guidePaths[guideSizes.indexOf(Math.max(...guideSizes))];
if (!longGuide) throw new Error("the demo has no guide");
/** Readable and short: the reel links carry a long encoded JSON. */
const shortPath = (pathname: string) => {
  const readable = decodeURIComponent(pathname);
  return readable.length > 40 ? `${readable.slice(0, 39)}…` : readable;
};
type Page = { path: string; label?: string; headers?: Record<string, string>; bytes?: number };
const pages: Page[] = [
  { path: "/" },
  { path: "/product-list" },
  { path: productPage, label: `${productPage} (a product's page)` },
  { path: "/reels-category" },
  { path: reelsList },
  { path: reelContent },
  { path: longGuide, label: `${longGuide} (the long guide)` },
  { path: viewBeacon, label: "/seen/reel/{id} (view beacon)" },
  { path: "/home-update", headers: { cookie: adminCookie }, label: "/home-update (admin, logged in)" },
];

// Browsers offer gzip and brotli; the raw server sends, for each path, the exact bytes the site
// answered to that, with the same Content-Encoding.
const BROWSER_HEADERS = { "accept-encoding": "gzip, deflate, br" };
const bodies: Record<string, { body: string; encoding: string | undefined }> = {};
for (const page of pages) {
  const { status, body, encoding } = await rawAnswer(site + page.path, { ...page.headers, ...BROWSER_HEADERS });
  if (status !== 200) throw new Error(`${page.path} answered ${status}`);
  bodies[page.path] = { body: body.toString("base64"), encoding };
  page.bytes = body.length;
}

/** An answer's bytes as sent (fetch would decompress them). */
function rawAnswer(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; body: Buffer; encoding: string | undefined }>((resolve, reject) =>
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks), encoding: response.headers["content-encoding"] }),
        );
      })
      .on("error", reject),
  );
}
const bodiesFile = path.join(workDir, "bodies.json");
fs.writeFileSync(bodiesFile, JSON.stringify(bodies));
const rawPort = await freePort();
const rawSource = `
const http = require("node:http");
const bodies = Object.fromEntries(Object.entries(require(process.env.BODIES)).map(([k, v]) => [k, { ...v, body: Buffer.from(v.body, "base64") }]));
http.createServer((req, res) => {
  const answer = bodies[req.url];
  if (req.url === "/healthz") return res.end("ok");
  if (!answer) { res.statusCode = 404; return res.end(); }
  const headers = { "Content-Type": "text/html; charset=utf-8", "Content-Length": answer.body.length };
  if (answer.encoding) headers["Content-Encoding"] = answer.encoding;
  res.writeHead(200, headers);
  res.end(answer.body);
}).listen(${rawPort}, "${HOST}");`;
const rawServer = await startChild(process.execPath, ["-e", rawSource], { BODIES: bodiesFile }, `http://${HOST}:${rawPort}/healthz`);
const raw = `http://${HOST}:${rawPort}`;

type Load = { rps: number; p50: number; p99: number; non2xx: number; total?: number };
type LoadOptions = { connections?: number; duration?: number };

async function load(
  url: string,
  headers: Record<string, string> = {},
  { connections = CONNECTIONS, duration = SECONDS }: LoadOptions = {},
): Promise<Load> {
  const result = await autocannon({ url, headers: { ...BROWSER_HEADERS, ...headers }, connections, duration });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors + result.timeouts,
    total: result.requests.total,
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
const rawPid = rawServer.pid ?? 0;
type Row = { page: Page; ours: Load; theirs: Load; ourCpu: number; theirCpu: number; rss: number };
const rows: Row[] = [];
for (const page of pages) {
  const ours = [];
  const theirs = [];
  let ourCpu = 0;
  let theirCpu = 0;
  for (let slice = 0; slice < SLICES; slice += 1) {
    let before = cpuMs(server.pid);
    ours.push(await load(site + page.path, page.headers, { duration: SECONDS / SLICES }));
    ourCpu += cpuMs(server.pid) - before;
    before = cpuMs(rawPid);
    theirs.push(await load(raw + page.path, {}, { duration: SECONDS / SLICES }));
    theirCpu += cpuMs(rawPid) - before;
  }
  const perRequest = (cpu: number, loads: Load[]) =>
    (1000 * cpu) /
    Math.max(
      1,
      loads.reduce((sum, each) => sum + (each.total ?? 0), 0),
    );
  rows.push({
    page,
    ours: combine(ours),
    theirs: combine(theirs),
    ourCpu: perRequest(ourCpu, ours),
    theirCpu: perRequest(theirCpu, theirs),
    rss: rssMiB(server.pid),
  });
}
const storedPageProfile = await profileStoredPage(pages[0]!.path);

/**
 * Where a stored page's time goes: a second server (the same build, a copy of the same data) under
 * `node --cpu-prof`, loaded as above for SECONDS, then stopped; its main thread's busy time by group
 * (scripts/profile-groups.ts). The profiler slows it: the shares, not the rate, are the figures.
 */
async function profileStoredPage(pathname: string) {
  const port = await freePort();
  const origin = `http://${HOST}:${port}`;
  const profileDir = path.join(workDir, "profile");
  const dataCopy = path.join(workDir, "profile-data");
  fs.cpSync(path.join(workDir, "data"), dataCopy, { recursive: true });
  const profiled = await startChild(
    process.execPath,
    ["--cpu-prof", `--cpu-prof-dir=${profileDir}`, ...npmStartNodeOptions(), "build/server.js"],
    {
      NODE_ENV: "production",
      PORT: String(port),
      HOST,
      DATA_DIR: dataCopy,
      UPLOADS_DIR: path.join(workDir, "uploads"),
      SEED_DEMO: "0",
      INSTAGRAM_SYNC_MINUTES: "0",
    },
    `${origin}/healthz`,
  );
  await load(origin + pathname, {}, { duration: 1 });
  const measured = await load(origin + pathname, {}, { duration: SECONDS });
  await stopChild(profiled);
  const [file] = fs.readdirSync(profileDir);
  const profile = JSON.parse(fs.readFileSync(path.join(profileDir, file!), "utf8")) as Profile;
  return describeTimes(
    timeByGroup(profile, STORED_PAGE_GROUPS, (frame) => frame.functionName === "sendEntry"),
    measured.total,
  );
}

/** The node options of `npm start` (package.json), so the profiled server has the same heap. */
function npmStartNodeOptions() {
  const start = (JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: { start: string } }).scripts.start;
  const words = start.split(/\s+/);
  return words.slice(words.indexOf("node") + 1, words.indexOf("build/server.js"));
}

// Loads no cache can answer, each beside a load of the stored public pages in the same seconds:
// do the stored pages stay fast while the server renders (or imports) all it can?
const CACHED_CONNECTIONS = 10;
const cachedPaths = pages.filter((page) => !page.headers && !page.path.startsWith("/seen/")).map((page) => page.path);
let cachedTurn = 0;
const nextCachedPath = () => cachedPaths[(cachedTurn += 1) % cachedPaths.length] ?? "/";
const loadCachedPages = (duration = SECONDS, agent?: http.Agent) => timedLoad(nextCachedPath, CACHED_CONNECTIONS, duration, agent);

/**
 * `connections` keep-alive connections, each opened by one request: the stored pages' visitors are
 * already on the site when a flood starts, so their figures beside it are of answers, not of the
 * accepting of new connections behind a hundred others (on this machine that alone reads as seconds).
 */
async function openConnections(connections: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  await Promise.all(
    Array.from(
      { length: connections },
      () =>
        new Promise<void>((resolve, reject) =>
          http
            .get(`${site}${nextCachedPath()}`, { agent, headers: BROWSER_HEADERS }, (response) => response.resume().on("end", resolve))
            .on("error", reject),
        ),
    ),
  );
  return agent;
}

/**
 * `connections` keep-alive connections, each sending its next request when the last is answered, for
 * `seconds`; every request timed on its own, from sending it to its last byte (so the figures of
 * two loads running at once are told apart).
 */
async function timedLoad(
  nextPath: () => string,
  connections: number,
  seconds: number,
  agent = new http.Agent({ keepAlive: true, maxSockets: connections }),
) {
  const latencies: number[] = [];
  let non2xx = 0;
  const until = Date.now() + seconds * 1000;
  const one = (pathname: string) =>
    new Promise<void>((resolve) => {
      const started = process.hrtime.bigint();
      const request = http.get(`${site}${pathname}`, { agent, headers: BROWSER_HEADERS }, (response) => {
        response.resume();
        response.on("end", () => {
          latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
          if (response.statusCode !== 200) non2xx += 1;
          resolve();
        });
      });
      request.setTimeout(10_000, () => request.destroy());
      request.on("error", () => {
        non2xx += 1;
        resolve();
      });
    });
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < until) await one(nextPath());
    }),
  );
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (share: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(share * latencies.length))] ?? 0);
  return { rps: Math.round(latencies.length / seconds), p50: at(0.5), p99: at(0.99), non2xx, total: latencies.length };
}

type Beside = { label: string; miss?: Load; cached: Load; cpuPerMiss?: number; note?: string };
const besides: Beside[] = [];

/**
 * Runs `miss` beside the stored pages' load; the server's CPU per miss is measured on `miss` alone
 * just before (until the server has finished the requests it had queued, so each phase pays for its own).
 */
async function besideCachedPages(label: string, miss: () => Promise<Load & { total: number }>) {
  await serverIdle();
  const cpuBefore = cpuMs(server.pid);
  const alone = await miss();
  await serverIdle();
  const cpuPerMiss = (cpuMs(server.pid) - cpuBefore) / Math.max(alone.total, 1);
  const cachedConnections = await openConnections(CACHED_CONNECTIONS);
  const [together, cached] = await Promise.all([miss(), loadCachedPages(SECONDS, cachedConnections)]);
  besides.push({ label, miss: together, cached, cpuPerMiss });
}

await loadCachedPages(1);
besides.push({
  label: `stored public pages alone (${CACHED_CONNECTIONS} connections, ${cachedPaths.length} pages in turn)`,
  cached: await loadCachedPages(),
});

// Searches are never stored (each query is its own page): every request is a render. Words the
// site's reels and products use, and made-up ones, one or two a query.
const SEARCH_WORDS = ["배변", "훈련", "배변훈련", "놀이", "감각", "소근육", "연필", "가위질", "기저귀", "클레이", "균형", "손가락"];
const madeUpWord = () => String.fromCodePoint(...[0, 1].map(() => 0xac00 + crypto.randomInt(11172)));
const searchWord = () => (crypto.randomInt(3) === 0 ? madeUpWord() : (SEARCH_WORDS[crypto.randomInt(SEARCH_WORDS.length)] ?? ""));
const searchPath = () => `/search?q=${encodeURIComponent(crypto.randomInt(2) ? searchWord() : `${searchWord()} ${searchWord()}`)}`;
const MISS_CONNECTIONS = 100;
await besideCachedPages(`searches, a new one each request (${MISS_CONNECTIONS} connections)`, () => loadMisses(() => searchPath()));
// A list searched for a made-up word, never asked again: rendered for its visitor, not stored (a query
// page is stored from its second request).
let listSearch = 0;
await besideCachedPages(`\`${shortPath(reelsList)}?keyword=…\`, a new word each request (${MISS_CONNECTIONS} connections)`, () =>
  loadMisses(() => `${reelsList}?keyword=${(listSearch += 1)}`),
);

// A page missing the cache: a new search word each request makes a new query page (stored only from
// its second request), which renders it for its visitor, though neither page reads the word. The long
// guide's text was rendered when it was saved: its miss costs about what a reel page's does. (A
// cache-buster such as `?v=…` would not miss: the stored page answers it, server/page-cache.ts.)
let missed = 0;
await besideCachedPages(`the long guide missing the cache (a new \`?keyword=…\` each request, ${MISS_CONNECTIONS} connections)`, () =>
  loadMisses(() => `${longGuide}?keyword=${(missed += 1)}`),
);
await besideCachedPages(`a reel page missing the cache (a new \`?keyword=…\` each request, ${MISS_CONNECTIONS} connections)`, () =>
  loadMisses(() => `${reelContent}${reelContent.includes("?") ? "&" : "?"}keyword=${(missed += 1)}`),
);

function loadMisses(nextPath: () => string) {
  return timedLoad(nextPath, MISS_CONNECTIONS, SECONDS);
}

// An import of 1,000 new reels (poster copied into uploads for each), three in four carrying a
// category's hashtag: the admin's "지금 가져오기" (POST /api/reels/sync), run until all are in.
const IMPORTED_REELS = 1000;
const categoryTags = ["#배변훈련", "#소근육", "#감각통합"];
const categoryList = (await (await fetch(`${site}/api/reels-category`, { headers: { cookie: adminCookie } })).json()) as {
  reelsCategorys: { index: number; categoryNm: string; description: string | null; isView: boolean }[];
};
for (const [order, category] of categoryList.reelsCategorys.entries()) {
  const form = new FormData();
  form.set("index", String(category.index));
  form.set("categoryNm", category.categoryNm);
  form.set("description", category.description ?? "");
  form.set("isView", String(category.isView));
  form.set("hashtags", categoryTags[order % categoryTags.length] ?? "");
  const saved = await fetch(`${site}/api/reels-category/update`, {
    method: "POST",
    headers: { cookie: adminCookie, Origin: site },
    body: form,
  });
  if (!saved.ok) throw new Error(`saving category ${category.index}'s hashtags answered ${saved.status}`);
}
graph.setMedia(
  fakeVideos(graph.origin, IMPORTED_REELS).map((video, i) => ({
    ...video,
    caption: `집에서 하는 놀이 ${i + 1}편\n#아동작업치료 ${i % 4 === 3 ? "#일상" : (categoryTags[i % 3] ?? "")}`,
  })),
);
await loadCachedPages(1);
const importCpuBefore = cpuMs(server.pid);
const importStarted = Date.now();
let importing = true;
const imported = { imported: 0, filed: 0, unfiled: 0, runs: 0 };
const importDone = (async () => {
  try {
    while (imported.imported < IMPORTED_REELS && imported.runs < 5) {
      const counts = await syncReels();
      imported.runs += 1;
      imported.imported += counts.imported;
      imported.filed += counts.filed;
      imported.unfiled += counts.unfiled;
      if (counts.imported === 0) break;
    }
  } finally {
    importing = false;
  }
})();
const cachedDuringImport: Load[] = [];
while (importing) cachedDuringImport.push(await loadCachedPages(2));
await importDone;
const importSeconds = (Date.now() - importStarted) / 1000;
besides.push({
  label: `import of ${imported.imported} reels with their posters (${imported.filed} filed, ${imported.unfiled} to the inbox; ${imported.runs} runs)`,
  cached: combine(cachedDuringImport),
  cpuPerMiss: (cpuMs(server.pid) - importCpuBefore) / Math.max(imported.imported, 1),
  note: `took ${importSeconds.toFixed(1)} s`,
});

/** POST /api/reels/sync, without fetch's 300-second wait for the answer's headers. */
function syncReels(): Promise<{ imported: number; filed: number; unfiled: number }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${site}/api/reels/sync`,
      { method: "POST", headers: { cookie: adminCookie, Origin: site } },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => {
          if (response.statusCode !== 200) return reject(new Error(`/api/reels/sync answered ${response.statusCode}: ${body}`));
          resolve(JSON.parse(body) as { imported: number; filed: number; unfiled: number });
        });
      },
    );
    request.on("error", reject);
    request.end();
  });
}

const rssAfterLoad = rssMiB(server.pid);
// V8's memory reducer gives back the heap grown under load some seconds after it ends.
await delay(15_000);
const rssSettled = rssMiB(server.pid);

const kb = (bytes = 0) => `${(bytes / 1024).toFixed(1)} KB`;
console.log("");
console.log(
  "| page | size sent | site req/s | site p50 / p99 | site non-2xx | raw req/s | raw p99 | ratio | CPU per request, site / raw | server RSS after |",
);
console.log("|---|---|---|---|---|---|---|---|---|---|");
for (const { page, ours, theirs, ourCpu, theirCpu, rss } of rows) {
  const ratio = ((100 * ours.rps) / theirs.rps).toFixed(1);
  console.log(
    `| \`${page.label ?? shortPath(page.path)}\` | ${kb(page.bytes)} ${bodies[page.path]?.encoding ?? "identity"} | ${ours.rps} | ${ours.p50} / ${ours.p99} ms | ${ours.non2xx} | ${theirs.rps} | ${theirs.p99} ms | ${ratio}% | ${ourCpu.toFixed(1)} / ${theirCpu.toFixed(1)} µs | ${rss} MiB |`,
  );
}
console.log("");
console.log(`Where a stored page's time goes (\`${shortPath(pages[0]!.path)}\`, main thread, under the profiler):`);
for (const line of storedPageProfile) console.log(`    ${line}`);
console.log("");
console.log(
  "| load | its req/s | its p50 / p99 | its non-2xx | server CPU per request | stored pages beside it: req/s | their p50 / p99 | their non-2xx |",
);
console.log("|---|---|---|---|---|---|---|---|");
for (const { label, miss, cached, cpuPerMiss, note } of besides) {
  const its = miss ? `${miss.rps} | ${miss.p50} / ${miss.p99} ms | ${miss.non2xx}` : `${note ?? "–"} | – | –`;
  const cpu = cpuPerMiss === undefined ? "–" : `${cpuPerMiss.toFixed(1)} ms`;
  console.log(`| ${label} | ${its} | ${cpu} | ${cached.rps} | ${cached.p50} / ${cached.p99} ms | ${cached.non2xx} |`);
}
console.log(`Server RSS after all of it: ${rssAfterLoad} MiB; 15 s later: ${rssSettled} MiB`);

if (SOAK_SECONDS > 0) {
  console.log(`Soak: 200 connections on / for ${SOAK_SECONDS} s, RSS every 5 s:`);
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(rssMiB(server.pid)), 5000);
  const soak = await load(`${site}/`, {}, { connections: 200, duration: SOAK_SECONDS });
  clearInterval(sampler);
  console.log(`RSS (MiB): ${samples.join(", ")}; ${soak.rps} req/s, p99 ${soak.p99} ms, non-2xx ${soak.non2xx}`);
}
await graph.close();
process.exit(0);
