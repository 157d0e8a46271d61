// The Instagram Graph API client against a local server speaking Instagram's real JSON.
import fs from "node:fs";
import path from "node:path";
import { inspect } from "node:util";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";

import { AppError } from "~/lib/errors";
import { kstDayRange } from "~/lib/time";
import { expectPresent } from "../support/expect-present";
import { fakeVideos, startFakeGraph, type FakeGraph, type FakeMediaItem } from "../support/fake-graph";
import { expectLogged, loggedLines } from "../support/log-guard";

const ENV_TOKEN = "IGAAtest-env-token-0123456789";
const DAY = 24 * 60 * 60 * 1000;

let graph: FakeGraph;
let evil: FakeGraph;
let ig: typeof import("~/features/instagram/token.server") & typeof import("~/features/instagram/media.server");
let sqlite: import("better-sqlite3").Database;
let closeDb: () => void;
/** Every token the tests used or the fake issued: none may ever appear in a log line or an error. */
const secrets = new Set<string>([ENV_TOKEN]);

beforeAll(async () => {
  graph = await startFakeGraph();
  evil = await startFakeGraph();
  // This file's own DATA_DIR and UPLOADS_DIR come from tests/integration/_setup.ts; the Graph URL is read once, here.
  Object.assign(process.env, {
    INSTAGRAM_GRAPH_URL: graph.origin,
    INSTAGRAM_ACCESS_TOKEN: ENV_TOKEN,
  });
  ig = {
    ...(await import("~/features/instagram/token.server")),
    ...(await import("~/features/instagram/media.server")),
  };
  const client = await import("~/db/client.server");
  sqlite = client.db().$client;
  closeDb = client.closeDb;
});

afterAll(async () => {
  closeDb?.();
  await graph?.close();
  await evil?.close();
});

beforeEach(() => {
  graph.restoreToken();
  graph.startCdn();
  graph.setOutage(false);
  graph.setRefreshBroken(false);
  graph.setQuotingToken(false);
  graph.setNextOrigin(null);
  graph.setValidTokens([]);
  graph.setMedia([]);
  graph.clearRequests();
  evil.clearRequests();
});

function setting(key: string): string | null {
  const row = sqlite.prepare("SELECT value FROM settings WHERE key = ?").get(key) as { value: string } | undefined;
  return row?.value ?? null;
}

/** Puts a token in the settings as if it had been saved at `savedAt`. */
function arrangeToken(token: string, savedAt: Date, expiresAt: Date | null = null) {
  ig.instagramStatus(); // adopts INSTAGRAM_ACCESS_TOKEN first, so it does not overwrite what follows
  secrets.add(token);
  const put = sqlite.prepare("INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value");
  put.run("instagram.token", token);
  put.run("instagram.tokenSavedAt", savedAt.toISOString());
  if (expiresAt) put.run("instagram.tokenExpiresAt", expiresAt.toISOString());
  else sqlite.prepare("DELETE FROM settings WHERE key = 'instagram.tokenExpiresAt'").run();
}

function freshToken(name: string) {
  const token = `IGAAtest-${name}-${Math.random().toString(36).slice(2, 10)}`;
  arrangeToken(token, new Date());
  return token;
}

async function rejectsWith(promise: Promise<unknown>, code: string, status?: number) {
  const error = await promise.then(
    () => expect.fail(`expected ${code}`),
    (reason: unknown) => reason,
  );
  expect(error, `expected an AppError, got ${inspect(error)}`).toBeInstanceOf(AppError);
  const refusal = error as AppError;
  expect(refusal.code).toBe(code);
  if (status !== undefined) expect(refusal.status).toBe(status);
  for (const secret of secrets) expect(refusal.message, "the token must not appear in an error").not.toContain(secret);
  return refusal;
}

function mediaRequests(server: FakeGraph = graph) {
  return server.apiRequests().filter((request) => request.path.endsWith("/media"));
}

