import { redirect } from "@remix-run/node";
import { positiveId } from "~/lib/route-info";

// The address of one category's list (its reels, its guides): /reels-list/:id/:title, /detail-list/:id/:title.

/** The category an address names by its id; anything but a positive id is a 404. */
export function categoryIdOf(param: string | undefined) {
  const id = positiveId(param);
  if (id === null) throw new Response("Not found", { status: 404 });
  return id;
}

/** The query parameters a list page depends on; a redirect to the page's real address keeps them. */
const PAGE_PARAMS = ["after", "keyword", "mode"] as const;

/**
 * A list under a title that is not its category's (an old name, a typo, or made up) is sent for good
 * to its one address, `realPath`, so each list has one page. Browsers may keep the redirect for an
 * hour only: a category can be renamed back.
 */
export function toRealTitle(request: Request, realPath: string) {
  const query = new URL(request.url).searchParams;
  const kept = new URLSearchParams();
  for (const name of PAGE_PARAMS) {
    const value = query.get(name);
    if (value !== null) kept.set(name, value);
  }
  const search = kept.toString();
  return redirect(realPath + (search ? `?${search}` : ""), {
    status: 301,
    headers: { "Cache-Control": "public, max-age=3600" },
  });
}
