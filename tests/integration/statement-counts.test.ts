// One read per fact per request (issue 10): a page that the root loader, the admin layout and the
// route all guard reads the admin's session once. Counted at better-sqlite3's `prepare`, which
// Drizzle calls for every statement, in the same process as the started app.
import Database from "better-sqlite3";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";

import { startApp, type TestApp } from "../support/app";
import type { Client } from "../support/http";
import { adminClient } from "./_helpers";

let app: TestApp;
let admin: Client;
const statements: string[] = [];
const originalPrepare = Database.prototype.prepare;

beforeAll(async () => {
  app = await startApp();
  admin = await adminClient(app);
  Database.prototype.prepare = function countedPrepare(this: Database.Database, source: string) {
    statements.push(source);
    return originalPrepare.call(this, source);
  } as typeof originalPrepare;
});
afterEach(() => {
  statements.length = 0;
});
afterAll(async () => {
  Database.prototype.prepare = originalPrepare;
  await app.close();
});

/** The statements one logged-in page request ran. */
async function statementsFor(pathname: string) {
  statements.length = 0;
  const response = await admin.fetch(pathname);
  expect(response.status).toBe(200);
  await response.text();
  return [...statements];
}

const readsSession = (source: string) => /from "sessions"/i.test(source);

describe("the current admin is resolved once per request", () => {
  test.each([
    ["an admin edit page", `/product-upsert/1/${encodeURIComponent(JSON.stringify({ id: 1 }))}`],
    ["the home page, logged in", "/"],
    ["the home-menu page", "/home-update"],
    ["the product list, logged in", "/product-list"],
  ])("%s reads the session once", async (_name, pathname) => {
    const ran = await statementsFor(pathname);
    console.info(`${pathname}: ${ran.length} statements`);
    expect(ran.filter(readsSession)).toHaveLength(1);
  });
});
