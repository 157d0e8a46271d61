// A local stand-in for graph.instagram.com (Instagram API with Instagram Login) that speaks its real
// JSON: /me/media with cursor paging and an absolute paging.next, /{media-id}, /me,
// /refresh_access_token, the {"error": {...}} envelope, and CDN-like /cdn/... files.
// Tests point INSTAGRAM_GRAPH_URL at it; nothing of our own code is mocked.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

export type FakeMediaItem = {
  id: string;
  caption?: string;
  media_type: "VIDEO" | "IMAGE" | "CAROUSEL_ALBUM";
  media_product_type?: "REELS" | "FEED" | "STORY" | "AD";
  media_url?: string;
  thumbnail_url?: string;
  permalink?: string;
  /** Graph format: '2025-03-02T09:15:00+0000'. */
  timestamp: string;
};

type FakeRequest = {
  method: string;
  /** Path and query as received, access_token included. */
  url: string;
  path: string;
  query: Record<string, string>;
  accessToken: string | null;
};

export type FakeGraph = Awaited<ReturnType<typeof startFakeGraph>>;

const USER_ID = "17841400000000000";
const API_VERSION = "v21.0";
const REFRESH_EXPIRES_IN = 5_184_000;

const EXPIRED = {
  error: {
    message: "Error validating access token: Session has expired",
    type: "OAuthException",
    code: 190,
    fbtrace_id: "A1b2",
  },
};
const INVALID_TOKEN = {
  error: {
    message: "Invalid OAuth access token - Cannot parse access token",
    type: "OAuthException",
    code: 190,
    fbtrace_id: "A1b3",
  },
};
function doesNotExist(id: string) {
  return {
    error: {
      message: `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
      type: "GraphMethodException",
      code: 100,
      error_subcode: 33,
      fbtrace_id: "A1b4",
    },
  };
}

const cursor = (offset: number) => Buffer.from(`QVFI-offset-${offset}`).toString("base64url");
function offsetOf(value: string | null) {
  if (!value) return 0;
  const match = /^QVFI-offset-(\d+)$/.exec(Buffer.from(value, "base64url").toString());
  return match ? Number(match[1]) : -1;
}

/**
 * A maker of new videos for a test file: each call gives videos with ids no earlier call gave (from
 * `idBase` on), one with each caption given, newest first from 2025-07-01.
 */
export function newVideoMaker(origin: () => string, idBase: bigint) {
  let nextId = idBase;
  return (...captions: string[]): FakeMediaItem[] => {
    const items = fakeVideos(origin(), captions.length, Date.parse("2025-07-01T03:00:00Z"), nextId);
    nextId += BigInt(captions.length);
    return items.map((item, i) => ({ ...item, caption: captions[i]! }));
  };
}

/** Builds n videos, newest first, one a day back from `newest`, with CDN links on `origin`. */
export function fakeVideos(origin: string, n: number, newest = Date.parse("2025-06-30T03:00:00Z"), idBase = 18000000000000000n) {
  const items: FakeMediaItem[] = [];
  for (let i = 0; i < n; i++) {
    const id = String(idBase + BigInt(i));
    items.push({
      id,
      caption: `소근육 놀이 ${i + 1}편 #아동작업치료`,
      media_type: "VIDEO",
      media_product_type: "REELS",
      media_url: `${origin}/cdn/v/${id}.mp4?oe=ABCDEF`,
      thumbnail_url: `${origin}/cdn/t/${id}.jpg?oe=ABCDEF`,
      permalink: `https://www.instagram.com/reel/FAKE${i + 1}/`,
      timestamp: graphTimestamp(new Date(newest - i * 24 * 60 * 60 * 1000)),
    });
  }
  return items;
}

/** Graph's own timestamp format: '+0000' without a colon. */
function graphTimestamp(date: Date) {
  return date.toISOString().replace(/\.\d{3}Z$/, "+0000");
}

