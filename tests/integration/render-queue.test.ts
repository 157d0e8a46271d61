// Page renders take turns (server/render-queue.ts), through the real server: past the queue's bound a
// visitor is answered 503 in Korean at once, stored pages are answered meanwhile, and a stored page
// past its TTL is answered as it was while one visitor's render renews it, and a plain page the
// queue cannot refuse (a fixed page, a page stored before) is rendered after the renders under way. A render is kept under way,
// without any timing, by the Graph API stand-in holding the call a reel page makes to refresh its
// video link (a link older than a day).
import type { IncomingMessage } from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";

import { BANNER_TURN_MS } from "~/features/ads/ads.server";
import { startApp, type TestApp } from "../support/app";
import { startFakeGraph, type FakeGraph } from "../support/fake-graph";
import { openDb, queryOneIn } from "./_helpers";

let graph: FakeGraph;
let app: TestApp;
let reelPage: string;
let reelId: number;

beforeAll(async () => {
  graph = await startFakeGraph();
  app = await startApp(
    { INSTAGRAM_GRAPH_URL: graph.origin, INSTAGRAM_ACCESS_TOKEN: "queue-test-token" },
    // One render at a time and none waiting: the second page view during a render is refused.
    { renderQueue: { slots: 1, maxWaiting: 0 } },
  );
  reelId = queryOneIn<{ id: number }>(app, "SELECT id FROM reels ORDER BY id LIMIT 1").id;
  // The reel's own address, as its link gives it (a short one is redirected there). Its first
  // refresh also takes up the token (a write, which empties the page cache), before any test.
  makeReelLinkOld();
  const opened = await fetch(app.url(`/reels-content/${encodeURIComponent(JSON.stringify({ id: reelId }))}`));
  expect(opened.status).toBe(200);
  reelPage = new URL(opened.url).pathname;
});

afterEach(() => {
  vi.useRealTimers();
});

afterAll(async () => {
  await app?.close();
  await graph?.close();
});

/** The reel's video link is two days old: its next render asks Instagram (held) for a new one. Written behind the app's back, so its stored pages stay. */
function makeReelLinkOld(id = reelId) {
  const db = openDb(app);
  try {
    db.prepare("UPDATE reels SET link_checked_at = ? WHERE id = ?").run(new Date(Date.now() - 2 * 86_400_000).toISOString(), id);
  } finally {
    db.close();
  }
}

/**
 * Resolves once the server has been handed a request for `pathname` and its own listeners have run
 * (a page view is answered, refused or queued before the server reads anything else).
 */
function requestReaches(pathname: string) {
  return new Promise<void>((resolve) => {
    const seen = (req: IncomingMessage) => {
      if (req.url !== pathname) return;
      app.server.off("request", seen);
      setImmediate(resolve);
    };
    app.server.on("request", seen);
  });
}

/** A render of the reel page, under way until `release()`. */
async function renderHeldUnderWay(pathname: string) {
  makeReelLinkOld();
  const held = graph.holdApi();
  const answer = fetch(app.url(pathname), { redirect: "manual" });
  await held.arrived;
  return { answer, release: held.release };
}

