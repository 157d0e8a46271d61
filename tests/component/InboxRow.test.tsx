import { screen } from "@testing-library/react";
import { describe, expect, test } from "vitest";

import { InboxRow } from "~/features/reels/components/InboxRow";
import { renderInRoute } from "./remix-stub";

const reel = {
  index: 7,
  mediaId: "19000000000000001",
  image: "/uploads/poster.jpg",
  caption: "오늘의 놀이 #일상",
  title: "오늘의 놀이",
  instaRegDate: "2025-07-01 12:00:00",
  permalink: null,
  fromCategory: false,
};

describe("InboxRow", () => {
  test("offers the categories to file into (등록) and 숨기기, each a plain form naming the reel", () => {
    renderInRoute(<InboxRow reel={reel} categories={[{ index: 3, categoryNm: "배변훈련" }]} busy={false} />, "/reels-inbox");
    expect(screen.getByRole("heading", { name: "오늘의 놀이" })).toBeInTheDocument();
    const select = screen.getByRole("combobox", { name: "카테고리" });
    expect(select).toBeRequired();
    expect(screen.getByRole("option", { name: "배변훈련" })).toHaveValue("3");
    const file = screen.getByRole("button", { name: "등록" });
    expect(file).toBeEnabled();
    expect(new FormData(file.closest("form")!).get("intent")).toBe("file");
    const hide = screen.getByRole("button", { name: "숨기기" });
    expect(new FormData(hide.closest("form")!).get("index")).toBe("7");
  });

  test("등록 is disabled while there is no category to file into", () => {
    renderInRoute(<InboxRow reel={reel} categories={[]} busy={false} />, "/reels-inbox");
    expect(screen.getByRole("button", { name: "등록" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "숨기기" })).toBeEnabled();
  });

  test("a reel whose category was deleted keeps its name and says where it came from", () => {
    renderInRoute(
      <InboxRow
        reel={{ ...reel, title: "배변 신호 알아차리기", fromCategory: true }}
        categories={[{ index: 3, categoryNm: "배변훈련" }]}
        busy={false}
      />,
      "/reels-inbox",
    );
    expect(screen.getByRole("heading", { name: "배변 신호 알아차리기" })).toBeInTheDocument();
    expect(screen.getByText("카테고리가 삭제된 릴스")).toBeInTheDocument();
  });
});
