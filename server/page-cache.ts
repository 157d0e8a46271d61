// The rendered-page cache for anonymous visitors (docs/architecture.md §7). A shared reel sends thousands of
// phones to the same few pages, which change only when the one admin writes: those pages are
// rendered once, stored precompressed and answered before Express and Remix run.
//
// CSP: a stored page is sent to many visitors, so it cannot carry a per-response nonce (and a
// nonce written into each answer would mean recompressing every answer). When a page is stored,
// its nonce attributes are removed and its policy allows exactly its own inline scripts by their
// SHA-256 hashes; every other source of the policy is unchanged.
import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import type { RouteEntry, RouteTable } from "../app/lib/route-table.server";
import { remixRequest, sendRemixResponse } from "./remix-handler";
import { createRenderQueue, type RenderQueueLimits } from "./render-queue";
import { hasSiteCookie, protocolOf, type ProxyTrust } from "./request";
import { noteCacheOutcome, requestIdOf } from "./request-log";
import { hasSessionCookie, sendPlainError } from "./security";
import { createShelf, sendEntry, STORED_COMPRESSION, toEntry, type Entry, type Kind } from "./stored-pages";

/**
 * The only parameters a public page reads (a reel list's cursor and the search word). Everything
 * else (what links from Instagram, KakaoTalk and ads carry, or a cache-buster) changes nothing on
 * the page, so it must not make a new render: `/?v=1`, `/?v=2`… would each cost a render and a
 * stored copy.
 */
const PAGE_PARAMS = new Set(["after", "keyword"]);

/**
 * Writes invalidate at once; the TTL only bounds what a missed invalidation could cost. A page past
 * its TTL is renewed by the next visitor's render, and until that render is done the other visitors
 * get the page as it was (for at most another TTL): no write has happened since, or it would be gone.
 */
const TTL_MS = 30_000;
/**
 * Stored entries together (a page is about 25 KB in its three encodings; its key and headers count
 * too): the plain pages, all the pages of a site with a thousand reels; and, apart, everything else
 * (searches and later pages of lists, which are many and each seldom asked twice, and pages for
 * another origin than the primary one), so a flood of made-up searches or hosts only turns over its
 * own share.
 */
const MAX_BYTES = { page: 24 * 1024 * 1024, query: 4 * 1024 * 1024 };
/**
 * A query page (a search, a later page of a list) is stored from its second request, so the
 * addresses asked once are remembered: the last this many. Storing a page costs more than rendering
 * it for one visitor (the hashes of its scripts, brotli and gzip, about a fifth of a miss), and most
 * of those addresses are asked once.
 */
const ASKED_ONCE_MAX = 2_000;
/**
 * The plain pages stored since the start are remembered (digests, the last this many: about 0.2 MB),
 * so that a render of one goes ahead of the queue once its entry is gone (a write, its banner's turn,
 * its lifetime): the site's own pages, more than the plain pages' shelf holds at once (about 1,000);
 * a made-up address is never stored. That lane is never refused, so this also bounds it: one render
 * waiting for each such page at most (renders of one page are shared), whatever a flood asks.
 */
const STORED_PAGES_MAX = 2_000;
/**
 * Page renders (and a stored page's compression) running at once, and how many may wait for one
 * (server/render-queue.ts). Rendering is CPU-bound on one thread, so more at once is not faster, only
 * larger (190 connections of cache-missing searches held 200 MiB of RSS unqueued, 136 MiB through 4
 * slots, at the same rate), and each render running makes the stored pages wait longer for the event
 * loop: with 4 slots, up to 4 renders ran back to back between two reads of the sockets. 2 so that
 * a render waiting on I/O (a reel's link refreshed from Instagram) does not stop all the others.
 * A visitor past the 100 waiting (about a second of renders) is answered 503 with Retry-After.
 */
const RENDER_QUEUE: RenderQueueLimits = { slots: 2, maxWaiting: 100 };
/** app/routes/healthz.ts (docs/operations.md §4). */
const HEALTH_CHECK_PATH = "/healthz";
/** Retry-After of a render refused because the queue is full. */
const BUSY_RETRY_AFTER_SECONDS = 5;