describe("the render queue", () => {
  test("full: a page view is answered 503 in Korean with Retry-After, the API with its JSON; stored pages and the health check still answer", async () => {
    expect((await fetch(app.url("/product-list"))).status).toBe(200);
    // A list search is not stored on the plain pages' shelf: this one renders.
    const { answer, release } = await renderHeldUnderWay(`${reelPage}?keyword=queue`);
    try {
      const page = await fetch(app.url("/search?q=놀이"));
      expect(page.status).toBe(503);
      expect(page.headers.get("retry-after")).toBe("5");
      expect(page.headers.get("cache-control")).toBe("no-store");
      const html = await page.text();
      expect(html).toContain("<title>잠시 후 다시 시도해 주세요</title>");
      expect(html).toContain("지금 요청이 많습니다. 잠시 후 다시 시도해 주세요.");

      const api = await fetch(app.url("/api/search?q=놀이"));
      expect(api.status).toBe(503);
      expect(api.headers.get("retry-after")).toBe("5");
      expect(await api.json()).toMatchObject({ errMsg: "지금 요청이 많습니다. 잠시 후 다시 시도해 주세요.", errCode: "BUSY" });

      const stored = await fetch(app.url("/product-list"));
      expect(stored.status).toBe(200);
      // The health check does not wait for a slot.
      const health = await fetch(app.url("/healthz"));
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ ok: true });
    } finally {
      release();
    }
    expect((await answer).status).toBe(200);
    // The slot is free again: the same search renders.
    const again = await fetch(app.url("/search?q=놀이"));
    expect(again.status).toBe(200);
    expect(await again.text()).toContain("놀이");
  });

  test("a stored page past its TTL is answered as it was while one visitor's render renews it", async () => {
    // A stored page is never served past the partner banners' next turn (every BANNER_TURN_MS on the
    // clock): the page is stored just after a turn begins, so that its TTL ends well before the turn.
    const turnBegins = Math.ceil(Date.now() / BANNER_TURN_MS) * BANNER_TURN_MS;
    vi.useFakeTimers({ toFake: ["Date"], now: turnBegins + 1_000 });
    const stored = await fetch(app.url(reelPage));
    expect(stored.status).toBe(200);
    const storedHtml = await stored.text();
    vi.setSystemTime(turnBegins + 1_000 + 31_000);

    const errorsBefore = app.problems.length;
    const { answer, release } = await renderHeldUnderWay(reelPage);
    let meanwhile: Response;
    try {
      meanwhile = await fetch(app.url(reelPage));
    } finally {
      release();
    }
    // Answered while the renewing render was still held: its Instagram call had not given up (after 10 s, logged).
    expect(app.problems.slice(errorsBefore)).toEqual([]);
    expect(meanwhile.status).toBe(200);
    expect(await meanwhile.text()).toBe(storedHtml);
    // The visitor meanwhile did not wait for the renewing render (it was held until after that answer).
    expect((await answer).status).toBe(200);
  });

  test("full: a fixed page never stored, and a plain page stored before and gone since (its banner's turn), are rendered after the render under way, not refused", async () => {
    const otherReelId = queryOneIn<{ id: number }>(app, "SELECT id FROM reels WHERE id <> ? ORDER BY id LIMIT 1", reelId).id;
    const turnBegins = Math.ceil(Date.now() / BANNER_TURN_MS) * BANNER_TURN_MS;
    vi.useFakeTimers({ toFake: ["Date"], now: turnBegins + 1_000 });
    const opened = await fetch(app.url(`/reels-content/${encodeURIComponent(JSON.stringify({ id: otherReelId }))}`));
    expect(opened.status).toBe(200);
    const otherReelPage = new URL(opened.url).pathname;
    // Past the banners' next turn: the stored reel page is gone.
    vi.setSystemTime(turnBegins + BANNER_TURN_MS + 1_000);

    const { answer: search, release: releaseSearch } = await renderHeldUnderWay(`${reelPage}?keyword=first`);
    makeReelLinkOld(otherReelId);
    const otherHeld = graph.holdApi();
    const reached = Promise.all([requestReaches(otherReelPage), requestReaches("/career-background")]);
    const other = fetch(app.url(otherReelPage));
    const career = fetch(app.url("/career-background"));
    await reached;
    releaseSearch();
    // Refused, the reel page would have been answered before the search's render was let go.
    const outcome = await Promise.race([other.then((response) => response.status), otherHeld.arrived.then(() => "rendered")]);
    otherHeld.release();
    expect(outcome).toBe("rendered");
    expect((await other).status).toBe(200);
    expect((await career).status).toBe(200);
    expect((await search).status).toBe(200);
  });
});
