import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { listModeOf } from "~/components/ListModeBar";
import { ko } from "~/copy/ko";
import { koServer } from "~/copy/ko-server.server";
import { pickPartnerAd } from "~/features/ads/ads.server";
import { categoryIdOf, toRealTitle } from "~/features/categories/list-address.server";
import { sectionPage } from "~/features/home/home.server";
import { searchKeyword } from "~/features/reels/keyword.server";
import { requireAdminAction } from "~/lib/admin-form.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { deleteFailed, deleteReview, readDeleteSelection } from "~/lib/list-delete.server";
import { orNotFoundPage } from "~/lib/page.server";
import { picturePreload, withPictures } from "~/lib/pictures.server";
import { editTagNow } from "~/lib/route-info";
import { currentAdmin } from "~/lib/session.server";
import { deleteGuides, describeGuideDeletion } from "./guide-writes.server";
import { GUIDES_PAGE_SIZE, listGuides, parseGuideCursor } from "./guides.server";
import { guideCategoryPath } from "./paths";
import { changesWhenNextGuideAppears } from "./section.server";

// The page door of one category's guides (/detail-list/:id/:title), in one server module so the
// route sends visitors no empty stand-ins for the server modules it would otherwise name.

/** A guide card's square cover (app/styles/guides.css): 96 px beside its words. */
const COVER = { sizes: "96px", box: { width: 96, height: 96 } };

/** One page of the list (`?after=`), searched by `?keyword=`, in the mode of `?mode=`. */
export async function loadGuideListPage({ request, params, context }: LoaderFunctionArgs) {
  const admin = await currentAdmin({ request, context });
  const { hiddenNotice } = sectionPage(admin, "detail");
  const categoryId = categoryIdOf(params.id);
  const keyword = searchKeyword(request);
  const afterParam = new URL(request.url).searchParams.get("after");
  const after = parseGuideCursor(afterParam);
  const now = new Date();
  const { category, count, guides, next } = orNotFoundPage(() =>
    listGuides(admin, categoryId, { keyword, after, limit: GUIDES_PAGE_SIZE, now }),
  );
  if (params.title !== category.categoryNm) throw toRealTitle(request, guideCategoryPath(category));
  changesWhenNextGuideAppears(context, now, categoryId);
  const [items, ad] = await Promise.all([
    withPictures(
      guides.map((guide) => ({ ...guide, id: guide.index })),
      COVER,
      (_, at) => at === 0,
    ),
    pickPartnerAd({ context, request }, "banner"),
  ]);
  return {
    isAdmin: admin !== null,
    hiddenNotice,
    mode: listModeOf(request, admin !== null),
    category,
    description: koServer.guides.sectionDescription,
    keyword: keyword ?? "",
    count,
    page: { items, after: after ? afterParam : null, next },
    ad,
    preload: picturePreload(items[0]?.picture),
    editTag: editTagNow(),
  };
}

/** Delete mode's review and confirm posts; done, back to the category's first page. */
export async function guideListPageAction({ request, params }: ActionFunctionArgs) {
  const categoryId = categoryIdOf(params.id);
  const admin = await requireAdminAction(request);
  const selection = await readDeleteSelection(request);
  if (!selection.ok) return selection.reply;
  const { intent, ids } = selection;
  try {
    if (intent === "review") return deleteReview(ids, describeGuideDeletion(admin, ids));
    await deleteGuides(admin, ids);
  } catch (error) {
    return deleteFailed(error);
  }
  return redirectWithFlash(`/detail-list/${categoryId}/${encodeURIComponent(params.title ?? "")}`, { message: ko.list.deleted });
}
