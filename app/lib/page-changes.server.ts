import type { AppLoadContext } from "@remix-run/node";

// A page that changes by itself at a known moment, with no write (the next partner banner's turn, a
// group buy opening or closing, a scheduled guide appearing), says so while it is rendered: the page
// cache keeps it no longer than that moment, and never serves it stale past it (docs/architecture.md
// §7.2). The server gives each request's load context its own record; a loader called without one
// (a test, a `.data` request the cache never keeps) has nothing to tell.

/** The earliest moment (ms since the epoch) anything rendered for this request changes; Infinity: none known. */
export type PageChanges = { at: number };

export function newPageChanges(): PageChanges {
  return { at: Number.POSITIVE_INFINITY };
}

/** Tells the page being rendered that what it shows changes at `at` (ms since the epoch). */
export function pageChangesAt(context: AppLoadContext, at: number) {
  if (context.pageChanges && at < context.pageChanges.at) context.pageChanges.at = at;
}
