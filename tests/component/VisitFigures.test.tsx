import { screen, within } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { PeriodLinks, VisitFigures } from "~/features/insights/components/VisitFigures";
import { renderInRoute } from "./remix-stub";

const noSources = { instagram: 0, kakaotalk: 0, search: 0, direct: 0, other: 0 };

describe("VisitFigures", () => {
  test("shows the total, each source with its count and share, and the visits per page by their Korean names", () => {
    renderInRoute(
      <VisitFigures
        period={7}
        visits={{
          total: 40,
          pages: [
            { page: "/reels-content/:info", count: 25 },
            { page: "/", count: 10 },
            { page: "/a-page-added-later", count: 5 },
          ],
        }}
        sources={{ instagram: 20, kakaotalk: 10, search: 6, direct: 3, other: 1 }}
      />,
    );
    expect(screen.getByRole("heading", { level: 2, name: "방문" })).toBeTruthy();
    const total = screen.getByText("7일 동안 페이지 방문");
    expect(total.nextElementSibling?.textContent).toBe("40회");

    const sources = within(screen.getByRole("list", { name: "어디에서 왔나요" }))
      .getAllByRole("listitem")
      .map((item) => item.textContent);
    expect(sources).toEqual(["인스타그램20회 · 50%", "카카오톡10회 · 25%", "검색6회 · 15%", "직접 방문3회 · 8%", "기타1회 · 3%"]);

    expect(screen.getByRole("heading", { level: 3, name: "페이지별 방문" })).toBeTruthy();
    const pages = within(screen.getByRole("list", { name: "페이지별 방문" }))
      .getAllByRole("listitem")
      .map((item) => item.textContent);
    // A page the copy does not name yet shows its address pattern rather than nothing.
    expect(pages).toEqual(["릴스 보기25회", "홈10회", "/a-page-added-later5회"]);
  });

  test("says so when nothing was visited yet, without empty source bars", () => {
    renderInRoute(<VisitFigures period={30} visits={{ total: 0, pages: [] }} sources={noSources} />);
    expect(screen.getByText("30일 동안 페이지 방문").nextElementSibling?.textContent).toBe("0회");
    expect(screen.getByText("아직 기록된 방문이 없습니다.")).toBeTruthy();
    expect(screen.queryByText("인스타그램")).toBeNull();
  });
});

describe("PeriodLinks", () => {
  test("offers 7, 30 and 90 days as plain links and marks the one shown", () => {
    renderInRoute(<PeriodLinks period={90} />);
    const nav = screen.getByRole("navigation", { name: "기간" });
    const links = within(nav).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href"), link.getAttribute("aria-current")])).toEqual([
      ["최근 7일", "/?days=7", null],
      ["최근 30일", "/?days=30", null],
      ["최근 90일", "/?days=90", "page"],
    ]);
  });
});
