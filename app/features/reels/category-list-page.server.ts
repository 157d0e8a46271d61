import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { listModeOf } from "~/components/ListModeBar";
import { pickPartnerAd } from "~/features/ads/ads.server";
import { getHomeMenu } from "~/features/home/home.server";
import { handleListDelete } from "~/lib/list-delete.server";
import { editTagNow } from "~/lib/route-info";
import { currentAdmin } from "~/lib/session.server";
import { deleteCategories, describeCategoryDeletion, listCategories } from "./categories.server";
import { searchKeyword } from "./keyword.server";

// The page door of the category list (/reels-category), in one server module of its own so the
// route sends visitors no empty stand-ins for the server modules it would otherwise name.

export async function loadCategoryListPage({ request, context }: LoaderFunctionArgs) {
  const admin = await currentAdmin({ request, context });
  const keyword = searchKeyword(request);
  return {
    // The owner's name for this section (/home-update), for its heading and title.
    title: getHomeMenu().reelsMenuNm,
    isAdmin: admin !== null,
    mode: listModeOf(request, admin !== null),
    keyword: keyword ?? "",
    items: listCategories(admin, keyword),
    ad: pickPartnerAd(),
    editTag: editTagNow(),
  };
}

export function categoryListPageAction({ request }: ActionFunctionArgs) {
  return handleListDelete(request, { describe: describeCategoryDeletion, remove: deleteCategories, redirectTo: "/reels-category" });
}
