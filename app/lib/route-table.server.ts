// The facts every route declares (`~/lib/route-facts`), gathered from the server build once at start
// and matched against request paths the way Remix ranks its routes. The page cache, the edge's body
// limits and login refusal, the sitemap, the API description and the bundle-budget test all read
// this one table.
import type { ApiCall } from "./api-call.server";
import { boundedMemo } from "./bounded-memo";
import type { RouteFacts } from "./route-facts";
import { PAGE_PATH_MAX } from "./route-info";

/** What the table reads of a server build's route (`build.routes[id]`). */
export type BuildRoute = {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: { handle?: unknown; default?: unknown; call?: unknown };
};

export type RouteEntry = {
  id: string;
  /** The full address pattern, e.g. `/reels-list/:id/:title` (index routes: their parent's). */
  path: string;
  facts: RouteFacts;
  /** A route with a component and an address: a page a visitor loads (with its JavaScript). */
  isPage: boolean;
  /** Its address has parameters (`:id`, `*`): it is many pages. */
  hasParams: boolean;
  /** An API call's declaration (`~/lib/api-call.server`), at this address. */
  call?: ApiCall;
};

export type RouteTable = {
  /** Every addressable route, most specific first. */
  routes: RouteEntry[];
  /**
   * The route Remix would answer `pathname` (in its normal form, server/request.ts) with, or
   * undefined. Like Remix, it ignores the case of the route's own words: `/API/LOGIN` is the login,
   * and gets the login's limits.
   */
  routeOf(pathname: string): RouteEntry | undefined;
  /** Whether `pathname` spells `route`'s own words as the route does (`/reels-category`, not `/REELS-category`). */
  isSpelledAs(pathname: string, route: RouteEntry): boolean;
  /** Its facts. */
  factsOf(pathname: string): RouteFacts | undefined;
};

/** The root route is the document every page renders in, not an address of its own. */
const ROOT_ID = "root";

/** A page's facts are its handle's; an API call's come with its declaration (`export const { call } = apiCall(…)`). */
function declaredFacts(route: BuildRoute): RouteFacts {
  const declared = (route.module.handle ?? route.module.call) as { routeFacts?: RouteFacts } | undefined;
  if (!declared?.routeFacts) {
    throw new Error(`Route ${route.id} declares no facts: add \`export const handle = routeFacts({ … })\` (see docs/route-facts.md).`);
  }
  return declared.routeFacts;
}

function fullPath(routes: Record<string, BuildRoute | undefined>, route: BuildRoute) {
  const parts: string[] = [];
  for (let current: BuildRoute | undefined = route; current; current = current.parentId ? routes[current.parentId] : undefined) {
    if (current.path) parts.unshift(current.path);
  }
  return `/${parts.join("/")}`.replace(/\/+/g, "/");
}

const isParam = (segment: string) => segment.startsWith(":");

/** React Router's ranking: static segments weigh most, then parameters; a splat least. */
function score(path: string, index: boolean) {
  const segments = path.split("/");
  let total = segments.length + (segments.includes("*") ? -2 : 0) + (index ? 2 : 0);
  for (const segment of segments) {
    if (segment === "*") continue;
    total += isParam(segment) ? 3 : segment === "" ? 1 : 10;
  }
  return total;
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function patternOf(path: string) {
  const segments = path.split("/").filter(Boolean);
  if (segments.length === 0) return "/";
  return segments
    .map((segment) => {
      if (segment === "*") return "(?:/.*)?";
      if (isParam(segment)) return segment.endsWith("?") ? "(?:/[^/]+)?" : "/[^/]+";
      return segment.endsWith("?") ? `(?:/${escapeRegExp(segment.slice(0, -1))})?` : `/${escapeRegExp(segment)}`;
    })
    .join("");
}

/** Reads every route's facts (throws for a route that declares none) and compiles one matcher for all addresses. */
export function compileRouteTable(buildRoutes: Record<string, BuildRoute | undefined>): RouteTable {
  const declared = Object.values(buildRoutes).filter((route): route is BuildRoute => route !== undefined && route.id !== ROOT_ID);
  const addressable = declared
    .map((route) => ({ route, facts: declaredFacts(route) }))
    .filter(({ route }) => route.index || route.path !== undefined)
    .map(({ route, facts }, order) => {
      const path = fullPath(buildRoutes, route);
      return {
        entry: {
          id: route.id,
          path,
          facts,
          isPage: route.module.default !== undefined,
          hasParams: /[:*]/.test(path),
          call: route.module.call as ApiCall | undefined,
        },
        rank: score(path, route.index === true),
        order,
      };
    })
    // Most specific first; among equals, the order of the build (as Remix keeps it).
    .sort((a, b) => b.rank - a.rank || a.order - b.order);
  const routes: RouteEntry[] = addressable.map(({ entry }) => entry);
  // One alternation, one group per route in rank order: the first group that matched is Remix's choice.
  const matcher = new RegExp(`^(?:${routes.map((route) => `(${patternOf(route.path)})`).join("|")})$`, "i");
  const spellings = new Map(routes.map((route) => [route, new RegExp(`^${patternOf(route.path)}$`)]));
  function match(pathname: string) {
    const found = matcher.exec(pathname);
    if (!found) return undefined;
    const group = found.findIndex((value, index) => index > 0 && value !== undefined);
    return routes[group - 1];
  }
  // Every request asks (the page cache, the visit counter, the edge's limits), most of them for the
  // same few pages: 1,000 paths as long as a page's (PAGE_PATH_MAX), 2 MB at most.
  const routeOf = boundedMemo(match, { maxKeys: 1000, maxKeyLength: PAGE_PATH_MAX });
  return {
    routes,
    routeOf,
    isSpelledAs: (pathname, route) => spellings.get(route)?.test(pathname) === true,
    factsOf: (pathname) => routeOf(pathname)?.facts,
  };
}
