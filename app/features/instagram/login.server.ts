// Instagram by login (docs/operations.md §2, "Instagram by login"): the OAuth flow of the Instagram
// API with Instagram Login. /instagram-connect sends the admin to Instagram's authorization window
// with a state bound to her session; /instagram-connect/callback exchanges the code for a
// short-lived token (INSTAGRAM_API_URL), that for a long-lived one (INSTAGRAM_GRAPH_URL,
// ig_exchange_token), and stores it as a pasted token is stored (token.server.ts), which refreshes
// it from then on. Every failure is an AppError carrying the Korean message the page shows, and
// stores nothing. The app secret, the code and the tokens go only to Instagram, never to a log
// line or a page.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { koServer } from "~/copy/ko-server.server";
import { db } from "~/db/client.server";
import { settings } from "~/db/schema";
import { config } from "~/lib/config.server";
import { AppError, isAppError } from "~/lib/errors";
import { assertAdmin, type Admin } from "~/lib/session.server";
import * as z from "~/lib/zod";
import { graphUrl, instagramJson, unavailable, warnInstagram } from "./client.server";
import { saveInstagramToken } from "./token.server";

/** Where Instagram sends the admin back to, under the site's public origin. */
export const CALLBACK_PATH = "/instagram-connect/callback";
/** What reels need: the professional account's profile and media. */
export const LOGIN_SCOPES = ["instagram_business_basic"];
/** The permissions that read media, as Instagram has named them (the first is today's name). */
const MEDIA_PERMISSIONS = new Set(["instagram_business_basic", "business_basic", "instagram_basic"]);

const loginNotConfigured = () => new AppError(404, "INSTAGRAM_LOGIN_NOT_CONFIGURED", koServer.instagramLogin.notConfigured);
const cancelled = () => new AppError(400, "INSTAGRAM_LOGIN_CANCELLED", koServer.instagramLogin.cancelled);
const badState = () => new AppError(400, "INSTAGRAM_LOGIN_STATE", koServer.instagramLogin.badState);
const refused = () => new AppError(400, "INSTAGRAM_LOGIN_REFUSED", koServer.instagramLogin.refused);
const missingPermission = () => new AppError(400, "INSTAGRAM_LOGIN_PERMISSION", koServer.instagramLogin.missingPermission);

/** The connect button is offered only when the Meta app is configured (INSTAGRAM_APP_ID and its secret). */
export function instagramLoginOffered() {
  return config().instagramApp !== null;
}

// The state: random, single use, ten minutes, bound to the session that began the login, kept on the
// server (one settings row) as SHA-256 digests compared in constant time.

const STATES_KEY = "instagram.loginStates";
const STATE_LIFETIME_MS = 10 * 60 * 1000;
/** Logins begun and not finished kept at once (tabs, retries), about 200 bytes each; only the admin adds them. */
const STATES_MAX = 8;

const pendingStates = z.array(z.object({ state: z.string().length(64), session: z.string().length(64), expiresAt: z.number() }));
type PendingState = z.infer<typeof pendingStates>[number];
type Tx = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];

function digest(text: string) {
  return crypto.createHash("sha256").update(text).digest();
}

function sameDigest(hex: string, other: Buffer) {
  const mine = Buffer.from(hex, "hex");
  return mine.length === other.length && crypto.timingSafeEqual(mine, other);
}

function readStates(tx: Tx): PendingState[] {
  const value = tx.select({ value: settings.value }).from(settings).where(eq(settings.key, STATES_KEY)).get()?.value;
  if (!value) return [];
  try {
    return pendingStates.parse(JSON.parse(value));
  } catch {
    return [];
  }
}

/** Written without contentChanged(): no page shows it. */
function writeStates(tx: Tx, states: PendingState[]) {
  if (states.length === 0) {
    tx.delete(settings).where(eq(settings.key, STATES_KEY)).run();
    return;
  }
  const value = JSON.stringify(states);
  const updatedAt = new Date().toISOString();
  tx.insert(settings)
    .values({ key: STATES_KEY, value, updatedAt })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt } })
    .run();
}

