// Issue 8: throttling that stops guessing but never locks the owner out, and a login flood that is
// queued (one password hash at a time) and turned away past a short queue, without hashing.
// Runs about 14 s.
import { afterAll, beforeAll, describe, test, expect } from "vitest";

import { ADMIN_ID, ADMIN_PASSWORD, startApp, type TestApp } from "../support/app";
import { Client } from "../support/http";
import { formatLogs, SESSION_COOKIE } from "./_helpers";

const THROTTLED = "로그인 시도가 너무 많습니다. 15분 후에 다시 시도해 주세요.";
const BUSY = "지금 로그인 요청이 많습니다. 잠시 후 다시 시도해 주세요.";
const FAILED_CODE = "LOGIN_FAILED";

let app: TestApp;

beforeAll(async () => {
  // The queue is what is tested: hashes must cost what they cost in production, never the suite's cheap ones.
  app = await startApp({ TEST_CHEAP_PASSWORD_HASH: "0" });
});
afterAll(() => app.close());

/** A login through the local proxy the app trusts, which names the client's address. */
function attempt(pw: string, from: string, { id = ADMIN_ID, client = new Client(app.origin) } = {}) {
  return client.fetch("/api/login", { json: { id, pw }, headers: { "X-Forwarded-For": from } });
}

describe("guessing from one address never locks the owner out", () => {
  const attacker = "198.51.100.66";
  const owner = "203.0.113.20";

  test("ten wrong passwords for the admin's id from one address, then that address is refused", async () => {
    for (let i = 0; i < 10; i++) {
      const response = await attempt(`wrong-${i}-guess`, attacker);
      expect(response.status).toBe(401);
      expect(((await response.json()) as { errCode: string }).errCode).toBe(FAILED_CODE);
    }
    const refused = await attempt(ADMIN_PASSWORD, attacker);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { errMsg: string }).errMsg).toBe(THROTTLED);
  });

  test("meanwhile the owner's right password from her own address logs in (API and page form)", async () => {
    const api = new Client(app.origin);
    const response = await attempt(ADMIN_PASSWORD, owner, { client: api });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(api.cookies.has(SESSION_COOKIE)).toBeTruthy();

    const page = new Client(app.origin);
    const form = await page.fetch("/admin-login", {
      form: { id: ADMIN_ID, pw: ADMIN_PASSWORD },
      headers: { "X-Forwarded-For": owner },
    });
    expect(form.status).toBe(302);
    expect(page.cookies.has(SESSION_COOKIE)).toBeTruthy();
  });
});

describe("a login flood is queued, not run at once", () => {
  test("16 simultaneous attempts for unknown ids from 16 addresses: some are checked (401), the rest turned away (503) in Korean", async () => {
    const responses = await Promise.all(
      Array.from({ length: 16 }, (_, i) => attempt(`flood-${i}-password`, `192.0.2.${i + 1}`, { id: `nobody${i}` })),
    );
    const bodies = (await Promise.all(responses.map((response) => response.json()))) as {
      errMsg: string;
      errCode: string;
      requestId?: string;
    }[];
    const statuses = responses.map((response) => response.status);
    expect(
      statuses.every((status) => status === 401 || status === 503),
      statuses.join(","),
    ).toBeTruthy();
    const turnedAway = bodies.filter((_, i) => statuses[i] === 503);
    // One hash runs and eight wait: of sixteen at once, at least seven are turned away without hashing.
    expect(turnedAway.length, `turned away: ${turnedAway.length} of 16 (${statuses.join(",")})`).toBeGreaterThanOrEqual(7);
    for (const { requestId, ...body } of turnedAway) {
      expect(body).toStrictEqual({ errMsg: BUSY, errCode: "LOGIN_BUSY" });
      expect(requestId ?? "").toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  test("the owner logs in while the flood goes on: her check is queued ahead of made-up ids", async () => {
    const flood = Array.from({ length: 16 }, (_, i) => attempt(`flood-${i}-again`, `192.0.2.${i + 101}`, { id: `ghost${i}` }));
    // Once one of them is turned away, the queue for made-up ids is full; only then does the owner try.
    await new Promise<void>((resolve) => flood.forEach((pending) => pending.then((response) => response.status === 503 && resolve())));
    const owner = new Client(app.origin);
    const ownerResponse = await attempt(ADMIN_PASSWORD, "203.0.113.21", { client: owner });
    expect(ownerResponse.status, await ownerResponse.text()).toBe(200);
    expect(owner.cookies.has(SESSION_COOKIE)).toBeTruthy();
    await Promise.all(flood.map(async (pending) => (await pending).arrayBuffer()));
  });
});

test("no unexpected console errors", () => {
  expect(app.problems.length, formatLogs(app.problems)).toBe(0);
});
