import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/node";
import type * as z from "~/lib/zod";
import { isAppError } from "./errors";
import { redirectWithFlash } from "./flash.server";
import { readMultipartForm } from "./multipart.server";
import { orNotFoundPage, readPageForm } from "./page.server";
import { decodeInfo, infoId, isRegisterTag } from "./route-info";
import { getAdmin, type Admin } from "./session.server";

/**
 * The record an upsert route edits: null for the register tag, else the id its `info` names
 * (re-read from the database by the caller, DESIGN §3). A garbled `info` is a 404.
 */
export function upsertTarget(params: { tag?: string; info?: string }): number | null {
  if (isRegisterTag(params.tag)) return null;
  const id = infoId(decodeInfo(params.info));
  if (id === null) throw new Response("Not found", { status: 404 });
  return id;
}

/** Loads the edit target with a use case, turning its 404 into the page's 404. */
export function loadUpsertTarget<T>(params: { tag?: string; info?: string }, load: (id: number) => T): T | null {
  const id = upsertTarget(params);
  return id === null ? null : orNotFoundPage(() => load(id));
}

export type UpsertResult = SubmissionResult<string[]>;

type PageFormOptions<S extends z.ZodType, R> = {
  schema: S;
  save: (admin: Admin, value: z.output<S>) => Promise<R> | R;
  /** Forms with files post multipart; the others post urlencoded. */
  multipart?: boolean;
  maxFiles?: number;
};

/** The page door of an admin form that is not a register/edit screen (settings, the career images). */
export async function handleAdminFormAction<S extends z.ZodType, R>(
  request: Request,
  { success, ...options }: PageFormOptions<S, R> & { success: (saved: R) => { to: string; message: string } },
) {
  const admin = await getAdmin(request);
  if (!admin) throw redirect("/");
  return submitAdminForm(request, admin, null, { ...options, success });
}

/** The page door of a register/edit screen: the route's tag and `info` say which of the two. */
export async function handleUpsertAction<S extends z.ZodType, R>(
  request: Request,
  params: { tag?: string; info?: string },
  {
    success,
    ...options
  }: PageFormOptions<S, R> & {
    success: (result: { isNew: boolean; saved: R }) => { to: string; message: string };
  },
) {
  const admin = await getAdmin(request);
  if (!admin) throw redirect("/");
  const recordId = upsertTarget(params);
  return submitAdminForm(request, admin, recordId, {
    ...options,
    success: (saved) => success({ isNew: recordId === null, saved }),
  });
}

/**
 * Read the (multipart) form, parse it with the form's schema, run the use case, then redirect
 * with the success message (replacing history); any failure re-renders the form with Korean
 * errors and the right status. `recordId` names the record an edit changes (sent to the schema as
 * `index`, whatever the form said).
 */
async function submitAdminForm<S extends z.ZodType, R>(
  request: Request,
  admin: Admin,
  recordId: number | null,
  {
    schema,
    save,
    multipart = true,
    maxFiles = 1,
    success,
  }: PageFormOptions<S, R> & {
    success: (saved: R) => { to: string; message: string };
  },
) {
  let formData: FormData;
  try {
    formData = multipart ? await readMultipartForm(request, maxFiles) : await readPageForm(request);
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data<UpsertResult>({ status: "error", error: { "": [error.message] } }, { status: error.status });
  }
  formData.delete("index");
  if (recordId !== null) formData.set("index", String(recordId));
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    return data<UpsertResult>(submission.reply({ hideFields: ["imageFile"] }), { status: 400 });
  }
  let saved: R;
  try {
    saved = await save(admin, submission.value);
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data<UpsertResult>(
      submission.reply({
        hideFields: ["imageFile"],
        ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : { formErrors: [error.message] }),
      }),
      { status: error.status },
    );
  }
  const { to, message } = success(saved);
  return redirectWithFlash(to, { message }, { replace: true });
}
