// `npm run lighthouse`: Lighthouse 12 as a phone sees the site (its mobile default: simulated slow 4G
// and a 4× slower CPU; performance only) on the six pages of issue 30 and a product's own page (issue
// 31), with the owner's real photos:
// `npm start` on a temporary folder, filled through the API as the pictures' budget test fills it
// (tests/support/photo-site.ts), 127.0.0.1 only. Prints each run's score, FCP, LCP, TBT and CLS and
// what the largest paint was. Lighthouse is fetched by npx (not a dependency: nothing else needs it)
// and drives Debian's Chromium (CHROME_PATH, default /usr/bin/chromium).
//   LIGHTHOUSE_RUNS (default 2) runs a page.
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { fillWithPhotos, PHOTO_SITE_CATEGORIES, startPhotoSiteGraph } from "../tests/support/photo-site";
import { builtOnce, logIn, startSite, temporaryFolder } from "./processes";

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 2);
const run = promisify(execFile);

builtOnce();
const folder = temporaryFolder("ot-lighthouse-");
const { graph, photos } = await startPhotoSiteGraph();
// No import at start: the reels are filed once their categories exist, as the budget test files them.
const site = await startSite(folder, {
  SEED_DEMO: "0",
  INSTAGRAM_GRAPH_URL: graph.origin,
  INSTAGRAM_ACCESS_TOKEN: "lighthouse-token",
  INSTAGRAM_SYNC_MINUTES: "0",
});
const cookie = await logIn(site);
const filed = await fillWithPhotos(
  async (apiPath, form) => {
    const answer = await fetch(site.origin + apiPath, { method: "POST", body: form, headers: { cookie, Origin: site.origin } });
    return { status: answer.status, body: await answer.text() };
  },
  photos,
  site,
);
console.log(`Filled: 10 products, 3 categories, 3 career pictures, a banner, 30 reels (${filed} of them imported)`);

function linkOn(html: string, prefix: string) {
  const match = new RegExp(`href="(${prefix}[^"]*)"`).exec(html);
  if (!match) throw new Error(`no link starting with ${prefix}`);
  return match[1]!.replaceAll("&amp;", "&");
}
const page = async (pathname: string) => (await fetch(site.origin + pathname)).text();
const reelList = linkOn(await page("/reels-category"), `/reels-list/\\d+/${encodeURIComponent(PHOTO_SITE_CATEGORIES[0]!.name)}`);
const reelPage = linkOn(await page(reelList), "/reels-content/");
const productPage = linkOn(await page("/product-list"), "/product/");
const pages = ["/", "/product-list", productPage, "/reels-category", reelList, reelPage, "/career-background"];
// Every page rendered and stored once, as after the first parent's visit.
for (const pathname of pages) await page(pathname);

type Report = {
  categories: { performance: { score: number } };
  audits: Record<string, { numericValue?: number; details?: unknown }>;
};

/** The first element Lighthouse names in an audit's details (the LCP element's sits in a table inside a list). */
function firstSnippet(details: unknown): string {
  if (typeof details !== "object" || details === null) return "";
  if ("snippet" in details && typeof details.snippet === "string") return details.snippet;
  for (const value of Object.values(details)) {
    const found = firstSnippet(value);
    if (found) return found;
  }
  return "";
}

/** Lighthouse asks for another run when it could not record the page's trace (NO_NAVSTART, now and then): it gets two more. */
const ATTEMPTS = 3;

async function lighthouse(pathname: string): Promise<Report> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseOnce(pathname);
    } catch (error) {
      const retryable = /Please run Lighthouse again/.test(String((error as { stderr?: unknown }).stderr ?? ""));
      if (!retryable || attempt === ATTEMPTS) throw error;
      console.log(`(${pathname}: Lighthouse could not record the trace, run again)`);
    }
  }
}

async function lighthouseOnce(pathname: string): Promise<Report> {
  const output = path.join(folder, "report.json");
  await run(
    "npx",
    [
      "--yes",
      "lighthouse@12",
      site.origin + pathname,
      "--only-categories=performance",
      "--output=json",
      `--output-path=${output}`,
      "--quiet",
      "--chrome-flags=--headless=new --no-sandbox",
    ],
    { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium" }, maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(fs.readFileSync(output, "utf8")) as Report;
}

const seconds = (report: Report, audit: string) => `${((report.audits[audit]?.numericValue ?? Number.NaN) / 1000).toFixed(1)} s`;

console.log("| page | score | FCP | LCP | TBT | CLS | largest paint |");
console.log("| ---- | ----- | --- | --- | --- | --- | ------------- |");
for (const pathname of pages) {
  for (let time = 0; time < RUNS; time++) {
    const report = await lighthouse(pathname);
    const largest = firstSnippet(report.audits["largest-contentful-paint-element"]?.details);
    console.log(
      `| ${pathname.length > 40 ? `${pathname.slice(0, 40)}…` : pathname} | ${Math.round(report.categories.performance.score * 100)} | ` +
        `${seconds(report, "first-contentful-paint")} | ${seconds(report, "largest-contentful-paint")} | ` +
        `${Math.round(report.audits["total-blocking-time"]?.numericValue ?? 0)} ms | ` +
        `${(report.audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)} | \`${largest.slice(0, 80)}\` |`,
    );
  }
}
graph.close();
process.exit(0);
