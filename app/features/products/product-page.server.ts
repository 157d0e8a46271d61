import type { LoaderFunctionArgs } from "@remix-run/node";
import { koProducts } from "~/copy/ko-products.server";
import { sectionPage } from "~/features/home/home.server";
import { siteSettings } from "~/features/settings/site-settings.server";
import { pageChangesAt } from "~/lib/page-changes.server";
import { siteOrigin } from "~/lib/page.server";
import { picturePreload, pictureOf } from "~/lib/pictures.server";
import { positiveId, productPath, productShortPath } from "~/lib/route-info";
import { SHARE_IMAGE_SIZE } from "~/lib/seo";
import { currentAdmin } from "~/lib/session.server";
import { kstDay } from "~/lib/time";
import { shareImageUrl } from "~/lib/uploads.server";
import { groupBuyChangesAt, type GroupBuyStatus } from "./group-buy";
import { productView, type ProductView } from "./product-view.server";
import { findShownProduct, type ProductItem } from "./products.server";

// The page door of a product's own page (/product/{id}, docs/product.md §2): a published product
// while 제품 소개 is shown, or any for the owner; anything else is the 404 page.

/** The picture on the page (app/styles/products.css, .product-page__image): the content's width, at most 420 px. */
const PAGE_PICTURE = { sizes: "min(100vw - 32px, 420px)", box: { width: 400, height: 400 } };

/** schema.org's availability of an offer in each state; a recommendation is in stock. */
const AVAILABILITY: Record<GroupBuyStatus | "none", string> = {
  none: "https://schema.org/InStock",
  open: "https://schema.org/InStock",
  upcoming: "https://schema.org/PreOrder",
  closed: "https://schema.org/OutOfStock",
  soldOut: "https://schema.org/SoldOut",
};

/**
 * JSON-LD `Product` with its `Offer` (what search engines show of a product): the price parents pay
 * (the group-buy price, else the list price) in KRW, the availability from the state, and for a
 * group buy with an end `priceValidUntil`, the last Korea-time day of its window. No price, no offer.
 */
function structuredData(item: ProductItem, view: ProductView, url: string, image: string | null) {
  const price = (item.isGroupBuy ? item.groupBuyPrice : null) ?? item.price;
  const { startAt, endAt } = item.terms;
  const offer =
    price === null
      ? undefined
      : {
          "@type": "Offer",
          url,
          price,
          priceCurrency: "KRW",
          availability: AVAILABILITY[view.groupBuy?.status ?? "none"],
          ...(item.isGroupBuy && endAt !== null
            ? { priceValidUntil: kstDay(new Date(endAt - 1)), availabilityEnds: new Date(endAt).toISOString() }
            : {}),
          ...(item.isGroupBuy && startAt !== null ? { availabilityStarts: new Date(startAt).toISOString() } : {}),
          ...(item.sellerNm ? { seller: { "@type": "Organization", name: item.sellerNm } } : {}),
        };
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: item.productNm,
    url,
    ...(item.description ? { description: item.description } : {}),
    ...(image ? { image: [image] } : {}),
    ...(offer ? { offers: offer } : {}),
  };
}

export async function loadProductPage({ request, params, context }: LoaderFunctionArgs) {
  const admin = await currentAdmin({ request, context });
  // A product's page belongs to 제품 소개: hidden menu, hidden page (DESIGN §10).
  const { hiddenNotice } = sectionPage(admin, "products");
  const id = positiveId(params.id);
  const now = Date.now();
  const item = id === null ? undefined : findShownProduct(admin, id, now);
  if (!item) throw new Response("Not found", { status: 404 });
  pageChangesAt(context, groupBuyChangesAt(item.terms, now));
  const [picture, shareImage] = await Promise.all([
    item.image ? pictureOf(item.image, PAGE_PICTURE, true) : null,
    shareImageUrl(item.image),
  ]);
  const view = productView(item, now, siteSettings().kakaoChannelUrl);
  const origin = siteOrigin(request);
  const { terms: _terms, ...product } = item;
  return {
    product: { ...product, picture, view },
    hiddenNotice,
    preload: picturePreload(picture),
    /** The preview's picture: the 2:1 share image, else the picture itself (stored before share images), else the site's. */
    shareImage: shareImage
      ? { src: shareImage, size: SHARE_IMAGE_SIZE }
      : item.image && picture
        ? {
            src: item.image,
            size: picture.img.width && picture.img.height ? { width: picture.img.width, height: picture.img.height } : undefined,
          }
        : null,
    description: koProducts.previewLine(
      [
        view.groupBuy ? [view.groupBuy.state, view.groupBuy.when].filter(Boolean).join(" ") : "",
        view.prices.map((line) => `${line.label} ${line.amount}`).join(" "),
        view.discount ?? "",
        item.description,
      ].filter(Boolean),
    ),
    structuredData: structuredData(
      item,
      view,
      `${origin}${productPath(item.index)}`,
      item.image ? `${origin}${item.image.split("?")[0]}` : null,
    ),
    // The share dialog (root) shares the short address, which survives a messenger cutting long links.
    sharePath: productShortPath(item.index),
    words: {
      seller: koProducts.seller,
      sellerName: koProducts.sellerName,
      inquiry: koProducts.inquiry,
      backToList: koProducts.backToList,
    },
  };
}