describe("listing videos", () => {
  test("follows paging.next to the end: 120 videos with limit 50 are 3 pages, all returned newest first", async () => {
    const token = freshToken("paging");
    const items = fakeVideos(graph.origin, 120);
    graph.setMedia([...items].reverse()); // the fake sorts newest first itself, like Instagram
    const list = await ig.listInstagramVideos({});
    expect(list.length).toBe(120);
    expect(list.map((item) => item.mediaId)).toStrictEqual(items.map((item) => item.id));
    const pages = mediaRequests();
    expect(pages.length).toBe(3);
    expect(pages[0]!.path).toBe("/me/media");
    expect(pages[1]!.path).toMatch(/^\/v\d+\.\d+\/\d+\/media$/);
    for (const page of pages) {
      expect(page.accessToken, "every page carries the token").toBe(token);
      expect(page.query.limit).toBe("50");
      expect(page.query.fields).toBe("id,caption,media_type,media_product_type,media_url,thumbnail_url,permalink,timestamp");
    }
    expect(pages[1]!.query.after && pages[2]!.query.after, "later pages use the after cursor").toBeTruthy();
    expect(graph.refreshCalls.length, "a token saved just now is not refreshed").toBe(0);
  });

  test("image and carousel posts are left out", async () => {
    freshToken("types");
    const videos = fakeVideos(graph.origin, 3);
    const others: FakeMediaItem[] = [
      {
        id: "17000000000000001",
        caption: "사진",
        media_type: "IMAGE",
        media_product_type: "FEED",
        media_url: `${graph.origin}/cdn/i/1.jpg`,
        permalink: "https://www.instagram.com/p/IMG1/",
        timestamp: "2025-06-29T10:00:00+0000",
      },
      {
        id: "17000000000000002",
        caption: "앨범",
        media_type: "CAROUSEL_ALBUM",
        media_product_type: "FEED",
        media_url: `${graph.origin}/cdn/i/2.jpg`,
        permalink: "https://www.instagram.com/p/ALB1/",
        timestamp: "2025-06-28T10:00:00+0000",
      },
    ];
    graph.setMedia([...videos, ...others]);
    const list = await ig.listInstagramVideos({});
    expect(list.map((item) => item.id).sort()).toStrictEqual(videos.map((item) => item.id).sort());
  });

  test("maps the Graph fields (docs/product.md §3) and formats instaRegDate in Korea time", async () => {
    freshToken("mapping");
    graph.setMedia([
      {
        id: "17900000000000555",
        caption: "배변훈련 팁 #배변훈련",
        media_type: "VIDEO",
        media_product_type: "REELS",
        media_url: `${graph.origin}/cdn/v/555.mp4?oe=1`,
        thumbnail_url: `${graph.origin}/cdn/t/555.jpg?oe=1`,
        permalink: "https://www.instagram.com/reel/C555/",
        timestamp: "2024-05-20T15:30:00+0000",
      },
      // Copyrighted audio: Instagram leaves media_url out; no caption at all.
      {
        id: "17900000000000556",
        media_type: "VIDEO",
        media_product_type: "REELS",
        thumbnail_url: `${graph.origin}/cdn/t/556.jpg`,
        permalink: "https://www.instagram.com/reel/C556/",
        timestamp: "2024-05-19T00:00:00+0000",
      },
    ]);
    const [first, second] = await ig.listInstagramVideos({});
    expect(first).toStrictEqual({
      id: "17900000000000555",
      mediaId: "17900000000000555",
      image: `${graph.origin}/cdn/t/555.jpg?oe=1`,
      instaRegDate: "2024-05-21 00:30:00",
      timestamp: "2024-05-20T15:30:00.000Z",
      link: `${graph.origin}/cdn/v/555.mp4?oe=1`,
      caption: "배변훈련 팁 #배변훈련",
      permalink: "https://www.instagram.com/reel/C555/",
      isVideo: true,
    });
    expect(second!.link).toBe(null);
    expect(second!.caption).toBe("");
    expect(second!.instaRegDate).toBe("2024-05-19 09:00:00");
  });

  test("filters by whole Korean days (inclusive) and sorts oldest first on request", async () => {
    freshToken("dates");
    const at = (id: string, timestamp: string): FakeMediaItem => ({
      id,
      media_type: "VIDEO",
      media_product_type: "REELS",
      thumbnail_url: `${graph.origin}/cdn/t/${id}.jpg`,
      media_url: `${graph.origin}/cdn/v/${id}.mp4`,
      timestamp,
    });
    graph.setMedia([
      at("1001", "2024-05-19T14:59:59+0000"), // 2024-05-19 23:59:59 KST: before
      at("1002", "2024-05-19T15:00:00+0000"), // 2024-05-20 00:00:00 KST: first instant of the range
      at("1003", "2024-05-20T15:30:00+0000"), // 2024-05-21 00:30:00 KST
      at("1004", "2024-05-21T14:59:59+0000"), // 2024-05-21 23:59:59 KST: last second of the range
      at("1005", "2024-05-21T15:00:00+0000"), // 2024-05-22 00:00:00 KST: after
    ]);
    const range = kstDayRange("2024-05-20", "2024-05-21");
    const newestFirst = await ig.listInstagramVideos(range);
    expect(newestFirst.map((item) => item.id)).toStrictEqual(["1004", "1003", "1002"]);
    const oldestFirst = await ig.listInstagramVideos({ ...range, ascending: true });
    expect(oldestFirst.map((item) => item.id)).toStrictEqual(["1002", "1003", "1004"]);
    const fromOnly = await ig.listInstagramVideos(kstDayRange("2024-05-21", null));
    expect(fromOnly.map((item) => item.id)).toStrictEqual(["1005", "1004", "1003"]);
    const toOnly = await ig.listInstagramVideos(kstDayRange(null, "2024-05-19"));
    expect(toOnly.map((item) => item.id)).toStrictEqual(["1001"]);
  });

  test("stops paging once the feed is older than `from`", async () => {
    freshToken("early-stop");
    const items = fakeVideos(graph.origin, 120);
    graph.setMedia(items);
    // The 10 newest are one day apart: from = the day of the 10th in Korea.
    const tenth = new Date(Date.parse(items[9]!.timestamp.replace("+0000", "Z")));
    const list = await ig.listInstagramVideos({ from: new Date(tenth.getTime() - 1) });
    expect(list.length).toBe(10);
    expect(mediaRequests().length, "the second page is not needed").toBe(1);
  });

  test("paging.next on another origin is not followed (the token goes nowhere else)", async () => {
    const token = freshToken("origin");
    expectLogged("the refused paging.next", (entry) => entry.msg === "instagram paging.next on another origin not followed");
    graph.setMedia(fakeVideos(graph.origin, 80));
    graph.setNextOrigin(evil.origin);
    const list = await ig.listInstagramVideos({});
    expect(list.length, "only the first page").toBe(50);
    expect(evil.requests.length, "nothing was sent to the other origin").toBe(0);
    expect(mediaRequests().length).toBe(1);
    expect(mediaRequests()[0]!.accessToken).toBe(token);
  });
});

