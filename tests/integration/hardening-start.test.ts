// Issue 8, against the real process (`node build/server.js`): the data files are private, ADMIN_ID
// names the one admin, and a weak password or a bad setting stops the start with a clear message.
// Runs about 10 s.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, test } from "vitest";

import { Client } from "../support/http";
import { cleanUpProcesses, PASSWORD, refusedStart, startServer, tempSite } from "./hardening-support";

afterAll(cleanUpProcesses);

function mode(file: string) {
  return fs.statSync(file).mode & 0o777;
}

describe("files and admin", () => {
  test("app.db and the session secret are created 0600 in a 0700 folder; server.pid while running", async () => {
    const site = tempSite();
    const server = await startServer(site);
    try {
      assert.equal(mode(site.dataDir).toString(8), "700");
      assert.equal(mode(path.join(site.dataDir, "app.db")).toString(8), "600");
      assert.equal(mode(path.join(site.dataDir, "session-secret")).toString(8), "600");
      assert.equal(fs.readFileSync(path.join(site.dataDir, "server.pid"), "utf8").trim(), String(server.pid));
    } finally {
      await server.stop();
    }
    assert.ok(!fs.existsSync(path.join(site.dataDir, "server.pid")), "removed at shutdown");
  });

  // Each refused value is in tests/unit/start-settings.test.ts; one of each kind stops the real process here.
  test("a weak ADMIN_PASSWORD stops the start with a clear message that does not print it", async () => {
    const password = "therapist-2024";
    const { output } = await refusedStart(tempSite(), { ADMIN_PASSWORD: password });
    assert.match(output, /ADMIN_PASSWORD is too weak: it contains ADMIN_ID/);
    assert.ok(!output.includes(password), "the password itself is not printed");
  });

  test("a bad setting stops the start with a clear message naming it", async () => {
    const { output } = await refusedStart(tempSite(), { TRUST_PROXY: "10.0.0.0/33" });
    assert.match(output, /Invalid configuration:[\s\S]*TRUST_PROXY/);
  });

  test("a different ADMIN_ID replaces the old admin and ends its sessions", async () => {
    const site = tempSite();
    let server = await startServer(site, { ADMIN_ID: "alpha", SEED_DEMO: "1" });
    const old = new Client(server.origin);
    assert.equal((await old.fetch("/api/login", { json: { id: "alpha", pw: PASSWORD, isPersonal: true } })).status, 200);
    assert.equal((await old.fetch("/api/reels/insta-media/list")).status, 200, "the old admin's session works before");
    await server.stop();

    server = await startServer(site, { ADMIN_ID: "bravo", SEED_DEMO: "1" });
    try {
      // The same browser, now talking to the restarted server (on another port).
      const returning = new Client(server.origin);
      for (const [name, value] of old.cookies) returning.cookies.set(name, value);
      assert.equal((await returning.fetch("/api/reels/insta-media/list")).status, 401, "the old 60-day session no longer writes");
      assert.equal((await new Client(server.origin).fetch("/api/login", { json: { id: "alpha", pw: PASSWORD } })).status, 401);
      assert.equal((await new Client(server.origin).fetch("/api/login", { json: { id: "bravo", pw: PASSWORD } })).status, 200);
    } finally {
      await server.stop();
    }
    const db = new Database(path.join(site.dataDir, "app.db"), { readonly: true });
    try {
      assert.deepEqual(db.prepare("SELECT login_id AS id FROM admins").all(), [{ id: "bravo" }]);
    } finally {
      db.close();
    }
  });
});
