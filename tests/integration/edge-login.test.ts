// What only a real production start and the Express edge decide about logging in: the password
// cost, and which proxy may tell us the client's scheme and address.
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { hashPassword } from "~/lib/password.server";
import { ADMIN_ID, ADMIN_PASSWORD, startApp, type TestApp } from "../support/app";
import { Client } from "../support/http";
import { openDb, SESSION_COOKIE, setCookiesNamed } from "./_helpers";

let app: TestApp;
const PRODUCTION_ADMIN = "owner";

beforeAll(async () => {
  // The test-only switch is set (tests/integration/_setup.ts sets it for every file); a production start must ignore it.
  expect(process.env.TEST_CHEAP_PASSWORD_HASH).toBe("1");
  // Hashed at test cost before the start makes this process NODE_ENV=production: the login tests
  // below use this account (a login verifies with the parameters stored in the hash).
  const testCostHash = await hashPassword(ADMIN_PASSWORD);
  // An admin the start must create itself (startApp pre-hashes no account for another id).
  app = await startApp({ ADMIN_ID: PRODUCTION_ADMIN, ADMIN_PASSWORD });
  const db = openDb(app);
  try {
    db.prepare("INSERT INTO admins (login_id, password_hash) VALUES (?, ?)").run(ADMIN_ID, testCostHash);
  } finally {
    db.close();
  }
});
afterAll(() => app.close());

describe("a production start", () => {
  test("hashes the admin's password with the OWASP scrypt parameters, whatever TEST_CHEAP_PASSWORD_HASH says", () => {
    const db = openDb(app);
    try {
      const { password_hash } = db.prepare("SELECT password_hash FROM admins WHERE login_id = ?").get(PRODUCTION_ADMIN) as {
        password_hash: string;
      };
      expect(password_hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    } finally {
      db.close();
    }
  });
});

describe("behind the local proxy", () => {
  test("X-Forwarded-Proto: https from the local proxy makes the session cookie Secure", async () => {
    const client = new Client(app.origin);
    const response = await client.fetch("/api/login", {
      json: { id: ADMIN_ID, pw: ADMIN_PASSWORD, isPersonal: true },
      headers: { "X-Forwarded-Proto": "https", Origin: app.origin.replace(/^http:/, "https:") },
    });
    expect(response.status).toBe(200);
    const [line] = setCookiesNamed(response, SESSION_COOKIE);
    expect(line).toMatch(/;\s*Secure/i);
    expect(line).toMatch(/Max-Age=5184000/i);
  });

  test("X-Forwarded-For from the local proxy names the client the throttle counts", async () => {
    const response = await new Client(app.origin).fetch("/api/login", {
      json: { id: ADMIN_ID, pw: "wrong-password-1" },
      headers: { "X-Forwarded-For": "203.0.113.9" },
    });
    expect(response.status).toBe(401);
    await response.arrayBuffer();
    const db = openDb(app);
    try {
      const keys = (db.prepare("SELECT throttle_key FROM login_failures").all() as { throttle_key: string }[]).map(
        (row) => row.throttle_key,
      );
      expect(keys).toContain("ip:203.0.113.9");
    } finally {
      db.close();
    }
  });
});
