import { screen, within } from "@testing-library/react";
import { describe, expect, test } from "vitest";

import { HiddenSectionNotice } from "~/components/HiddenSectionNotice";
import type { CategoryItem } from "~/features/reels/categories.server";
import { CategoryCard } from "~/features/reels/components/CategoryCard";
import type { Picture } from "~/lib/picture";
import { renderInRoute, renderRoutes } from "./remix-stub";

// What the owner reads on a page of a menu she hid, and a category card's description.

/** The words the page's loader hands it (sectionPage; tests/integration/hidden-menus.test.ts reads them there). */
const NOTICE = {
  badge: "숨김",
  text: "이 메뉴는 숨겨져 있어 방문자에게는 ‘페이지를 찾을 수 없습니다’로 보입니다.",
  link: "메뉴 수정에서 보이기",
};

/** A page whose loader hands the notice over, as sectionPage's pages do. */
function renderPage(hiddenNotice: typeof NOTICE | null) {
  return renderRoutes(
    [
      {
        path: "/product-list",
        loader: () => ({ hiddenNotice }),
        Component: () => (
          <>
            <HiddenSectionNotice />
            <h1>제품 소개</h1>
          </>
        ),
      },
    ],
    "/product-list",
  );
}

describe("HiddenSectionNotice (at the top of the owner's page)", () => {
  test("on a hidden menu's page, the owner is told visitors get the 404 page, with the way to show it again", async () => {
    renderPage(NOTICE);
    const notice = await screen.findByRole("note");
    expect(notice).toHaveTextContent(
      "숨김 이 메뉴는 숨겨져 있어 방문자에게는 ‘페이지를 찾을 수 없습니다’로 보입니다. 메뉴 수정에서 보이기",
    );
    expect(within(notice).getByRole("link", { name: "메뉴 수정에서 보이기" })).toHaveAttribute("href", "/home-update");
  });

  test("says nothing on a page whose menu is shown", async () => {
    renderPage(null);
    await screen.findByRole("heading", { name: "제품 소개" });
    expect(screen.queryByRole("note")).toBeNull();
  });
});

const CATEGORY: CategoryItem & { picture: Picture | null } = {
  index: 3,
  categoryNm: "배변 습관",
  title: "배변 습관",
  description: "",
  image: null,
  isView: true,
  hashtags: "",
  reelsCount: 12,
  picture: null,
};

describe("CategoryCard", () => {
  test("shows the owner's description as text, line breaks kept, markup as written", async () => {
    const description = "기저귀 떼기 <b>첫걸음</b>\n둘째 줄";
    renderInRoute(<CategoryCard item={{ ...CATEGORY, description }} />);
    const card = await screen.findByRole("heading", { name: "배변 습관" });
    const text = card.parentElement!.querySelector(".category-card__description")!;
    expect(text.textContent).toBe(description);
    expect(text.children).toHaveLength(0);
  });

  test("a category without a description has no empty line for it", async () => {
    const { container } = renderInRoute(<CategoryCard item={CATEGORY} />);
    await screen.findByRole("heading", { name: "배변 습관" });
    expect(container.querySelector(".category-card__description")).toBeNull();
  });
});
