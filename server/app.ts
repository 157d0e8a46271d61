import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import type * as AppEntry from "../app/entry.server";
import { newPageChanges } from "../app/lib/page-changes.server";
import { compileRouteTable } from "../app/lib/route-table.server";
import { BROTLI_WINDOW_BITS } from "./compress";
import { applyConnectionLimits, CONNECTIONS_CHECKING_INTERVAL_MS } from "./connections";
import {
  bodyLimitFor,
  bodyLimits,
  refuseLoginsWhenBusy,
  refuseUploadsWithoutSession,
  rejectMalformedRequests,
  strictTransportSecurity,
} from "./edge";
import { createErrorLog } from "./error-log";
import { dropUnreadBody } from "./linger";
import { createPageCache } from "./page-cache";
import { createPageVisits } from "./page-visits";
import type { RenderQueueLimits } from "./render-queue";
import { clientAddressOf, compileTrust } from "./request";
import { createRequestLog, requestIdOf } from "./request-log";
import { answerUnreadableRequest } from "./request-target";
import { answerUnparsedRequest, errorHandler, originGuard, securityHeaders } from "./security";
import { createViewBeacon } from "./view-beacon";

/** The app's server build: Remix's, with what app/entry.server.tsx adds for this server. */
export type AppBuild = ServerBuild & { entry: { module: typeof AppEntry } };
export type ServerSettings = ReturnType<typeof AppEntry.serverSettings>;

type ServerOptions = {
  build: AppBuild;
  settings: ServerSettings;
  publicBuildDir?: string;
  publicDir?: string;
  /** How many page renders run at once and may wait (tests make it small); server/page-cache.ts has the default. */
  renderQueue?: RenderQueueLimits;
};

/**
 * The one HTTP server (server.ts and the tests): requests the app cannot read and paths not in their
 * normal form are answered first, then view beacons and stored pages, before Express (public pages counted on their way out); everything else goes through the Express app (headers, static files, guards, then Remix).
 * Every request is given its id and its log line before any of them answers (server/request-log.ts).
 * It listens with the connection caps applied.
 */
export function createServer({
  build,
  settings,
  publicBuildDir = path.resolve("public/build"),
  publicDir = path.resolve("public"),
  renderQueue,
}: ServerOptions) {
  const routeTable = compileRouteTable(build.routes);
  const { contentVersion, countReelView, countGuideView, countPageVisit, withRequestId } = build.entry.module;
  const { log } = settings;
  // Only the proxies TRUST_PROXY names (default: one on this machine) may tell us the client's address
  // and protocol: one compiled rule for Express, the page cache and the view beacon.
  const trust = compileTrust(settings.trustProxy);
  const { publicOrigin, siteCookieNames } = settings;
  const pageCache = createPageCache({ contentVersion, siteCookieNames, publicOrigin, trust, routes: routeTable, renderQueue });
  const logError = createErrorLog(log);
  const clientAddress = (req: http.IncomingMessage) => clientAddressOf(req, trust);
  const pageVisits = createPageVisits({ countPageVisit, routes: routeTable, publicOrigin, clientAddressOf: clientAddress, logError });
  const viewBeacon = createViewBeacon({
    countReelView,
    countGuideView,
    countNavigation: pageVisits.countNavigation,
    clientAddressOf: clientAddress,
    logError,
  });
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", trust);
  // Flat name=value pairs (node:querystring), not qs's nested objects: only the edge's `_data`
  // check reads req.query (Remix reads the URL itself), and every request paid for qs's parse.
  app.set("query parser", "simple");
  // Answers other than pages (the API's JSON, the data of client navigations, static files); pages are compressed whole (server/compress.ts).
  app.use(compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS } } }));
  // CSP, nosniff and the rest on everything, static files and error answers included.
  app.use(securityHeaders(settings.contentSecurityPolicy, routeTable));
  app.use(strictTransportSecurity(settings.httpsOnly));
  app.use(rejectMalformedRequests({ publicOrigin: settings.publicOrigin }));

  const dropUnread = (res: http.ServerResponse) => dropUnreadBody(res.req);
  // Scripts and stylesheets as `npm run build` compressed them (scripts/precompress.ts), brotli or gzip as the browser accepts.
  app.use(
    "/build",
    expressStaticGzip(publicBuildDir, {
      enableBrotli: true,
      orderPreference: ["br", "gzip"],
      index: false,
      serveStatic: { immutable: true, maxAge: "1y", index: false, setHeaders: dropUnread },
    }),
  );
  app.use(
    "/uploads",
    express.static(settings.uploadsDir, {
      immutable: true,
      maxAge: "1y",
      index: false,
      dotfiles: "deny",
      setHeaders: (res, file) => {
        // The pictures' AVIF sizes (docs/architecture.md §5): send's MIME table predates AVIF.
        if (file.endsWith(".avif")) res.setHeader("Content-Type", "image/avif");
        dropUnread(res);
      },
    }),
    (req, res) => {
      dropUnreadBody(req);
      res.status(404).type("text").send("Not found");
    },
  );
  // Pages have no file extension: they are not looked for on disk (a stat and its ENOENT error on every render).
  const publicFiles = express.static(publicDir, { maxAge: "1h", index: false, setHeaders: dropUnread });
  app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));

  app.use(originGuard(settings.publicOrigin));
  app.use(refuseLoginsWhenBusy(routeTable, settings.loginBusy));
  app.use(refuseUploadsWithoutSession(routeTable, settings.uploadsNeedLogin));
  const uploadSettings = { ...settings.bodyLimits, sessionCookieName: settings.sessionCookieName };
  app.use(bodyLimits((req) => bodyLimitFor(req, routeTable, uploadSettings)));
  app.all(
    "*",
    pageCache.remixHandler({
      build,
      mode: settings.isProduction ? "production" : "development",
      sessionCookieName: settings.sessionCookieName,
      withRequestId,
      getLoadContext: (req, res) => ({
        cspNonce: res.locals.cspNonce,
        clientAddress: req.ip ?? "unknown",
        requestId: requestIdOf(req),
        routeTable,
        pageChanges: newPageChanges(),
      }),
    }),
  );
  app.use(errorHandler(logError));

  const startRequestLog = createRequestLog({ log, trust });
  const server = http.createServer({ connectionsCheckingInterval: CONNECTIONS_CHECKING_INTERVAL_MS }, (req, res) => {
    // First, so that every answer below, whoever sends it, carries the id and gets its one line.
    startRequestLog(req, res);
    if (answerUnreadableRequest(req, res) || viewBeacon(req, res)) return;
    // Public pages are counted here, whether the page cache or Remix answers them.
    pageVisits.countWhenAnswered(req, res);
    if (pageCache.answer(req, res)) return;
    res.setHeader("X-Request-Id", requestIdOf(req)!);
    void app(req, res);
  });
  server.on("clientError", answerUnparsedRequest);
  return applyConnectionLimits(server, settings.connectionLimits, trust);
}
