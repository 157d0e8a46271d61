// Calling route modules directly (docs/architecture.md §6, as the Epic Stack does): a real Request goes into a
// route's loader or action, in this test file's own process with its own copy of the migrated
// database and its own UPLOADS_DIR (tests/integration/_setup.ts). No HTTP server, no Express.
import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db/client.server";
import { admins } from "~/db/schema";
import { ensureAdminAccount } from "~/features/auth/auth.server";
import { startSession, type Admin } from "~/lib/session.server";
import { ADMIN_ID } from "../support/admin";

/** This test file's own DATA_DIR and UPLOADS_DIR (set by tests/integration/_setup.ts). */
export const thisFile = { dataDir: process.env.DATA_DIR!, uploadsDir: process.env.UPLOADS_DIR! };

/** The origin the direct requests are addressed to (any origin works: no origin guard runs here). */
const ORIGIN = "http://localhost";
export const SESSION_COOKIE = "ot_sid";

type RouteModule = {
  loader?: (args: LoaderFunctionArgs) => unknown;
  action?: (args: ActionFunctionArgs) => unknown;
};

export type CallInit = {
  method?: string;
  /** A JSON body (Content-Type: application/json). */
  json?: unknown;
  /** A browser form post: urlencoded for plain fields, multipart (with Content-Length) for FormData. */
  form?: Record<string, string> | URLSearchParams | FormData;
  body?: BodyInit;
  /** Cookie header value(s), e.g. from adminCookie() or cookiesFrom(). */
  cookie?: string | string[];
  headers?: Record<string, string>;
  params?: Record<string, string>;
  context?: AppLoadContext;
};

/** A real Request as a browser would send it (multipart bodies carry their length, as browsers do). */
async function makeRequest(pathname: string, init: CallInit = {}) {
  const headers = new Headers(init.headers);
  const cookies = [init.cookie ?? []].flat().filter(Boolean);
  if (cookies.length) headers.set("Cookie", cookies.join("; "));
  let body: BodyInit | undefined = init.body;
  if (init.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(init.json);
  } else if (init.form instanceof FormData) {
    const encoded = new Response(init.form);
    body = new Uint8Array(await encoded.arrayBuffer());
    headers.set("Content-Type", encoded.headers.get("Content-Type")!);
    headers.set("Content-Length", String(body.byteLength));
  } else if (init.form) {
    body = new URLSearchParams(init.form);
  }
  const method = init.method ?? (body === undefined ? "GET" : "POST");
  return new Request(new URL(pathname, ORIGIN), { method, headers, body });
}

/** Whatever a loader or action returned or threw, as the Response Remix would send for it. */
async function settle(run: () => unknown): Promise<Response> {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  if (result instanceof Response) return result;
  if (isDataWithInit(result)) return Response.json(result.data, result.init ?? undefined);
  return Response.json(result ?? null);
}

function isDataWithInit(value: unknown): value is { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null } {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

const DEFAULT_CONTEXT: AppLoadContext = { cspNonce: "test-nonce", clientAddress: "127.0.0.1" };

export async function callLoader(route: RouteModule, pathname: string, init: CallInit = {}) {
  const request = await makeRequest(pathname, { method: "GET", ...init });
  return settle(() => route.loader!({ request, params: init.params ?? {}, context: init.context ?? { ...DEFAULT_CONTEXT } }));
}

export async function callAction(route: RouteModule, pathname: string, init: CallInit = {}) {
  const request = await makeRequest(pathname, { method: "POST", ...init });
  return settle(() => route.action!({ request, params: init.params ?? {}, context: init.context ?? { ...DEFAULT_CONTEXT } }));
}

/** The `name=value` pairs a response sets (cleared cookies left out), ready for a Cookie header. */
export function cookiesFrom(response: Response): string[] {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .filter((pair) => pair.slice(pair.indexOf("=") + 1) !== "");
}

/** Set-Cookie lines of a response for one cookie name. */
export function setCookieLines(response: Response, name: string) {
  return response.headers.getSetCookie().filter((line) => line.startsWith(`${name}=`));
}

let admin: Promise<Admin> | undefined;

/** The admin named by ADMIN_ID/ADMIN_PASSWORD, created once per file through the start-up code. */
export function theAdmin(): Promise<Admin> {
  admin ??= ensureAdminAccount(() => {}).then(() => {
    const row = db().select({ id: admins.id, loginId: admins.loginId }).from(admins).get();
    if (row?.loginId !== ADMIN_ID) throw new Error(`expected the admin ${ADMIN_ID}, found ${row?.loginId}`);
    return row;
  });
  return admin;
}

/** A Cookie header value for a fresh admin session, made without a login (one test logs in for real). */
export async function adminCookie({ remember = false } = {}) {
  const { id } = await theAdmin();
  const line = await startSession(new Request(ORIGIN), id, remember);
  return line.split(";")[0]!;
}

/** A redirect's target path (and search), whatever the status code used. */
export function redirectTarget(response: Response) {
  if (response.status < 300 || response.status >= 400) throw new Error(`not a redirect: ${response.status}`);
  const url = new URL(response.headers.get("Location")!, ORIGIN);
  return url.pathname + url.search;
}
