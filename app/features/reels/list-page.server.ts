import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { listModeOf } from "~/components/ListModeBar";
import { ko } from "~/copy/ko";
import { pickPartnerAd } from "~/features/ads/ads.server";
import { requireAdminAction } from "~/lib/admin-form.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { deleteFailed, deleteReview, readDeleteSelection } from "~/lib/list-delete.server";
import { orNotFoundPage } from "~/lib/page.server";
import { editTagNow, positiveId } from "~/lib/route-info";
import { currentAdmin } from "~/lib/session.server";
import { searchKeyword } from "./keyword.server";
import { deleteReels, describeReelDeletion, listReels, parseReelCursor, REELS_PAGE_SIZE, withPosterState } from "./reels.server";

// The page door of one category's reels (/reels-list/:id/:title), in one server module so the
// route sends visitors no empty stand-ins for the server modules it would otherwise name.

function categoryIdOf(param: string | undefined) {
  const id = positiveId(param);
  if (id === null) throw new Response("Not found", { status: 404 });
  return id;
}

/** One page of the list (`?after=` a cursor), searched by `?keyword=`, in the mode of `?mode=`. */
export async function loadReelsListPage({ request, params, context }: LoaderFunctionArgs) {
  const admin = await currentAdmin({ request, context });
  const categoryId = categoryIdOf(params.id);
  const keyword = searchKeyword(request);
  const afterParam = new URL(request.url).searchParams.get("after");
  const after = parseReelCursor(afterParam);
  const { category, count, reels, next } = orNotFoundPage(() => listReels(admin, categoryId, { keyword, after, limit: REELS_PAGE_SIZE }));
  return {
    isAdmin: admin !== null,
    mode: listModeOf(request, admin !== null),
    category,
    keyword: keyword ?? "",
    count,
    page: { items: await withPosterState(reels), after: after ? afterParam : null, next },
    ad: pickPartnerAd(),
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
