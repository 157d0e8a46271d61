// How Instagram failures reach the doors, and how the token is kept out of every log line.
import { koAdmin } from "~/copy/ko-admin";
import { AppError } from "~/lib/errors";

/** Graph error codes: 190 invalid or expired token, 100 invalid parameter / object does not exist. */
export const CODE_TOKEN = 190;
export const CODE_NOT_FOUND = 100;

export function tokenExpired() {
  return new AppError(502, "INSTAGRAM_TOKEN_EXPIRED", koAdmin.instagram.tokenExpired);
}
export function notConfigured() {
  return new AppError(503, "INSTAGRAM_NOT_CONFIGURED", koAdmin.instagram.notConfigured);
}
export function unavailable() {
  return new AppError(502, "INSTAGRAM_UNAVAILABLE", koAdmin.instagram.unavailable);
}
export function tokenInvalid() {
  return new AppError(400, "INSTAGRAM_TOKEN_INVALID", koAdmin.instagram.tokenInvalid);
}
export function posterRefused() {
  return new AppError(400, "INSTAGRAM_POSTER_REFUSED", koAdmin.instagram.mediaNotFound);
}

export type GraphErrorBody = { message?: string; type?: string; code?: number; error_subcode?: number };

/** Instagram answered with its error envelope {"error": {...}}. */
export class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly error: GraphErrorBody,
  ) {
    super(`Graph API error ${error.code ?? "?"} (HTTP ${status}): ${error.message ?? ""}`);
    this.name = "GraphError";
  }
}

/** Removes every spelling of the token from a text that might be logged. */
function redact(text: string, token: string | null | undefined) {
  if (!token) return text;
  let out = text;
  for (const form of new Set([token, encodeURIComponent(token), new URLSearchParams({ t: token }).toString().slice(2)])) {
    if (form) out = out.split(form).join("[token]");
  }
  return out.replace(/access_token=[^&\s"']+/g, "access_token=[token]");
}

export function warn(reason: unknown, token: string | null) {
  const text = reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason);
  console.warn(`[instagram] ${redact(text, token).slice(0, 500)}`);
}

/** Any failure of a Graph call as the AppError the doors answer with. */
export function toAppError(reason: unknown, token: string | null): AppError {
  if (reason instanceof AppError) return reason;
  if (reason instanceof GraphError && reason.error.code === CODE_TOKEN) return tokenExpired();
  warn(reason, token);
  return unavailable();
}
