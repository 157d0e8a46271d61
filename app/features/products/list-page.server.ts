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
import { PRODUCT_EDIT_PATH } from "./paths";
import { deleteProducts, listProducts, moveProduct, productNames } from "./products.server";

// The page door of the product list (/product-list), in one server module of its own so the route
// sends visitors no empty stand-ins for the server modules it would otherwise name.

export type ProductListItem = Awaited<ReturnType<typeof loadProductListPage>>["items"][number];

/** A card's square picture (app/styles/products.css): one column, two from 560 px, the content at most 690 − 32 px wide. */
const CARD_PICTURE = { sizes: "(min-width: 560px) calc(min(50vw, 345px) - 24px), calc(100vw - 34px)", box: { width: 400, height: 400 } };

export async function loadProductListPage({ request, context }: LoaderFunctionArgs) {
  const admin = await currentAdmin({ request, context });
  const { hiddenNotice } = sectionPage(admin, "products");
  const products = listProducts(admin);
  const mode = listModeOf(request, admin !== null);
  // The page shows group buys first (app/routes/product-list.tsx): the first of them, or of all, is the first screen's picture
  // (none in edit mode, whose rows show thumbnails).
  const top = mode === "edit" ? undefined : (products.find((item) => item.isGroupBuy) ?? products[0]);
  const [items, ad] = await Promise.all([
    withPictures(products, CARD_PICTURE, (item) => item === top),
    pickPartnerAd({ context, request }, "frame"),
  ]);
  return {
    // The owner's name for this section (/home-update), for its heading and title.
    title: getHomeMenu().productsMenuNm,
    hiddenNotice,
    isAdmin: admin !== null,
    mode,
    items,
    ad,
    preload: picturePreload(items.find((item) => item.index === top?.index)?.picture),
    editTag: editTagNow(),
  };
}

/** Edit mode's "위로"/"아래로" posts (to `?mode=edit`), and delete mode's review and confirm posts. */
export async function productListPageAction({ request }: ActionFunctionArgs) {
  const admin = await requireAdminAction(request);
  if (listModeOf(request, true) === "edit") {
    return moveFromPage(await readPageForm(request), PRODUCT_EDIT_PATH, (id, direction) => moveProduct(admin, id, direction));
  }
  const selection = await readDeleteSelection(request);
  if (!selection.ok) return selection.reply;
  const { intent, ids } = selection;
  try {
    if (intent === "review") {
      const names = productNames(admin, ids).map((product) => product.productNm);
      return deleteReview(ids, names);
    }
    await deleteProducts(admin, ids);
  } catch (error) {
    return deleteFailed(error);
  }
  return redirectWithFlash("/product-list", { message: ko.list.deleted });
}