/** A new state for this session; the oldest unfinished logins give their place past STATES_MAX. */
function newState(session: string, now: number): string {
  const state = crypto.randomBytes(32).toString("base64url");
  db().transaction((tx) => {
    const kept = readStates(tx)
      .filter((entry) => entry.expiresAt > now)
      .slice(-(STATES_MAX - 1));
    writeStates(tx, [...kept, { state: digest(state).toString("hex"), session, expiresAt: now + STATE_LIFETIME_MS }]);
  });
  return state;
}

/** Takes a state back (single use, whatever comes next): true when this session began it less than ten minutes ago. */
function takeState(state: string | null, session: string | null, now: number): boolean {
  if (!state || state.length > 200 || !session) return false;
  const presented = digest(state);
  const sessionDigest = Buffer.from(session, "hex");
  return db().transaction((tx) => {
    const states = readStates(tx);
    let found: PendingState | undefined;
    // Every entry is compared, so the time taken says nothing about which one matched.
    for (const entry of states) if (sameDigest(entry.state, presented)) found = entry;
    if (!found) return false;
    writeStates(
      tx,
      states.filter((entry) => entry !== found && entry.expiresAt > now),
    );
    return found.expiresAt > now && sameDigest(found.session, sessionDigest);
  });
}

function callbackUrl(origin: string) {
  return `${origin}${CALLBACK_PATH}`;
}

/** /instagram-connect: the address of Instagram's authorization window for this admin's session. */
export function startInstagramLogin(admin: Admin | null, session: string | null, origin: string): string {
  assertAdmin(admin);
  const app = config().instagramApp;
  if (!app) throw loginNotConfigured();
  if (!session) throw badState();
  const params = {
    client_id: app.id,
    redirect_uri: callbackUrl(origin),
    response_type: "code",
    scope: LOGIN_SCOPES.join(","),
    state: newState(session, Date.now()),
  };
  return graphUrl("/oauth/authorize", params, new URL(config().INSTAGRAM_AUTH_URL)).href;
}

// The two exchanges. Instagram refuses with {"error_type", "code", "error_message"} (api.instagram.com)
// or the Graph envelope {"error": {"message", "type", "code"}}; either is "refused", anything else
// that is not an answer (no connection, a timeout, a 5xx, a page that is not JSON) is "unavailable".

/** Answers of token endpoints are a few hundred bytes. */
const MAX_TOKEN_ANSWER_BYTES = 64 * 1024;

const oauthRefusal = z.union([
  z.object({ error_message: z.string(), error_type: z.string().optional() }).transform((body) => body.error_message),
  z.object({ error: z.object({ message: z.string().optional(), is_transient: z.boolean().optional() }) }).transform((body) => body.error),
]);

/** POST or GET a token endpoint; its JSON answer, or the AppError the page shows (logged without a secret). */
async function askInstagram(url: URL, init: Parameters<typeof instagramJson>[1], secrets: string[]): Promise<unknown> {
  let answer: Awaited<ReturnType<typeof instagramJson>>;
  try {
    answer = await instagramJson(url, init, MAX_TOKEN_ANSWER_BYTES);
  } catch (error) {
    warnInstagram("instagram call failed", error, secrets);
    throw unavailable();
  }
  const refusal = oauthRefusal.safeParse(answer.body);
  const transient = refusal.success && typeof refusal.data === "object" && refusal.data.is_transient === true;
  if (refusal.success && answer.status < 500 && !transient) {
    const message = typeof refusal.data === "string" ? refusal.data : (refusal.data.message ?? "");
    warnInstagram("instagram login refused", `HTTP ${answer.status} from ${url.pathname}: ${message}`, secrets);
    throw refused();
  }
  if (!answer.ok) {
    warnInstagram("instagram call failed", `HTTP ${answer.status} from ${url.pathname}`, secrets);
    throw unavailable();
  }
  return answer.body;
}

const shortLivedToken = z.object({
  access_token: z.string().min(1).max(4096),
  user_id: z.union([z.string(), z.number()]).optional(),
  permissions: z.union([z.string(), z.array(z.string())]).optional(),
});
/** Today's answer is {"data": [{...}]}; apps made before it get the same fields at the top level. */
const codeAnswer = z.union([z.object({ data: z.array(shortLivedToken).min(1) }).transform((body) => body.data[0]!), shortLivedToken]);

