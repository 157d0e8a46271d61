/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.*"],
  serverModuleFormat: "esm",
  // Pure ES modules the server would otherwise load file by file at every start (date-fns alone is
  // 300 files): bundled, a start costs about 160 ms less CPU (docs/performance.md, "Start-up").
  // zod-to-openapi goes with zod, whose copy it must share.
  serverDependenciesToBundle: [
    /^date-fns(\/|$)/,
    /^@date-fns\//,
    /^drizzle-orm(\/|$)/,
    /^zod(\/|$)/,
    /^@asteasolutions\/zod-to-openapi(\/|$)/,
    /^@conform-to\//,
  ],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
