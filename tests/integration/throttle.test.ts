import { afterAll, beforeAll, describe, test } from "vitest";
import assert from "node:assert/strict";

import { ko } from "~/copy/ko";
import { ADMIN_ID, ADMIN_PASSWORD, startApp, type TestApp } from "../support/app";
import { Client } from "../support/http";
import { formatLogs, openDb, SESSION_COOKIE } from "./_helpers";

// DESIGN §5: at most 10 failed attempts per 15 minutes per id and per client address, then 429.
// Password checks are slow on purpose (scrypt, ~0.5 s each): keep the number of attempts small.

let app: TestApp;

beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

const MAX_FAILURES = 10;
const OTHER_ADDRESS = "203.0.113.9"; // reached through the local proxy, which the app trusts for X-Forwarded-For

function attempt(pw: string, { id = ADMIN_ID, from }: { id?: string; from?: string } = {}) {
  return new Client(app.origin).fetch("/api/login", {
    json: { id, pw },
    headers: from ? { "X-Forwarded-For": from } : undefined,
  });
}

async function expectThrottled(response: Response, label: string) {
  const body = (await response.json()) as { errMsg: string; errCode: string };
  assert.equal(response.status, 429, `${label}: ${JSON.stringify(body)}`);
  assert.equal(body.errMsg, ko.login.throttled, label);
  assert.equal(body.errCode, "TOO_MANY_ATTEMPTS", label);
  assert.equal(response.headers.getSetCookie().length, 0, `${label}: no cookie`);
}

function failureRows(keyPattern: string) {
  const db = openDb(app);
  try {
    return (db.prepare("SELECT count(*) AS n FROM login_failures WHERE throttle_key LIKE ?").get(keyPattern) as { n: number }).n;
  } finally {
    db.close();
  }
}

describe("login throttling", () => {
  test("10 wrong passwords for the admin id each answer 401", async () => {
    for (let i = 0; i < MAX_FAILURES; i++) {
      const response = await attempt(`wrong-${i}`);
      const body = (await response.json()) as { errMsg: string };
      assert.equal(response.status, 401);
      assert.equal(body.errMsg, ko.login.failed);
    }
  });

  test("the 11th attempt, even with the right password, answers 429 with the Korean message", async () => {
    await expectThrottled(await attempt(ADMIN_PASSWORD), "API, right password");
  });

  test("the page form answers 429 with the Korean message too, and sets no session", async () => {
    const client = new Client(app.origin);
    const response = await client.fetch("/admin-login", { form: { id: ADMIN_ID, pw: ADMIN_PASSWORD } });
    assert.equal(response.status, 429);
    const html = (await response.text()).replaceAll("\u0000", "");
    assert.ok(html.includes(ko.login.throttled));
    assert.equal(client.cookies.has(SESSION_COOKIE), false);
  });

  test("the id stays throttled from another address (per id), whatever its letter case", async () => {
    await expectThrottled(await attempt(ADMIN_PASSWORD, { from: OTHER_ADDRESS }), "same id, other address");
    await expectThrottled(await attempt(ADMIN_PASSWORD, { id: ADMIN_ID.toUpperCase(), from: OTHER_ADDRESS }), "upper-case id");
  });

  test("the address stays throttled for another id (per client address)", async () => {
    await expectThrottled(await attempt("whatever", { id: "someone-else" }), "other id, same address");
  });

  test("after 15 minutes the right password works again, and a success resets the count", async () => {
    const db = openDb(app);
    try {
      const rows = db.prepare("SELECT id, failed_at FROM login_failures").all() as { id: number; failed_at: string }[];
      assert.ok(rows.length >= MAX_FAILURES, `failures recorded: ${rows.length}`);
      const age = db.prepare("UPDATE login_failures SET failed_at = ? WHERE id = ?");
      const insert = db.prepare("INSERT INTO login_failures (throttle_key, failed_at) VALUES (?, ?)");
      db.transaction(() => {
        for (const row of rows) age.run(new Date(Date.parse(row.failed_at) - 16 * 60 * 1000).toISOString(), row.id);
        // Nine recent failures too: under the limit, and the success below must clear them.
        const now = new Date().toISOString();
        for (let i = 0; i < MAX_FAILURES - 1; i++) insert.run(`id:${ADMIN_ID.toLowerCase()}`, now);
      })();
    } finally {
      db.close();
    }

    const client = new Client(app.origin);
    const response = await client.fetch("/api/login", { json: { id: ADMIN_ID, pw: ADMIN_PASSWORD } });
    assert.equal(response.status, 200, await response.clone().text());
    assert.equal(((await response.json()) as { isLogin: boolean }).isLogin, true);
    assert.ok(client.cookies.has(SESSION_COOKIE));
    assert.equal(failureRows("id:%"), 0, "the id's failures are cleared");
    assert.equal(failureRows("ip:%"), 0, "the address's failures are cleared");
  });

  test("simultaneous attempts cannot get past the limit (the check and the count are one step)", async () => {
    // Another address, whose count is one short of the limit: of three attempts sent at once, at most
    // one may reach the password check.
    const address = "198.51.100.7";
    const db = openDb(app);
    try {
      const now = new Date().toISOString();
      const insert = db.prepare("INSERT INTO login_failures (throttle_key, failed_at) VALUES (?, ?)");
      db.transaction(() => {
        for (let i = 0; i < MAX_FAILURES - 1; i++) insert.run(`ip:${address}`, now);
      })();
    } finally {
      db.close();
    }
    const burst = await Promise.all([0, 1, 2].map((i) => attempt(`burst-${i}`, { from: address })));
    const statuses = burst.map((response) => response.status).sort();
    await Promise.all(burst.map((response) => response.arrayBuffer()));
    assert.ok(statuses.every((status) => status === 401 || status === 429), `statuses: ${statuses.join(",")}`);
    const checked = statuses.filter((status) => status === 401).length;
    // The nine rows above were counted for this address (same key format as the app's own rows).
    assert.equal(failureRows(`ip:${address}`), MAX_FAILURES - 1 + checked);
    assert.ok(checked <= 1, `with 9 failures recorded, ${checked} of 3 simultaneous attempts were checked (401) instead of refused (429)`);
  });
});

test("no unexpected console errors", () => {
  assert.equal(app.consoleErrors.length, 0, formatLogs(app.consoleErrors));
});
