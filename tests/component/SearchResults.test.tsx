import { screen, within } from "@testing-library/react";
import { describe, expect, test } from "vitest";

import type { ProductItem } from "~/features/products/products.server";
import type { CategoryItem } from "~/features/reels/categories.server";
import type { ReelItem } from "~/features/reels/reel-lists.server";
import { SearchResults } from "~/features/search/components/SearchResults";
import { productItem } from "./products";
import { renderInRoute } from "./remix-stub";

const REEL: ReelItem = {
  id: 9,
  reelsNm: "배변훈련 첫 주",
  title: "배변훈련 첫 주",
  image: null,
  instaRegDate: "2025-06-01 12:00:00",
  mediaId: "17900000000000009",
  caption: "기저귀를 떼는 배변 연습, 배변 신호 알아차리기",
  categoryId: 3,
  permalink: null,
  isPinned: false,
};

const PRODUCT: ProductItem = productItem({ index: 4, productNm: "Potty 배변 커버", title: "Potty 배변 커버" }, Date.now());

const CATEGORY: CategoryItem = {
  index: 3,
  categoryNm: "배변 습관",
  title: "배변 습관",
  description: "",
  image: null,
  isView: true,
  hashtags: "",
  reelsCount: 12,
};

const GUIDE = {
  index: 4,
  detailNm: "배변훈련 언제 시작할까요",
  summary: "배변 신호가 보이면 시작해요",
  image: null,
  publishAt: "2025-06-02 09:00",
  updatedAt: "2025-06-02 09:00",
  detailCategoryId: 1,
  isView: true,
  readingMinutes: 3,
  state: "published" as const,
};

const group = <T,>(items: T[], more = false) => ({ items, more });

/** The texts inside <mark> in an element, in order. */
const marked = (element: HTMLElement) => Array.from(element.querySelectorAll("mark"), (mark) => mark.textContent);

describe("SearchResults", () => {
  test("marks every occurrence of each word in the four groups, case ignored", async () => {
    renderInRoute(
      <SearchResults
        words={["배변", "potty"]}
        reels={group([REEL])}
        products={group([PRODUCT])}
        categories={group([CATEGORY])}
        guides={group([GUIDE])}
      />,
      "/search?q=배변",
    );

    const reels = await screen.findByRole("region", { name: "릴스 1건" });
    const reel = within(reels).getByRole("link");
    expect(reel).toHaveAttribute(
      "href",
      `/reels-content/${encodeURIComponent(JSON.stringify({ id: 9, mediaId: "17900000000000009", reelsNm: "배변훈련 첫 주" }))}`,
    );
    expect(marked(reel)).toEqual(["배변", "배변", "배변"]);
    expect(reel).toHaveTextContent("배변훈련 첫 주기저귀를 떼는 배변 연습, 배변 신호 알아차리기인스타 등록일 2025-06-01 12:00:00");

    const product = within(screen.getByRole("region", { name: "제품 1건" })).getByRole("link");
    expect(product).toHaveAttribute("href", "/product/4");
    expect(marked(product)).toEqual(["Potty", "배변"]);
    expect(product).toHaveTextContent("Potty 배변 커버공동구매");

    const category = within(screen.getByRole("region", { name: "릴스 카테고리 1건" })).getByRole("link");
    expect(category).toHaveAttribute("href", `/reels-list/3/${encodeURIComponent("배변 습관")}`);
    expect(marked(category)).toEqual(["배변"]);
    expect(category).toHaveTextContent("배변 습관릴스 12개");

    const guide = within(screen.getByRole("region", { name: "상세 정보 1건" })).getByRole("link");
    expect(guide).toHaveAttribute("href", "/detail-contents/4");
    expect(marked(guide)).toEqual(["배변", "배변"]);
    expect(guide).toHaveTextContent("배변훈련 언제 시작할까요배변 신호가 보이면 시작해요2025-06-02");
  });

  test("the longer of two overlapping words is marked whole", async () => {
    renderInRoute(
      <SearchResults words={["배변", "배변훈련"]} reels={group([REEL])} products={group([])} categories={group([])} guides={group([])} />,
    );
    const reel = await screen.findByRole("link");
    expect(marked(reel)).toEqual(["배변훈련", "배변", "배변"]);
    expect(screen.queryByRole("region", { name: /제품/ })).toBeNull();
  });

  test("a cut group says only the newest 20 are shown", async () => {
    renderInRoute(
      <SearchResults words={["배변"]} reels={group([REEL], true)} products={group([])} categories={group([])} guides={group([])} />,
    );
    expect(await screen.findByText("최근 20건만 보여 드려요. 검색어를 더 자세히 입력해 보세요.")).toBeInTheDocument();
  });

  test("nothing found: the Korean no-results line with the words", async () => {
    renderInRoute(
      <SearchResults words={["없는", "말"]} reels={group([])} products={group([])} categories={group([])} guides={group([])} />,
    );
    expect(await screen.findByRole("status")).toHaveTextContent("'없는 말'에 대한 검색 결과가 없습니다.");
    expect(screen.queryAllByRole("link")).toEqual([]);
  });
});
