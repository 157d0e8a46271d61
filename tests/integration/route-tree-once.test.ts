// The route tree is built once per build, not on every render: patches/ (applied by `npm ci`'s
// postinstall) make Remix 2 and React Router 6 keep what React Router 7 keeps (react-router #14967).
// Without them a page cost 40 % more CPU (docs/performance.md, "Route tree once").
import { createRequire } from "node:module";
import { afterAll, beforeAll, test, vi, expect } from "vitest";

import { startApp, type TestApp } from "../support/app";

const require = createRequire(import.meta.url);
// The files the built server loads (CommonJS; the same module instances as the app's).
const remixRoutes = require("@remix-run/react/dist/routes.js") as { createServerRoutes: (...args: unknown[]) => unknown };
const router = require("@remix-run/router") as typeof import("@remix-run/router");

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

test("three rendered pages build the route tree and its data routes no more", async () => {
  // A first render builds them, whether or not another test file's requests came first.
  expect((await fetch(`${app.origin}/search?q=first`)).status).toBe(200);
  const createServerRoutes = vi.spyOn(remixRoutes, "createServerRoutes");
  const convertRoutesToDataRoutes = vi.spyOn(router, "UNSAFE_convertRoutesToDataRoutes");
  try {
    for (const pathname of ["/search?q=second", "/search?q=third", "/admin-login"]) {
      const response = await fetch(`${app.origin}${pathname}`);
      expect(response.status, pathname).toBe(200);
      expect(await response.text(), pathname).toMatch(/<\/html>/);
    }
    expect(createServerRoutes.mock.calls.length, "Remix's server routes made again").toBe(0);
    expect(convertRoutesToDataRoutes.mock.calls.length, "React Router's data routes made again").toBe(0);
  } finally {
    createServerRoutes.mockRestore();
    convertRoutesToDataRoutes.mockRestore();
  }
});

test("matchRoutes reads a route array once: a route added to the same array later is not seen", () => {
  const routes: { path: string }[] = [{ path: "/a" }, { path: "/b" }];
  expect(router.matchRoutes(routes, "/b")?.[0]?.route.path).toBe("/b");
  routes.push({ path: "/c" });
  expect(router.matchRoutes(routes, "/c"), "the same array: its first reading").toBe(null);
  expect(router.matchRoutes([...routes], "/c")?.[0]?.route.path, "a new array is read anew").toBe("/c");
});

test("matchRoutes answers a path it has seen with fresh objects: changing one answer changes no later one", () => {
  const routes = [{ id: "root", path: "/", children: [{ id: "reel", path: "reels/:id" }] }];
  const first = router.matchRoutes(routes, "/reels/7")!;
  expect(first.map((match) => [match.route.id, match.params.id])).toStrictEqual([
    ["root", "7"],
    ["reel", "7"],
  ]);
  Object.assign(first[1]!.params, { id: "changed" });
  first[1]!.pathname = "/changed";
  const again = router.matchRoutes(routes, "/reels/7")!;
  expect(again[1]!.params.id).toBe("7");
  expect(again[1]!.pathname).toBe("/reels/7");
  expect(again[0]!.params, "one params object for the whole answer, as React Router gives").toBe(again[1]!.params);
});
