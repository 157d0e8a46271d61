import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { listModeOf } from "~/components/ListModeBar";
import { ko } from "~/copy/ko";
import { koProducts } from "~/copy/ko-products.server";
import { pickPartnerAd } from "~/features/ads/ads.server";
import { getHomeMenu, sectionPage } from "~/features/home/home.server";
import { groupBuyReports } from "~/features/insights/group-buy-clicks.server";
import { siteSettings } from "~/features/settings/site-settings.server";
import { requireAdminAction } from "~/lib/admin-form.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { deleteFailed, deleteReview, readDeleteSelection } from "~/lib/list-delete.server";
import { moveFromPage } from "~/lib/list-order.server";
import { pageChangesAt } from "~/lib/page-changes.server";
import { readPageForm } from "~/lib/page.server";
import { picturePreload, withPictures } from "~/lib/pictures.server";
import { editTagNow } from "~/lib/route-info";
import { currentAdmin } from "~/lib/session.server";
import { groupBuyChangesAt, listOrder } from "./group-buy";
import { PRODUCT_EDIT_PATH } from "./paths";
import { productView } from "./product-view.server";
import { deleteProducts, listProducts, moveProduct, productNames, type ProductItem } from "./products.server";

// The page door of the product list (/product-list), in one server module of its own so the route
// sends visitors no empty stand-ins for the server modules it would otherwise name.

export type ProductListItem = Awaited<ReturnType<typeof loadProductListPage>>["items"][number];

/** A card's square picture (app/styles/products.css): one column, two from 560 px, the content at most 690 − 32 px wide. */
const CARD_PICTURE = { sizes: "(min-width: 560px) calc(min(50vw, 345px) - 24px), calc(100vw - 34px)", box: { width: 400, height: 400 } };

/** What a card needs of a product: not the seller's details (the product's page has them), nor its window as instants. */
function cardItem<T extends ProductItem>({ sellerInfo: _sellerInfo, terms: _terms, ...item }: T) {
  return item;
}

/**
 * The list in the order and sections of docs/product.md §2 (group buys open and upcoming, the
 * recommendations, past group buys), each card's words at this moment, and, in the owner's edit
 * mode, each group buy's state, window and clicks. The page says when it next changes by itself (a
 * start, an end, a day count), so the page cache keeps it no longer (docs/architecture.md §7.2).
 */
export async function loadProductListPage({ request, context }: LoaderFunctionArgs) {
  const admin = await currentAdmin({ request, context });
  const { hiddenNotice } = sectionPage(admin, "products");
  const mode = listModeOf(request, admin !== null);
  const now = Date.now();
  const placed = listOrder(listProducts(admin, now), (item) => item.terms, now);
  for (const { item } of placed) pageChangesAt(context, groupBuyChangesAt(item.terms, now));
  // The first card shown is the first screen's picture (none in edit mode, whose rows show thumbnails).
  const top = mode === "edit" ? undefined : placed[0]?.item;
  const [pictured, ad] = await Promise.all([
    withPictures(
      placed.map(({ item }) => item),
      CARD_PICTURE,
      (item) => item === top,
    ),
    pickPartnerAd({ context, request }, "frame"),
  ]);
  const reports =
    admin && mode === "edit"
      ? new Map(
          groupBuyReports(
            admin,
            placed.map(({ item }) => item),
            now,
          ).map((report) => [report.index, report]),
        )
      : null;
  const { kakaoChannelUrl } = siteSettings();
  const items = pictured.map((item, at) => ({
    ...cardItem(item),
    section: placed[at]!.section,
    view: productView(item, now, kakaoChannelUrl),
    report: reports?.get(item.index) ?? null,
  }));
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
    pastTitle: koProducts.pastTitle,
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
