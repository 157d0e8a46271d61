// `npm run flood`: the anonymous floods of issues 19 and 28 against the production server (`npm start`
// on a temporary copy of the demo data, 127.0.0.1 only), once with PUBLIC_ORIGIN unset and once set:
// random X-Forwarded-Host values, random Host values (without PUBLIC_ORIGIN), made-up reel-list titles,
// view beacons from rotating User-Agents for reel ids 1..59, made-up reel payloads of 14,500
// characters, navigation beacons naming 14,000-character paths, and 230 sockets that send nothing
// (reopened when closed); FLOOD_SECONDS (default 20) each with FLOOD_CONNECTIONS (default 20).
// Prints the server's RSS (at the end and its peak) and the median time of a plain page
// (/reels-category, beside a render) after each flood: a plain page still answered from the cache
// stays around a millisecond.
import crypto from "node:crypto";
import http from "node:http";
import path from "node:path";
import autocannon from "autocannon";
import { holdIdleSockets } from "../tests/support/idle-sockets";
import { builtOnce, rssMiB, startSite, stopChild, temporaryFolder } from "./processes";

const SECONDS = Number(process.env.FLOOD_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.FLOOD_CONNECTIONS ?? 20);
const PLAIN_PAGE = "/reels-category";
const random = () => crypto.randomBytes(8).toString("hex");

builtOnce();
const workDir = temporaryFolder("ot-flood-");

/** Median time of `count` sequential GETs, in ms. */
async function medianMs(origin: string, count: number, target: () => string) {
  const times: number[] = [];
  for (let index = 0; index < count; index++) {
    const started = process.hrtime.bigint();
    const response = await fetch(`${origin}${target()}`, { headers: { "Accept-Encoding": "br" } });
    await response.arrayBuffer();
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(count / 2)]!.toFixed(2);
}

/** The plain page (stored) beside the same page under a new search word each time (a render each), on the same busy machine. */
async function timings(origin: string) {
  const stored = await medianMs(origin, 100, () => PLAIN_PAGE);
  const rendered = await medianMs(origin, 20, () => `${PLAIN_PAGE}?keyword=${random()}`);
  return `${PLAIN_PAGE} ${stored} ms (a render: ${rendered} ms)`;
}

const IDLE_SOCKETS = 230;

/**
 * `count` sockets that send nothing, each reopened when the server closes it, for FLOOD_SECONDS;
 * meanwhile the plain page is timed, each request on a new connection (a visitor arriving).
 */
async function idleSockets(origin: string, count: number) {
  const idle = holdIdleSockets(Number(new URL(origin).port), count);
  const statuses: Record<string, number> = {};
  const times: number[] = [];
  const until = Date.now() + SECONDS * 1000;
  while (Date.now() < until) {
    const started = process.hrtime.bigint();
    const status = await new Promise<string>((resolve) =>
      http
        .get(`${origin}${PLAIN_PAGE}`, { agent: false, headers: { "Accept-Encoding": "br" } }, (response) => {
          response.resume();
          response.on("end", () => resolve(String(response.statusCode)));
        })
        .on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error")),
    );
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
    statuses[status] = (statuses[status] ?? 0) + 1;
  }
  idle.stop();
  times.sort((a, b) => a - b);
  const answered = Object.entries(statuses)
    .map(([status, number]) => `${status}×${number}`)
    .join(" ");
  return `${count} silent sockets (${idle.closedByServer()} closed by the server to make room or past the header timeout): ${PLAIN_PAGE} on new connections ${answered}, median ${times[Math.floor(times.length / 2)]!.toFixed(2)} ms`;
}

type Flood = { label: string; request: () => { path: string; headers?: Record<string, string> }; onlyWithoutPublicOrigin?: boolean };

/** The highest RSS seen while `work` runs (read every 100 ms). */
async function peakRssDuring<T>(pid: number, work: Promise<T>) {
  let peak = rssMiB(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 100);
  try {
    return { result: await work, peak };
  } finally {
    clearInterval(sampler);
  }
}

async function flood(origin: string, { label, request }: Flood) {
  const result = await autocannon({
    url: origin,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        setupRequest: (base) => {
          const { path: requestPath, headers = {} } = request();
          return { ...base, path: requestPath, headers: { ...base.headers, ...headers } };
        },
      },
    ],
  });
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .map(([status, { count }]) => `${status}×${count}`)
    .join(" ");
  return `${label}: ${result.requests.total} requests (${statuses}), ${result.errors} errors`;
}

const FLOODS = (reelList: string): Flood[] => [
  { label: "random X-Forwarded-Host", request: () => ({ path: PLAIN_PAGE, headers: { "x-forwarded-host": `${random()}.example` } }) },
  { label: "random Host", request: () => ({ path: PLAIN_PAGE, headers: { host: `${random()}.example` } }), onlyWithoutPublicOrigin: true },
  { label: "made-up reel-list titles", request: () => ({ path: `/reels-list/${reelList}/${random()}` }) },
  {
    label: "view beacons, rotating User-Agents",
    request: () => ({ path: `/seen/reel/${crypto.randomInt(1, 60)}`, headers: { "user-agent": `Mozilla/5.0 ${random()}` } }),
  },
  {
    label: "made-up reel payloads of 14,500 characters",
    request: () => ({ path: `/reels-content/${encodeURIComponent(JSON.stringify({ id: 1, j: `${random()}${"a".repeat(14_500)}` }))}` }),
  },
  {
    label: "navigation beacons naming 14,000-character paths",
    request: () => ({
      path: `/seen/page?path=${encodeURIComponent(`/reels-content/${random()}${"a".repeat(14_000)}`)}`,
      headers: {
        "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1",
      },
    }),
  },
];

for (const publicOrigin of [undefined, "https://site.example"]) {
  const { origin, pid, child } = await startSite(
    path.join(workDir, publicOrigin ? "public-origin" : "no-public-origin"),
    publicOrigin ? { PUBLIC_ORIGIN: publicOrigin } : {},
  );
  const reelList = /href="\/reels-list\/(\d+)\//.exec(await (await fetch(`${origin}${PLAIN_PAGE}`)).text())?.[1];
  if (!reelList) throw new Error("no reel list on the plain page");
  console.log(`\nPUBLIC_ORIGIN ${publicOrigin ?? "unset"}: RSS ${rssMiB(pid)} MiB, ${await timings(origin)}`);
  for (const each of FLOODS(reelList)) {
    if (each.onlyWithoutPublicOrigin && publicOrigin) continue;
    const { result: summary, peak } = await peakRssDuring(pid, flood(origin, each));
    console.log(`  ${summary}; RSS ${rssMiB(pid)} MiB (peak ${peak}), ${await timings(origin)}`);
  }
  const { result: idle, peak } = await peakRssDuring(pid, idleSockets(origin, IDLE_SOCKETS));
  console.log(`  ${idle}; RSS ${rssMiB(pid)} MiB (peak ${peak})`);
  await stopChild(child);
}