describe("one media", () => {
  test("getInstagramMedia maps one media by id; an unknown id (code 100) is null", async () => {
    const token = freshToken("one");
    const [item] = fakeVideos(graph.origin, 1);
    graph.setMedia([item!]);
    const found = await ig.getInstagramMedia(item!.id);
    expect(found?.mediaId).toBe(item!.id);
    expect(found?.link).toBe(item!.media_url);
    expect(found?.image).toBe(item!.thumbnail_url);
    const request = graph.apiRequests().at(-1)!;
    expect(request.path).toBe(`/${item!.id}`);
    expect(request.accessToken).toBe(token);
    expect(await ig.getInstagramMedia("17999999999999999")).toBe(null);
  });

  test("a media id that is not numeric is never put in a URL", async () => {
    freshToken("path");
    expect(await ig.getInstagramMedia("../me")).toBe(null);
    expect(await ig.getInstagramMedia("me?fields=username")).toBe(null);
    expect(graph.apiRequests().length).toBe(0);
  });
});

describe("errors", () => {
  test("an expired token (code 190) is INSTAGRAM_TOKEN_EXPIRED with the Korean message, not a crash", async () => {
    freshToken("expired");
    graph.setMedia(fakeVideos(graph.origin, 3));
    graph.expireToken();
    const error = await rejectsWith(ig.listInstagramVideos({}), "INSTAGRAM_TOKEN_EXPIRED", 502);
    expect(error.message).toBe("인스타그램 토큰이 만료되었거나 취소되었습니다. '인스타그램 연결'에서 새 토큰을 등록해 주세요.");
    await rejectsWith(ig.getInstagramMedia("18000000000000000"), "INSTAGRAM_TOKEN_EXPIRED", 502);
    graph.restoreToken();
    expect((await ig.listInstagramVideos({})).length, "works again once the token is good").toBe(3);
  });

  test("an outage (HTML, not JSON) is INSTAGRAM_UNAVAILABLE", async () => {
    freshToken("outage");
    expectLogged("the outage", (entry) => entry.msg === "instagram call failed" && String(entry.reason).includes("non-JSON answer"));
    graph.setOutage(true);
    const error = await rejectsWith(ig.listInstagramVideos({}), "INSTAGRAM_UNAVAILABLE", 502);
    expect(error.message).toBe("인스타그램에 연결할 수 없습니다. 잠시 후 다시 시도해 주세요.");
  });

  test("no token at all is INSTAGRAM_NOT_CONFIGURED", async () => {
    freshToken("none");
    sqlite.prepare("DELETE FROM settings WHERE key = 'instagram.token'").run();
    const error = await rejectsWith(ig.listInstagramVideos({}), "INSTAGRAM_NOT_CONFIGURED", 503);
    expect(error.message).toBe("인스타그램 토큰이 설정되지 않았습니다. 전체 페이지의 '인스타그램 연결'에서 토큰을 등록해 주세요.");
    expect(ig.instagramStatus().configured).toBe(false);
    expect(graph.requests.length).toBe(0);
  });
});