export type PageCacheOptions = {
  /** Changes at every content write: pages rendered at an older version are never served. */
  contentVersion: () => number;
  /** A request carrying any of these may see a personal page. */
  siteCookieNames: string[];
  /** When set, every page's absolute URLs are built from it, whatever the request's host. */
  publicOrigin: string | undefined;
  /** Which peers may name the protocol (TRUST_PROXY, as Express reads it). */
  trust: ProxyTrust;
  /** Which pages are stored: the routes that declare `cache`. */
  routes: RouteTable;
  ttlMs?: number;
  renderQueue?: RenderQueueLimits;
};

export type RemixHandlerOptions = {
  build: ServerBuild;
  mode: "production" | "development";
  sessionCookieName: string;
  /** Runs Remix with the request's id in scope (app/lib/log.server.ts), for the API's error envelope. */
  withRequestId: <T>(requestId: string, run: () => T) => T;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
};

export function createPageCache({
  contentVersion,
  siteCookieNames,
  publicOrigin,
  trust,
  routes,
  ttlMs = TTL_MS,
  renderQueue = RENDER_QUEUE,
}: PageCacheOptions) {
  const shelves = { page: createShelf(MAX_BYTES.page), query: createShelf(MAX_BYTES.query) };
  /** The route of a page the cache keeps (one that declares `cache`), or undefined. */
  const cachedRouteOf = (pathname: string) => {
    const route = routes.routeOf(pathname);
    return route?.facts.access === "public" && route.facts.cache === true ? route : undefined;
  };
  /** One render per page and content version at a time: a wave of visitors after a write waits for it. */
  const rendering = new Map<string, { version: number; render: Promise<Entry | null> }>();
  let storedVersion = contentVersion();
  /** A slot is held until the page is rendered (and stored), not while a slow client reads it. */
  const renders = createRenderQueue(renderQueue);
  /**
   * Without PUBLIC_ORIGIN, pages are built from the request's origin; the first origin a plain page
   * is stored for is the site's, and only its plain pages go on the page shelf.
   */
  let primaryOrigin: string | undefined;

  /**
   * The cache key of a request the cache may answer, or null: the path and the page parameters,
   * and, without PUBLIC_ORIGIN, the origin the page's absolute URLs are built from (Host, and the
   * protocol a trusted proxy names); nothing else of the request reaches the page.
   */
  function keyOf(req: IncomingMessage): CacheKey | null {
    if (req.method !== "GET" && req.method !== "HEAD") return null;
    if (hasSiteCookie(req, siteCookieNames)) return null;
    const { pathname, target } = normalisedTarget(req.url ?? "");
    const route = cachedRouteOf(pathname);
    if (!route) return null;
    const origin = publicOrigin ? "" : `${protocolOf(req, trust)}://${req.headers.host ?? ""}`;
    // Another spelling of a page's words (`/REELS-category`) is the same page, but only the route's own goes on the plain shelf.
    const plain = target === pathname && routes.isSpelledAs(pathname, route) && (primaryOrigin === undefined || origin === primaryOrigin);
    return { key: `${origin}|${target}`, origin, kind: plain ? "page" : "query", route };
  }

  function lookup({ key, kind }: CacheKey) {
    dropIfContentChanged();
    return shelves[kind].get(key);
  }

  function dropIfContentChanged() {
    if (storedVersion === contentVersion()) return;
    for (const shelf of Object.values(shelves)) shelf.clear();
    storedVersion = contentVersion();
  }

  function store({ key, kind, origin }: CacheKey, entry: Entry) {
    dropIfContentChanged();
    // Rendered before a write that finished meanwhile: already stale.
    if (entry.version !== storedVersion) return;
    if (kind === "page") {
      primaryOrigin ??= origin;
      remember(storedPages, digestOf(key), STORED_PAGES_MAX);
    }
    shelves[kind].set(key, { ...entry, bytes: entry.bytes + Buffer.byteLength(key) });
  }

  /** Digests of the keys (a key may be as long as Node lets a request line be): about 80 bytes each. */
  const askedOnce = new Set<string>();
  const storedPages = new Set<string>();

  /** A plain page is stored on its first request; a query page on its second (ASKED_ONCE_MAX). */
  function storesThisRequest(cacheKey: CacheKey) {
    const { key, kind } = cacheKey;
    if (kind === "page" || lookup(cacheKey)) return true;
    const digest = digestOf(key);
    if (askedOnce.has(digest)) return true;
    remember(askedOnce, digest, ASKED_ONCE_MAX);
    return false;
  }

  /**
   * Whether a render of this page goes ahead of the queue and is never refused: a plain page still
   * stored (its renewal), one of the fixed pages (a route without parameters, `/`, `/product-list`,
   * on the site's own origin), or a plain page stored before. A flood of made-up searches fills the
   * queue; the home page must still be rendered after a write or at its banner's turn, not answered
   * "busy" until the flood ends. These pages are bounded, and none of them can be made up.
   */
  function goesFirst({ key, kind, origin, route }: CacheKey, stored: Entry | undefined) {
    if (kind !== "page") return false;
    const fixed = !route.hasParams && (Boolean(publicOrigin) || origin === primaryOrigin);
    return stored !== undefined || fixed || storedPages.has(digestOf(key));
  }

  /** Whether a render of this page at the current content version is under way. */
  function isRendering(key: string) {
    return rendering.get(key)?.version === contentVersion();
  }

  /**
   * Answers from the cache when it can; false hands the request on (to Express). A page past its TTL
   * is answered as it was while another visitor's render renews it; the first visitor after the TTL renders.
   */
  function answer(req: IncomingMessage, res: ServerResponse) {
    const key = keyOf(req);
    const entry = key && lookup(key);
    if (!entry) return false;
    const fresh = entry.expires > Date.now();
    if (!fresh && !isRendering(key.key)) return false;
    noteCacheOutcome(req, fresh ? "hit" : "stale");
    sendEntry(req, res, entry);
    return true;
  }

  /**
   * The Remix request handler for Express. A cacheable page that is not stored yet is rendered
   * once, stored, and answered from the stored entry, so the first visitor gets the same headers
   * and bytes as the next ones; a query page asked for the first time is rendered for its visitor
   * only, as a page no cache keeps.
   */
  function remixHandler({ build, mode, getLoadContext, sessionCookieName, withRequestId }: RemixHandlerOptions): RequestHandler {
    const handleRequest = createRequestHandler(build, mode);
    return async (req, res, next) => {
      try {
        const key = req.method === "GET" ? keyOf(req) : null;
        const loadContext = getLoadContext(req, res);
        const requestId = requestIdOf(req) ?? "";
        const render = (request: Request) => withRequestId(requestId, () => handleRequest(request, loadContext));
        const send = (response: Response) => sendRemixResponse(req, res, response, hasSessionCookie(req, sessionCookieName));
        if (key) noteCacheOutcome(req, "miss");
        if (key && storesThisRequest(key)) {
          const entry = await renderOnce(key, req, res, {
            render,
            send,
            nonce: loadContext.cspNonce,
            changesAt: () => loadContext.pageChanges?.at ?? Number.POSITIVE_INFINITY,
          });
          if (entry) return sendEntry(req, res, entry);
          if (res.headersSent) return;
        }
        const renderThis = () => render(remixRequest(req, res, publicOrigin));
        // Reads and renders take a slot; writes (the one admin's form posts and uploads) do not wait
        // behind a flood of page views, nor does the health check (a monitor must get its answer
        // during a flood, not a "busy" it would take for a failure; it renders no page).
        if ((req.method !== "GET" && req.method !== "HEAD") || req.path === HEALTH_CHECK_PATH) {
          const response = await renderThis();
          // A body over its limit was already answered with 413 while Remix was reading it.
          if (!res.headersSent) await send(response);
          return;
        }
        // A visitor who left while the read waited for its slot is not rendered for: after a flood,
        // the queue would otherwise keep the process busy with pages nobody reads.
        const turn = renders.run(() => (req.socket.destroyed ? Promise.resolve(null) : renderThis()));
        if (!turn) return sendBusy(req, res);
        const response = await turn;
        if (response && !res.headersSent) await send(response);
      } catch (error) {
        next(error);
      }
    };
  }

  /**
   * Resolves to the stored entry, or to null when the page cannot be stored (a 404, a redirect, a
   * cookie): then the request that rendered it has been answered with that response, and the
   * requests that waited for it render for themselves.
   */
  async function renderOnce(
    cacheKey: CacheKey,
    req: ExpressRequest,
    res: ExpressResponse,
    { render: renderRequest, send, nonce, changesAt }: RenderParts,
  ): Promise<Entry | null> {
    const stored = lookup(cacheKey);
    if (stored && stored.expires > Date.now()) return stored;
    const { key, kind } = cacheKey;
    const version = contentVersion();
    const pending = rendering.get(key);
    // A render that started before the latest write is not waited for: it may show older content.
    // If the awaited render fails (its visitor went away), this request renders for itself.
    if (pending?.version === version) return pending.render.catch(() => null);
    // A plain page's render goes before the other renders waiting: one render that every visitor of
    // the page is waiting for.
    const turn = renders.run(
      async () => {
        const request = remixRequest(req, res, publicOrigin);
        // Rendered at the normalised address, exactly the page every request with this key gets.
        const response = await renderRequest(new Request(new URL(normalisedTarget(req.url).target, request.url), request));
        const entry = await toEntry(response, res, nonce, version, { ttlMs, changesAt: changesAt() }, STORED_COMPRESSION[kind]);
        if (entry) store(cacheKey, entry);
        return { entry, response };
      },
      { first: goesFirst(cacheKey, stored) },
    );
    if (!turn) {
      sendBusy(req, res);
      return null;
    }
    const render = turn.then(async ({ entry, response }) => {
      // Not stored (a 404, a redirect, a cookie): this visitor gets it as it is, outside the slot.
      if (!entry) await send(response);
      return entry;
    });
    const flight = { version, render };
    rendering.set(key, flight);
    try {
      return await render;
    } finally {
      if (rendering.get(key) === flight) rendering.delete(key);
    }
  }

  return { answer, remixHandler };
}

