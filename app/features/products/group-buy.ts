import { kstDayNumber, nextKstMidnight } from "~/lib/korea-clock";

// A group buy's state, worked out from its terms at the moment asked, never stored (docs/product.md
// §4, "Group buys"): pure functions of the terms and a clock, shared by the pages, the API and the
// owner's views. The window is [start, end): open from the start minute itself, closed from the end
// minute itself ("23:59 마감" is closed at 23:59:00).

export const GROUP_BUY_STATUSES = ["upcoming", "open", "closed", "soldOut"] as const;
export type GroupBuyStatus = (typeof GROUP_BUY_STATUSES)[number];

/** What the state depends on: the window as instants (ms since the epoch), null for a side left open. */
export type GroupBuyTerms = { isGroupBuy: boolean; isSoldOut: boolean; startAt: number | null; endAt: number | null };

/** The state at `now`; null for a recommendation (not a group buy). Sold out wins over any time. */
export function groupBuyStatusAt(terms: GroupBuyTerms, now: number): GroupBuyStatus | null {
  if (!terms.isGroupBuy) return null;
  if (terms.isSoldOut) return "soldOut";
  if (terms.endAt !== null && now >= terms.endAt) return "closed";
  if (terms.startAt !== null && now < terms.startAt) return "upcoming";
  return "open";
}

/** Whether parents can buy now: the buttons that lead to the shop show only then. */
export function isBuyable(status: GroupBuyStatus | null) {
  return status === null || status === "open";
}

/**
 * The discount of the group-buy price on the list price, in whole percent rounded down (a page never
 * promises more than the prices give: 39,000 → 29,000 is 25%, not 26%); null without both prices.
 */
export function discountRateOf(price: number | null, groupBuyPrice: number | null): number | null {
  if (price === null || groupBuyPrice === null || price <= 0 || groupBuyPrice > price) return null;
  return Math.floor(((price - groupBuyPrice) * 100) / price);
}

/**
 * The next moment what a page says of this group buy changes by itself, or Infinity: its start or
 * end, and the next Korea-time midnight while its wording counts days ("D-2", "오늘 23:59 마감",
 * "오늘 오전 10:00 오픈").
 */
export function groupBuyChangesAt(terms: GroupBuyTerms, now: number): number {
  const status = groupBuyStatusAt(terms, now);
  if (status === "upcoming") return Math.min(terms.startAt!, nextKstMidnight(now));
  if (status === "open" && terms.endAt !== null) return Math.min(terms.endAt, nextKstMidnight(now));
  return Number.POSITIVE_INFINITY;
}

/** Whole Korea-time calendar days from `now` to `instant` (0: today, 1: tomorrow). */
export function daysUntil(instant: number, now: number) {
  return kstDayNumber(instant) - kstDayNumber(now);
}

/** Where /product-list shows a product (docs/product.md §2). */
export type ListSection = "groupBuy" | "recommend" | "past";

/**
 * The product list's order: group buys open now, the one ending soonest first (those without an end
 * after them), then upcoming ones, the soonest start first; then the recommendations; then past group
 * buys (closed or sold out), the latest end first. `items` come in the owner's order, which breaks
 * every tie (a sort that keeps the order of equals).
 */
export function listOrder<T>(items: T[], termsOf: (item: T) => GroupBuyTerms, now: number): { item: T; section: ListSection }[] {
  const placed = items.map((item, at) => {
    const terms = termsOf(item);
    const status = groupBuyStatusAt(terms, now);
    const inf = Number.POSITIVE_INFINITY;
    // [rank, key]: ascending.
    const [rank, key] =
      status === "open"
        ? [0, terms.endAt ?? inf]
        : status === "upcoming"
          ? [1, terms.startAt!]
          : status === null
            ? [2, 0]
            : [3, terms.endAt === null ? inf : -terms.endAt];
    return { item, at, rank, key, section: (rank < 2 ? "groupBuy" : rank === 2 ? "recommend" : "past") as ListSection };
  });
  placed.sort((a, b) => a.rank - b.rank || (a.key === b.key ? 0 : a.key < b.key ? -1 : 1) || a.at - b.at);
  return placed.map(({ item, section }) => ({ item, section }));
}
