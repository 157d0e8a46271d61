import { screen, within } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { DailyChart } from "~/features/insights/components/DailyChart";
import { TopList } from "~/features/insights/components/TopList";
import type { DayCounts } from "~/features/insights/insights.server";
import { renderInRoute } from "./remix-stub";

/** `length` days (thirty by default) ending on 2026-11-23, all zero but the ones given. */
function daysWith(counts: Record<string, Partial<Omit<DayCounts, "day">>>, length = 30): DayCounts[] {
  return Array.from({ length }, (_, index) => {
    const date = new Date(Date.UTC(2026, 10, 23 - (length - 1) + index));
    const day = date.toISOString().slice(0, 10);
    return { day, product: 0, ad: 0, reel: 0, guide: 0, ...counts[day] };
  });
}

describe("DailyChart", () => {
  test("draws one stacked bar per kind and day with uses, and says what it shows", () => {
    const { container } = renderInRoute(
      <DailyChart days={daysWith({ "2026-11-20": { reel: 4, product: 2 }, "2026-11-23": { ad: 1, reel: 1 } })} />,
    );
    const chart = screen.getByRole("img", {
      name: "최근 30일 릴스 조회 5회, 글 읽기 0회, 제품 버튼 클릭 2회, 광고 클릭 1회. 가장 많은 날은 11월 20일 (6회)입니다.",
    });
    const bars = [...chart.querySelectorAll("rect")].map((bar) => [
      bar.closest("g")!.getAttribute("data-day"),
      bar.getAttribute("data-kind"),
      Number(bar.getAttribute("data-count")),
      Number(bar.getAttribute("height")),
    ]);
    expect(bars.map(([day, kind, count]) => [day, kind, count])).toEqual([
      ["2026-11-20", "reel", 4],
      ["2026-11-20", "product", 2],
      ["2026-11-23", "reel", 1],
      ["2026-11-23", "ad", 1],
    ]);
    // Heights are proportional to the counts: 4 uses are four times as tall as 1.
    const heightOf = (day: string, kind: string) => bars.find((bar) => bar[0] === day && bar[1] === kind)![3] as number;
    expect(heightOf("2026-11-20", "reel")).toBeCloseTo(4 * heightOf("2026-11-23", "reel"));
    expect(heightOf("2026-11-20", "product")).toBeCloseTo(2 * heightOf("2026-11-23", "ad"));
    // The x axis names every seventh day, ending with today.
    expect([...chart.querySelectorAll(".insights-chart__label")].map((label) => label.textContent)).toEqual([
      "10/26",
      "11/2",
      "11/9",
      "11/16",
      "11/23",
    ]);
    expect(screen.getByText("릴스 조회", { selector: "li" })).toBeInTheDocument();
    expect(container.querySelector("svg title")).not.toBeNull();
  });

  test.each([
    [7, ["11/17", "11/18", "11/19", "11/20", "11/21", "11/22", "11/23"]],
    [90, ["8/31", "9/21", "10/12", "11/2", "11/23"]],
  ])("names the period it shows and labels %i days without crowding the axis, ending with today", (length, labels) => {
    const { container } = renderInRoute(<DailyChart days={daysWith({ "2026-11-23": { reel: 2 } }, length)} />);
    screen.getByRole("img", {
      name: `최근 ${length}일 릴스 조회 2회, 글 읽기 0회, 제품 버튼 클릭 0회, 광고 클릭 0회. 가장 많은 날은 11월 23일 (2회)입니다.`,
    });
    expect([...container.querySelectorAll(".insights-chart__label")].map((label) => label.textContent)).toEqual(labels);
  });

  test("the numbers are in a table too, newest day first", () => {
    renderInRoute(<DailyChart days={daysWith({ "2026-11-22": { product: 1234 } })} />);
    const table = screen.getByRole("table");
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual(["날짜", "릴스 조회", "글 읽기", "제품 버튼 클릭", "광고 클릭"]);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(30);
    expect(within(rows[0]!).getByRole("rowheader").textContent).toBe("11월 23일");
    expect(
      within(rows[1]!)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["0", "0", "1,234", "0"]);
  });

  test("with nothing counted it says so instead of drawing an empty chart", () => {
    renderInRoute(<DailyChart days={daysWith({})} />);
    expect(screen.getByRole("status").textContent).toBe("아직 기록된 클릭이나 조회가 없습니다.");
    expect(screen.queryByRole("img")).toBeNull();
  });
});

describe("TopList", () => {
  test("names each record with its count; a deleted one is marked 삭제됨; a reel links to its page", () => {
    renderInRoute(
      <TopList
        title="많이 본 릴스"
        items={[
          { id: 7, name: "배변 신호 알아차리기", count: 1200, href: "/reels-content/%7B%22id%22%3A7%7D" },
          { id: 3, name: null, count: 2, href: null },
        ]}
      />,
    );
    const items = screen.getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual(["배변 신호 알아차리기1,200회", "삭제됨 (3)2회"]);
    expect(screen.getByRole("link", { name: "배변 신호 알아차리기" })).toHaveAttribute("href", "/reels-content/%7B%22id%22%3A7%7D");
  });

  test("an empty list says there is no record yet", () => {
    renderInRoute(<TopList title="많이 누른 광고" items={[]} />);
    expect(screen.getByText("아직 기록이 없습니다.")).toBeInTheDocument();
  });
});
