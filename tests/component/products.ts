// Products as the server hands them to the cards and the product page (not a test file itself): a
// product item with its terms, and its words at a moment (product-view.server.ts, the real one).
import type { ShownProduct } from "~/features/products/components/ProductCard";
import { discountRateOf, groupBuyStatusAt } from "~/features/products/group-buy";
import { productView } from "~/features/products/product-view.server";
import type { ProductItem } from "~/features/products/products.server";
import type { Picture } from "~/lib/picture";

/** A product item; a window given as instants (`startAt`, `endAt`) is answered in Korea time as the API does. */
export function productItem(fields: Partial<Omit<ProductItem, "terms">> & { startAt?: number; endAt?: number }, now: number): ProductItem {
  const { startAt = null, endAt = null, ...rest } = fields;
  const base = {
    index: 1,
    productNm: "제품",
    title: "제품",
    description: "",
    image: null,
    isGroupBuy: true,
    isView: true,
    isLeft: false,
    leftButtonNm: null,
    leftLink: null,
    isRight: false,
    rightButtonNm: null,
    rightLink: null,
    price: null,
    groupBuyPrice: null,
    groupBuyStartAt: null,
    groupBuyEndAt: null,
    groupBuyNote: "",
    isSoldOut: false,
    sellerNm: "",
    sellerInfo: "",
    inquiryLink: null,
    adDisclosure: null,
    ...rest,
  };
  const terms = { isGroupBuy: base.isGroupBuy, isSoldOut: base.isSoldOut, startAt, endAt };
  return {
    ...base,
    adDisclosure: base.adDisclosure ?? (base.isGroupBuy ? "광고 · 판매 수수료를 받는 공동구매입니다" : null),
    groupBuyStatus: groupBuyStatusAt(terms, now),
    discountRate: base.isGroupBuy ? discountRateOf(base.price, base.groupBuyPrice) : null,
    terms,
  };
}

/** The product as a card shows it at `now`, with 사이트 설정's KakaoTalk channel when given. */
export function shownProduct(
  item: ProductItem,
  now: number,
  picture: Picture | null = null,
  kakaoChannelUrl: string | null = null,
): ShownProduct {
  return { ...item, picture, view: productView(item, now, kakaoChannelUrl) };
}