describe("token refresh", () => {
  test("a token saved 2 days ago that expires in 10 days is refreshed once, stored and used", async () => {
    const now = Date.now();
    const old = `IGAAtest-old-${now}`;
    arrangeToken(old, new Date(now - 2 * DAY), new Date(now + 10 * DAY));
    graph.setMedia(fakeVideos(graph.origin, 2));
    const list = await ig.listInstagramVideos({});
    expect(list.length).toBe(2);
    expect(graph.refreshCalls.length).toBe(1);
    const call = graph.refreshCalls[0]!;
    expect(call.query.grant_type).toBe("ig_refresh_token");
    expect(call.accessToken).toBe(old);
    const stored = setting("instagram.token");
    expectPresent(stored, "a token is stored");
    expect(stored, "the new token is stored").not.toBe(old);
    secrets.add(stored);
    const savedAt = Date.parse(setting("instagram.tokenSavedAt") ?? "");
    expect(Math.abs(savedAt - Date.now()), "savedAt is now").toBeLessThan(60_000);
    const expiresAt = Date.parse(setting("instagram.tokenExpiresAt") ?? "");
    expect(Math.abs(expiresAt - (savedAt + 5_184_000 * 1000)), "expiresAt = now + expires_in").toBeLessThan(1000);
    expect(mediaRequests().at(-1)!.accessToken, "the next request uses the new token").toBe(stored);

    await ig.listInstagramVideos({});
    expect(graph.refreshCalls.length, "not refreshed again").toBe(1);
    expect(mediaRequests().at(-1)!.accessToken).toBe(stored);
    expect(ig.instagramStatus().expiresAt).toBe(setting("instagram.tokenExpiresAt"));
  });

  test("a token saved 2 days ago with unknown expiry is refreshed", async () => {
    arrangeToken(`IGAAtest-unknown-${Date.now()}`, new Date(Date.now() - 2 * DAY), null);
    await ig.getInstagramMedia("17999999999999999");
    expect(graph.refreshCalls.length).toBe(1);
    secrets.add(setting("instagram.token") ?? "");
  });

  test("a token saved just now, or far from expiry, is not refreshed", async () => {
    freshToken("fresh");
    await ig.listInstagramVideos({});
    arrangeToken(`IGAAtest-far-${Date.now()}`, new Date(Date.now() - 5 * DAY), new Date(Date.now() + 50 * DAY));
    await ig.listInstagramVideos({});
    await ig.refreshTokenIfDue();
    expect(graph.refreshCalls.length).toBe(0);
  });

  test("a refresh refused with 190 is INSTAGRAM_TOKEN_EXPIRED", async () => {
    arrangeToken(`IGAAtest-dead-${Date.now()}`, new Date(Date.now() - 40 * DAY), new Date(Date.now() + 2 * DAY));
    graph.expireToken();
    await rejectsWith(ig.listInstagramVideos({}), "INSTAGRAM_TOKEN_EXPIRED", 502);
    expect(graph.refreshCalls.length).toBe(1);
  });

  test("a refresh that fails otherwise is swallowed: the old token keeps working", async () => {
    const old = `IGAAtest-keep-${Date.now()}`;
    const savedAt = new Date(Date.now() - 3 * DAY);
    arrangeToken(old, savedAt, new Date(Date.now() + 5 * DAY));
    expectLogged("the failed refresh call", (entry) => entry.msg === "instagram call failed");
    expectLogged("the refresh given up", (entry) => entry.msg === "instagram token refresh failed");
    graph.setRefreshBroken(true);
    graph.setMedia(fakeVideos(graph.origin, 4));
    expect((await ig.listInstagramVideos({})).length).toBe(4);
    expect(graph.refreshCalls.length).toBe(1);
    expect(setting("instagram.token")).toBe(old);
    expect(setting("instagram.tokenSavedAt")).toBe(savedAt.toISOString());
    expect(mediaRequests().at(-1)!.accessToken).toBe(old);
    await ig.listInstagramVideos({});
    expect(graph.refreshCalls.length, "not retried on every call").toBe(1);
  });
});

