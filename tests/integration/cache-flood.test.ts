// Issue 19, point 5: what an anonymous flood can make the page cache store. X-Forwarded-Host is not
// part of any key; made-up reel-list titles are redirects (never stored); unknown beacons store
// nothing; pages for made-up hosts go on the other shelf, which they turn over among themselves.
// A change behind the app's back that does not show proves /reels-category was answered from the
// cache through it all. The clock the cache's TTL reads stands still meanwhile (the app runs in this
// process): on this shared machine the flood takes longer than the 30 s a page is kept, and only an
// eviction may make the page fresh here.
// Runs about 10 s.
import crypto from "node:crypto";
import http from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { startApp, type TestApp } from "../support/app";
import { formatLogs, openDb } from "./_helpers";

let app: TestApp;
const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

beforeAll(async () => {
  app = await startApp();
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  agent.destroy();
  await app?.close();
});

function get(pathname: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    http
      .get(app.url(pathname), { headers, agent }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      })
      .on("error", reject);
  });
}

function sql<T>(statement: string, ...params: unknown[]) {
  const db = openDb(app);
  try {
    const prepared = db.prepare(statement);
    return (prepared.reader ? prepared.get(...params) : prepared.run(...params)) as T;
  } finally {
    db.close();
  }
}

/** `count` requests, 16 at a time. */
async function flood(count: number, request: (index: number) => Promise<{ status: number }>, expectedStatus: number) {
  let next = 0;
  const statuses = new Map<number, number>();
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < count) {
        const { status } = await request(next++);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  expect(Object.fromEntries(statuses)).toEqual({ [expectedStatus]: count });
}

const random = () => crypto.randomBytes(6).toString("hex");

describe("an anonymous flood cannot push the plain pages out of the cache", () => {
  test(
    "3,000 random X-Forwarded-Host values and beacons, 1,000 made-up reel-list titles and 300 made-up hosts leave /reels-category cached",
    { timeout: 180_000 },
    async () => {
      vi.useFakeTimers({ toFake: ["Date"] });
      const plain = await get("/reels-category");
      expect(plain.status).toBe(200);
      const category = sql<{ id: number; name: string }>("SELECT id, name FROM reel_categories ORDER BY id LIMIT 1");
      expect(plain.body).toContain(category.name);
      const firstMadeUpHost = `${random()}.example`;
      expect((await get("/reels-category", { Host: firstMadeUpHost })).status).toBe(200);

      sql("UPDATE reel_categories SET name = ? WHERE id = ?", "몰래 바뀐 분류", category.id);
      try {
        await flood(3000, () => get("/reels-category", { "X-Forwarded-Host": `${random()}.example` }), 200);
        await flood(1000, () => get(`/reels-list/${category.id}/${random()}`), 301);
        await flood(3000, () => get(`/seen/reel/${900_000 + Math.floor(Math.random() * 1e9)}`), 404);
        await flood(300, () => get("/reels-category", { Host: `${random()}.example` }), 200);

        expect((await get("/reels-category")).body, "the plain page is still the stored one").toBe(plain.body);
        expect((await get("/reels-category", { Host: firstMadeUpHost })).body, "the made-up hosts turned over their own shelf").toContain(
          "몰래 바뀐 분류",
        );
      } finally {
        sql("UPDATE reel_categories SET name = ? WHERE id = ?", category.name, category.id);
      }
      expect(app.problems, formatLogs(app.problems)).toEqual([]);
    },
  );
});