const longLivedToken = z.object({
  access_token: z.string().min(1).max(4096),
  token_type: z.string().optional(),
  expires_in: z.coerce.number().positive(),
});

function grantsMedia(permissions: string | string[] | undefined) {
  if (permissions === undefined) return true;
  const granted = (typeof permissions === "string" ? permissions.split(",") : permissions).map((name) => name.trim());
  return granted.some((name) => MEDIA_PERMISSIONS.has(name));
}

/** The code for a short-lived token: POST {INSTAGRAM_API_URL}/oauth/access_token, a form. */
async function exchangeCode(app: { id: string; secret: string }, code: string, redirectUri: string): Promise<string> {
  const url = graphUrl("/oauth/access_token", {}, new URL(config().INSTAGRAM_API_URL));
  const form = new URLSearchParams({
    client_id: app.id,
    client_secret: app.secret,
    grant_type: "authorization_code",
    redirect_uri: redirectUri,
    code,
  });
  const body = await askInstagram(url, { method: "POST", body: form }, [code]);
  const parsed = codeAnswer.safeParse(body);
  if (!parsed.success) {
    warnInstagram("instagram call failed", `${url.pathname} answered without access_token`, [code]);
    throw unavailable();
  }
  if (!grantsMedia(parsed.data.permissions)) throw missingPermission();
  return parsed.data.access_token;
}

/** The short-lived token for a long-lived one: GET {INSTAGRAM_GRAPH_URL}/access_token?grant_type=ig_exchange_token. */
async function exchangeForLongLived(app: { secret: string }, shortToken: string) {
  const url = graphUrl("/access_token", { grant_type: "ig_exchange_token", client_secret: app.secret, access_token: shortToken });
  const parsed = longLivedToken.safeParse(await askInstagram(url, { method: "GET" }, [shortToken]));
  if (!parsed.success) {
    warnInstagram("instagram call failed", `${url.pathname} answered without access_token/expires_in`, [shortToken]);
    throw unavailable();
  }
  return { token: parsed.data.access_token, expiresInSeconds: parsed.data.expires_in };
}

/** A code as Instagram sends it: visible ASCII, without the "#_" it appends (which a browser keeps to itself anyway). */
function codeOf(value: string | null): string | null {
  const code = value?.replace(/#_$/, "") ?? "";
  return /^[\x21-\x7e]{1,2048}$/.test(code) ? code : null;
}

/** Instagram's own error words, for the log: short, plain. */
const plain = (value: string | null) => (value ?? "").replace(/[^\w .,:-]/g, "").slice(0, 100);

/**
 * /instagram-connect/callback: the query Instagram sent her back with, turned into a stored
 * long-lived token (its account's name returned for the message), or the refusal she is shown.
 */
export async function finishInstagramLogin(admin: Admin | null, session: string | null, query: URLSearchParams, origin: string) {
  assertAdmin(admin);
  const app = config().instagramApp;
  if (!app) throw loginNotConfigured();
  const now = new Date();
  const stateIsHers = takeState(query.get("state"), session, now.getTime());
  const error = query.get("error");
  if (error !== null) {
    if (error === "access_denied") throw cancelled();
    warnInstagram("instagram login refused", `error=${plain(error)} error_reason=${plain(query.get("error_reason"))}`, []);
    throw refused();
  }
  if (!stateIsHers) throw badState();
  const code = codeOf(query.get("code"));
  if (!code) throw refused();
  const shortToken = await exchangeCode(app, code, callbackUrl(origin));
  const longLived = await exchangeForLongLived(app, shortToken);
  try {
    return await saveInstagramToken(longLived.token, now, longLived.expiresInSeconds);
  } catch (failure) {
    // The token Instagram just gave is refused by its own /me: a refusal of the login, not a pasted typo.
    if (isAppError(failure) && failure.code === "INSTAGRAM_TOKEN_INVALID") throw refused();
    throw failure;
  }
}
