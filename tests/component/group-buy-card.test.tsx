import { screen, within } from "@testing-library/react";
import { describe, expect, test } from "vitest";

import { GroupBuyReports } from "~/features/insights/components/GroupBuyReports";
import { ProductCard } from "~/features/products/components/ProductCard";
import { parseKstMinute } from "~/lib/korea-clock";
import { productItem, shownProduct } from "./products";
import { renderInRoute } from "./remix-stub";

// A group buy's card as a parent sees it (issue 31): the words come from the server's view of the
// product at a moment (product-view.server.ts, the real one); the card lays them out.

const kst = (text: string) => parseKstMinute(text)!.getTime();
const NOW = kst("2025-12-03 10:00");
const CHANNEL = "https://pf.kakao.com/_abcd";

function groupBuy(window: { start?: string; end?: string; isSoldOut?: boolean }) {
  return productItem(
    {
      index: 7,
      productNm: "배변훈련 변기 커버",
      description: "아이용 보조 커버예요.",
      price: 39000,
      groupBuyPrice: 29000,
      groupBuyNote: "2개 이상 무료배송",
      leftButtonNm: "구매하기",
      leftLink: "https://link.coupang.com/a/cover",
      rightButtonNm: "자세히 보기",
      rightLink: "https://example.com/cover",
      startAt: window.start ? kst(window.start) : undefined,
      endAt: window.end ? kst(window.end) : undefined,
      isSoldOut: window.isSoldOut ?? false,
    },
    NOW,
  );
}

function cardOf(name: string) {
  return screen.getByRole("heading", { name }).closest(".product-card") as HTMLElement;
}

describe("a group buy's card", () => {
  test("open: the disclosure above the name, the state with its D-day, 정가 struck beside 공구가 and the discount, buttons named for the product", () => {
    renderInRoute(
      <ProductCard item={shownProduct(groupBuy({ start: "2025-12-01 10:00", end: "2025-12-05 23:59" }), NOW, null, CHANNEL)} />,
    );
    const card = cardOf("배변훈련 변기 커버");
    const text = card.textContent!;
    expect(text.indexOf("광고 · 판매 수수료를 받는 공동구매입니다"), "the disclosure first").toBe(0);
    expect(text.indexOf("광고 · 판매")).toBeLessThan(text.indexOf("배변훈련 변기 커버"));
    expect(within(card).getByText("진행 중").closest("p")).toHaveTextContent("진행 중 D-2 · 12월 5일(금) 23:59 마감");
    expect(within(card).getByText("39,000원").tagName).toBe("DEL");
    expect(within(card).getByText("39,000원").closest("span")).toHaveTextContent("정가 39,000원");
    expect(within(card).getByText("29,000원").closest("span")).toHaveTextContent("공구가 29,000원");
    expect(within(card).getByText("25% 할인")).toBeInTheDocument();
    expect(within(card).getByText("2개 이상 무료배송")).toBeInTheDocument();
    expect(within(card).getByRole("link", { name: "구매하기 · 배변훈련 변기 커버" })).toHaveAttribute("href", "/out/product/7/left");
    expect(within(card).getByRole("link", { name: "자세히 보기 · 배변훈련 변기 커버" })).toHaveAttribute("href", "/out/product/7/right");
    expect(within(card).getByRole("link", { name: "배변훈련 변기 커버" })).toHaveAttribute("href", "/product/7");
    expect(within(card).queryByRole("link", { name: /오픈 알림/ })).toBeNull();
  });

  test("upcoming: 오픈 예정 with the opening day and time, no buy buttons, 오픈 알림 받기 to the owner's KakaoTalk channel", () => {
    renderInRoute(
      <ProductCard item={shownProduct(groupBuy({ start: "2025-12-04 10:00", end: "2025-12-06 23:59" }), NOW, null, CHANNEL)} />,
    );
    const card = cardOf("배변훈련 변기 커버");
    expect(within(card).getByText("오픈 예정").closest("p")).toHaveTextContent("오픈 예정 12월 4일(목) 오전 10:00 오픈");
    expect(within(card).queryByRole("link", { name: /구매하기/ })).toBeNull();
    expect(within(card).getByRole("link", { name: "오픈 알림 받기 · 배변훈련 변기 커버" })).toHaveAttribute("href", CHANNEL);
  });

  test("upcoming without a channel set: no button at all", () => {
    renderInRoute(<ProductCard item={shownProduct(groupBuy({ start: "2025-12-04 10:00" }), NOW)} />);
    expect(
      within(cardOf("배변훈련 변기 커버"))
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["배변훈련 변기 커버"]);
  });

  test.each([
    ["closed", { start: "2025-11-20 10:00", end: "2025-11-30 23:59" }, "마감 11월 30일(일) 23:59 마감"],
    ["sold out", { start: "2025-12-01 10:00", end: "2025-12-05 23:59", isSoldOut: true }, "품절"],
  ])("%s: greyed, its state in words, and no buttons", (_, window, state) => {
    renderInRoute(<ProductCard item={shownProduct(groupBuy(window), NOW, null, CHANNEL)} />);
    const card = cardOf("배변훈련 변기 커버");
    expect(card.className).toMatch(/product-card--(closed|soldOut)/);
    expect(card.querySelector(".group-buy-state")).toHaveTextContent(state);
    expect(
      within(card)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["배변훈련 변기 커버"]);
  });
});

test("/insights lists each group buy with its state, window and clicks by source", () => {
  renderInRoute(
    <GroupBuyReports
      reports={[
        {
          index: 7,
          productNm: "배변훈련 변기 커버",
          state: "진행 중",
          window: "12월 1일(월) 10:00 ~ 12월 5일(금) 23:59",
          clicks: 12,
          bySource: { instagram: 8, kakaotalk: 3, search: 0, direct: 1, other: 0 },
          summary: "버튼 클릭 12회 (인스타그램 8 · 카카오톡 3 · 직접 방문 1)",
        },
      ]}
    />,
  );
  expect(screen.getByRole("heading", { name: "공동구매별 구매 버튼 클릭" })).toBeInTheDocument();
  const row = screen.getByRole("link", { name: "배변훈련 변기 커버" }).closest("li")!;
  expect(row).toHaveTextContent("진행 중 12월 1일(월) 10:00 ~ 12월 5일(금) 23:59");
  expect(row).toHaveTextContent("버튼 클릭 12회 (인스타그램 8 · 카카오톡 3 · 직접 방문 1)");
});
