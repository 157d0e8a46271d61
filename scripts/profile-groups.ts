// Where a server's main thread spent its time in a `node --cpu-prof` profile, by group: the shares the
// CLI (`scripts/profile-summary.ts`, a cache miss) and `npm run bench` (a stored page) print
// (docs/performance.md). Each sample goes to the first group (in the order given) that one of its
// stack's frames belongs to; idle samples are left out.

export type CallFrame = { functionName: string; url: string };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
export type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
export type Group = [name: string, belongs: (frame: CallFrame) => boolean];

const IDLE: Group = ["idle", (frame) => frame.functionName === "(idle)"];
const GARBAGE: Group = ["garbage collection", (frame) => frame.functionName === "(garbage collector)"];

/** A page that misses the cache: React, the loaders, Remix, the route tree. */
export const MISS_GROUPS: Group[] = [
  IDLE,
  GARBAGE,
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

/**
 * A stored page: sent by Node from the page cache's bytes. The request log is told apart first
 * (its line is written when the answer closes, inside Node's frames), then the answer's own writing
 * (headers and socket), then the edge's own code.
 */
export const STORED_PAGE_GROUPS: Group[] = [
  IDLE,
  GARBAGE,
  [
    "the request log (its line, pino's writer)",
    (frame) => /^(writeLine|handOver)$/.test(frame.functionName) || /sonic-boom|pino/.test(frame.url),
  ],
  [
    "writing the answer (Node: headers, socket)",
    (frame) =>
      (frame.url === "node:_http_outgoing" && frame.functionName === "end") ||
      (frame.url === "node:_http_server" && frame.functionName === "writeHead"),
  ],
  ["the edge (guards, page cache, counting)", (frame) => /build\/server\.js$/.test(frame.url) || /build\/index\.js$/.test(frame.url)],
  ["reading the request (Node: parser, events)", (frame) => frame.url.startsWith("node:")],
];

function parentsOf(profile: Profile) {
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  return parents;
}

/**
 * Busy time per group, in ms. `startsAt`, when given, leaves out the samples before the first
 * sample whose stack has a frame it names (the start-up).
 */
export function timeByGroup(profile: Profile, groups: Group[], startsAt?: (frame: CallFrame) => boolean) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = parentsOf(profile);
  const stackOf = (id: number) => {
    const frames: CallFrame[] = [];
    for (let current: number | undefined = id; current !== undefined; current = parents.get(current)) {
      const node = nodes.get(current);
      if (node) frames.push(node.callFrame);
    }
    return frames;
  };
  const times = new Map<string, number>();
  let started = startsAt === undefined;
  for (const [index, id] of profile.samples.entries()) {
    const stack = stackOf(id);
    started ||= stack.some(startsAt!);
    if (!started) continue;
    const group = groups.find(([, belongs]) => stack.some(belongs))?.[0] ?? "other";
    times.set(group, (times.get(group) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  }
  times.delete("idle");
  return times;
}

/** The groups as lines: share of the busy time and, with `requests`, µs per request. */
export function describeTimes(times: Map<string, number>, requests?: number) {
  const busyMs = [...times.values()].reduce((sum, time) => sum + time, 0);
  const lines = [
    `busy ${busyMs.toFixed(0)} ms${requests ? `, ${((1000 * busyMs) / requests).toFixed(1)} µs a request (${requests} requests)` : ""}`,
  ];
  for (const [group, time] of [...times].sort((a, b) => b[1] - a[1])) {
    const perRequest = requests ? `  ${((1000 * time) / requests).toFixed(1)} µs` : "";
    lines.push(`${((100 * time) / busyMs).toFixed(1).padStart(5)}%${perRequest}  ${group}`);
  }
  return lines;
}
