import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { listModeOf } from "~/components/ListModeBar";
import { ko } from "~/copy/ko";
import { pickPartnerAd } from "~/features/ads/ads.server";
import { sectionPage } from "~/features/home/home.server";
import { requireAdminAction } from "~/lib/admin-form.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { deleteFailed, deleteReview, readDeleteSelection } from "~/lib/list-delete.server";
import { orNotFoundPage } from "~/lib/page.server";
import { picturePreload } from "~/lib/pictures.server";
import { categoryPath, editTagNow, positiveId } from "~/lib/route-info";
import { currentAdmin } from "~/lib/session.server";
import { searchKeyword } from "./keyword.server";
import { listReels, parseReelCursor, REELS_PAGE_SIZE, withPosters } from "./reel-lists.server";
import { deleteReels, describeReelDeletion } from "./reel-writes.server";

// The page door of one category's reels (/reels-list/:id/:title), in one server module so the
// route sends visitors no empty stand-ins for the server modules it would otherwise name.

function categoryIdOf(param: string | undefined) {
  const id = positiveId(param);
  if (id === null) throw new Response("Not found", { status: 404 });
  return id;
}

/**
 * A card's 9:16 poster (app/styles/reels.css, the content at most 690 − 32 px wide): two columns,
 * three from 560 px; one or two reels stand side by side, centred, at most 200 px each.
 */
const POSTER_BOX = { width: 270, height: 480 };
const POSTERS = { sizes: "(min-width: 560px) calc(min(33.34vw, 230px) - 20.67px), calc(50vw - 24px)", box: POSTER_BOX };
const POSTERS_SIDE_BY_SIDE = { sizes: "min(50vw - 24px, 198px)", box: POSTER_BOX };

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
  const { hiddenNotice } = sectionPage(admin, "reels");
  const categoryId = categoryIdOf(params.id);
  const keyword = searchKeyword(request);
  const afterParam = new URL(request.url).searchParams.get("after");
  const after = parseReelCursor(afterParam);
  const { category, count, reels, next } = orNotFoundPage(() => listReels(admin, categoryId, { keyword, after, limit: REELS_PAGE_SIZE }));
  if (params.title !== category.categoryNm) throw toRealTitle(request, category);
  const sideBySide = count <= 2;
  // The page's first row (two posters on a phone) is the largest thing on its first screen.
  const [items, ad] = await Promise.all([
    withPosters(reels, sideBySide ? POSTERS_SIDE_BY_SIDE : POSTERS, 2),
    pickPartnerAd({ context, request }, "frame"),
  ]);
  return {
    isAdmin: admin !== null,
    hiddenNotice,
    mode: listModeOf(request, admin !== null),
    category,
    keyword: keyword ?? "",
    count,
    sideBySide,
    page: { items, after: after ? afterParam : null, next },
    ad,
    preload: picturePreload(items[0]?.picture),
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
