import { parseWithZod } from "@conform-to/zod/v4";
import { ko } from "~/copy/ko";
import { koServer } from "~/copy/ko-server.server";
import type * as z from "~/lib/zod";
import { AppError, isAppError } from "./errors";
import { logError } from "./log.server";
import { currentRequestId } from "./request-scope.server";
import { assertAdmin, getAdmin, type Admin } from "./session.server";

// The API door (docs/product.md §7): JSON answers `{..., errMsg, errCode}` with a real HTTP status.
// A call's route declares itself with apiCall (api-call.server.ts), which takes these steps in turn:
// requireMethod, requireAdminApi, parse the payload with the page's zod schema, the use case,
// apiOk(...), and apiFailure(error) for whatever was thrown on the way.

type ErrorBody = { errMsg: string; errCode: string; fieldErrors?: Record<string, string[]>; requestId?: string };

/** A refusal in the API's shape; through the server it names the request's id, for the owner to quote. */
export function apiError(status: number, errCode: string, errMsg: string, fieldErrors?: Record<string, string[]>) {
  const requestId = currentRequestId();
  const body: ErrorBody = { errMsg, errCode, ...(fieldErrors ? { fieldErrors } : {}), ...(requestId ? { requestId } : {}) };
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

export function apiOk<T extends object>(body: T, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
  return Response.json({ errMsg: "", errCode: "", ...body }, { ...init, headers });
}

/**
 * What an API route answers from its `catch`: a thrown Response as it is, a use case's AppError as
 * `{errMsg, errCode}` with its status, anything unexpected as a logged 500 that leaks nothing.
 */
export function apiFailure(error: unknown): Response {
  if (error instanceof Response) return error;
  if (isAppError(error)) return apiError(error.status, error.code, error.message, error.fieldErrors);
  logError("api failure", error);
  return apiError(500, "SERVER_ERROR", ko.errors.server);
}

/** JSON calls accept application/json only (docs/architecture.md §5): a text/plain body cannot be a forged form post. */
async function readJsonBody(request: Request): Promise<unknown> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new AppError(415, "UNSUPPORTED_MEDIA_TYPE", koServer.errors.jsonOnly);
  }
  try {
    return await request.json();
  } catch {
    throw new AppError(400, "BAD_JSON", koServer.errors.badJson);
  }
}

export function requireMethod(request: Request, method: "POST") {
  if (request.method !== method) throw new AppError(405, "METHOD_NOT_ALLOWED", ko.errors.methodNotAllowed);
}

/** Reads a JSON body and checks it with the same zod schema the page form uses. */
export async function parseJsonBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  const result = schema.safeParse(await readJsonBody(request));
  if (!result.success) throw validationError(result.error);
  return result.data;
}

function validationError(error: z.ZodError) {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "form";
    (fieldErrors[key] ??= []).push(issue.message);
  }
  return new AppError(400, "VALIDATION", error.issues[0]?.message ?? ko.errors.invalid, fieldErrors);
}

/**
 * Reads form data with a form's zod schema exactly as the page action does (Conform's coercion),
 * for the API door; a failure is a 400 with the Korean messages.
 */
export function parseFormData<S extends z.ZodType>(formData: FormData | URLSearchParams, schema: S): z.output<S> {
  const submission = parseWithZod(formData, { schema });
  if (submission.status === "success") return submission.value;
  const fieldErrors: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(submission.error ?? {})) {
    if (messages?.length) fieldErrors[key || "form"] = messages;
  }
  const first = Object.values(fieldErrors)[0]?.[0] ?? ko.errors.invalid;
  throw new AppError(400, "VALIDATION", first, fieldErrors);
}

/** The other half of an API route (GET on an action-only route, POST on a read-only one): 405 in the API's shape. */
export function apiMethodNotAllowed() {
  return apiError(405, "METHOD_NOT_ALLOWED", ko.errors.methodNotAllowed);
}

/**
 * The session check of an admin call, made before the payload is read so a visitor learns nothing
 * about the payload rules (401). The use case checks the admin again.
 */
export async function requireAdminApi(request: Request): Promise<Admin> {
  const admin = await getAdmin(request);
  assertAdmin(admin);
  return admin;
}

/** An edit call names its record (docs/product.md §7: `index`); a register call's `index` is ignored. */
export function requireIndex(index: number | undefined) {
  if (!index) throw new AppError(400, "VALIDATION", koServer.errors.indexRequired, { index: [koServer.errors.indexRequired] });
}

/** An /api path that names no call: 404 in the API's shape. */
export function apiNotFound() {
  return apiError(404, "NOT_FOUND", ko.errors.notFound);
}
