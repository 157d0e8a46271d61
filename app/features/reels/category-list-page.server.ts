import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { listModeOf } from "~/components/ListModeBar";
import { ko } from "~/copy/ko";
import { pickPartnerAd } from "~/features/ads/ads.server";
import { getHomeMenu, sectionPage } from "~/features/home/home.server";
import { requireAdminAction } from "~/lib/admin-form.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { deleteFailed, deleteReview, readDeleteSelection } from "~/lib/list-delete.server";
import { moveFromPage } from "~/lib/list-order.server";
import { readPageForm } from "~/lib/page.server";
import { picturePreload, withPictures } from "~/lib/pictures.server";
import { editTagNow } from "~/lib/route-info";
import { currentAdmin } from "~/lib/session.server";
import { deleteCategories, describeCategoryDeletion, listCategories, moveCategory } from "./categories.server";
import { searchKeyword } from "./keyword.server";
import { CATEGORY_EDIT_PATH } from "./paths";

// The page door of the category list (/reels-category), in one server module of its own so the
// route sends visitors no empty stand-ins for the server modules it would otherwise name.

/** A card's square picture (app/styles/reels.css): two columns, the content at most 690 − 32 px wide. */
const CARD_PICTURE = { sizes: "calc(min(50vw, 345px) - 24px)", box: { width: 400, height: 400 } };

export type CategoryListItem = Awaited<ReturnType<typeof loadCategoryListPage>>["items"][number];

export async function loadCategoryListPage({ request, context }: LoaderFunctionArgs) {
  const admin = await currentAdmin({ request, context });
  const { hiddenNotice } = sectionPage(admin, "reels");
  const keyword = searchKeyword(request);
  const mode = listModeOf(request, admin !== null);
  // The first row (two cards on a phone) is the largest thing on the first screen (edit mode shows thumbnails instead).
  const [items, ad] = await Promise.all([
    withPictures(listCategories(admin, keyword), CARD_PICTURE, (_, at) => at < 2 && mode !== "edit"),
    pickPartnerAd({ context, request }, "banner"),
  ]);
  return {
    // The owner's name for this section (/home-update), for its heading and title.
    title: getHomeMenu().reelsMenuNm,
    hiddenNotice,
    isAdmin: admin !== null,
    mode,
    keyword: keyword ?? "",
    items,
    ad,
    preload: mode === "edit" ? [] : picturePreload(items[0]?.picture),
    editTag: editTagNow(),
  };
}

/** Edit mode's "위로"/"아래로" posts (to `?mode=edit`), and delete mode's review and confirm posts. */
export async function categoryListPageAction({ request }: ActionFunctionArgs) {
  const admin = await requireAdminAction(request);
  if (listModeOf(request, true) === "edit") {
    return moveFromPage(await readPageForm(request), CATEGORY_EDIT_PATH, (id, direction) => moveCategory(admin, id, direction));
  }
  const selection = await readDeleteSelection(request);
  if (!selection.ok) return selection.reply;
  const { intent, ids } = selection;
  try {
    if (intent === "review") return deleteReview(ids, describeCategoryDeletion(admin, ids));
    await deleteCategories(admin, ids);
  } catch (error) {
    return deleteFailed(error);
  }
  return redirectWithFlash("/reels-category", { message: ko.list.deleted });
}
