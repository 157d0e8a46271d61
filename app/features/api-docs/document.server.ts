import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from "@asteasolutions/zod-to-openapi";
import type { ApiCall } from "~/lib/api-call.server";
import type { RouteTable } from "~/lib/route-table.server";
import { SESSION_COOKIE_NAME } from "~/lib/session.server";
import { MULTIPART_MAX_PARTS, MULTIPART_TEXT_MAX_BYTES } from "~/lib/upload-limits";
import { apiErrorBody } from "./responses";

// The OpenAPI 3.1 description of /api, generated once, on the first request for it, from the
// declaration each `app/routes/api.*.ts` makes (lib/api-call.server.ts): the same zod schemas its
// loader or action parses and answers with, at the address of its route.

const SESSION_SCHEME = "adminSession";

/** What each refusal means; a call lists the ones it can answer. */
const REFUSALS: Record<number, string> = {
  400: "The request is invalid: a field (see `fieldErrors`), the JSON, the multipart body or the address.",
  401: "Not logged in as the admin (or, for the login, wrong id or password).",
  403: "Refused: sent from another site (Origin or Sec-Fetch-Site).",
  404: "The record it names does not exist (or is hidden from visitors).",
  409: "The Instagram reel is already registered.",
  411: "An upload without Content-Length.",
  413: `The body or an uploaded file is too large (UPLOAD_MAX_MB per file; small limits for other bodies), or a multipart form has more than ${MULTIPART_MAX_PARTS} parts or more than ${MULTIPART_TEXT_MAX_BYTES / 1024 / 1024} MiB of field text.`,
  415: "The wrong Content-Type, or an uploaded file of a type the call does not take.",
  429: "Too many failed logins: wait and try again.",
  500: "An unexpected failure; nothing internal is told.",
  502: "Instagram refused the saved token (or did not answer).",
  503: "Busy (every login slot is taken), or Instagram is not set up.",
};

/** The refusals every call of its kind can answer, with the ones particular to it. */
function refusalsOf(call: ApiCall): number[] {
  const statuses = new Set([400, 500, ...call.refusals]);
  if (call.access === "admin") statuses.add(401);
  if (call.method === "post") [403, 413].forEach((status) => statuses.add(status));
  if (call.request && "json" in call.request) statuses.add(415);
  if (call.request && "multipart" in call.request) [411, 415].forEach((status) => statuses.add(status));
  return [...statuses].sort((a, b) => a - b);
}

function requestOf(call: ApiCall): RouteConfig["request"] {
  if (!call.request) return undefined;
  if ("query" in call.request) return { query: call.request.query };
  const [type, schema] = "json" in call.request ? ["application/json", call.request.json] : ["multipart/form-data", call.request.multipart];
  return { body: { required: true, content: { [type]: { schema } } } };
}

function securityOf(call: ApiCall): RouteConfig["security"] {
  if (call.access === "admin") return [{ [SESSION_SCHEME]: [] }];
  if (call.access === "anyone, more for the admin") return [{}, { [SESSION_SCHEME]: [] }];
  return [];
}

/** Every answer names its request (server/request-log.ts; docs/operations.md §8). */
const headers = {
  "X-Request-Id": {
    description: "The request's id: in the server's log line for it and, on a refusal, in the body's `requestId`.",
    schema: { type: "string" as const },
  },
};

function buildDocument(calls: { path: string; call: ApiCall }[]) {
  const registry = new OpenAPIRegistry();
  registry.registerComponent("securitySchemes", SESSION_SCHEME, {
    type: "apiKey",
    in: "cookie",
    name: SESSION_COOKIE_NAME,
    description: "The admin's session, set by POST /api/login (or the login page).",
  });
  for (const { path, call } of calls) {
    const refusals = Object.fromEntries(
      refusalsOf(call).map((status) => [
        status,
        { description: REFUSALS[status]!, headers, content: { "application/json": { schema: apiErrorBody } } },
      ]),
    );
    registry.registerPath({
      method: call.method,
      path,
      summary: call.summary,
      security: securityOf(call),
      request: requestOf(call),
      responses: { 200: { description: "Done.", headers, content: { "application/json": { schema: call.response } } }, ...refusals },
    });
  }
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "OT kids site API",
      version: "1",
      description:
        "The JSON API beside the site's pages, over the same use cases. Every answer carries `errMsg` and `errCode` " +
        "(empty on success); a refusal has a real HTTP status, a Korean `errMsg` and the request's id in `requestId`.",
    },
  });
}

let document: ReturnType<typeof buildDocument> | undefined;

/** The description of every call the route table holds, in the order of their addresses; built once per process (the schemas do not change while it runs). */
export function openApiDocument(routeTable: RouteTable) {
  document ??= buildDocument(
    routeTable.routes
      .flatMap(({ path, call }) => (call ? [{ path, call }] : []))
      .sort((a, b) => a.path.localeCompare(b.path) || a.call.method.localeCompare(b.call.method)),
  );
  return document;
}
