// Instagram by login (issue 33, point 2; docs/operations.md §2): /instagram-connect, its callback and
// 연결 해제 on /instagram-token, called with real Requests against the local stand-in of Instagram,
// which speaks the real endpoints' JSON (its authorization window, the code's exchange in both answer
// shapes and both refusal shapes, the long-lived token, the refresh). PUBLIC_ORIGIN is set, so the
// redirect URI is the public one; the browser test (tests/e2e/instagram-login.test.ts) covers the
// request's own origin. Without INSTAGRAM_APP_ID: instagram-login-off.test.ts.
// Runs about 10 s.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";

import { expectPresent } from "../support/expect-present";
import { startFakeGraph, type FakeGraph } from "../support/fake-graph";
import { expectLogged, loggedLines } from "../support/log-guard";
import { adminCookie, callAction, callLoader, cookiesFrom, redirectTarget } from "./_direct";

const APP = { id: "990602627938098", secret: "0a1b2c3d4e5f60718293a4b5c6d7e8f9" };
const PUBLIC_ORIGIN = "https://ot-kids.example";
const CALLBACK = `${PUBLIC_ORIGIN}/instagram-connect/callback`;
const ENV_TOKEN = "IGAAenv-token-from-the-environment-0123";
const DAY = 24 * 60 * 60 * 1000;

let graph: FakeGraph;
let connectRoute: typeof import("~/routes/_admin.instagram-connect");
let callbackRoute: typeof import("~/routes/_admin.instagram-connect_.callback");
let tokenPage: typeof import("~/routes/_admin.instagram-token");
let flashOf: (response: Response) => Promise<string | null>;
let refreshTokenIfDue: typeof import("~/features/instagram/token.server").refreshTokenIfDue;
let sqlite: import("better-sqlite3").Database;
let admin: string;
/** Everything secret the flow handled: none may reach a log line or a page. */
const secrets = new Set<string>([APP.secret, ENV_TOKEN]);

beforeAll(async () => {
  graph = await startFakeGraph({ app: APP, username: "ot_kids_login" });
  // Read once, at the first use of the configuration in this file's module graph.
  Object.assign(process.env, {
    PUBLIC_ORIGIN,
    INSTAGRAM_APP_ID: APP.id,
    INSTAGRAM_APP_SECRET: APP.secret,
    INSTAGRAM_AUTH_URL: graph.origin,
    INSTAGRAM_API_URL: graph.origin,
    INSTAGRAM_GRAPH_URL: graph.origin,
    INSTAGRAM_ACCESS_TOKEN: ENV_TOKEN,
  });
  connectRoute = await import("~/routes/_admin.instagram-connect");
  callbackRoute = await import("~/routes/_admin.instagram-connect_.callback");
  tokenPage = await import("~/routes/_admin.instagram-token");
  ({ refreshTokenIfDue } = await import("~/features/instagram/token.server"));
  const { consumeFlash } = await import("~/lib/flash.server");
  flashOf = async (response) => {
    const cookie = cookiesFrom(response).join("; ");
    return (await consumeFlash(new Request("http://localhost/", { headers: { Cookie: cookie } }))).flash?.message ?? null;
  };
  sqlite = (await import("~/db/client.server")).db().$client;
  admin = await adminCookie();
});

afterAll(async () => {
  await graph?.close();
});

beforeEach(() => {
  graph.setOutage(false);
  graph.setRefuseCodes(false);
  graph.setCodeAnswer("data");
  graph.setOAuthErrorStyle("instagram");
  graph.setPermissions("instagram_business_basic");
  graph.clearRequests();
});

function setting(key: string): string | null {
  const row = sqlite.prepare("SELECT value FROM settings WHERE key = ?").get(key) as { value: string } | undefined;
  return row?.value ?? null;
}

/** The token settings as they stand (what "nothing changed" compares). */
function tokenSettings() {
  return sqlite
    .prepare("SELECT key, value FROM settings WHERE key LIKE 'instagram.token%' OR key = 'instagram.username' ORDER BY key")
    .all();
}

/** /instagram-connect for a session: the address of the authorization window. */
async function connect(cookie = admin) {
  const response = await callLoader(connectRoute, "/instagram-connect", { cookie });
  expect(response.status).toBe(302);
  const location = response.headers.get("Location");
  expectPresent(location, "the authorization window's address");
  return location;
}

/** Where Instagram sends her back to, as the path and query the site receives (a browser keeps "#_" to itself). */
function callbackPath(location: string) {
  const url = new URL(location);
  expect(url.origin + url.pathname).toBe(CALLBACK);
  return url.pathname + url.search;
}

