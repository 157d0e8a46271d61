import { ko } from "~/copy/ko";
import { koServer } from "~/copy/ko-server.server";
import { config } from "./config.server";
import { isAppError } from "./errors";

// The page door: how page actions read a form, loaders turn a missing record into the 404 page, and
// pages name the site in absolute URLs.

/**
 * A page action's form body: a browser form post (urlencoded or multipart); anything else is a 415
 * or 400 page, never a crash.
 */
export async function readPageForm(request: Request): Promise<FormData> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type)) {
    throw new Response(koServer.errors.formOnly, { status: 415 });
  }
  try {
    return await request.formData();
  } catch {
    throw new Response(ko.errors.badRequest, { status: 400 });
  }
}

/** The page door of a 404 from a use case: the Korean 404 page instead of an error. */
export function orNotFoundPage<T>(load: () => T): T {
  try {
    return load();
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw new Response("Not found", { status: 404 });
    throw error;
  }
}

/** The site's public origin for absolute URLs (share links, previews): PUBLIC_ORIGIN, else the request's. */
export function siteOrigin(request: Request) {
  return config().PUBLIC_ORIGIN ?? new URL(request.url).origin;
}
