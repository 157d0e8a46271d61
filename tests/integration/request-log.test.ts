// Issue 22 item 4, against the real process (`node build/server.js`): one JSON line per request,
// whoever answers it (the page cache, Remix, the view beacon, the unreadable-target guard, the edge),
// its id the same in the line, the X-Request-Id header and the error the visitor or the API client
// sees; nothing secret in the log after a login, an Instagram token save and two Instagram logins
// (one through, one refused: the app secret, the codes, the states and the tokens); LOG_LEVEL=warn quiets it.
// Runs about 5 s.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ADMIN_ID, ADMIN_PASSWORD } from "../support/admin";
import { startFakeGraph, type FakeGraph } from "../support/fake-graph";
import { Client } from "../support/http";
import { cleanUpProcesses, seededSite, startServer, type Server } from "./hardening-support";

const PHONE_BROWSER =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const INSTAGRAM_TOKEN = "IGQWRlogtestSecretToken0123456789";
const INSTAGRAM_APP = { id: "990602627938098", secret: "5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b" };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

type Line = Record<string, unknown>;

let graph: FakeGraph;

beforeAll(async () => {
  graph = await startFakeGraph({ username: "therapist.kr", app: INSTAGRAM_APP });
});

afterAll(async () => {
  cleanUpProcesses();
  await graph.close();
});

/** The JSON lines the process wrote (the start-up messages are plain text). */
function jsonLines(output: string): Line[] {
  return output
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Line);
}

function requestLines(output: string) {
  return jsonLines(output).filter((line) => line.msg === "request");
}

/** A request in absolute form (`GET http://a/`), which no browser sends and the app cannot read. */
function absoluteFormRequest(origin: string) {
  const { hostname, port } = new URL(origin);
  return new Promise<{ status: number; requestId: string; body: string }>((resolve, reject) => {
    const request = http.request({ hostname, port, path: "http://a/", method: "GET" }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode!, requestId: String(response.headers["x-request-id"]), body }));
    });
    request.on("error", reject);
    request.end();
  });
}