/** The render queue is full: the visitor is asked to come back shortly (in Korean), at once. */
function sendBusy(req: ExpressRequest, res: ExpressResponse) {
  res.setHeader("Retry-After", String(BUSY_RETRY_AFTER_SECONDS));
  sendPlainError(req, res, 503);
}

type RenderParts = {
  render: (request: Request) => Promise<Response>;
  send: (response: Response) => Promise<void>;
  nonce: string | undefined;
  /** When what the rendered page shows changes by itself (app/lib/page-changes.server.ts), read once it is rendered. */
  changesAt: () => number;
};

type CacheKey = { key: string; origin: string; kind: Kind; route: RouteEntry };

function digestOf(key: string) {
  return crypto.createHash("sha256").update(key).digest("base64url").slice(0, 22);
}

/** Adds `value`, forgetting the oldest past `max`. */
function remember(set: Set<string>, value: string, max: number) {
  set.delete(value);
  set.add(value);
  if (set.size > max) set.delete(set.values().next().value!);
}

/** The path, and the path with the query of page parameters only, non-empty and sorted. */
function normalisedTarget(url: string) {
  const queryStart = url.indexOf("?");
  const pathname = queryStart === -1 ? url : url.slice(0, queryStart);
  if (queryStart === -1) return { pathname, target: pathname };
  const params = new URLSearchParams(
    [...new URLSearchParams(url.slice(queryStart + 1))].filter(([name, value]) => PAGE_PARAMS.has(name) && value.trim() !== ""),
  );
  params.sort();
  const query = params.toString();
  return { pathname, target: query ? `${pathname}?${query}` : pathname };
}
