// Route facts (docs/route-facts.md) as the built app declares them: every route says what it is,
// and the one table the page cache, the edge and the sitemap read matches addresses as Remix does.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, test } from "vitest";
import { compileRouteTable, type BuildRoute } from "~/lib/route-table.server";
import type { AppBuild } from "../../server/app";

const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as AppBuild;
const table = compileRouteTable(build.routes);

describe("every route declares its facts", () => {
  test("a route without facts stops the table (and so the server's start) with its name", () => {
    const routes: Record<string, BuildRoute> = {
      root: { id: "root", path: "", module: {} },
      "routes/new-page": { id: "routes/new-page", parentId: "root", path: "new-page", module: { default: () => null } },
    };
    expect(() => compileRouteTable(routes)).toThrow("Route routes/new-page declares no facts");
  });

  test("the built app's routes all do (the root, the document, excepted): a page in its handle, an API call with its declaration", () => {
    const ids = Object.keys(build.routes).filter((id) => id !== "root");
    for (const id of ids) {
      const module = build.routes[id]!.module as { handle?: unknown; call?: unknown };
      expect(module.handle ?? module.call, id).toHaveProperty("routeFacts.access");
    }
    expect(ids.filter((id) => "call" in build.routes[id]!.module).length).toBeGreaterThanOrEqual(34);
    expect(ids.length).toBeGreaterThan(40);
  });

  test("pages declare a JavaScript budget and resource routes none", () => {
    for (const route of table.routes) {
      expect(route.facts.jsBudgetKiB !== undefined, `${route.id} (${route.isPage ? "page" : "resource"})`).toBe(route.isPage);
    }
  });
});

describe("the addresses each fact applies to", () => {
  const cached = (pathname: string) => {
    const facts = table.factsOf(pathname);
    return facts?.access === "public" && facts.cache === true;
  };

  test("the page cache stores the public pages, the chatbot's privacy page among them", () => {
    for (const pathname of ["/", "/ai", "/ai/privacy", "/career-background", "/product-list", "/reels-category"]) {
      expect(cached(pathname), pathname).toBe(true);
    }
    expect(cached("/reels-list/3/%EB%B0%B0%EB%B3%80")).toBe(true);
    expect(cached("/reels-content/%7B%22reelsId%22%3A1%7D")).toBe(true);
    expect(cached("/poonpee/privacy") && cached("/phonefinder/privacy")).toBe(true);
  });

  test("and nothing else: admin screens, the API, unknown addresses, other forms of a path", () => {
    for (const pathname of ["/home-update", "/product-upsert/0", "/api/reels/list", "/navi", "/no-such-page", "/ai/", "/reels-list/3"]) {
      expect(cached(pathname), pathname).toBe(false);
    }
  });

  test("a route's words in another case are that route, as Remix reads them (issue 28, point 5); only its own spelling is its own", () => {
    expect(table.factsOf("/API/LOGIN")).toMatchObject({ login: true, body: "small" });
    expect(table.factsOf("/ADMIN-LOGIN")).toMatchObject({ login: true, body: "small" });
    expect(table.factsOf("/Api/Product-List/Insert")).toMatchObject({ access: "admin", body: { uploads: 1 } });
    const reelList = table.routeOf("/REELS-LIST/3/%EB%B0%B0%EB%B3%80")!;
    expect(reelList.path).toBe("/reels-list/:id/:title");
    expect(table.isSpelledAs("/REELS-LIST/3/%EB%B0%B0%EB%B3%80", reelList)).toBe(false);
    expect(table.isSpelledAs("/reels-list/3/%EB%B0%B0%EB%B3%80", reelList)).toBe(true);
    expect(table.isSpelledAs("/reels-list/3/ABC", reelList), "a parameter is the visitor's own").toBe(true);
  });

  test("the most specific route wins, as in Remix", () => {
    expect(table.factsOf("/api/reels-category/search")).toEqual({ access: "public" });
    expect(table.factsOf("/api/reels-category/insert")).toEqual({ access: "admin", body: { uploads: 1 } });
    expect(table.factsOf("/api/login")).toMatchObject({ login: true, body: "small" });
    expect(table.factsOf("/api/nothing-here")).toEqual({ access: "public" });
  });

  test("uploads: one file per product, up to the career page's limit there", () => {
    expect(table.factsOf("/product-upsert/0")).toMatchObject({ body: { uploads: 1 } });
    expect(table.factsOf("/product-upsert/1/%7B%7D")).toMatchObject({ body: { uploads: 1 } });
    expect(table.factsOf("/career-background-update/%5B%5D")).toMatchObject({ body: { uploads: 20 } });
    expect(table.factsOf("/site-settings/ad/0")).toMatchObject({ body: { uploads: 1 } });
    expect(table.factsOf("/site-settings/identity")).toMatchObject({ body: { uploads: 1 } });
    expect(table.factsOf("/site-settings")).not.toHaveProperty("body");
  });

  test("small forms and logins", () => {
    const small = table.routes.filter(({ facts }) => facts.body === "small").map(({ path }) => path);
    expect(small.sort()).toEqual(["/admin-login", "/ai", "/api/cookie/check", "/api/login", "/api/logout", "/logout"]);
    const logins = table.routes.filter(({ facts }) => facts.login).map(({ path }) => path);
    expect(logins.sort()).toEqual(["/admin-login", "/api/login"]);
  });
});
