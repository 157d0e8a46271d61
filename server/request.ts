// One reading of a request for every part of the server (issue 19): the guards, the page cache, the
// view beacon and Remix must agree on its cookies, its path, its client and its protocol, or one of
// them can be led to treat a personal request as anonymous, or to guard another path than Remix runs.
import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";
import { parse } from "cookie";
import proxyAddr from "proxy-addr";
import { boundedMemo } from "../app/lib/bounded-memo";

const parsedCookies = new WeakMap<IncomingMessage, Record<string, string | undefined>>();

/**
 * The request's cookies, parsed once, by the parser Remix's cookies use (`cookie`'s `parse`: names
 * trimmed, so `ot_sid =x` is the cookie `ot_sid`; the first of a repeated name wins).
 */
export function cookiesOf(req: IncomingMessage) {
  let cookies = parsedCookies.get(req);
  if (!cookies) {
    cookies = req.headers.cookie ? parse(req.headers.cookie) : {};
    parsedCookies.set(req, cookies);
  }
  return cookies;
}

/** Whether this request carries any of the cookies the site sets (by parsed name, whatever their value). */
export function hasSiteCookie(req: IncomingMessage, siteCookieNames: readonly string[]) {
  if (!req.headers.cookie) return false;
  const cookies = cookiesOf(req);
  return siteCookieNames.some((name) => cookies[name] !== undefined);
}

export type TrustProxySetting = number | string | string[] | boolean;
export type ProxyTrust = (address: string, hop: number) => boolean;

/**
 * TRUST_PROXY compiled exactly as Express compiles "trust proxy" (a hop count, a list of addresses,
 * or all/none). A list's answer depends on the address alone, and parsing an address costs more than
 * the rest of a stored page's edge: it is remembered per address (the peers are few, a proxy or the
 * visitors themselves; past REMEMBERED_PEERS the memory starts again).
 */
export function compileTrust(setting: TrustProxySetting): ProxyTrust {
  if (typeof setting === "boolean") return () => setting;
  if (typeof setting === "number") return (_address, hop) => hop < setting;
  const addresses = typeof setting === "string" ? setting.split(",").map((entry) => entry.trim()) : setting;
  const trusts = proxyAddr.compile(addresses);
  // 1,000 peers of at most 45 characters (an IPv6 address): about 60 KB.
  return boundedMemo((address) => trusts(address, 0), { maxKeys: 1000, maxKeyLength: 45 });
}

/** The client's address: the socket's, or what the trusted proxies in front of us say (Express's `req.ip`). */
export function clientAddressOf(req: IncomingMessage, trust: ProxyTrust) {
  return proxyAddr(req, trust);
}

/** The protocol the client used: X-Forwarded-Proto only when the peer is a trusted proxy (Express's `req.protocol`). */
export function protocolOf(req: IncomingMessage, trust: ProxyTrust) {
  const own = (req.socket as Partial<TLSSocket>).encrypted ? "https" : "http";
  if (!trust(req.socket.remoteAddress ?? "", 0)) return own;
  const forwarded = req.headers["x-forwarded-proto"];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",", 1)[0]?.trim();
  return first || own;
}

/**
 * What a path must hold to be in another form than its normal one (the test that spares the work
 * below for nearly every request): an escape, a backslash, a character `new URL` would escape
 * (controls, space, `"<>\`{}`, anything beyond ASCII), `//`, a dot segment, a trailing slash; or
 * not to start with `/`.
 */
// eslint-disable-next-line no-control-regex -- controls are among what the URL parser escapes
const MAYBE_NOT_NORMAL = /[%\\\s"<>`{}\x00-\x1f\x7f-\uffff]|\/\/|\/\.\.?(?:\/|$)|.\/$|^[^/]/;

/** A percent-escape: its letters are written upper-case in the normal form (RFC 3986 §6.2.2.1). */
const ESCAPE = /%[0-9a-f]{2}/gi;
/** An escaped unreserved character (letters, digits, `-._~`): written as itself in the normal form (RFC 3986 §6.2.2.2). */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/**
 * The path as Remix will see it: `.`/`..` segments (also as `%2e`) resolved and backslashes read as
 * slashes (what `new URL` does to the address Remix builds), repeated slashes collapsed, no
 * trailing slash except on "/", and every percent-escape in one spelling: an unreserved character
 * as itself (`/api/%6cogin` is `/api/login`, which Remix would run), any other with upper-case
 * hex digits. Never starts with `//`.
 */
export function normalPathOf(rawPath: string) {
  if (!MAYBE_NOT_NORMAL.test(rawPath)) return rawPath;
  const collapse = (pathname: string) => pathname.replace(/\/{2,}/g, "/");
  const unescaped = rawPath.includes("%") ? rawPath.replace(ESCAPE, spellEscape) : rawPath;
  const resolved = collapse(new URL(`http://x${collapse(unescaped.replaceAll("\\", "/"))}`).pathname);
  return resolved.length > 1 && resolved.endsWith("/") ? resolved.slice(0, -1) : resolved;
}

function spellEscape(escape: string) {
  const character = String.fromCharCode(parseInt(escape.slice(1), 16));
  return UNRESERVED.test(character) ? character : escape.toUpperCase();
}
