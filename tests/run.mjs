// Runs the test suites with node's own test runner (each file in its own process).
// Usage: node tests/run.mjs [unit|integration|e2e ...]; the app must be built first for integration and e2e.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const ALL = ["unit", "integration", "e2e"];
const suites = process.argv.slice(2).length ? process.argv.slice(2) : ALL;
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

function testFiles(suite) {
  const dir = path.resolve("tests", suite);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => path.join("tests", suite, file))
    .sort();
}

for (const suite of suites) {
  if (!ALL.includes(suite)) {
    console.error(`Unknown suite "${suite}" (expected ${ALL.join(", ")})`);
    process.exit(2);
  }
}
if (suites.some((suite) => suite !== "unit") && !fs.existsSync("build/index.js")) {
  console.error("No build found: run `npm run build` first (npm test does).");
  process.exit(2);
}
if (suites.includes("e2e") && !fs.existsSync(CHROMIUM)) {
  console.error(`Chromium not found at ${CHROMIUM}: install it with \`apt-get install -y chromium\` (.ci/run does).`);
  process.exit(2);
}

let failed = false;
for (const suite of suites) {
  const files = testFiles(suite);
  if (files.length === 0) continue;
  console.log(`\n▶ ${suite} (${files.length} files)`);
  // Browser tests share two cores with the server they drive: one file at a time.
  const concurrency = suite === "e2e" ? 1 : 2;
  const result = spawnSync(
    process.execPath,
    ["--import", "tsx", "--test", `--test-concurrency=${concurrency}`, "--test-reporter=spec", ...files],
    { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } },
  );
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
