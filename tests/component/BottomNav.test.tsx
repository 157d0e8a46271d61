import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, test, vi } from "vitest";

import { BottomNav } from "~/components/BottomNav";
import type { HomeMenu } from "~/features/home/home.server";
import { routeFacts, type RouteFacts } from "~/lib/route-facts";
import { renderInRoute, renderRoutes } from "./remix-stub";

const MENU: HomeMenu = {
  homeMenuNm: "처음으로",
  reelsMenuNm: "짧은 영상",
  productsMenuNm: "추천 제품",
  detailMenuNm: "상세 정보",
  isViewFlags: { home: true, reels: true, products: true, detail: false },
};

function renderNav(url: string, flags: Partial<HomeMenu["isViewFlags"]> = {}) {
  renderInRoute(<BottomNav menu={{ ...MENU, isViewFlags: { ...MENU.isViewFlags, ...flags } }} />, url);
  return screen.findByRole("navigation", { name: "하단 메뉴" });
}

afterEach(() => vi.restoreAllMocks());

describe("BottomNav", () => {
  test("lists home, AI, reels and products under their configured names, then 맨 위로", async () => {
    const nav = await renderNav("/ai");
    const links = within(nav).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["처음으로", "/"],
      ["AI", "/ai"],
      ["짧은 영상", "/reels-category"],
      ["추천 제품", "/product-list"],
      ["맨 위로", "#top"],
    ]);
  });

  test("a hidden section's entry is left out; AI always shows", async () => {
    const nav = await renderNav("/ai", { home: false, reels: false, products: false });
    expect(
      within(nav)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["AI", "맨 위로"]);
  });

  test("marks the current page's entry, and only that one", async () => {
    const nav = await renderNav("/product-list");
    expect(within(nav).getByRole("link", { name: "추천 제품" })).toHaveAttribute("aria-current", "page");
    expect(within(nav).getByRole("link", { name: "처음으로" })).not.toHaveAttribute("aria-current");
  });

  test("the reels entry stays lit on a category's reel list and in the viewer (its section, aria-current true)", async () => {
    for (const url of ["/reels-list/3/sensory", "/reels-content/9"]) {
      const nav = await renderNav(url);
      expect(within(nav).getByRole("link", { name: "짧은 영상" })).toHaveAttribute("aria-current", "true");
      expect(within(nav).getByRole("link", { name: "처음으로" })).not.toHaveAttribute("aria-current");
      expect(within(nav).getByRole("link", { name: "추천 제품" })).not.toHaveAttribute("aria-current");
      cleanup();
    }
  });

  test("home is current only on the home page itself", async () => {
    const nav = await renderNav("/");
    expect(within(nav).getByRole("link", { name: "처음으로" })).toHaveAttribute("aria-current", "page");
    expect(within(nav).getByRole("link", { name: "AI" })).not.toHaveAttribute("aria-current");
  });

  test("맨 위로 scrolls to the top, without animation for people who asked for less motion", async () => {
    const user = userEvent.setup();
    const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => undefined);
    vi.spyOn(window, "matchMedia").mockImplementation(
      (query: string) => ({ matches: query === "(prefers-reduced-motion: reduce)", media: query }) as MediaQueryList,
    );
    const nav = await renderNav("/ai");
    await user.click(within(nav).getByRole("link", { name: "맨 위로" }));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: "auto" });
  });

  test("on the owner's screens AI loads /ai as a new document (their policy leaves the chatbot out); elsewhere Remix navigates", async () => {
    /** Clicks AI on a page with these facts: whether the browser was left to load /ai itself (the click not taken over). */
    async function clickAiOn(pathname: string, facts: RouteFacts) {
      renderRoutes(
        [
          { path: pathname, handle: routeFacts(facts), Component: () => <BottomNav menu={MENU} /> },
          { path: "/ai", Component: () => <h1>AI</h1> },
        ],
        pathname,
      );
      const nav = await screen.findByRole("navigation", { name: "하단 메뉴" });
      const leftToBrowser = fireEvent.click(within(nav).getByRole("link", { name: "AI" }));
      cleanup();
      return leftToBrowser;
    }
    expect(await clickAiOn("/home-update", { access: "admin" })).toBe(true);
    expect(await clickAiOn("/product-list", { access: "public", cache: true })).toBe(false);
  });
});