/** `poster`: the bytes every /cdn/t/ thumbnail answers (the demo's small poster by default). */
export async function startFakeGraph(options: { tokens?: string[]; username?: string; poster?: Buffer } = {}) {
  const jpeg = options.poster ?? fs.readFileSync(path.resolve("public/demo/reels/poster-1.jpg"));
  const mp4 = fs.readFileSync(path.resolve("public/demo/reels/sample.mp4"));
  const validTokens = new Set(options.tokens ?? []);
  const requests: FakeRequest[] = [];
  const refreshCalls: FakeRequest[] = [];
  let media: FakeMediaItem[] = [];
  let expired = false;
  let cdnUp = true;
  let nextOrigin: string | null = null;
  let outage = false;
  let refreshBroken = false;
  let quotingToken = false;
  let refreshCount = 0;
  let origin = "";

  function tokenOk(token: string | null) {
    if (!token) return false;
    return validTokens.size === 0 || validTokens.has(token);
  }

  function pick(item: FakeMediaItem, fields: string | null) {
    const wanted = (fields ?? "id").split(",").map((field) => field.trim());
    const out: Record<string, string> = {};
    for (const field of wanted) {
      const value = (item as Record<string, string | undefined>)[field];
      if (value !== undefined) out[field] = value;
    }
    out.id = item.id;
    return out;
  }

  function sorted() {
    return [...media].sort((a, b) => Date.parse(fix(b.timestamp)) - Date.parse(fix(a.timestamp)));
  }
  const fix = (ts: string) => ts.replace(/([+-]\d{2})(\d{2})$/, "$1:$2");

  /** While set, Graph API calls wait (CDN files do not) until released. */
  let hold: { waiting: (() => void)[]; arrived: () => void } | null = null;

  const answer = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://fake.local");
    const query = Object.fromEntries(url.searchParams);
    const token = url.searchParams.get("access_token");
    const record: FakeRequest = { method: req.method ?? "GET", url: req.url ?? "/", path: url.pathname, query, accessToken: token };
    requests.push(record);
    if (url.pathname === "/refresh_access_token") refreshCalls.push(record);

    const json = (status: number, body: unknown) => {
      const text = JSON.stringify(body);
      res.writeHead(status, {
        "Content-Type": "application/json; charset=UTF-8",
        "Content-Length": Buffer.byteLength(text),
        // Graph answers carry these; harmless and realistic.
        "x-fb-trace-id": "FakeTrace",
        "x-app-usage": '{"call_count":1,"total_cputime":1,"total_time":1}',
      });
      res.end(text);
    };

    if (url.pathname.startsWith("/cdn/")) {
      if (!cdnUp) {
        res.writeHead(404, { "Content-Type": "text/plain" });
        res.end("URL signature expired");
        return;
      }
      const body = url.pathname.endsWith(".mp4") ? mp4 : jpeg;
      res.writeHead(200, {
        "Content-Type": url.pathname.endsWith(".mp4") ? "video/mp4" : "image/jpeg",
        "Content-Length": body.length,
      });
      res.end(body);
      return;
    }

    if (outage) {
      res.writeHead(503, { "Content-Type": "text/html" });
      res.end("<html><body>Sorry, something went wrong.</body></html>");
      return;
    }
    if (quotingToken) {
      return json(500, { error: { message: `Temporary failure for access_token ${token} (${req.url})`, type: "OAuthException", code: 2 } });
    }
    if (req.method !== "GET") return json(400, { error: { message: "Unsupported method", type: "OAuthException", code: 100 } });
    if (expired) return json(400, EXPIRED);

    if (url.pathname === "/refresh_access_token") {
      if (refreshBroken) {
        return json(500, {
          error: {
            message: "An unexpected error has occurred. Please retry your request later.",
            type: "OAuthException",
            is_transient: true,
            code: 2,
            fbtrace_id: "A1b8",
          },
        });
      }
      if (!tokenOk(token)) return json(400, INVALID_TOKEN);
      if (url.searchParams.get("grant_type") !== "ig_refresh_token") {
        return json(400, { error: { message: "Invalid grant_type", type: "OAuthException", code: 100, fbtrace_id: "A1b5" } });
      }
      refreshCount += 1;
      const fresh = `IGAAfake-refreshed-${refreshCount}-${Math.random().toString(36).slice(2, 10)}`;
      if (validTokens.size > 0) validTokens.add(fresh);
      return json(200, { access_token: fresh, token_type: "bearer", expires_in: REFRESH_EXPIRES_IN });
    }

    if (!tokenOk(token)) return json(400, INVALID_TOKEN);

    if (url.pathname === "/me") {
      return json(200, { user_id: USER_ID, username: options.username ?? "ot_kids_fake", id: "9900000000000001" });
    }

    const listMatch = /^\/(?:v\d+\.\d+\/)?(?:me|\d+)\/media$/.exec(url.pathname);
    if (listMatch) {
      const all = sorted();
      const limit = Math.min(Math.max(Number(url.searchParams.get("limit") ?? 25) || 25, 1), 100);
      const start = offsetOf(url.searchParams.get("after"));
      if (start < 0) return json(400, { error: { message: "Invalid cursor", type: "OAuthException", code: 100, fbtrace_id: "A1b6" } });
      const slice = all.slice(start, start + limit);
      const fields = url.searchParams.get("fields");
      const paging: Record<string, unknown> = {
        cursors: { before: cursor(start), after: cursor(start + slice.length) },
      };
      if (start + slice.length < all.length) {
        const next = new URL(`/${API_VERSION}/${USER_ID}/media`, nextOrigin ?? origin);
        next.searchParams.set("access_token", token ?? "");
        if (fields) next.searchParams.set("fields", fields);
        next.searchParams.set("limit", String(limit));
        next.searchParams.set("after", cursor(start + slice.length));
        paging.next = next.toString();
      }
      if (start > 0) {
        const previous = new URL(`/${API_VERSION}/${USER_ID}/media`, origin);
        previous.searchParams.set("limit", String(limit));
        previous.searchParams.set("before", cursor(start));
        paging.previous = previous.toString();
      }
      return json(200, { data: slice.map((item) => pick(item, fields)), paging });
    }

    const itemMatch = /^\/(?:v\d+\.\d+\/)?(\d+)$/.exec(url.pathname);
    if (itemMatch) {
      const item = media.find((candidate) => candidate.id === itemMatch[1]);
      if (!item) return json(400, doesNotExist(itemMatch[1]!));
      return json(200, pick(item, url.searchParams.get("fields")));
    }

    return json(400, {
      error: { message: "Unknown path components: " + url.pathname, type: "OAuthException", code: 2500, fbtrace_id: "A1b7" },
    });
  };

  const server = http.createServer((req, res) => {
    if (!hold || req.url?.startsWith("/cdn/")) return answer(req, res);
    hold.waiting.push(() => answer(req, res));
    hold.arrived();
  });

  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    requests,
    /** The /refresh_access_token requests. */
    refreshCalls,
    /** Requests other than the CDN's (the Graph API proper). */
    apiRequests: () => requests.filter((request) => !request.path.startsWith("/cdn/")),
    setMedia(items: FakeMediaItem[]) {
      media = [...items];
    },
    /** Accept only these tokens (plus those the refresh endpoint issues); empty = accept any. */
    setValidTokens(tokens: string[]) {
      validTokens.clear();
      for (const token of tokens) validTokens.add(token);
    },
    /** Every API call answers 400 with the code-190 "Session has expired" envelope. */
    expireToken() {
      expired = true;
    },
    restoreToken() {
      expired = false;
    },
    /** /cdn/ answers 404, like an expired Instagram CDN signature. */
    stopCdn() {
      cdnUp = false;
    },
    startCdn() {
      cdnUp = true;
    },
    /** Every API call answers 503 with an HTML page (not JSON). */
    setOutage(value: boolean) {
      outage = value;
    },
    /** Every API call answers a transient code-2 error whose message quotes the token and the URL it was sent with. */
    setQuotingToken(value: boolean) {
      quotingToken = value;
    },
    /** /refresh_access_token answers a transient code-2 error. */
    setRefreshBroken(value: boolean) {
      refreshBroken = value;
    },
    /**
     * Graph API calls wait from now until `release()` (a render that asks Instagram stays under way);
     * `arrived` resolves when the first one has come in.
     */
    holdApi() {
      let arrived = () => {};
      const first = new Promise<void>((resolve) => (arrived = resolve));
      const held = { waiting: [] as (() => void)[], arrived };
      hold = held;
      return {
        arrived: first,
        release() {
          if (hold === held) hold = null;
          for (const waiting of held.waiting) waiting();
        },
      };
    },
    /** Make paging.next point at another origin (null: this server's own). */
    setNextOrigin(value: string | null) {
      nextOrigin = value;
    },
    clearRequests() {
      requests.length = 0;
      refreshCalls.length = 0;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
