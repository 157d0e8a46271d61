import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { listModeOf } from "~/components/ListModeBar";
import { ko } from "~/copy/ko";
import { pickPartnerAd } from "~/features/ads/ads.server";
import { sectionPage } from "~/features/home/home.server";
import { requireAdminAction } from "~/lib/admin-form.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { deleteFailed, deleteReview, readDeleteSelection } from "~/lib/list-delete.server";
import { orNotFoundPage } from "~/lib/page.server";
import { categoryPath, editTagNow, positiveId } from "~/lib/route-info";
import { currentAdmin } from "~/lib/session.server";
import { searchKeyword } from "./keyword.server";
import { listReels, parseReelCursor, REELS_PAGE_SIZE, withPosterState } from "./reel-lists.server";
import { deleteReels, describeReelDeletion } from "./reel-writes.server";

// The page door of one category's reels (/reels-list/:id/:title), in one server module so the
// route sends visitors no empty stand-ins for the server modules it would otherwise name.

function categoryIdOf(param: string | undefined) {
  const id = positiveId(param);
  if (id === null) throw new Response("Not found", { status: 404 });
  return id;
}

/** The query parameters a list page depends on; a redirect to the page's real address keeps them. */
const PAGE_PARAMS = ["after", "keyword", "mode"] as const;

/**
 * A list under a title that is not its category's (an old name, a typo, or made up) is sent for good
 * to its one address, so each list has one page. Browsers may keep the redirect for an hour only: a
 * category can be renamed back.
 */
function toRealTitle(request: Request, category: { index: number; categoryNm: string }) {
  const query = new URL(request.url).searchParams;
  const kept = new URLSearchParams();
  for (const name of PAGE_PARAMS) {
    const value = query.get(name);
    if (value !== null) kept.set(name, value);
  }
  const search = kept.toString();
  return redirect(categoryPath(category) + (search ? `?${search}` : ""), {
    status: 301,
    headers: { "Cache-Control": "public, max-age=3600" },
  });
}

/** One page of the list (`?after=` a cursor), searched by `?keyword=`, in the mode of `?mode=`. */
export async function loadReelsListPage({ request, params, context }: LoaderFunctionArgs) {
  const admin = await currentAdmin({ request, context });
  const { hidden } = sectionPage(admin, "reels");
  const categoryId = categoryIdOf(params.id);
  const keyword = searchKeyword(request);
  const afterParam = new URL(request.url).searchParams.get("after");
  const after = parseReelCursor(afterParam);
  const { category, count, reels, next } = orNotFoundPage(() => listReels(admin, categoryId, { keyword, after, limit: REELS_PAGE_SIZE }));
  if (params.title !== category.categoryNm) throw toRealTitle(request, category);
  return {
    isAdmin: admin !== null,
    sectionHidden: hidden,
    mode: listModeOf(request, admin !== null),
    category,
    keyword: keyword ?? "",
    count,
    page: { items: await withPosterState(reels), after: after ? afterParam : null, next },
    ad: pickPartnerAd({ context, request }),
    editTag: editTagNow(),
  };
}

/** Delete mode's review and confirm posts; done, back to the category's first page. */
export async function reelsListPageAction({ request, params }: ActionFunctionArgs) {
  const categoryId = categoryIdOf(params.id);
  const admin = await requireAdminAction(request);
  const selection = await readDeleteSelection(request);
  if (!selection.ok) return selection.reply;
  const { intent, ids } = selection;
  try {
    if (intent === "review") return deleteReview(ids, describeReelDeletion(admin, ids));
    await deleteReels(admin, ids);
  } catch (error) {
    return deleteFailed(error);
  }
  return redirectWithFlash(`/reels-list/${categoryId}/${encodeURIComponent(params.title ?? "")}`, { message: ko.list.deleted });
}
