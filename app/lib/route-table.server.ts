// The facts every route declares (`~/lib/route-facts`), gathered from the server build once at start
// and matched against request paths the way Remix ranks its routes. The page cache, the edge's body
// limits and login refusal, the sitemap, the API description and the bundle-budget test all read
// this one table.
import type { ApiCall } from "./api-call.server";
import type { RouteFacts } from "./route-facts";

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
  /** The route Remix would answer `pathname` with (exact, case-sensitive), or undefined. */
  routeOf(pathname: string): RouteEntry | undefined;
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
  const routes = addressable.map(({ entry }) => entry);
  // One alternation, one group per route in rank order: the first group that matched is Remix's choice.
  const matcher = new RegExp(`^(?:${routes.map((route) => `(${patternOf(route.path)})`).join("|")})$`);
  function routeOf(pathname: string) {
    const match = matcher.exec(pathname);
    if (!match) return undefined;
    const group = match.findIndex((value, index) => index > 0 && value !== undefined);
    return routes[group - 1];
  }
  return { routes, routeOf, factsOf: (pathname) => routeOf(pathname)?.facts };
}
