import crypto from "node:crypto";
import { createCookie, redirect, type AppLoadContext } from "@remix-run/node";
import { and, eq, gt, lt } from "drizzle-orm";
import { ko } from "~/copy/ko";
import { db } from "~/db/client.server";
import { admins, sessions } from "~/db/schema";
import { config } from "./config.server";
import { AppError } from "./errors";
import { getSessionSecret } from "./secrets.server";

export const SESSION_COOKIE_NAME = "ot_sid";
/** docs/product.md §9: the remembered login lasts 5,184,000 s (60 days). */
const REMEMBER_SECONDS = 5_184_000;
/** A login without 계정 기억하기 ends with the browser, and on the server after a day at the latest. */
const BROWSER_SESSION_SECONDS = 24 * 60 * 60;

export type Admin = { id: number; loginId: string };

function sessionCookie() {
  return createCookie(SESSION_COOKIE_NAME, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secrets: [getSessionSecret()],
  });
}

/**
 * Secure cookies when the site is https (PUBLIC_ORIGIN says so) or the visitor reached us over
 * https (directly or through a proxy TRUST_PROXY names).
 */
export function isHttps(request: Request) {
  return config().httpsOnly || new URL(request.url).protocol === "https:";
}

function hashToken(token: string) {
  return crypto.createHash("sha256").update(token).digest("hex");
}

async function readToken(header: string | null): Promise<string | null> {
  if (!header?.includes(`${SESSION_COOKIE_NAME}=`)) return null;
  const value = await sessionCookie().parse(header);
  return typeof value === "string" && value.length >= 32 ? value : null;
}

export function getAdmin(request: Request): Promise<Admin | null> {
  return adminOfCookieHeader(request.headers.get("Cookie"));
}

/** The admin a `Cookie` header signs in, for callers that have the header but no Request (the view beacon). */
export async function adminOfCookieHeader(header: string | null): Promise<Admin | null> {
  const token = await readToken(header);
  if (!token) return null;
  const row = db()
    .select({ id: admins.id, loginId: admins.loginId })
    .from(sessions)
    .innerJoin(admins, eq(admins.id, sessions.adminId))
    .where(and(eq(sessions.idHash, hashToken(token)), gt(sessions.expiresAt, new Date().toISOString())))
    .get();
  return row ?? null;
}

/**
 * What names the request's session (the SHA-256 its row is stored under), or null without one: for
 * binding something short-lived to this very login, such as the state of an Instagram login.
 */
export async function sessionKey(request: Request): Promise<string | null> {
  const token = await readToken(request.headers.get("Cookie"));
  return token ? hashToken(token) : null;
}

/** The authorization check every admin use case starts with. */
export function assertAdmin(admin: Admin | null): asserts admin is Admin {
  if (!admin) throw new AppError(401, "UNAUTHORIZED", ko.errors.unauthorized);
}

/**
 * The admin a page's loaders run for. The root loader, the admin layout and the route's loader all
 * ask; Remix gives them one load context per request, so the session is read once and shared.
 * Loaders run after the request's action, so a login or logout there is already seen.
 */
const adminOfLoadContext = new WeakMap<AppLoadContext, Promise<Admin | null>>();

export function currentAdmin({ request, context }: { request: Request; context: AppLoadContext }): Promise<Admin | null> {
  let admin = adminOfLoadContext.get(context);
  if (!admin) {
    admin = getAdmin(request);
    adminOfLoadContext.set(context, admin);
  }
  return admin;
}

/** For admin page loaders: a visitor is sent home (docs/product.md §2). */
export async function requireAdminPage(args: { request: Request; context: AppLoadContext }): Promise<Admin> {
  const admin = await currentAdmin(args);
  if (!admin) throw redirect("/");
  return admin;
}

/** Starts a new session (a new id at every login) and returns its Set-Cookie header. */
export async function startSession(request: Request, adminId: number, remember: boolean) {
  const token = crypto.randomBytes(32).toString("base64url");
  const seconds = remember ? REMEMBER_SECONDS : BROWSER_SESSION_SECONDS;
  const now = Date.now();
  db()
    .insert(sessions)
    .values({
      idHash: hashToken(token),
      adminId,
      persistent: remember,
      expiresAt: new Date(now + seconds * 1000).toISOString(),
    })
    .run();
  db()
    .delete(sessions)
    .where(lt(sessions.expiresAt, new Date(now).toISOString()))
    .run();
  return sessionCookie().serialize(token, {
    secure: isHttps(request),
    ...(remember ? { maxAge: REMEMBER_SECONDS } : {}),
  });
}

/** Deletes the session row, so the old cookie is worthless even if kept, and clears the cookie. */
export async function endSession(request: Request) {
  const token = await readToken(request.headers.get("Cookie"));
  if (token)
    db()
      .delete(sessions)
      .where(eq(sessions.idHash, hashToken(token)))
      .run();
  return sessionCookie().serialize("", { maxAge: 0, expires: new Date(0), secure: isHttps(request) });
}
