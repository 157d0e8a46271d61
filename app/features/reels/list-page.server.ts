import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { listModeOf } from "~/components/ListModeBar";
import { ko } from "~/copy/ko";
import { koServer } from "~/copy/ko-server.server";
import { pickPartnerAd } from "~/features/ads/ads.server";
import { categoryIdOf, toRealTitle } from "~/features/categories/list-address.server";
import { sectionPage } from "~/features/home/home.server";
import { failedToast, requireAdminAction, saved } from "~/lib/admin-form.server";
import { parseFormData } from "~/lib/api.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { deleteFailed, deleteReview, readDeleteSelection } from "~/lib/list-delete.server";
import { backToRow, moveFromPage } from "~/lib/list-order.server";
import { orNotFoundPage, readPageForm } from "~/lib/page.server";
import { picturePreload } from "~/lib/pictures.server";
import { categoryPath, editTagNow } from "~/lib/route-info";
import { currentAdmin, type Admin } from "~/lib/session.server";
import { getCategory } from "./categories.server";
import { searchKeyword } from "./keyword.server";
import { editPageAfter, listReels, pageStart, parseReelCursor, REELS_PAGE_SIZE, withPosters } from "./reel-lists.server";
import { moveReel, pinReel } from "./reel-order.server";
import { deleteReels, describeReelDeletion } from "./reel-writes.server";
import { reelPinFormSchema } from "./schema";

// The page door of one category's reels (/reels-list/:id/:title), in one server module so the
// route sends visitors no empty stand-ins for the server modules it would otherwise name.

/**
 * A card's 9:16 poster (app/styles/reels.css, the content at most 690 − 32 px wide): two columns,
 * three from 560 px; one or two reels stand side by side, centred, at most 200 px each.
 */
const POSTER_BOX = { width: 270, height: 480 };
const POSTERS = { sizes: "(min-width: 560px) calc(min(33.34vw, 230px) - 20.67px), calc(50vw - 24px)", box: POSTER_BOX };
const POSTERS_SIDE_BY_SIDE = { sizes: "min(50vw - 24px, 198px)", box: POSTER_BOX };

/** One page of the list (`?after=` a cursor), searched by `?keyword=`, in the mode of `?mode=`. */
export async function loadReelsListPage({ request, params, context }: LoaderFunctionArgs) {
  const admin = await currentAdmin({ request, context });
  const { hiddenNotice } = sectionPage(admin, "reels");
  const categoryId = categoryIdOf(params.id);
  const keyword = searchKeyword(request);
  const afterParam = new URL(request.url).searchParams.get("after");
  const after = parseReelCursor(afterParam);
  const { category, count, reels, next } = orNotFoundPage(() => listReels(admin, categoryId, { keyword, after, limit: REELS_PAGE_SIZE }));
  if (params.title !== category.categoryNm) throw toRealTitle(request, categoryPath(category));
  const sideBySide = count <= 2;
  const mode = listModeOf(request, admin !== null);
  // The page's first row (two posters on a phone) is the largest thing on its first screen.
  const [items, ad] = await Promise.all([
    withPosters(reels, sideBySide ? POSTERS_SIDE_BY_SIDE : POSTERS, mode === "edit" ? 0 : 2),
    pickPartnerAd({ context, request }, "frame"),
  ]);
  // Edit mode: which rows can go up or down among their peers (the pinned ones, or the others).
  const start = after && mode === "edit" ? pageStart(categoryId, after) : null;
  const places =
    mode === "edit"
      ? items.map((item, at) => ({
          isFirst: at === 0 ? start === null || start.pinned !== item.isPinned : items[at - 1]!.isPinned !== item.isPinned,
          isLast: at === items.length - 1 ? next === null : items[at + 1]!.isPinned !== item.isPinned,
        }))
      : null;
  return {
    isAdmin: admin !== null,
    hiddenNotice,
    mode,
    places,
    category,
    keyword: keyword ?? "",
    count,
    sideBySide,
    page: { items, after: after ? afterParam : null, next },
    ad,
    preload: mode === "edit" ? [] : picturePreload(items[0]?.picture),
    editTag: editTagNow(),
  };
}

/** The edit mode's page that shows the reel now (`#item-{id}` is added by backToRow). */
function editPageOf(admin: Admin, categoryId: number, request: Request, id: number) {
  const url = new URL(request.url);
  const base = categoryPath(getCategory(admin, categoryId));
  // A searched list stays as it is: the page of the whole list would not be hers.
  if (url.searchParams.get("keyword")) return `${url.pathname}${url.search}`;
  const after = editPageAfter(categoryId, id, parseReelCursor(url.searchParams.get("after")));
  return `${base}?mode=edit${after ? `&after=${encodeURIComponent(after)}` : ""}`;
}

/** Edit mode's 위로/아래로 and 고정 (issue 33, points 6 and 8): done, back to the page that shows the reel. */
async function editModeAction(admin: Admin, categoryId: number, request: Request) {
  const form = await readPageForm(request);
  const here = new URL(request.url);
  const backTo = `${here.pathname}${here.search}`;
  const pageOf = (id: number) => editPageOf(admin, categoryId, request, id);
  if (form.get("intent") !== "pin") return moveFromPage(form, backTo, (id, direction) => moveReel(admin, id, direction), pageOf);
  try {
    const { id, pinned } = parseFormData(form, reelPinFormSchema);
    pinReel(admin, id, pinned);
    return saved(backToRow(pageOf(id), form, id), pinned ? koServer.reelsOrder.pinned : koServer.reelsOrder.unpinned);
  } catch (error) {
    return failedToast(backTo, error);
  }
}

/** Edit mode's posts (above), and delete mode's review and confirm posts: done, back to the category's first page. */
export async function reelsListPageAction({ request, params }: ActionFunctionArgs) {
  const categoryId = categoryIdOf(params.id);
  const admin = await requireAdminAction(request);
  if (listModeOf(request, true) === "edit") return editModeAction(admin, categoryId, request);
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
