// docs/performance.md "Styles in the document": a public page paints from its HTML alone. Each
// stylesheet its routes link is in the document as a <style> holding exactly the built file (so a
// client navigation that links the file gets the same rules), no stylesheet is a request on a first
// visit, and those styles stay a few KiB.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { compileRouteTable } from "~/lib/route-table.server";
import type { AppBuild } from "../../server/app";
import { startApp, type TestApp } from "../support/app";
import { parseHtml } from "../support/dom";

/** What a public page may block its first paint on: its styles, gzip-compressed. */
const RENDER_BLOCKING_CSS_BUDGET_BYTES = 5 * 1024;

const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as AppBuild;
const publicPaths = compileRouteTable(build.routes)
  .routes.filter((route) => route.isPage && route.facts.access === "public" && !route.hasParams)
  .map((route) => route.path || "/");

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

async function htmlOf(pathname: string) {
  const response = await fetch(app.url(pathname));
  expect(response.status, pathname).toBe(200);
  return response.text();
}

/** The `<style data-href>` elements of a page as served (parseHtml leaves styles out). */
function inlineStylesheets(html: string) {
  return [...html.matchAll(/<style data-href="([^"]+)">([\s\S]*?)<\/style>/g)].map(([, href = "", text = ""]) => ({ href, text }));
}

describe("styles inside public pages", () => {
  test("the pages the issue names are among those checked", () => {
    expect(publicPaths).toEqual(expect.arrayContaining(["/", "/product-list", "/reels-category", "/career-background", "/ai"]));
  });

  test.each(publicPaths)("%s carries its stylesheets as the built files, a few KiB in all", async (pathname) => {
    const html = await htmlOf(pathname);
    expect(parseHtml(html).querySelectorAll('link[rel="stylesheet"]'), "stylesheet requests").toHaveLength(0);
    const styles = inlineStylesheets(html);
    expect(styles.length, "the shared styles at least").toBeGreaterThanOrEqual(2);
    for (const { href, text } of styles) {
      expect(href).toMatch(/^\/build\/_assets\/[\w-]+\.css$/);
      expect(text, href).toBe(fs.readFileSync(path.resolve(`public${href}`), "utf8"));
    }
    const gzipBytes = zlib.gzipSync(styles.map(({ text }) => text).join("")).length;
    expect(gzipBytes, `${pathname}: ${gzipBytes} bytes of gzip CSS`).toBeLessThanOrEqual(RENDER_BLOCKING_CSS_BUDGET_BYTES);
  });
});
