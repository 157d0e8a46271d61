import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test } from "vitest";

import { Selectable } from "~/components/ListDeletion";
import { EditLink } from "~/components/ListModeBar";
import { ProductCard } from "~/features/products/components/ProductCard";
import { ReelCard } from "~/features/reels/components/ReelCard";
import type { ReelItem } from "~/features/reels/reel-lists.server";
import type { Picture } from "~/lib/picture";
import { plainPicture } from "./pictures";
import { productItem, shownProduct } from "./products";
import { renderInRoute } from "./remix-stub";

const NOW = Date.parse("2026-12-01T03:00:00Z");

const ITEM = productItem(
  {
    index: 4,
    productNm: "감각 놀이 매트",
    title: "감각 놀이 매트",
    description: "촉감이 다른 여섯 칸 매트",
    image: "/uploads/products/mat.webp?v=1",
    isGroupBuy: true,
    isView: true,
    isLeft: true,
    leftButtonNm: "구매하기",
    leftLink: "https://link.coupang.example/mat",
    isRight: true,
    rightButtonNm: "후기 보기",
    rightLink: null,
  },
  NOW,
);
const PRODUCT = shownProduct(ITEM, NOW, plainPicture("/uploads/products/mat.webp?v=1"));

const REEL: ReelItem & { picture: Picture | null } = {
  id: 9,
  reelsNm: "배변 신호 알아차리기",
  title: "배변훈련",
  image: "/uploads/reels/poster-9.webp",
  instaRegDate: "2024-05-21 00:30:00",
  mediaId: "17900000000000009",
  caption: "",
  categoryId: 3,
  permalink: null,
  isPinned: false,
  picture: plainPicture("/uploads/reels/poster-9.webp"),
};

describe("ProductCard", () => {
  test("shows a button only when it has both a label and a link; it goes through the site's counting redirect", () => {
    renderInRoute(<ProductCard item={PRODUCT} />);
    const card = screen.getByRole("heading", { name: "감각 놀이 매트" }).parentElement!;
    // Its name says which product it is for: a list has several 구매하기.
    expect(within(card).getByRole("link", { name: "구매하기 · 감각 놀이 매트" })).toHaveAttribute("href", "/out/product/4/left");
    expect(within(card).queryByRole("link", { name: /후기 보기/ })).toBeNull();
    expect(screen.getByRole("link", { name: "감각 놀이 매트" })).toHaveAttribute("href", "/product/4");
    expect(screen.getByRole("img", { name: "감각 놀이 매트 제품 이미지" })).toHaveAttribute("src", ITEM.image);
    expect(screen.getByText("촉감이 다른 여섯 칸 매트")).toBeInTheDocument();
  });

  test("the owner's preview of a hidden product links straight to the stored link (nothing to count)", () => {
    renderInRoute(<ProductCard item={shownProduct({ ...ITEM, isView: false }, NOW)} />);
    expect(screen.getByRole("link", { name: "구매하기 · 감각 놀이 매트" })).toHaveAttribute("href", "https://link.coupang.example/mat");
  });

  test("a product without a picture gets a drawn placeholder with its first letter, hidden from screen readers", () => {
    const { container } = renderInRoute(<ProductCard item={{ ...PRODUCT, picture: null }} />);
    expect(screen.queryByRole("img")).toBeNull();
    const placeholder = container.querySelector(".product-card__image.image-placeholder");
    expect(placeholder).toHaveAttribute("aria-hidden", "true");
    expect(placeholder).toHaveTextContent("감");
  });

  test("a product hidden from visitors is marked 숨김 for the admin", () => {
    renderInRoute(<ProductCard item={shownProduct({ ...ITEM, isView: false }, NOW)} />);
    expect(screen.getByRole("heading", { name: "감각 놀이 매트 숨김" })).toBeInTheDocument();
  });

  test("in edit mode the card is one link to its edit screen and its buttons are gone", () => {
    renderInRoute(
      <EditLink to="/product-upsert/1700000000000/%7B%22id%22%3A4%7D">
        <ProductCard item={PRODUCT} interactive={false} />
      </EditLink>,
    );
    // Its name is what it shows, the product's name first (the disclosure stays on screen).
    const link = screen.getByRole("link", { name: /^수정: 감각 놀이 매트/ });
    expect(link).toHaveAttribute("href", "/product-upsert/1700000000000/%7B%22id%22%3A4%7D");
    expect(screen.queryByRole("link", { name: /구매하기/ })).toBeNull();
  });

  // A tap anywhere on the card ticks it through the box's label laid over the card: a matter of
  // layout, checked in a real browser (tests/e2e/polish.test.ts, delete mode on a long list).
  test("in delete mode the card keeps its heading and carries a checkbox named after it", async () => {
    const user = userEvent.setup();
    renderInRoute(
      <Selectable formId="product-delete" id={PRODUCT.index} label={PRODUCT.productNm}>
        <ProductCard item={PRODUCT} interactive={false} />
      </Selectable>,
    );
    expect(screen.getByRole("heading", { level: 3, name: "감각 놀이 매트" })).toBeInTheDocument();
    const checkbox = screen.getByRole("checkbox", { name: "감각 놀이 매트 선택" });
    await user.click(checkbox);
    expect(checkbox).toBeChecked();
    expect(checkbox).toHaveAttribute("form", "product-delete");
    expect(checkbox).toHaveAttribute("value", String(PRODUCT.index));
  });
});

describe("ReelCard", () => {
  test("shows the poster, the name and the Instagram registration date", () => {
    const { container } = renderInRoute(<ReelCard item={REEL} />);
    // Decorative (the heading names the reel): no second reading of the name.
    expect(container.querySelector("img")).toHaveAttribute("src", REEL.image);
    expect(container.querySelector("img")).toHaveAttribute("alt", "");
    expect(screen.getByRole("heading", { name: "배변 신호 알아차리기" })).toBeInTheDocument();
    expect(screen.getByText("2024-05-21 00:30:00").closest("p")).toHaveTextContent("인스타 등록일 2024-05-21 00:30:00");
  });

  test("a poster that fails to load leaves the reel's title on its tile, no broken picture", () => {
    const { container } = renderInRoute(<ReelCard item={REEL} />);
    const tile = container.querySelector(".poster-frame")!;
    expect(tile).toHaveTextContent("배변 신호 알아차리기");
    fireEvent.error(container.querySelector("img")!);
    expect(container.querySelector("img")).not.toBeVisible();
    expect(tile).toHaveTextContent("배변 신호 알아차리기");
    expect(screen.queryByText(/이미지를 찾을 수 없습니다/)).toBeNull();
  });
});
