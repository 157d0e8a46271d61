import "@remix-run/node";
import type { PageChanges } from "~/lib/page-changes.server";
import type { RouteTable } from "~/lib/route-table.server";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** The per-response CSP nonce, made by the Express server. */
    cspNonce?: string;
    /** The client's address as Express sees it (trusting only a local proxy). */
    clientAddress?: string;
    /** The request's id (server/request-log.ts): in its log line, its error page and its API errors. */
    requestId?: string;
    /** Every route's declared facts, compiled once by the server at start (the sitemap reads it). */
    routeTable?: RouteTable;
    /** When what this request's page shows next changes by itself (app/lib/page-changes.server.ts): the page cache keeps it no longer. */
    pageChanges?: PageChanges;
  }
  interface Future {
    v3_singleFetch: true;
  }
}
