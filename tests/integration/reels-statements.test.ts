// One read per fact per request (issue 10): the SQL statements a reels page runs, counted by
// wrapping the run methods of better-sqlite3's statements (prepared or prepared once per
// connection alike). A second read of the same rows shows up as a higher count.
import { afterAll, beforeAll, expect, test } from "vitest";
import { db } from "~/db/client.server";
import { settings } from "~/db/schema";
import * as reelUpsertPage from "~/routes/_admin.reels-upsert.$tag.($info)";
import * as reelListPage from "~/routes/reels-list.$id.$title";
import { addCategory, addReel } from "../support/records";
import { adminCookie, callLoader } from "./_direct";

let cookie: string;
let categoryId: number;
const statements: string[] = [];
const RUN_METHODS = ["run", "get", "all", "iterate"] as const;
type RunMethod = (typeof RUN_METHODS)[number];
const originals = new Map<RunMethod, unknown>();

beforeAll(async () => {
  cookie = await adminCookie();
  categoryId = addCategory(db().$client, { name: "세기" });
  addReel(db().$client, categoryId, { name: "첫 릴스", mediaId: "17900000000000109", instaRegDate: "2025-03-02T09:15:00.000Z" });
  // The sample feed: no HTTP call, so only the database is counted.
  db().insert(settings).values({ key: "instagram.token", value: "DEMO" }).run();
  const statement = Object.getPrototypeOf(db().$client.prepare("SELECT 1")) as Record<RunMethod, (...args: unknown[]) => unknown>;
  for (const method of RUN_METHODS) {
    const original = statement[method];
    originals.set(method, original);
    statement[method] = function (this: { source: string }, ...args: unknown[]) {
      statements.push(this.source);
      return original.apply(this, args);
    };
  }
});

afterAll(() => {
  const statement = Object.getPrototypeOf(db().$client.prepare("SELECT 1")) as Record<RunMethod, unknown>;
  for (const [method, original] of originals) statement[method] = original;
  statements.length = 0;
});

async function countStatements(run: () => Promise<Response>) {
  statements.length = 0;
  const response = await run();
  expect(response.status).toBe(200);
  return statements.length;
}

test("the reels list reads its category once and counts nothing it does not show: whether the menu is shown, category, the reels, the partner ad (and the session for the admin)", async () => {
  const visitor = await countStatements(() =>
    callLoader(reelListPage, `/reels-list/${categoryId}/x`, { params: { id: String(categoryId), title: "세기" } }),
  );
  // The menu's one row: a hidden 릴스 모음 is the 404 page for a visitor (sectionPage).
  expect(visitor).toBe(4);
  const admin = await countStatements(() =>
    callLoader(reelListPage, `/reels-list/${categoryId}/x`, { params: { id: String(categoryId), title: "세기" }, cookie }),
  );
  expect(admin).toBe(5);
});

test("the reel register page reads the Instagram settings once per use case: the feed, then the status", async () => {
  const info = encodeURIComponent(JSON.stringify({ title: "세기", reelsCategoryId: categoryId }));
  const count = await countStatements(() =>
    callLoader(reelUpsertPage, `/reels-upsert/0/${info}?checkedFilter=on`, { params: { tag: "0", info }, cookie }),
  );
  // session, category, token settings for the feed, registered media ids, token settings for the status
  expect(statements.filter((sql) => sql.includes('"settings"'))).toHaveLength(2);
  expect(count).toBe(5);
});
