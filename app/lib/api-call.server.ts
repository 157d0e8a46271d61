import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import type * as z from "~/lib/zod";
import { apiFailure, apiMethodNotAllowed, apiOk, parseFormData, parseJsonBody, requireAdminApi, requireMethod } from "./api.server";
import { removeReceived } from "./images.server";
import { readMultipartForm } from "./multipart.server";
import type { RouteFacts } from "./route-facts";
import { getAdmin, type Admin } from "./session.server";

// One declaration per API call (docs/architecture.md §2.3): the route module of `/api/...` is
//
//   export const { call, loader, action } = apiCall({ method, summary, access, request, response, answer });
//
// and everything else comes from it: the route's facts (read by the route table), its loader and
// action (method, session, payload parsed with the page's own zod schema, the use case, the JSON
// envelope, refusals), and its entry in /api/openapi.json (features/api-docs).

/** Who may call: the admin only (session cookie), anyone, or anyone with more shown to the admin. */
type Access = "admin" | "anyone" | "anyone, more for the admin";

/** The caller a call's answer gets: the admin, the admin or a visitor (null), or nobody in particular. */
type Caller<A extends Access> = A extends "admin" ? Admin : A extends "anyone, more for the admin" ? Admin | null : null;

/**
 * Where the payload is and the schema it is parsed with: a JSON body, a multipart body with up to
 * `files` files (a register call ignores any `index`, as the page's register form does), or the query.
 */
type Payload<S extends z.ZodType> = { json: S } | { multipart: S; files: number; newRecord?: true } | { query: S & z.ZodObject };

/** Every success carries `errMsg` and `errCode`, both empty: the answer gives the rest. */
type AnswerBody<R extends z.ZodType> = Omit<z.input<R>, "errMsg" | "errCode">;

class WithHeaders<T> {
  constructor(
    readonly body: T,
    readonly headers: HeadersInit,
  ) {}
}

/** An answer with headers of its own (the session cookie of a login or a logout). */
export function withHeaders<T>(body: T, headers: HeadersInit) {
  return new WithHeaders(body, headers);
}

export type ApiCallDeclaration<A extends Access, S extends z.ZodType, R extends z.ZodType> = {
  method: "GET" | "POST";
  /** One sentence for the API description. */
  summary: string;
  access: A;
  request?: Payload<S>;
  /** The success answer's schema (features/api-docs/responses.ts). */
  response: R;
  /** The refusals particular to this call; the ones every call of its kind can answer are added by the description. */
  refusals?: number[];
  /** A few short fields (4 KiB at the edge) instead of a form's 64 KiB. */
  smallBody?: true;
  /** A password login: refused at the edge while every hash slot is busy (docs/route-facts.md). */
  login?: true;
  /** Calls the use case with the parsed payload and says what to answer. */
  answer(args: {
    input: z.output<S>;
    admin: Caller<A>;
    request: Request;
    context: AppLoadContext;
  }): AnswerBody<R> | WithHeaders<AnswerBody<R>> | Promise<AnswerBody<R> | WithHeaders<AnswerBody<R>>>;
};

/** What the API description and the route table read of a call. */
export type ApiCall = {
  method: "get" | "post";
  summary: string;
  access: Access;
  request?: { json: z.ZodType } | { multipart: z.ZodType } | { query: z.ZodObject };
  response: z.ZodType;
  refusals: number[];
  routeFacts: RouteFacts;
};

function routeFactsOf({ access, request, smallBody, login }: ApiCallDeclaration<Access, z.ZodType, z.ZodType>): RouteFacts {
  const facts = { ...(login ? { login } : {}), ...(smallBody ? { body: "small" as const } : {}) };
  // A login is the owner's door, like the login page.
  if (access === "admin" || login) {
    return request && "multipart" in request
      ? { access: "admin", body: { uploads: request.files }, ...facts }
      : { access: "admin", ...facts };
  }
  return { access: "public", ...facts };
}

function describedPayload(request: Payload<z.ZodType> | undefined): ApiCall["request"] {
  if (!request) return undefined;
  if ("json" in request) return { json: request.json };
  if ("multipart" in request) return { multipart: request.multipart };
  return { query: request.query };
}

async function callerOf(access: Access, request: Request): Promise<Admin | null> {
  if (access === "admin") return requireAdminApi(request);
  return access === "anyone" ? null : getAdmin(request);
}

/** The call's input; the files a multipart payload brought are added to `received`, for the answer to remove. */
async function readPayload<S extends z.ZodType>(
  request: Request,
  payload: Payload<S> | undefined,
  received: Blob[],
): Promise<z.output<S> | undefined> {
  if (!payload) return undefined;
  if ("json" in payload) return parseJsonBody(request, payload.json);
  if ("query" in payload) return parseFormData(new URL(request.url).searchParams, payload.query);
  const form = await readMultipartForm(request, payload.files);
  for (const value of form.values()) if (typeof value !== "string") received.push(value);
  if (payload.newRecord) form.delete("index");
  return parseFormData(form, payload.multipart);
}

/** The route module's exports for one call: its declaration, and the loader and action that answer it. */
export function apiCall<A extends Access, R extends z.ZodType, S extends z.ZodType = z.ZodUndefined>(
  declaration: ApiCallDeclaration<A, S, R>,
) {
  const { method, summary, access, request, response, refusals = [] } = declaration;
  const call: ApiCall = {
    method: method === "GET" ? "get" : "post",
    summary,
    access,
    request: describedPayload(request),
    response,
    refusals,
    routeFacts: routeFactsOf(declaration as ApiCallDeclaration<Access, z.ZodType, z.ZodType>),
  };

  async function answer({ request: httpRequest, context }: LoaderFunctionArgs | ActionFunctionArgs) {
    const received: Blob[] = [];
    try {
      if (method === "POST") requireMethod(httpRequest, "POST");
      // The session is checked before the payload is read: a visitor learns nothing about the payload rules.
      const admin = (await callerOf(access, httpRequest)) as Caller<A>;
      const input = (await readPayload(httpRequest, request, received)) as z.output<S>;
      const answered = await declaration.answer({ input, admin, request: httpRequest, context });
      return answered instanceof WithHeaders ? apiOk(answered.body, { headers: answered.headers }) : apiOk(answered);
    } catch (error) {
      return apiFailure(error);
    } finally {
      // The API holds nothing for a next call: what a save did not store goes now (a stored save removed its own).
      await removeReceived(received);
    }
  }

  return method === "GET" ? { call, loader: answer, action: apiMethodNotAllowed } : { call, loader: apiMethodNotAllowed, action: answer };
}
