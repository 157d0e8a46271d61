// `node build/scripts/profile-summary.js FILE.cpuprofile [REQUESTS]`: where the server's main thread
// spent its time in a `node --cpu-prof` profile (docs/performance.md, "Where a cache miss's time goes").
// Each sample goes to the first group (in the order below) that one of its stack's frames belongs to;
// samples before the first request Remix handled (start-up) and idle ones are left out. With
// REQUESTS, the busy time is also divided by it.
import fs from "node:fs";

type CallFrame = { functionName: string; url: string };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

const GROUPS: [string, (frame: CallFrame) => boolean][] = [
  ["idle", (frame) => frame.functionName === "(idle)"],
  ["garbage collection", (frame) => frame.functionName === "(garbage collector)"],
  ["route matching (React Router's matchRoutes)", (frame) => frame.functionName === "matchRoutesImpl"],
  ["compression (zlib, compression)", (frame) => /node_modules\/compression\/|^node:zlib$/.test(frame.url)],
  ["React's render", (frame) => /react-dom-server/.test(frame.url)],
  [
    "loaders (drizzle, SQLite)",
    (frame) => /better-sqlite3|drizzle-orm/.test(frame.url) || frame.functionName === "callLoaderOrActionImplementation",
  ],
  ["data encoding (turbo-stream)", (frame) => /turbo-stream/.test(frame.url)],
  ["Remix's request handling", (frame) => /@remix-run\//.test(frame.url)],
  ["our server (edge, page cache, handler)", (frame) => /build\/server\.js$/.test(frame.url)],
  ["Express", (frame) => /node_modules\/(express|send|serve-static|finalhandler)\//.test(frame.url)],
  ["HTTP and streams (Node)", (frame) => frame.url.startsWith("node:")],
];

const [file, requestsArg] = process.argv.slice(2);
if (!file) {
  console.error("usage: node build/scripts/profile-summary.js FILE.cpuprofile [REQUESTS]");
  process.exit(2);
}
const profile = JSON.parse(fs.readFileSync(file, "utf8")) as Profile;
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parents = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);

function stackOf(id: number) {
  const frames: CallFrame[] = [];
  for (let current: number | undefined = id; current !== undefined; current = parents.get(current)) {
    const node = nodes.get(current);
    if (node) frames.push(node.callFrame);
  }
  return frames;
}

const times = new Map<string, number>();
let started = false;
for (const [index, id] of profile.samples.entries()) {
  const stack = stackOf(id);
  started ||= stack.some((frame) => frame.functionName === "requestHandler" && frame.url.includes("@remix-run/server-runtime"));
  if (!started) continue;
  const group = GROUPS.find(([, belongs]) => stack.some(belongs))?.[0] ?? "other";
  times.set(group, (times.get(group) ?? 0) + (profile.timeDeltas[index] ?? 0));
}
times.delete("idle");
const busyMs = [...times.values()].reduce((sum, time) => sum + time, 0) / 1000;
const requests = Number(requestsArg ?? 0);
console.log(`busy ${busyMs.toFixed(0)} ms${requests ? `, ${(busyMs / requests).toFixed(2)} ms a request (${requests} requests)` : ""}`);
for (const [group, time] of [...times].sort((a, b) => b[1] - a[1])) {
  const perRequest = requests ? `  ${(time / 1000 / requests).toFixed(2)} ms` : "";
  console.log(`${((100 * time) / 1000 / busyMs).toFixed(1).padStart(5)}%${perRequest}  ${group}`);
}
