import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { listModeOf } from "~/components/ListModeBar";
import { ko } from "~/copy/ko";
import { koServer } from "~/copy/ko-server.server";
import { pickPartnerAd } from "~/features/ads/ads.server";
import { getHomeMenu, sectionPage } from "~/features/home/home.server";
import { searchKeyword } from "~/features/reels/keyword.server";
import { requireAdminAction } from "~/lib/admin-form.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { deleteFailed, deleteReview, readDeleteSelection } from "~/lib/list-delete.server";
import { moveFromPage } from "~/lib/list-order.server";
import { readPageForm } from "~/lib/page.server";
import { picturePreload, withPictures } from "~/lib/pictures.server";
import { editTagNow } from "~/lib/route-info";
import { currentAdmin } from "~/lib/session.server";
import { deleteGuideCategories, describeGuideCategoryDeletion, listGuideCategories, moveGuideCategory } from "./categories.server";
import { GUIDE_CATEGORY_EDIT_PATH } from "./paths";
import { changesWhenNextGuideAppears } from "./section.server";

// The page door of the guide categories (/detail-category), in one server module of its own so the
// route sends visitors no empty stand-ins for the server modules it would otherwise name.

/** A card's square picture (app/styles/reels.css, shared with the reel categories): two columns. */
const CARD_PICTURE = { sizes: "calc(min(50vw, 345px) - 24px)", box: { width: 400, height: 400 } };

export type GuideCategoryListItem = Awaited<ReturnType<typeof loadGuideCategoryPage>>["items"][number];

export async function loadGuideCategoryPage({ request, context }: LoaderFunctionArgs) {
  const admin = await currentAdmin({ request, context });
  const { hiddenNotice } = sectionPage(admin, "detail");
  const keyword = searchKeyword(request);
  const now = new Date();
  // A category appears (or its count grows) when a scheduled guide does.
  changesWhenNextGuideAppears(context, now);
  const [items, ad] = await Promise.all([
    withPictures(listGuideCategories(admin, { keyword, now }), CARD_PICTURE, (_, at) => at < 2),
    pickPartnerAd({ context, request }, "banner"),
  ]);
  return {
    title: getHomeMenu().detailMenuNm,
    description: koServer.guides.sectionDescription,
    isAdmin: admin !== null,
    hiddenNotice,
    mode: listModeOf(request, admin !== null),
    keyword: keyword ?? "",
    items,
    ad,
    preload: picturePreload(items[0]?.picture),
    editTag: editTagNow(),
  };
}

/** Edit mode's "위로"/"아래로" posts (to `?mode=edit`), and delete mode's review and confirm posts. */
export async function guideCategoryPageAction({ request }: ActionFunctionArgs) {
  const admin = await requireAdminAction(request);
  if (listModeOf(request, true) === "edit") {
    return moveFromPage(await readPageForm(request), GUIDE_CATEGORY_EDIT_PATH, (id, direction) => moveGuideCategory(admin, id, direction));
  }
  const selection = await readDeleteSelection(request);
  if (!selection.ok) return selection.reply;
  const { intent, ids } = selection;
  try {
    if (intent === "review") return deleteReview(ids, describeGuideCategoryDeletion(admin, ids));
    await deleteGuideCategories(admin, ids);
  } catch (error) {
    return deleteFailed(error);
  }
  return redirectWithFlash("/detail-category", { message: ko.list.deleted });
}
