import { koProducts } from "~/copy/ko-products.server";
import { kstWallClock } from "~/lib/korea-clock";
import { daysUntil, groupBuyStatusAt, isBuyable, type GroupBuyStatus } from "./group-buy";
import type { ProductItem } from "./products.server";

// What a product's card and page say, in words, at the moment of the request (docs/product.md §4):
// put together here so that the pages' JavaScript carries none of it and the browser's clock plays
// no part. No ticking timer: a day count and a time, which the page cache renews when they change.

/** A group buy's top lines: the disclosure, the state in words and when it opens or closes. */
export type GroupBuyView = {
  status: GroupBuyStatus;
  disclosure: string;
  state: string;
  /** "12월 3일(수) 오전 10:00 오픈", "D-2 · 12월 5일(금) 23:59 마감", "오늘 23:59 마감"; null with nothing to say. */
  when: string | null;
};

/** One price line: its label and amount; `struck`: the list price beside a group-buy price. */
export type PriceLine = { label: string; amount: string; struck: boolean };

/** A button of the card or page: where it goes, its words, and whether it is the main one. */
export type ButtonView = { href: string; label: string; primary: boolean; rel: string };

export type ProductView = {
  groupBuy: GroupBuyView | null;
  prices: PriceLine[];
  /** "25% 할인", or null. */
  discount: string | null;
  /**
   * The shop's buttons while parents can buy (a recommendation, or a group buy open now): a shown
   * product's go through the counting /out/ redirect, the owner's preview of a hidden one straight to
   * the link; before a group buy opens, 오픈 알림 받기 (the owner's KakaoTalk channel) when she set one;
   * after it, none.
   */
  buttons: ButtonView[];
};

/** "12월 3일(수)" */
export function dateWords(instant: number) {
  const { month, day, weekday } = kstWallClock(instant);
  return koProducts.date(month, day, koProducts.weekdays[weekday]!);
}

/** "23:59" */
export function time24(instant: number) {
  const { hour, minute } = kstWallClock(instant);
  return `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
}

/** "오전 10:00" */
function time12(instant: number) {
  const { hour, minute } = kstWallClock(instant);
  return koProducts.clock12(hour, String(minute).padStart(2, "0"));
}

function whenWords(status: GroupBuyStatus, { startAt, endAt }: ProductItem["terms"], now: number): string | null {
  if (status === "upcoming") {
    const start = startAt!;
    return koProducts.opens(`${daysUntil(start, now) === 0 ? koProducts.today : dateWords(start)} ${time12(start)}`);
  }
  if (endAt === null) return null;
  if (status === "open") {
    const days = daysUntil(endAt, now);
    return days === 0 ? koProducts.closesToday(time24(endAt)) : koProducts.closesIn(days, `${dateWords(endAt)} ${time24(endAt)}`);
  }
  return status === "closed" ? koProducts.closedAt(`${dateWords(endAt)} ${time24(endAt)}`) : null;
}

function priceLines({ price, groupBuyPrice, isGroupBuy }: ProductItem): PriceLine[] {
  const lines: PriceLine[] = [];
  const sale = isGroupBuy ? groupBuyPrice : null;
  if (price !== null)
    lines.push({ label: isGroupBuy ? koProducts.price : koProducts.priceOnly, amount: koProducts.won(price), struck: sale !== null });
  if (sale !== null) lines.push({ label: koProducts.groupBuyPrice, amount: koProducts.won(sale), struck: false });
  return lines;
}

function buttons(item: ProductItem, status: GroupBuyStatus | null, kakaoChannelUrl: string | null): ButtonView[] {
  if (isBuyable(status)) {
    const sides = [
      ["left", item.leftButtonNm, item.leftLink],
      ["right", item.rightButtonNm, item.rightLink],
    ] as const;
    return sides.flatMap(([side, label, link]) =>
      label && link
        ? [
            {
              href: item.isView ? `/out/product/${item.index}/${side}` : link,
              label,
              primary: side === "left",
              rel: "sponsored noreferrer",
            },
          ]
        : [],
    );
  }
  return status === "upcoming" && kakaoChannelUrl
    ? [{ href: kakaoChannelUrl, label: koProducts.notify, primary: false, rel: "noreferrer" }]
    : [];
}

/** A product as its card and page show it at `now` (ms since the epoch); `kakaoChannelUrl`: 사이트 설정's channel, for 오픈 알림 받기. */
export function productView(item: ProductItem, now: number, kakaoChannelUrl: string | null): ProductView {
  const status = groupBuyStatusAt(item.terms, now);
  return {
    groupBuy: status
      ? {
          status,
          disclosure: item.adDisclosure ?? koProducts.disclosure,
          state: koProducts.states[status],
          when: whenWords(status, item.terms, now),
        }
      : null,
    prices: priceLines(item),
    discount: item.discountRate ? koProducts.discount(item.discountRate) : null,
    buttons: buttons(item, status, kakaoChannelUrl),
  };
}

/** What the product form shows from the server's words: its placeholders, the default disclosure among them. */
export function productFormWords() {
  return { disclosurePlaceholder: koProducts.disclosure, placeholders: koProducts.formPlaceholders };
}