describe("saving a token", () => {
  test("a token is checked with /me and stored with the username; a refused one is INSTAGRAM_TOKEN_INVALID", async () => {
    const good = `IGAAtest-pasted-${Date.now()}`;
    secrets.add(good);
    graph.setValidTokens([good]);
    const saved = await ig.saveInstagramToken(`  ${good}  `);
    expect(saved.username).toBe("ot_kids_fake");
    const me = graph.apiRequests().at(-1)!;
    expect(me.path).toBe("/me");
    expect(me.query.fields).toBe("user_id,username");
    expect(setting("instagram.token")).toBe(good);
    expect(setting("instagram.tokenExpiresAt")).toBe(null);
    expect(ig.instagramStatus()).toStrictEqual({ configured: true, demo: false, username: "ot_kids_fake", expiresAt: null });

    const bad = "IGAAtest-garbage";
    secrets.add(bad);
    const error = await rejectsWith(ig.saveInstagramToken(bad), "INSTAGRAM_TOKEN_INVALID", 400);
    expect(error.message).toBe("토큰을 확인할 수 없습니다. 토큰을 다시 확인해 주세요.");
    expect(setting("instagram.token"), "a refused token changes nothing").toBe(good);
  });
});

describe("the demo feed", () => {
  test("the DEMO token reads content/demo/instagram-media.json through the same mapping (videos only)", async () => {
    await ig.saveInstagramToken("DEMO");
    expect(ig.instagramStatus()).toStrictEqual({ configured: true, demo: true, username: null, expiresAt: null });
    const list = await ig.listInstagramVideos({});
    const pages = JSON.parse(fs.readFileSync("content/demo/instagram-media.json", "utf8")) as { data: FakeMediaItem[] }[];
    const all = pages.flatMap((page) => page.data);
    const videos = all.filter((item) => item.media_type === "VIDEO");
    expect(all.length, "the sample has image and carousel posts to leave out").toBeGreaterThan(videos.length);
    expect(list.length).toBe(videos.length);
    for (const item of list) {
      expect(item.mediaId).toMatch(/^179\d+$/);
      expect(item.image ?? "").toMatch(/^\/demo\/reels\/poster-[1-8]\.jpg$/);
      expect(item.instaRegDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(item.link === null || item.link === "/demo/reels/sample.mp4").toBeTruthy();
      expect(item.permalink ?? "").toMatch(/^https:\/\/www\.instagram\.com\/reel\/DEMO\d+\/$/);
      expect(fs.existsSync(path.join("public", item.image!)), `${item.image} exists`).toBeTruthy();
    }
    const times = list.map((item) => Date.parse(item.timestamp));
    expect(times, "newest first").toStrictEqual([...times].sort((a, b) => b - a));
    const march = await ig.listInstagramVideos(kstDayRange("2025-03-02", "2025-03-02"));
    expect(march.map((item) => item.mediaId)).toStrictEqual(["17900000000000109"]);
    expect(march[0]!.instaRegDate).toBe("2025-03-02 18:15:00");
    expect((await ig.getInstagramMedia("17900000000000109"))?.caption.includes("소근육")).toBe(true);
    expect(await ig.getInstagramMedia("17999999999999999")).toBe(null);
    expect(graph.requests.length, "the demo feed makes no HTTP call").toBe(0);
    await ig.refreshTokenIfDue(new Date(Date.now() + 90 * DAY));
    expect(graph.refreshCalls.length, "DEMO is never refreshed").toBe(0);
  });
});

describe("posters", () => {
  test("a CDN poster is fetched; a stopped CDN is INSTAGRAM_UNAVAILABLE", async () => {
    const bytes = await ig.fetchPosterBytes(`${graph.origin}/cdn/t/1.jpg?oe=ABC`);
    expect(bytes).toStrictEqual(fs.readFileSync("public/demo/reels/poster-1.jpg"));
    graph.stopCdn();
    expectLogged("the poster the CDN refused", (entry) => entry.msg === "instagram poster not copied");
    await rejectsWith(ig.fetchPosterBytes(`${graph.origin}/cdn/t/1.jpg?oe=ABC`), "INSTAGRAM_UNAVAILABLE", 502);
  });

  test("a demo poster is read from public/demo; paths outside it are refused", async () => {
    const bytes = await ig.fetchPosterBytes("/demo/reels/poster-2.jpg");
    expect(bytes).toStrictEqual(fs.readFileSync("public/demo/reels/poster-2.jpg"));
    for (const url of [
      "/demo/../../package.json",
      "/demo/..%2F..%2Fpackage.json",
      "/demo/reels/../../favicon.ico",
      "/build/manifest.json",
      "//evil.example/x.jpg",
      "file:///etc/passwd",
      "http://169.254.169.254/latest/meta-data",
    ]) {
      const error = await ig.fetchPosterBytes(url).then(
        () => expect.fail(`${url} should be refused`),
        (reason: unknown) => reason,
      );
      expect(error, `${url}: ${inspect(error)}`).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBeGreaterThanOrEqual(400);
      expect((error as AppError).status).toBeLessThan(600);
    }
  });
});

test("no token reaches a log line, even from an answer that quotes it", async () => {
  const token = freshToken("quoted");
  graph.setQuotingToken(true);
  expectLogged("the failed call", (entry) => entry.msg === "instagram call failed");
  await rejectsWith(ig.listInstagramVideos({}), "INSTAGRAM_UNAVAILABLE", 502);
  const lines = loggedLines();
  const failure = lines.find((line) => line.includes('"msg":"instagram call failed"') && line.includes("Temporary failure"));
  expect(failure, "the app logged the failure").toBeDefined();
  expect(failure, "the quoted token was blanked").toContain("access_token [token]");
  expect(secrets.has(token)).toBe(true);
  for (const line of lines) {
    for (const secret of secrets) expect(line.includes(secret), `a log line carries a token: ${line.slice(0, 200)}`).toBe(false);
  }
});