async function callback(path: string, cookie: string | undefined = admin) {
  return callLoader(callbackRoute, path, { cookie });
}

/** A refusal: back to /instagram-token with the Korean message, and nothing stored. */
async function expectRefused(response: Response, message: string, before: unknown) {
  expect(redirectTarget(response)).toBe("/instagram-token");
  expect(await flashOf(response)).toBe(message);
  expect(tokenSettings(), "nothing changed").toStrictEqual(before);
}

/** What the site asked Instagram after her tap in the window: the exchanges, then /me and any refresh. */
const exchanges = () => graph.apiRequests().filter((request) => !request.path.startsWith("/oauth/authorize"));

describe("connect", () => {
  test("answers 302 to the authorization window with the app, the public redirect URI, code, the reels scope and a fresh state", async () => {
    const first = new URL(await connect());
    expect(first.origin + first.pathname).toBe(`${graph.origin}/oauth/authorize`);
    const params = Object.fromEntries(first.searchParams);
    expect(Object.keys(params).sort()).toStrictEqual(["client_id", "redirect_uri", "response_type", "scope", "state"]);
    expect(params).toMatchObject({ client_id: APP.id, redirect_uri: CALLBACK, response_type: "code" });
    expect(params.scope!.split(",")).toContain("instagram_business_basic");
    expect(params.state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const second = new URL(await connect());
    expect(second.searchParams.get("state"), "a new state each time").not.toBe(params.state);
    expect(first.href).not.toContain(APP.secret);
  });

  test("a visitor is sent home, and no state is made", async () => {
    const before = setting("instagram.loginStates");
    const response = await callLoader(connectRoute, "/instagram-connect");
    expect(redirectTarget(response)).toBe("/");
    expect(setting("instagram.loginStates")).toBe(before);
  });

  test("the page offers the connect button (and the paste form stays)", async () => {
    const data = (await (await callLoader(tokenPage, "/instagram-token", { cookie: admin })).json()) as { loginOffered: boolean };
    expect(data.loginOffered).toBe(true);
  });
});

describe("callback", () => {
  test("a code becomes the stored long-lived token ({data: [...]} answer), with the Korean flash; refreshed as a pasted token is", async () => {
    const authorize = await connect();
    const back = await graph.consent(authorize);
    expect(back, "Instagram appends #_").toMatch(/#_$/);
    const response = await callback(callbackPath(back));
    expect(redirectTarget(response)).toBe("/instagram-token");
    expect(await flashOf(response)).toBe("인스타그램 ot_kids_login 계정이 연결되었습니다.");

    const [codeExchange, longExchange, me] = exchanges();
    expect(codeExchange).toMatchObject({ method: "POST", path: "/oauth/access_token" });
    expect(codeExchange!.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    const code = new URL(back).searchParams.get("code")!;
    secrets.add(code);
    expect(codeExchange!.form).toStrictEqual({
      client_id: APP.id,
      client_secret: APP.secret,
      grant_type: "authorization_code",
      redirect_uri: CALLBACK,
      code,
    });
    expect(longExchange).toMatchObject({ method: "GET", path: "/access_token" });
    expect(longExchange!.query).toMatchObject({ grant_type: "ig_exchange_token", client_secret: APP.secret });
    const shortToken = longExchange!.accessToken!;
    secrets.add(shortToken);
    expect(shortToken).toMatch(/^IGAAshort-/);
    expect(me, "the account's name is read as for a pasted token").toMatchObject({ path: "/me" });

    const stored = setting("instagram.token");
    expectPresent(stored, "the stored token");
    secrets.add(stored);
    expect(stored).toMatch(/^IGAAlong-/);
    expect(me!.accessToken).toBe(stored);
    expect(setting("instagram.username")).toBe("ot_kids_login");
    const expiresAt = Date.parse(setting("instagram.tokenExpiresAt") ?? "");
    expect(Math.abs(expiresAt - (Date.now() + 5_184_000 * 1000)), "expires in the 60 days Instagram said").toBeLessThan(60_000);

    const page = await callLoader(tokenPage, "/instagram-token", { cookie: admin });
    const text = await page.text();
    expect(JSON.parse(text)).toMatchObject({ status: { configured: true, demo: false, username: "ot_kids_login" }, loginOffered: true });
    for (const secret of secrets) expect(text.includes(secret), "no secret on the page").toBe(false);

    // From then on, refreshed as today: a day old and less than 30 days left.
    sqlite.prepare("UPDATE settings SET value = ? WHERE key = 'instagram.tokenSavedAt'").run(new Date(Date.now() - 2 * DAY).toISOString());
    sqlite
      .prepare("UPDATE settings SET value = ? WHERE key = 'instagram.tokenExpiresAt'")
      .run(new Date(Date.now() + 10 * DAY).toISOString());
    await refreshTokenIfDue();
    expect(graph.refreshCalls).toHaveLength(1);
    expect(graph.refreshCalls[0]!.accessToken).toBe(stored);
    const refreshed = setting("instagram.token");
    expectPresent(refreshed, "the refreshed token");
    secrets.add(refreshed);
    expect(refreshed).not.toBe(stored);

    // The same callback again: its state is spent, the code is not sent again.
    graph.clearRequests();
    await expectRefused(
      await callback(callbackPath(back)),
      "연결 요청이 만료되었거나 올바르지 않습니다. '인스타그램 연결'을 다시 눌러 주세요.",
      tokenSettings(),
    );
    expect(exchanges()).toHaveLength(0);
  });

  test("an older app's answer (the fields at the top level, user_id a bare number) is read too", async () => {
    graph.setCodeAnswer("flat");
    const back = await graph.consent(await connect());
    secrets.add(new URL(back).searchParams.get("code")!);
    const response = await callback(callbackPath(back));
    expect(await flashOf(response)).toBe("인스타그램 ot_kids_login 계정이 연결되었습니다.");
    const stored = setting("instagram.token");
    expectPresent(stored, "the stored token");
    secrets.add(stored);
    expect(stored).toMatch(/^IGAAlong-/);
    for (const request of exchanges()) if (request.accessToken) secrets.add(request.accessToken);
  });

  test("a missing, wrong, foreign or stale state is refused before any exchange, and changes nothing", async () => {
    const before = tokenSettings();
    const message = "연결 요청이 만료되었거나 올바르지 않습니다. '인스타그램 연결'을 다시 눌러 주세요.";
    const back = new URL(await graph.consent(await connect()));
    const code = back.searchParams.get("code")!;
    secrets.add(code);
    await expectRefused(await callback(`/instagram-connect/callback?code=${code}`), message, before);
    await expectRefused(await callback(`/instagram-connect/callback?code=${code}&state=${"A".repeat(43)}`), message, before);
    await expectRefused(await callback(`/instagram-connect/callback?code=${code}&state=`), message, before);

    // Begun by another session of hers (another phone): not this one's, and spent.
    const other = await adminCookie();
    await expectRefused(await callback(callbackPath(back.href), other), message, before);
    await expectRefused(await callback(callbackPath(back.href)), message, before);

    // Older than ten minutes.
    const stale = new URL(await graph.consent(await connect()));
    secrets.add(stale.searchParams.get("code")!);
    const pending = JSON.parse(setting("instagram.loginStates")!) as { expiresAt: number }[];
    sqlite
      .prepare("UPDATE settings SET value = ? WHERE key = 'instagram.loginStates'")
      .run(JSON.stringify(pending.map((entry) => ({ ...entry, expiresAt: Date.now() - 1 }))));
    await expectRefused(await callback(callbackPath(stale.href)), message, before);
    expect(exchanges(), "no code was sent to Instagram").toHaveLength(0);
  });

  test("error=access_denied (she cancelled) is told in Korean and changes nothing", async () => {
    const before = tokenSettings();
    const back = await graph.consent(await connect(), "deny");
    expect(new URL(back).searchParams.get("error")).toBe("access_denied");
    await expectRefused(await callback(callbackPath(back)), "인스타그램 연결을 취소했습니다. 연결된 계정은 바뀌지 않았습니다.", before);
    expect(exchanges()).toHaveLength(0);
  });

  test.each(["instagram", "graph"] as const)(
    "a code Instagram refuses (%s error shape) is told in Korean, logged without secrets, and changes nothing",
    async (style) => {
      const before = tokenSettings();
      graph.setOAuthErrorStyle(style);
      graph.setRefuseCodes(true);
      expectLogged(
        "the refusal",
        (entry) => entry.msg === "instagram login refused" && String(entry.reason).includes("Invalid authorization code"),
      );
      const back = await graph.consent(await connect());
      secrets.add(new URL(back).searchParams.get("code")!);
      await expectRefused(
        await callback(callbackPath(back)),
        "인스타그램이 연결을 승인하지 않았습니다. '인스타그램 연결'을 눌러 처음부터 다시 시도해 주세요.",
        before,
      );
    },
  );

  test("a login without the permission reels need is refused", async () => {
    const before = tokenSettings();
    graph.setPermissions("instagram_business_manage_messages");
    const back = await graph.consent(await connect());
    secrets.add(new URL(back).searchParams.get("code")!);
    await expectRefused(
      await callback(callbackPath(back)),
      "릴스를 가져오려면 인스타그램 로그인 화면에서 프로필과 콘텐츠 접근 권한을 허용해 주세요.",
      before,
    );
    for (const request of exchanges()) if (request.accessToken) secrets.add(request.accessToken);
  });

  test("Instagram down (a 503 page, not JSON) is told in Korean and changes nothing", async () => {
    const before = tokenSettings();
    const back = await graph.consent(await connect());
    secrets.add(new URL(back).searchParams.get("code")!);
    graph.setOutage(true);
    expectLogged(
      "the outage",
      (entry) => entry.msg === "instagram call failed" && String(entry.reason).includes("non-JSON answer (HTTP 503)"),
    );
    await expectRefused(await callback(callbackPath(back)), "인스타그램에 연결할 수 없습니다. 잠시 후 다시 시도해 주세요.", before);
  });

  test("a visitor at the callback is sent home: nothing is exchanged or stored", async () => {
    const before = tokenSettings();
    const back = await graph.consent(await connect());
    secrets.add(new URL(back).searchParams.get("code")!);
    const response = await callLoader(callbackRoute, callbackPath(back));
    expect(redirectTarget(response)).toBe("/");
    expect(exchanges()).toHaveLength(0);
    expect(tokenSettings()).toStrictEqual(before);
  });
});

describe("연결 해제", () => {
  test("forgets the token (the environment's is not taken back); a visitor cannot", async () => {
    expect(setting("instagram.token"), "a token is connected").not.toBeNull();
    const refused = await callAction(tokenPage, "/instagram-token", { form: { intent: "disconnect" } });
    expect(redirectTarget(refused)).toBe("/");
    expect(setting("instagram.token"), "a visitor changed nothing").not.toBeNull();

    const response = await callAction(tokenPage, "/instagram-token", { form: { intent: "disconnect" }, cookie: admin });
    expect(redirectTarget(response)).toBe("/instagram-token");
    expect(await flashOf(response)).toBe("인스타그램 연결을 해제했습니다. 새 릴스를 가져오려면 다시 연결해 주세요.");
    expect(tokenSettings()).toStrictEqual([]);
    const page = (await (await callLoader(tokenPage, "/instagram-token", { cookie: admin })).json()) as { status: unknown };
    expect(page.status, "INSTAGRAM_ACCESS_TOKEN is not adopted again").toStrictEqual({
      configured: false,
      demo: false,
      username: null,
      expiresAt: null,
    });
  });

  test("pasting a token stays the fallback, with or without its intent", async () => {
    const pasted = "IGAApasted-token-0123456789";
    secrets.add(pasted);
    for (const form of [{ intent: "token", token: pasted }, { token: pasted }] as Record<string, string>[]) {
      const response = await callAction(tokenPage, "/instagram-token", { form, cookie: admin });
      expect(redirectTarget(response)).toBe("/instagram-token");
      expect(await flashOf(response)).toBe("인스타그램 토큰이 저장되었습니다.");
      expect(setting("instagram.token")).toBe(pasted);
    }
  });
});

describe("Instagram away", () => {
  test("a timed-out exchange is told in Korean and changes nothing", async () => {
    const before = tokenSettings();
    const back = await graph.consent(await connect());
    secrets.add(new URL(back).searchParams.get("code")!);
    expectLogged("the timeout", (entry) => entry.msg === "instagram call failed" && String(entry.reason).includes("TimeoutError"));
    const held = graph.holdApi();
    try {
      // The exchange waits the client's whole timeout (10 s) for an answer that never comes.
      await expectRefused(await callback(callbackPath(back)), "인스타그램에 연결할 수 없습니다. 잠시 후 다시 시도해 주세요.", before);
    } finally {
      held.release();
    }
  });

  test("an unreachable Instagram is told in Korean and changes nothing (runs last: the stand-in stops)", async () => {
    const before = tokenSettings();
    const back = await graph.consent(await connect());
    secrets.add(new URL(back).searchParams.get("code")!);
    await graph.close();
    expectLogged(
      "the refused connection",
      (entry) => entry.msg === "instagram call failed" && String(entry.reason).includes("fetch failed"),
    );
    await expectRefused(await callback(callbackPath(back)), "인스타그램에 연결할 수 없습니다. 잠시 후 다시 시도해 주세요.", before);
  });
});

test("no secret of the flow (the app secret, codes, tokens) reached a log line", () => {
  expect(secrets.size).toBeGreaterThan(10);
  const lines = loggedLines();
  expect(lines.some((line) => line.includes("instagram login refused"))).toBe(true);
  for (const line of lines) {
    for (const secret of secrets) expect(line.includes(secret), `a log line carries a secret: ${line.slice(0, 200)}`).toBe(false);
  }
});