describe("LOG_LEVEL=info: a line per request", () => {
  let server: Server;
  /** What each request got back, by name; the log is read after the process has stopped (all lines flushed). */
  const seen: Record<string, { requestId: string; status: number; body?: string; location?: string }> = {};
  const secrets: string[] = [ADMIN_PASSWORD, INSTAGRAM_TOKEN];
  let output = "";

  async function visit(name: string, client: Client | null, pathname: string, init: Parameters<Client["fetch"]>[1] = {}) {
    const response = client
      ? await client.fetch(pathname, init)
      : await fetch(new URL(pathname, server.origin), { redirect: "manual", ...init });
    const requestId = response.headers.get("x-request-id") ?? "";
    seen[name] = { requestId, status: response.status, body: await response.text(), location: response.headers.get("location") ?? "" };
    return seen[name];
  }

  beforeAll(async () => {
    server = await startServer(seededSite(), {
      LOG_LEVEL: "info",
      INSTAGRAM_GRAPH_URL: graph.origin,
      INSTAGRAM_AUTH_URL: graph.origin,
      INSTAGRAM_API_URL: graph.origin,
      INSTAGRAM_APP_ID: INSTAGRAM_APP.id,
      INSTAGRAM_APP_SECRET: INSTAGRAM_APP.secret,
    });
    await visit("home, rendered", null, "/");
    await visit("home, from the cache", null, "/");
    await visit("home with a search word", null, "/?keyword=%EB%B9%84%EB%B0%80&utm_source=kakao");
    await visit("view beacon", null, "/seen/reel/1", { headers: { "User-Agent": PHONE_BROWSER } });
    await visit("missing page", null, "/no-such-page");
    const unreadable = await absoluteFormRequest(server.origin);
    seen["unreadable target"] = unreadable;
    await visit("API refusal from the use case", null, "/api/login", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.origin },
      body: JSON.stringify({ id: ADMIN_ID, pw: "wrong-password-1" }),
    });
    await visit("API refusal at the edge", null, "/api/login", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "https://evil.example" },
      body: JSON.stringify({ id: ADMIN_ID, pw: ADMIN_PASSWORD }),
    });
    await visit("proxy's id", null, "/no-such-page-either", { headers: { "X-Request-Id": "nginx-0f3c9a7e5b1d4c2a8e6f" } });

    const admin = new Client(server.origin);
    await visit("login page post", admin, "/admin-login", { form: { id: ADMIN_ID, pw: ADMIN_PASSWORD } });
    await visit("API login", admin, "/api/login", { json: { id: ADMIN_ID, pw: ADMIN_PASSWORD, isPersonal: true } });
    await visit("token save", admin, "/instagram-token", { form: { token: INSTAGRAM_TOKEN } });
    // Instagram by login, through and refused: the callback's query holds a code and a state.
    for (const outcome of ["through", "refused"]) {
      graph.setRefuseCodes(outcome === "refused");
      const authorize = await visit(`instagram connect, ${outcome}`, admin, "/instagram-connect");
      const back = new URL(await graph.consent(authorize.location!));
      secrets.push(back.searchParams.get("code")!, back.searchParams.get("state")!);
      await visit(`instagram callback, ${outcome}`, admin, back.pathname + back.search);
    }
    secrets.push(INSTAGRAM_APP.secret, ...graph.requests.flatMap((request) => (request.accessToken ? [request.accessToken] : [])));
    secrets.push(...admin.cookies.values());
    await server.stop();
    output = server.output();
  });

  test("every request has exactly one line, with its id, method, path, status, duration and cache outcome", () => {
    const lines = requestLines(output);
    expect(lines).toHaveLength(Object.keys(seen).length);
    for (const [name, { requestId, status }] of Object.entries(seen)) {
      const mine = lines.filter((line) => line.requestId === requestId);
      expect(mine, name).toHaveLength(1);
      expect(mine[0], name).toMatchObject({ level: "info", status, method: expect.stringMatching(/^(GET|POST)$/) });
      expect(mine[0]!.ms, name).toEqual(expect.any(Number));
      expect(Date.parse(String(mine[0]!.time)), name).not.toBeNaN();
    }
    const lineOf = (name: string) => lines.find((line) => line.requestId === seen[name]!.requestId);
    expect(lineOf("home, rendered")).toMatchObject({ path: "/", status: 200, cache: "miss" });
    expect(lineOf("home, from the cache")).toMatchObject({ path: "/", status: 200, cache: "hit" });
    expect(lineOf("view beacon")).toMatchObject({ path: "/seen/reel/1", status: 200, cache: "none" });
    expect(lineOf("missing page")).toMatchObject({ path: "/no-such-page", status: 404 });
    expect(lineOf("unreadable target")).toMatchObject({ status: 400, cache: "none" });
    expect(lineOf("API refusal from the use case")).toMatchObject({ method: "POST", path: "/api/login", status: 401, cache: "none" });
    expect(lineOf("API refusal at the edge")).toMatchObject({ method: "POST", path: "/api/login", status: 403 });
    expect(lineOf("token save")).toMatchObject({ method: "POST", path: "/instagram-token", status: 302 });
    expect(lineOf("instagram connect, through")).toMatchObject({ method: "GET", path: "/instagram-connect", status: 302 });
    expect(lineOf("instagram callback, refused")).toMatchObject({
      path: "/instagram-connect/callback",
      queryKeys: ["code", "state"],
      status: 302,
    });
  });

  test("a query's parameter names are logged, never their values", () => {
    const line = requestLines(output).find((each) => each.requestId === seen["home with a search word"]!.requestId);
    expect(line).toMatchObject({ path: "/", queryKeys: ["keyword", "utm_source"] });
    expect(output).not.toContain("kakao");
    expect(output).not.toContain("%EB%B9%84%EB%B0%80");
  });

  test("ids are new UUIDs, except a well-formed one from the trusted proxy (here, loopback)", () => {
    const ids = Object.entries(seen)
      .filter(([name]) => name !== "proxy's id")
      .map(([, { requestId }]) => requestId);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
    expect(seen["proxy's id"]!.requestId).toBe("nginx-0f3c9a7e5b1d4c2a8e6f");
  });

  test("the error a request caused names its id: Remix's error page, the plain 400 page, both API refusals", () => {
    for (const name of ["missing page", "proxy's id", "unreadable target"]) {
      const { requestId, body } = seen[name]!;
      expect(body, name).toContain(`오류 번호: ${requestId}`);
    }
    for (const name of ["API refusal from the use case", "API refusal at the edge"]) {
      const { requestId, body } = seen[name]!;
      expect(JSON.parse(body!), name).toMatchObject({ errCode: expect.any(String), requestId });
    }
  });

  test("a page the cache serves to everyone carries no one's id", () => {
    expect(seen["home, from the cache"]!.body).not.toContain(seen["home, rendered"]!.requestId);
    expect(seen["home, from the cache"]!.body).not.toContain("오류 번호");
  });

  test("no password, cookie value, Instagram token, app secret, login code or state is in the log", () => {
    expect(seen["token save"]!.status, "the token was saved (the owner was logged in)").toBe(302);
    expect(seen["instagram callback, through"]!.location, "the login went through").toBe("/instagram-token");
    expect(
      graph.requests.some((request) => request.path === "/access_token"),
      "a long-lived token was made",
    ).toBe(true);
    expect(output, "the refused login was logged").toContain('"msg":"instagram login refused"');
    expect(graph.apiRequests().some((request) => request.accessToken === INSTAGRAM_TOKEN)).toBe(true);
    expect(secrets.length).toBeGreaterThanOrEqual(3);
    for (const secret of secrets) expect(output.includes(secret), `the log holds a secret (${secret.slice(0, 4)}…)`).toBe(false);
    // (Instagram refusing a login says "Invalid authorization code": that is its words, not a header.)
    expect(output).not.toMatch(/cookie|authorization(?! code)|user-agent/i);
  });
});

describe("LOG_LEVEL=warn", () => {
  test("no request lines, the ids still answered and shown", async () => {
    const server = await startServer(seededSite(), { LOG_LEVEL: "warn" });
    const page = await fetch(new URL("/", server.origin));
    expect(page.headers.get("x-request-id")).toMatch(UUID);
    const missing = await fetch(new URL("/no-such-page", server.origin));
    expect(await missing.text()).toContain(`오류 번호: ${missing.headers.get("x-request-id")}`);
    await server.stop();
    expect(requestLines(server.output())).toEqual([]);
    expect(server.output()).toContain("Listening on");
  });
});
