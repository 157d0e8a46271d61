import path from "node:path";
import compression from "compression";
import express from "express";
import {
  applyConnectionLimits,
  bodyLimitFor,
  bodyLimits,
  refuseLoginsWhenBusy,
  rejectMalformedRequests,
  strictTransportSecurity,
} from "./edge.mjs";
import { createPageCache } from "./page-cache.mjs";
import { closeUnreadBodies, errorHandler, originGuard, privateCachePolicy, securityHeaders } from "./security.mjs";
import { createViewBeacon } from "./view-beacon.mjs";

/** The one Express app: headers, static files, guards, then Remix. Shared by server.mjs and the tests. */
export function createApp({ build, settings, publicBuildDir = path.resolve("public/build"), publicDir = path.resolve("public") }) {
  const app = express();
  const pageCache = createPageCache({ contentVersion: build.entry.module.contentVersion, siteCookieNames: settings.siteCookieNames });
  const viewBeacon = createViewBeacon({ countReelView: build.entry.module.countReelView });
  // Stored pages and view beacons are answered before Express's router runs. `app.listen` and
  // `http.createServer(app)` both enter through `app.handle`, so the server and the tests get them the same way.
  const handle = app.handle.bind(app);
  app.handle = (req, res, callback) => viewBeacon(req, res) || pageCache.answer(req, res) || handle(req, res, callback);
  app.disable("x-powered-by");
  // Only the proxies TRUST_PROXY names (default: one on this machine) may tell us the client's address and protocol.
  app.set("trust proxy", settings.trustProxy);
  // Every server made with app.listen (server.mjs and the tests) gets the connection caps.
  const listen = app.listen.bind(app);
  app.listen = (...args) => applyConnectionLimits(listen(...args), settings.connectionLimits);
  app.use(compression());
  // CSP, nosniff and the rest on everything, static files and error answers included.
  app.use(securityHeaders(settings.contentSecurityPolicy));
  app.use(strictTransportSecurity(settings.httpsOnly));
  app.use(closeUnreadBodies());
  app.use(rejectMalformedRequests({ publicOrigin: settings.publicOrigin }));

  app.use("/build", express.static(publicBuildDir, { immutable: true, maxAge: "1y", index: false }));
  app.use(
    "/uploads",
    express.static(settings.uploadsDir, {
      immutable: true,
      maxAge: "1y",
      index: false,
      dotfiles: "deny",
    }),
    (_req, res) => res.status(404).type("text").send("Not found"),
  );
  app.use(express.static(publicDir, { maxAge: "1h", index: false }));

  app.use(privateCachePolicy(settings.sessionCookieName));
  app.use(originGuard(settings.publicOrigin));
  app.use(refuseLoginsWhenBusy(settings.loginBusy));
  app.use(bodyLimits((req) => bodyLimitFor(req, { ...settings.bodyLimits, sessionCookieName: settings.sessionCookieName })));
  app.all(
    "*",
    pageCache.remixHandler({
      build,
      mode: settings.isProduction ? "production" : "development",
      publicOrigin: settings.publicOrigin,
      getLoadContext: (req, res) => ({ cspNonce: res.locals.cspNonce, clientAddress: req.ip ?? "unknown" }),
    }),
  );
  app.use(errorHandler());
  return app;
}
