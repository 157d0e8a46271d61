// Edit mode as compact rows (issue 33, point 8) and a reel's 고정 (point 6).
import type { ActionFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test } from "vitest";
import { EditRows } from "~/components/EditRows";
import { ReelEditRows } from "~/features/reels/components/ReelEditRows";
import type { ReelItem } from "~/features/reels/reel-lists.server";
import type { Picture } from "~/lib/picture";
import { renderInRoute, renderRoutes } from "./remix-stub";

const sized: Picture = {
  sources: [{ type: "image/avif", srcSet: "/uploads/a-360.avif 360w, /uploads/a-full.avif 800w", sizes: "calc(100vw - 34px)" }],
  img: { src: "/uploads/a.jpg", width: 800, height: 800, fetchpriority: "high" },
};

describe("EditRows", () => {
  test("each item is one row with its id, a small thumbnail, its name and badges, 위로/아래로 and 수정", () => {
    const { container } = renderInRoute(
      <EditRows
        action="/product-list?mode=edit"
        label="공동구매"
        rows={[
          { id: 4, name: "감각 놀이 매트", picture: sized, editHref: "/product-upsert/1/x", isFirst: true, isLast: false },
          { id: 9, name: "그림책", picture: null, editHref: "/product-upsert/1/y", badges: ["숨김"], isFirst: false, isLast: true },
        ]}
      />,
      "/product-list?mode=edit",
    );
    const list = screen.getByRole("list", { name: "공동구매" });
    const rows = within(list).getAllByRole("listitem");
    expect(rows.map((row) => row.id)).toEqual(["item-4", "item-9"]);
    expect(within(rows[0]!).getByRole("button", { name: "감각 놀이 매트 위로" })).toBeDisabled();
    expect(within(rows[0]!).getByRole("button", { name: "감각 놀이 매트 아래로" })).toBeEnabled();
    expect(within(rows[1]!).getByRole("link", { name: "그림책 수정" })).toHaveAttribute("href", "/product-upsert/1/y");
    expect(within(rows[1]!).getByText("숨김")).toBeInTheDocument();
    // The card's picture as a thumbnail: its sizes for 56 px, lazily, never the page's first picture.
    const source = container.querySelector("#item-4 source")!;
    expect(source.getAttribute("sizes")).toBe("56px");
    const img = container.querySelector("#item-4 img")!;
    expect(img).toHaveAttribute("loading", "lazy");
    expect(img).not.toHaveAttribute("fetchpriority");
    expect(img).toHaveAttribute("alt", "");
  });

  test("a row's note (a group buy's state, window and clicks) stands under its name, the row keeping its name", () => {
    renderInRoute(
      <EditRows
        action="/product-list?mode=edit"
        label="공동구매"
        rows={[
          {
            id: 5,
            name: "원목 자석 블록",
            picture: null,
            editHref: "/product-upsert/1/z",
            note: (
              <>
                <strong>진행 중</strong> 12월 3일(수) 10:00 ~ 12월 5일(금) 23:59
                <br />
                버튼 클릭 12회 (인스타그램 8 · 카카오톡 4)
              </>
            ),
            isFirst: true,
            isLast: true,
          },
        ]}
      />,
      "/product-list?mode=edit",
    );
    const row = screen.getByRole("listitem");
    expect(row.querySelector(".edit-row__name")?.textContent).toBe("원목 자석 블록");
    expect(row.querySelector(".edit-row__note")?.textContent).toBe(
      "진행 중 12월 3일(수) 10:00 ~ 12월 5일(금) 23:59버튼 클릭 12회 (인스타그램 8 · 카카오톡 4)",
    );
    expect(within(row).getByRole("link", { name: "원목 자석 블록 수정" })).toBeInTheDocument();
  });
});

const reel = (id: number, reelsNm: string, isPinned: boolean): ReelItem & { picture: Picture | null } => ({
  id,
  reelsNm,
  title: reelsNm,
  image: null,
  instaRegDate: "2025-07-01 12:00:00",
  mediaId: String(19000000000 + id),
  caption: "",
  categoryId: 3,
  permalink: null,
  isPinned,
  picture: null,
});

let pins: Record<number, boolean> = {};
let posted: FormData[] = [];

function ReelPage() {
  const { items } = useLoaderData<{ items: ReturnType<typeof reel>[] }>();
  return (
    <ReelEditRows
      items={items}
      places={items.map((_, at) => ({ isFirst: at === 0, isLast: at === items.length - 1 }))}
      action="/reels-list/3/배변훈련?mode=edit"
      editHref={(item) => `/reels-upsert/1/${item.id}`}
      nextHref="?mode=edit&after=0_3_x_5"
      label="배변훈련"
    />
  );
}

async function pinAction({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  posted.push(form);
  pins[Number(form.get("id"))] = form.get("pinned") === "true";
  return { ok: true };
}

describe("ReelEditRows", () => {
  test("고정 is a toggle per reel (pressed while pinned) that posts intent=pin, keeping the focus; pinned reels say 고정됨", async () => {
    pins = { 1: true, 2: false };
    posted = [];
    renderRoutes(
      [
        {
          path: "/reels-list/3/:title",
          Component: ReelPage,
          loader: () => ({ items: [reel(1, "배변 신호", pins[1]!), reel(2, "기저귀 떼기", pins[2]!)] }),
          action: pinAction,
        },
      ],
      "/reels-list/3/배변훈련?mode=edit",
    );
    expect(await screen.findByText("고정한 릴스(3개까지)는 첫 페이지 맨 위에 보입니다.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "배변 신호 고정" })).toHaveAttribute("aria-pressed", "true");
    expect(within(screen.getAllByRole("listitem")[0]!).getByText("고정됨")).toBeInTheDocument();
    const toggle = screen.getByRole("button", { name: "기저귀 떼기 고정" });
    expect(toggle).toHaveAttribute("aria-pressed", "false");
    expect(screen.getByRole("link", { name: "더 보기" })).toHaveAttribute("href", "/reels-list/3/배변훈련?mode=edit&after=0_3_x_5");

    await userEvent.click(toggle);
    await waitFor(() => expect(screen.getByRole("button", { name: "기저귀 떼기 고정" })).toHaveAttribute("aria-pressed", "true"));
    expect(Object.fromEntries(posted[0]!)).toEqual({ intent: "pin", id: "2", pinned: "true", inPlace: "true" });
    await waitFor(() => expect(screen.getByRole("button", { name: "기저귀 떼기 고정" })).toHaveFocus());
  });
});
