import crypto from "node:crypto";
import { parse, type SubmissionResult } from "@conform-to/react";
import { data, redirect } from "@remix-run/node";
import { config } from "./config.server";
import { isAppError } from "./errors";
import { readMultipartForm, UploadTooLargeError } from "./multipart.server";
import { readPageForm } from "./page.server";
import { decodeInfo, infoId, isRegisterTag } from "./route-info";
import { getAdmin, type Admin } from "./session.server";

// The page door of an admin form, as the steps its action takes one after another:
// requireAdminAction, readAdminForm, parseWithZod (invalidForm), the use case (failedForm),
// then redirectWithFlash. Register/edit screens add upsertTarget and withRecordIndex.

/** A page action's admin check: a visitor is sent home (docs/product.md §2); the use case checks again. */
export async function requireAdminAction(request: Request): Promise<Admin> {
  const admin = await getAdmin(request);
  if (!admin) throw redirect("/");
  return admin;
}

/**
 * The record an upsert route edits: null for the register tag, else the id its `info` names
 * (re-read from the database by the caller, docs/architecture.md §3). A garbled `info` is a 404.
 */
export function upsertTarget(params: { tag?: string; info?: string }): number | null {
  if (isRegisterTag(params.tag)) return null;
  const id = infoId(decodeInfo(params.info));
  if (id === null) throw new Response("Not found", { status: 404 });
  return id;
}

export type FormReply = SubmissionResult<string[]>;

/**
 * What the loader of a form with pictures gives it: the per-file limit (the browser refuses a
 * picture it cannot shrink under it before sending) and this render's submission id (a register
 * saved twice with it, a retry after a lost answer, makes one record).
 */
export function uploadFormData() {
  return { uploadMaxMb: config().UPLOAD_MAX_MB, submissionId: crypto.randomUUID() };
}

/**
 * The form of an admin page: multipart when it carries up to `files` files, urlencoded when it
 * carries none. An upload refused on the way in (too large, not an image) comes back as the form's
 * error, with its status, for the action to return; a picture over the limit comes back with
 * everything else she typed, so the page (its 413 without JavaScript) shows the form as she left it.
 */
export async function readAdminForm(request: Request, { files }: { files: number }) {
  if (files === 0) return { ok: true as const, data: await readPageForm(request) };
  try {
    return { ok: true as const, data: await readMultipartForm(request, files) };
  } catch (error) {
    if (!isAppError(error)) throw error;
    const reply: FormReply =
      error instanceof UploadTooLargeError
        ? parse<unknown, string[]>(error.typed, { resolve: () => ({ value: undefined }) }).reply({
            formErrors: [error.message],
            fieldErrors: Object.fromEntries(error.fileFields.map((name) => [name, [error.message]])),
          })
        : { status: "error", error: { "": [error.message] } };
    return { ok: false as const, reply: data<FormReply>(reply, { status: error.status }) };
  }
}

/** An edit changes the record its route names, whatever the form says; a register names none. */
export function withRecordIndex(formData: FormData, target: number | null) {
  formData.delete("index");
  if (target !== null) formData.set("index", String(target));
  return formData;
}

type ParsedForm = {
  reply: (options?: { hideFields?: string[]; formErrors?: string[]; fieldErrors?: Record<string, string[]> }) => FormReply;
};

/** The form did not pass its schema: the same form again, with its Korean field errors (400). */
export function invalidForm(submission: ParsedForm) {
  return data<FormReply>(submission.reply({ hideFields: ["imageFile"] }), { status: 400 });
}

/** The use case refused (an AppError): the form again with its message and status; anything else is thrown on. */
export function failedForm(submission: ParsedForm, error: unknown) {
  if (!isAppError(error)) throw error;
  const errors = error.fieldErrors ? { fieldErrors: error.fieldErrors } : { formErrors: [error.message] };
  return data<FormReply>(submission.reply({ hideFields: ["imageFile"], ...errors }), { status: error.status });
}
