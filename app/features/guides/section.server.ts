import type { AppLoadContext } from "@remix-run/node";
import { ko } from "~/copy/ko";
import { AppError } from "~/lib/errors";
import { pageChangesAt } from "~/lib/page-changes.server";
import { siteOrigin } from "~/lib/page.server";
import type { Admin } from "~/lib/session.server";
import { nextPublishAt, sectionShown } from "./visibility.server";

/** The same for the API: a 404 in its shape. */
export function assertSectionShown(admin: Admin | null) {
  if (!admin && !sectionShown()) throw new AppError(404, "NOT_FOUND", ko.errors.notFound);
}

/**
 * A page that lists guides changes when the next scheduled one appears, with no write: it tells the
 * page cache so (docs/architecture.md §7.2), for one category's guides or for all.
 */
export function changesWhenNextGuideAppears(context: AppLoadContext, now: Date, categoryId?: number) {
  const at = nextPublishAt(now, categoryId);
  if (at !== null) pageChangesAt(context, at);
}

/** The addresses a link in a guide's text may name the site by: its public origin and the one asked. */
export function siteOrigins(request: Request): string[] {
  return [...new Set([siteOrigin(request), new URL(request.url).origin])];
}
