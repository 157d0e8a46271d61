import crypto from "node:crypto";
import { parse, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type * as z from "~/lib/zod";
import { config } from "./config.server";
import { refusalOf } from "./errors";
import { redirectWithFlash } from "./flash.server";
import {
  holdPicture,
  holdPictures,
  receivePicture,
  receivePictures,
  type HeldPicture,
  type HeldPictureOfMany,
  type ReceivedPicture,
  type ReceivedPictures,
} from "./held-pictures.server";
import { readMultipartForm, UploadTooLargeError } from "./multipart.server";
import { orNotFoundPage, readPageForm } from "./page.server";
import { decodeInfo, infoId, isRegisterTag } from "./route-info";
import { getAdmin, requireAdminPage, type Admin } from "./session.server";

// The page door of an admin form, as the steps its action takes one after another:
// requireAdminAction, readAdminForm, parseWithZod (invalidForm), the use case (failedForm),
// then redirectWithFlash. A register/edit screen (docs/architecture.md §3, "Upsert routes") takes
// them in three calls: upsertPage in its loader; readUpsertForm, then its use case (failedForm),
// then saved in its action.

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

/** A page form's answer: Conform's result, and the picture (or pictures) held for it (the form shows them as chosen). */
export type FormReply = SubmissionResult<string[]> & { heldPicture?: HeldPicture; heldPictures?: HeldPictureOfMany[] };

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
    const refusal = refusalOf(error);
    const reply: FormReply =
      refusal instanceof UploadTooLargeError
        ? parse<unknown, string[]>(refusal.typed, { resolve: () => ({ value: undefined }) }).reply({
            formErrors: [refusal.message],
            fieldErrors: Object.fromEntries(refusal.fileFields.map((name) => [name, [refusal.message]])),
          })
        : { status: "error", error: { "": [refusal.message] } };
    return { ok: false as const, reply: data<FormReply>(reply, { status: refusal.status }) };
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

/** What a form never gets back: a picked picture cannot be put back in its field, and a password is never sent back. */
const NEVER_ECHOED = ["imageFile", "pw"];

/** The pictures each submission of a form with a picture field brought (readParsedForm), held if the form comes back. */
const picturesOf = new WeakMap<ParsedForm, ReceivedPicture | ReceivedPictures>();

/** Holds what the save did not use up: the picture (or pictures) to show as chosen, and why any was refused. */
async function holdForAnswer(received: ReceivedPicture | ReceivedPictures | undefined) {
  if (!received) return { refusals: [] };
  if ("pictures" in received) {
    const { held, refusals } = await holdPictures(received);
    return { heldPictures: held, refusals: [...(received.refusal ? [received.refusal] : []), ...refusals] };
  }
  const kept = await holdPicture(received);
  const refusal = received.refusal ?? (kept && "refusal" in kept ? kept.refusal : null);
  return { heldPicture: kept && "held" in kept ? kept.held : undefined, refusals: refusal ? [refusal] : [] };
}

/**
 * The form again with `errors` and `status`; its pictures, when the save did not use them up, held
 * for the next save (or refused beside their field when one is no picture, with the other errors).
 */
async function formAgain(
  submission: ParsedForm,
  status: number,
  errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> },
  files: readonly string[] = [],
) {
  const { heldPicture, heldPictures, refusals } = await holdForAnswer(picturesOf.get(submission));
  // A picture the save refused already has its message there; the hold's own check would only repeat it.
  const fieldErrors =
    refusals.length && !errors.fieldErrors?.imageFile ? { ...errors.fieldErrors, imageFile: [...new Set(refusals)] } : errors.fieldErrors;
  const reply: FormReply = submission.reply({
    hideFields: [...NEVER_ECHOED, ...files],
    ...errors,
    ...(fieldErrors ? { fieldErrors } : {}),
  });
  if (heldPicture) reply.heldPicture = heldPicture;
  if (heldPictures?.length) reply.heldPictures = heldPictures;
  return data<FormReply>(reply, { status });
}

/** The form did not pass its schema: the same form again, with its Korean field errors (400). `files`: its other file fields. */
export function invalidForm(submission: ParsedForm, files: readonly string[] = []) {
  return formAgain(submission, 400, {}, files);
}

/**
 * Every page action's answer to a refusal of its use case (an AppError): the form again with its
 * message and status. Anything else is thrown on, to the error page and the log.
 */
export function failedForm(submission: ParsedForm, error: unknown, files: readonly string[] = []) {
  const refusal = refusalOf(error);
  return formAgain(
    submission,
    refusal.status,
    refusal.fieldErrors ? { fieldErrors: refusal.fieldErrors } : { formErrors: [refusal.message] },
    files,
  );
}

/** The same for a list's buttons (위로/아래로, a banner's commands): back to the list with why, as the toast. */
export function failedToast(backTo: string, error: unknown) {
  return redirectWithFlash(backTo, { message: refusalOf(error).message }, { replace: true });
}

/** A save went through: back to `to` with the toast, the form's address replaced in the history (Back does not post again). */
export function saved(to: string, message: string) {
  return redirectWithFlash(to, { message }, { replace: true });
}

/** An upsert screen's loader: the admin (a visitor is sent home) and the record it edits (null: register). */
export async function upsertPage({ request, params, context }: LoaderFunctionArgs) {
  const admin = await requireAdminPage({ request, context });
  return { admin, target: upsertTarget(params) };
}

/** The record an edit screen shows, read again by the id its address names; a missing one is the 404 page. */
export function recordToEdit<T>(target: number | null, read: (id: number) => T): T | null {
  return target === null ? null : orNotFoundPage(() => read(target));
}

/**
 * A page form read and parsed with `schema` (`target`: the record an upsert edits, whatever the form
 * says), or the reply to return as it is (a refused upload, an invalid form). A form with pictures
 * brings them aside first, chosen now or held since its last answer (held-pictures.server.ts), so the
 * form that comes back keeps them.
 */
export async function readParsedForm<S extends z.ZodType>(
  request: Request,
  schema: S,
  { files, target }: { files: number; target?: number | null },
) {
  const form = await readAdminForm(request, { files });
  if (!form.ok) return form;
  const picture = files === 0 ? null : files === 1 ? await receivePicture(request, form.data) : await receivePictures(request, form.data);
  const submission = parseWithZod(target === undefined ? form.data : withRecordIndex(form.data, target), { schema });
  if (picture) picturesOf.set(submission, picture);
  if (submission.status !== "success" || picture?.refusal) return { ok: false as const, reply: await invalidForm(submission) };
  return { ok: true as const, submission };
}

/**
 * An upsert screen's action up to its use case: the admin, the record it edits and the form parsed
 * with `schema` (readParsedForm), or the reply to return as it is.
 */
export async function readUpsertForm<S extends z.ZodType>(
  { request, params }: ActionFunctionArgs,
  schema: S,
  { files }: { files: number },
) {
  const admin = await requireAdminAction(request);
  const target = upsertTarget(params);
  const form = await readParsedForm(request, schema, { files, target });
  if (!form.ok) return form;
  return { ok: true as const, admin, target, submission: form.submission };
}
