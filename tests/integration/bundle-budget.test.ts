// DESIGN §7 budgets over the build's manifest (run `npm run build` first): the JavaScript a first
// visit downloads, gzip-compressed, per page; and no validation library on any public page.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { describe, expect, test } from "vitest";

const KIB = 1024;
const PUBLIC_BUDGET = 100 * KIB;
const ADMIN_BUDGET = 150 * KIB;

const PUBLIC_ROUTES = [
  "routes/_index",
  "routes/ai",
  "routes/career-background",
  "routes/product-list",
  "routes/reels-category",
  "routes/reels-list.$id.$title",
  "routes/reels-content.$info",
  "routes/poonpee.privacy",
  "routes/phonefinder.privacy",
  "routes/navi",
  "routes/$",
];

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
const adminRoutes = Object.keys(manifest.routes).filter((id) => id.startsWith("routes/_admin.") || id === "routes/admin-login");

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
  test("the manifest names every public page and some admin pages", () => {
    for (const id of PUBLIC_ROUTES) expect(manifest.routes, id).toHaveProperty([id]);
    expect(adminRoutes.length).toBeGreaterThan(4);
  });

  test.each(PUBLIC_ROUTES)("public page %s loads at most 100 KiB of gzip JavaScript and no zod", (id) => {
    expect(loadsZod(id), `zod reaches ${id}`).toBe(false);
    const bytes = gzipBytes(id);
    expect(bytes, `${id}: ${(bytes / KIB).toFixed(1)} KiB`).toBeLessThanOrEqual(PUBLIC_BUDGET);
  });

  test.each(adminRoutes)("admin page %s loads at most 150 KiB of gzip JavaScript", (id) => {
    const bytes = gzipBytes(id);
    expect(bytes, `${id}: ${(bytes / KIB).toFixed(1)} KiB`).toBeLessThanOrEqual(ADMIN_BUDGET);
  });

  test("the zod detector finds zod where forms validate in the browser", () => {
    expect(adminRoutes.some(loadsZod)).toBe(true);
  });
});
