// Issue 8, against the real process (`node build/server.js`): the data files are private, ADMIN_ID
// names the one admin, and a weak password or a bad setting stops the start with a clear message.
// Runs about 15 s.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, test, expect } from "vitest";

import { ADMIN_PASSWORD } from "../support/admin";
import { Client } from "../support/http";
import { cleanUpProcesses, refusedStart, startServer, tempSite } from "./hardening-support";

afterAll(cleanUpProcesses);

function mode(file: string) {
  return fs.statSync(file).mode & 0o777;
}

describe("files and admin", () => {
  test("app.db and the session secret are created 0600 in a 0700 folder; server.pid while running", async () => {
    const site = tempSite();
    const server = await startServer(site);
    try {
      expect(mode(site.dataDir).toString(8)).toBe("700");
      expect(mode(path.join(site.dataDir, "app.db")).toString(8)).toBe("600");
      expect(mode(path.join(site.dataDir, "session-secret")).toString(8)).toBe("600");
      expect(fs.readFileSync(path.join(site.dataDir, "server.pid"), "utf8").trim()).toBe(String(server.pid));
    } finally {
      await server.stop();
    }
    expect(fs.existsSync(path.join(site.dataDir, "server.pid")), "removed at shutdown").toBeFalsy();
  });

  // Each refused value is in tests/unit/start-settings.test.ts; one of each kind stops the real process here.
  test("a weak ADMIN_PASSWORD stops the start with a clear message that does not print it", async () => {
    const password = "therapist-2024";
    const { output } = await refusedStart(tempSite(), { ADMIN_PASSWORD: password });
    expect(output).toMatch(/ADMIN_PASSWORD is too weak: it contains ADMIN_ID/);
    expect(output, "the password itself is not printed").not.toContain(password);
  });

  test("a bad setting stops the start with a clear message naming it", async () => {
    const { output } = await refusedStart(tempSite(), { TRUST_PROXY: "10.0.0.0/33" });
    expect(output).toMatch(/Invalid configuration:[\s\S]*TRUST_PROXY/);
  });

  test("a different ADMIN_ID replaces the old admin and ends its sessions", async () => {
    const site = tempSite();
    let server = await startServer(site, { ADMIN_ID: "alpha", SEED_DEMO: "1" });
    const old = new Client(server.origin);
    expect((await old.fetch("/api/login", { json: { id: "alpha", pw: ADMIN_PASSWORD, isPersonal: true } })).status).toBe(200);
    expect((await old.fetch("/api/reels/insta-media/list")).status, "the old admin's session works before").toBe(200);
    await server.stop();

    server = await startServer(site, { ADMIN_ID: "bravo", SEED_DEMO: "1" });
    try {
      // The same browser, now talking to the restarted server (on another port).
      const returning = new Client(server.origin);
      for (const [name, value] of old.cookies) returning.cookies.set(name, value);
      expect((await returning.fetch("/api/reels/insta-media/list")).status, "the old 60-day session no longer writes").toBe(401);
      expect((await new Client(server.origin).fetch("/api/login", { json: { id: "alpha", pw: ADMIN_PASSWORD } })).status).toBe(401);
      expect((await new Client(server.origin).fetch("/api/login", { json: { id: "bravo", pw: ADMIN_PASSWORD } })).status).toBe(200);
    } finally {
      await server.stop();
    }
    const db = new Database(path.join(site.dataDir, "app.db"), { readonly: true });
    try {
      expect(db.prepare("SELECT login_id AS id FROM admins").all()).toStrictEqual([{ id: "bravo" }]);
    } finally {
      db.close();
    }
  });
});
