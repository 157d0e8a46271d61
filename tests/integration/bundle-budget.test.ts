// docs/architecture.md §7 budgets over the build's manifest (run `npm run build` first): the JavaScript a first
// visit downloads, gzip-compressed, per page, as each page declares it (`jsBudgetKiB` in its route
// facts); and no validation library on any public page.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";
import { describe, expect, test } from "vitest";
import { compileRouteTable } from "~/lib/route-table.server";
import type { AppBuild } from "../../server/app";

const KIB = 1024;

const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as AppBuild;
const pages = compileRouteTable(build.routes).routes.filter((route) => route.isPage);
const budgeted = pages.map((route) => ({ id: route.id, access: route.facts.access, budgetKiB: route.facts.jsBudgetKiB ?? 0 }));

type ManifestRoute = { id: string; parentId?: string; module: string; imports?: string[] };
type Manifest = { entry: { module: string; imports?: string[] }; routes: Record<string, ManifestRoute> };

const buildDir = path.resolve("public/build");

function readManifest(): Manifest {
  const file = fs.readdirSync(buildDir).find((name) => /^manifest-.*\.js$/.test(name));
  if (!file) throw new Error("No manifest in public/build: run `npm run build` first.");
  const source = fs.readFileSync(path.join(buildDir, file), "utf8");
  return JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1)) as Manifest;
}

const manifest = readManifest();

/** Every script a first visit to this route loads: the entry, then each route from the root down. */
function firstLoadScripts(routeId: string): string[] {
  const files = new Set([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  for (
    let route: ManifestRoute | undefined = manifest.routes[routeId];
    route;
    route = route.parentId ? manifest.routes[route.parentId] : undefined
  ) {
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  return [...files];
}

function readScript(url: string) {
  return fs.readFileSync(path.join(buildDir, url.replace(/^\/build\//, "")));
}

function gzipBytes(routeId: string) {
  return firstLoadScripts(routeId).reduce((sum, url) => sum + zlib.gzipSync(readScript(url), { level: 9 }).length, 0);
}

/** zod 4's classes name themselves `$Zod…` (kept through minification); Conform's zod adapter needs them. */
function loadsZod(routeId: string) {
  return firstLoadScripts(routeId).some((url) => readScript(url).includes("$ZodType"));
}

describe("JavaScript budgets of the built pages", () => {
  test("every page has a budget, and the manifest names it", () => {
    expect(pages.length).toBeGreaterThan(20);
    for (const { id, budgetKiB } of budgeted) {
      expect(budgetKiB, `${id} declares jsBudgetKiB`).toBeGreaterThan(0);
      expect(manifest.routes, id).toHaveProperty([id]);
    }
  });

  test.each(budgeted)("page $id ($access) loads at most $budgetKiB KiB of gzip JavaScript", ({ id, budgetKiB }) => {
    const bytes = gzipBytes(id);
    expect(bytes, `${id}: ${(bytes / KIB).toFixed(1)} KiB`).toBeLessThanOrEqual(budgetKiB * KIB);
  });

  test.each(budgeted.filter(({ access }) => access === "public"))("public page $id loads no zod", ({ id }) => {
    expect(loadsZod(id), `zod reaches ${id}`).toBe(false);
  });

  test("the zod detector finds zod where forms validate in the browser", () => {
    expect(budgeted.filter(({ access }) => access === "admin").some(({ id }) => loadsZod(id))).toBe(true);
  });
});
