// `node build/scripts/profile-summary.js FILE.cpuprofile [REQUESTS]`: where the server's main thread
// spent its time in a `node --cpu-prof` profile of pages that miss the cache (docs/performance.md,
// "Where a cache miss's time goes"), by the groups of scripts/profile-groups.ts; samples before the
// first request Remix handled (start-up) and idle ones are left out. With REQUESTS, the busy time is
// also divided by it.
import fs from "node:fs";
import { describeTimes, MISS_GROUPS, timeByGroup, type Profile } from "./profile-groups";

const [file, requestsArg] = process.argv.slice(2);
if (!file) {
  console.error("usage: node build/scripts/profile-summary.js FILE.cpuprofile [REQUESTS]");
  process.exit(2);
}
const profile = JSON.parse(fs.readFileSync(file, "utf8")) as Profile;
const times = timeByGroup(
  profile,
  MISS_GROUPS,
  (frame) => frame.functionName === "requestHandler" && frame.url.includes("@remix-run/server-runtime"),
);
for (const line of describeTimes(times, requestsArg ? Number(requestsArg) : undefined)) console.log(line);
