// A local stand-in for graph.instagram.com (Instagram API with Instagram Login) that speaks its real
// JSON: /me/media with cursor paging and an absolute paging.next, /{media-id}, /me,
// /refresh_access_token, the {"error": {...}} envelope, and CDN-like /cdn/... files. With an `app`,
// it is also Instagram's login: the authorization window (www.instagram.com/oauth/authorize, a page
// whose 허용 and 취소 send the browser back to the redirect URI with a code and the state, or with
// error=access_denied), the code's exchange (api.instagram.com/oauth/access_token, a POSTed form:
// {"data": [...]} or, for older apps, the fields at the top level; its own
// {"error_type", "code", "error_message"} refusals) and the long-lived token
// (graph.instagram.com/access_token?grant_type=ig_exchange_token).
// Tests point INSTAGRAM_GRAPH_URL (and INSTAGRAM_AUTH_URL, INSTAGRAM_API_URL) at it; nothing of our
// own code is mocked.
import crypto from "node:crypto";
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
  /** A POSTed form's fields (the code's exchange). */
  form?: Record<string, string>;
  /** The request's Content-Type. */
  contentType?: string;
};

/** The Meta app the stand-in's login answers to. */
export type FakeApp = { id: string; secret: string };

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

/** What api.instagram.com/oauth/access_token answers when it refuses, in its own shape or the Graph envelope. */
function oauthError(style: "instagram" | "graph", message: string) {
  return style === "instagram"
    ? { error_type: "OAuthException", code: 400, error_message: message }
    : { error: { message, type: "OAuthException", code: 100, fbtrace_id: "A1c1" } };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** `poster`: the bytes every /cdn/t/ thumbnail answers (the demo's small poster by default). */
export async function startFakeGraph(options: { tokens?: string[]; username?: string; poster?: Buffer; app?: FakeApp } = {}) {
  const jpeg = options.poster ?? fs.readFileSync(path.resolve("public/demo/reels/poster-1.jpg"));
  const mp4 = fs.readFileSync(path.resolve("public/demo/reels/sample.mp4"));
  const validTokens = new Set(options.tokens ?? []);
  const requests: FakeRequest[] = [];
  const refreshCalls: FakeRequest[] = [];
  let media: FakeMediaItem[] = [];
  let expired = false;
  let cdnUp = true;
  let nextOrigin: string | null = null;
  /** The most items a page of /me/media holds, whatever `limit` asks (null: as many as it asks, up to 100). */
  let mostPerPage: number | null = null;
  let outage = false;
  let refreshBroken = false;
  let quotingToken = false;
  let refreshCount = 0;
  let origin = "";
  // The login (with options.app): codes the window gave, short-lived tokens the exchange gave.
  const codes = new Map<string, { redirectUri: string; used: boolean }>();
  const shortTokens = new Set<string>();
  let codeAnswer: "data" | "flat" = "data";
  let oauthErrorStyle: "instagram" | "graph" = "instagram";
  let refuseEveryCode = false;
  let permissions = "instagram_business_basic";
  let longLivedCount = 0;

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
    if (options.app && (url.pathname.startsWith("/oauth/") || url.pathname === "/access_token")) {
      return login(options.app, url, req, res, record, json);
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
      const slice = all.slice(start, start + Math.min(limit, mostPerPage ?? limit));
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

  /** The authorization window, the code's exchange and the long-lived token (docs: Business Login for Instagram). */
  function login(
    app: FakeApp,
    url: URL,
    req: http.IncomingMessage,
    res: http.ServerResponse,
    record: FakeRequest,
    json: (status: number, body: unknown) => void,
  ) {
    const html = (status: number, body: string) => {
      res.writeHead(status, { "Content-Type": "text/html; charset=utf-8" });
      res.end(
        `<!doctype html><html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Instagram</title></head><body>${body}</body></html>`,
      );
    };
    const query = url.searchParams;

    if (url.pathname === "/oauth/authorize" && req.method === "GET") {
      if (query.get("client_id") !== app.id) return html(400, "<p>Invalid app ID</p>");
      if (query.get("response_type") !== "code") return html(400, "<p>Invalid response_type</p>");
      const scopes = (query.get("scope") ?? "").split(/[,\s]+/);
      if (!scopes.includes("instagram_business_basic")) return html(400, "<p>Invalid scope</p>");
      let redirect: URL;
      try {
        redirect = new URL(query.get("redirect_uri") ?? "");
      } catch {
        return html(400, "<p>Invalid redirect_uri</p>");
      }
      const decide = (decision: string) => {
        const target = new URL("/oauth/authorize/decide", origin);
        target.searchParams.set("decision", decision);
        target.searchParams.set("redirect_uri", redirect.href);
        if (query.has("state")) target.searchParams.set("state", query.get("state")!);
        return escapeHtml(target.pathname + target.search);
      };
      const account = escapeHtml(options.username ?? "ot_kids_fake");
      return html(
        200,
        `<main><h1>Instagram</h1><p>${account} 계정으로 로그인되어 있습니다.</p>` +
          `<p>앱이 요청하는 권한: ${escapeHtml(scopes.join(", "))}</p>` +
          `<p><a href="${decide("allow")}">허용</a> <a href="${decide("deny")}">취소</a></p></main>`,
      );
    }

    if (url.pathname === "/oauth/authorize/decide" && req.method === "GET") {
      let back: URL;
      try {
        back = new URL(query.get("redirect_uri") ?? "");
      } catch {
        return html(400, "<p>Invalid redirect_uri</p>");
      }
      const state = query.get("state");
      if (query.get("decision") === "allow") {
        const code = `AQ${crypto.randomBytes(24).toString("base64url")}`;
        codes.set(code, { redirectUri: back.href, used: false });
        back.searchParams.set("code", code);
      } else {
        back.searchParams.set("error", "access_denied");
        back.searchParams.set("error_reason", "user_denied");
        back.searchParams.set("error_description", "The user denied your request.");
      }
      if (state !== null) back.searchParams.set("state", state);
      // Instagram appends '#_' to the redirect with a code; browsers keep a fragment to themselves.
      res.writeHead(302, { Location: `${back.href}${query.get("decision") === "allow" ? "#_" : ""}` });
      res.end();
      return;
    }

    if (url.pathname === "/oauth/access_token" && req.method === "POST") {
      let text = "";
      req.setEncoding("utf8");
      req.on("data", (chunk: string) => (text += chunk));
      req.on("end", () => {
        record.contentType = req.headers["content-type"];
        const form = Object.fromEntries(new URLSearchParams(text));
        record.form = form;
        const refuse = (message: string) => json(400, oauthError(oauthErrorStyle, message));
        if (!/^application\/x-www-form-urlencoded/.test(record.contentType ?? "")) return refuse("Missing required parameter client_id");
        if (form.client_id !== app.id) return refuse("Invalid platform app");
        if (form.client_secret !== app.secret) return refuse("Error validating client secret.");
        if (form.grant_type !== "authorization_code") return refuse("Unsupported grant_type");
        const issued = codes.get(form.code ?? "");
        if (refuseEveryCode || !issued) return refuse("Invalid authorization code");
        if (issued.used) return refuse("This authorization code has been used");
        if (issued.redirectUri !== form.redirect_uri) {
          return refuse(
            "Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request",
          );
        }
        issued.used = true;
        const token = `IGAAshort-${crypto.randomBytes(12).toString("base64url")}`;
        shortTokens.add(token);
        // Older apps get the fields at the top level, user_id as a bare number (too large for a double: it is read as a string of digits).
        const body =
          codeAnswer === "data"
            ? JSON.stringify({ data: [{ access_token: token, user_id: USER_ID, permissions }] })
            : `{"access_token": ${JSON.stringify(token)}, "user_id": ${USER_ID}}`;
        res.writeHead(200, { "Content-Type": "application/json; charset=UTF-8", "Content-Length": Buffer.byteLength(body) });
        res.end(body);
      });
      return;
    }

    if (url.pathname === "/access_token" && req.method === "GET") {
      if (query.get("grant_type") !== "ig_exchange_token") {
        return json(400, { error: { message: "Invalid grant_type", type: "OAuthException", code: 100, fbtrace_id: "A1c2" } });
      }
      if (query.get("client_secret") !== app.secret) {
        return json(400, { error: { message: "Error validating client secret.", type: "OAuthException", code: 1, fbtrace_id: "A1c3" } });
      }
      if (!shortTokens.has(query.get("access_token") ?? "")) return json(400, INVALID_TOKEN);
      longLivedCount += 1;
      const token = `IGAAlong-${longLivedCount}-${crypto.randomBytes(12).toString("base64url")}`;
      if (validTokens.size > 0) validTokens.add(token);
      return json(200, { access_token: token, token_type: "bearer", expires_in: REFRESH_EXPIRES_IN });
    }

    return html(404, "<p>Sorry, this page isn't available.</p>");
  }

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
    /**
     * Pages of /me/media hold at most `count` items, fewer than `limit` asks: the Graph API's
     * "a query may return fewer than the value of limit" (its cursor paging). null: as many as asked.
     */
    setMostPerPage(count: number | null) {
      mostPerPage = count;
    },
    /** Make paging.next point at another origin (null: this server's own). */
    setNextOrigin(value: string | null) {
      nextOrigin = value;
    },
    /** The login's requests: the window, the code's exchange, the long-lived token. */
    loginRequests: () => requests.filter((request) => request.path.startsWith("/oauth/") || request.path === "/access_token"),
    /** The code's exchange answers {"data": [...]} (today) or the fields at the top level (older apps). */
    setCodeAnswer(shape: "data" | "flat") {
      codeAnswer = shape;
    },
    /** The code's exchange refuses in api.instagram.com's own shape or in the Graph envelope. */
    setOAuthErrorStyle(style: "instagram" | "graph") {
      oauthErrorStyle = style;
    },
    /** Every code is refused ("Invalid authorization code"), as an expired one is. */
    setRefuseCodes(value: boolean) {
      refuseEveryCode = value;
    },
    /** The permissions the exchange says she granted (comma-separated). */
    setPermissions(value: string) {
      permissions = value;
    },
    /**
     * What her tap in the authorization window does, over HTTP as a browser would: opens
     * `authorizeUrl` (which must be this stand-in's), follows 허용 or 취소, and returns where Instagram
     * sends her back (the Location, "#_" and all).
     */
    async consent(authorizeUrl: string, decision: "allow" | "deny" = "allow") {
      const page = await fetch(authorizeUrl);
      const text = await page.text();
      if (page.status !== 200) throw new Error(`the authorization window answered ${page.status}: ${text}`);
      const label = decision === "allow" ? "허용" : "취소";
      const href = new RegExp(`<a href="([^"]+)">${label}</a>`).exec(text)?.[1];
      if (!href) throw new Error(`no ${label} in the authorization window`);
      const back = await fetch(new URL(href.replace(/&#38;/g, "&"), origin), { redirect: "manual" });
      const location = back.headers.get("location");
      if (back.status !== 302 || !location) throw new Error(`the window's ${label} answered ${back.status}`);
      return location;
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
