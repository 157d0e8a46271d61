// docs/architecture.md §5: at most 10 failed attempts per 15 minutes per client address and per (id, address), then 429.
// Each test uses its own client addresses and ids, so none depends on another's failures.
import { like, sql } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";

import { db } from "~/db/client.server";
import { loginFailures } from "~/db/schema";
import * as loginPage from "~/routes/admin-login";
import * as apiLogin from "~/routes/api.login";
import { ADMIN_ID, ADMIN_PASSWORD } from "../support/app";
import { callAction, SESSION_COOKIE, setCookieLines, theAdmin } from "./_direct";

const MAX_FAILURES = 10;
const THROTTLED = "로그인 시도가 너무 많습니다. 15분 후에 다시 시도해 주세요.";

beforeAll(async () => {
  await theAdmin();
});

function attempt(pw: string, { id = ADMIN_ID, from }: { id?: string; from: string }) {
  return callAction(apiLogin, "/api/login", { json: { id, pw }, context: { clientAddress: from } });
}

async function expectThrottled(response: Response) {
  expect(response.status).toBe(429);
  expect(await response.json()).toEqual({ errMsg: THROTTLED, errCode: "TOO_MANY_ATTEMPTS" });
  expect(response.headers.getSetCookie()).toEqual([]);
}

/** Recorded failures for a throttle key, as the app writes them (`id:<lower-case id>@<address>` or `ip:<address>`). */
function failures(key: string) {
  return db()
    .select({ n: sql<number>`count(*)` })
    .from(loginFailures)
    .where(like(loginFailures.throttleKey, key))
    .get()!.n;
}

function recordFailures(key: string, count: number, at = new Date()) {
  const failedAt = at.toISOString();
  db()
    .insert(loginFailures)
    .values(Array.from({ length: count }, () => ({ throttleKey: key, failedAt })))
    .run();
}

/** Forgets every failure (the admin id's count is shared by all tests of this file). */
function clearFailures() {
  db().delete(loginFailures).run();
}

describe("login throttling", () => {
  test("10 wrong passwords each answer 401; the 11th attempt, even with the right password, answers 429", async () => {
    clearFailures();
    for (let i = 0; i < MAX_FAILURES; i++) {
      const response = await attempt(`wrong-${i}`, { from: "192.0.2.1" });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ errMsg: "아이디 또는 비밀번호가 올바르지 않습니다." });
    }
    await expectThrottled(await attempt(ADMIN_PASSWORD, { from: "192.0.2.1" }));
  });

  test("the page form answers 429 with the Korean message too, and sets no session", async () => {
    clearFailures();
    recordFailures("ip:192.0.2.2", MAX_FAILURES);
    const response = await callAction(loginPage, "/admin-login", {
      form: { id: ADMIN_ID, pw: ADMIN_PASSWORD },
      context: { clientAddress: "192.0.2.2" },
    });
    expect(response.status).toBe(429);
    expect(setCookieLines(response, SESSION_COOKIE)).toEqual([]);
    const reply = (await response.json()) as { error: Record<string, string[]> };
    expect(Object.values(reply.error).flat()).toContain(THROTTLED);
  });

  test("an (id, address) pair stays throttled whatever the id's letter case, while the right password from another address still logs in", async () => {
    clearFailures();
    recordFailures(`id:${ADMIN_ID.toLowerCase()}@203.0.113.9`, MAX_FAILURES);
    await expectThrottled(await attempt(ADMIN_PASSWORD, { from: "203.0.113.9" }));
    await expectThrottled(await attempt(ADMIN_PASSWORD, { id: ADMIN_ID.toUpperCase(), from: "203.0.113.9" }));
    const owner = await attempt(ADMIN_PASSWORD, { from: "203.0.113.10" });
    expect(owner.status, "someone guessing elsewhere never locks the owner out").toBe(200);
    expect(setCookieLines(owner, SESSION_COOKIE)).toHaveLength(1);
  });

  test("the address stays throttled for another id (per client address)", async () => {
    clearFailures();
    recordFailures("ip:192.0.2.3", MAX_FAILURES);
    await expectThrottled(await attempt("whatever", { id: "someone-else", from: "192.0.2.3" }));
    expect((await attempt(ADMIN_PASSWORD, { from: "192.0.2.4" })).status, "another address is not locked out").toBe(200);
  });

  test("after 15 minutes the right password works again, and a success resets the count", async () => {
    clearFailures();
    const old = new Date(Date.now() - 16 * 60 * 1000);
    recordFailures(`id:${ADMIN_ID.toLowerCase()}@192.0.2.5`, MAX_FAILURES, old);
    recordFailures("ip:192.0.2.5", MAX_FAILURES, old);
    // Nine recent failures too: under the limit, and the success below must clear them.
    recordFailures(`id:${ADMIN_ID.toLowerCase()}@192.0.2.5`, MAX_FAILURES - 1);

    const response = await attempt(ADMIN_PASSWORD, { from: "192.0.2.5" });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ isLogin: true });
    expect(setCookieLines(response, SESSION_COOKIE)).toHaveLength(1);
    expect(failures("id:%"), "the id's failures are cleared").toBe(0);
    expect(failures("ip:%"), "the address's failures are cleared").toBe(0);
  });

  test("simultaneous attempts cannot get past the limit (the check and the count are one step)", async () => {
    clearFailures();
    // An address one short of the limit: of three attempts sent at once, at most one may reach the password check.
    const address = "198.51.100.7";
    recordFailures(`ip:${address}`, MAX_FAILURES - 1);
    const burst = await Promise.all([0, 1, 2].map((i) => attempt(`burst-${i}`, { from: address })));
    const statuses = burst.map((response) => response.status).sort();
    expect(
      statuses.every((status) => status === 401 || status === 429),
      `statuses: ${statuses}`,
    ).toBe(true);
    const checked = statuses.filter((status) => status === 401).length;
    expect(checked, `with 9 failures recorded, ${checked} of 3 simultaneous attempts were checked (401)`).toBeLessThanOrEqual(1);
    expect(failures(`ip:${address}`)).toBe(MAX_FAILURES - 1 + checked);
  });
});
