// Issue 12: a missing reel poster says so on the first (server) render, and reel lists come a page at
// a time behind a "더 보기" link that is a real link without JavaScript and appends with it.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useNavigate, useRevalidator } from "@remix-run/react";
import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { describe, expect, test, vi } from "vitest";

import { PagedList, type ListPage } from "~/components/PagedList";
import { ReelCard } from "~/features/reels/components/ReelCard";
import { ReelPlayer } from "~/features/reels/components/ReelPlayer";
import type { ReelContent } from "~/features/reels/reel-links.server";
import type { ReelItem } from "~/features/reels/reel-lists.server";
import { plainPicture } from "./pictures";
import { renderInRoute, renderRoutes } from "./remix-stub";

const REEL: ReelItem = {
  id: 9,
  reelsNm: "배변 신호 알아차리기",
  title: "배변훈련",
  image: "/uploads/0b6f7a52-8a9e-4c1b-9a57-3f1e1c2d9a10.webp",
  instaRegDate: "2024-05-21 00:30:00",
  mediaId: "17900000000000009",
  caption: "",
  categoryId: 3,
  permalink: null,
  isPinned: false,
};

const CONTENT: ReelContent = {
  id: 9,
  mediaId: "17900000000000009",
  reelsNm: "배변 신호 알아차리기",
  image: REEL.image,
  link: null,
  caption: "",
  permalink: "https://www.instagram.com/reel/ABC123/",
  instaRegDate: "2024-05-21 00:30:00",
  categoryId: 3,
};

const NOT_FOUND = "이미지를 찾을 수 없습니다 (17900000000000009)";
/** The server hands a poster it found missing as no picture (app/features/reels/reels.server.ts, withPosters). */
const MISSING = { picture: null };
const THERE = { picture: plainPicture(REEL.image!) };

describe("a poster the server found missing", () => {
  test("the reel card's server markup has the 'not found' text and no <img>", () => {
    const html = renderToString(<ReelCard item={{ ...REEL, ...MISSING }} />);
    expect(html).toContain(NOT_FOUND);
    expect(html).not.toContain("<img");
  });

  test("the reel card shows the text as an image named by it, the name and date still there", () => {
    renderInRoute(<ReelCard item={{ ...REEL, ...MISSING }} />);
    expect(screen.getByRole("img", { name: NOT_FOUND })).toHaveTextContent(NOT_FOUND);
    expect(document.querySelector("img")).toBeNull();
    expect(screen.getByRole("heading", { name: "배변 신호 알아차리기" })).toBeInTheDocument();
  });

  test("a card whose poster is there still draws it", () => {
    const html = renderToString(<ReelCard item={{ ...REEL, ...THERE }} />);
    expect(html).toContain(`src="${REEL.image}"`);
    expect(html).not.toContain(NOT_FOUND);
  });

  test("the viewer of a withheld video: server markup says the poster is missing instead of drawing it", () => {
    const html = renderToString(<ReelPlayer reel={CONTENT} picture={null} poster={null} />);
    expect(html).toContain(NOT_FOUND);
    expect(html).not.toContain("<img");
    expect(html).toContain("인스타그램에서 보기");
  });

  test("the viewer of a playable video does not name a missing poster", () => {
    const html = renderToString(
      <ReelPlayer reel={{ ...CONTENT, link: "https://cdn.instagram.example/v/9.mp4" }} picture={null} poster={null} />,
    );
    expect(html).toContain("<video");
    expect(html).not.toContain("poster=");
  });

  test("a viewer poster that fails after load leaves the reel's title on its tile", () => {
    const { container } = renderInRoute(<ReelPlayer reel={CONTENT} picture={THERE.picture} poster={REEL.image} />);
    fireEvent.error(container.querySelector("img")!);
    expect(container.querySelector("img")).not.toBeVisible();
    expect(container.querySelector(".poster-frame")).toHaveTextContent("배변 신호 알아차리기");
    expect(screen.getByRole("link", { name: "인스타그램에서 보기" })).toHaveAttribute("href", CONTENT.permalink);
  });

  test("without JavaScript (server markup) a poster sits over the reel's title with an empty alt, so a failed one shows the title", () => {
    const html = renderToString(<ReelCard item={{ ...REEL, ...THERE }} />);
    expect(html).toMatch(
      /<div class="reel-card__image poster-frame"><span class="poster-frame__title" aria-hidden="true">배변 신호 알아차리기<\/span><picture><img src="[^"]+" loading="lazy" class="poster-frame__image" alt=""/,
    );
  });

  test("without JavaScript the viewer of a withheld video has its poster and the link to Instagram", () => {
    const html = renderToString(<ReelPlayer reel={CONTENT} picture={THERE.picture} poster={REEL.image} />);
    expect(html).not.toContain("<video");
    expect(html).toContain(`src="${CONTENT.image}"`);
    expect(html).toContain(`href="${CONTENT.permalink}"`);
    expect(html).toContain("인스타그램에서 보기");
  });
});

type Item = { id: number; name: string };
const ALL: Item[] = Array.from({ length: 5 }, (_, i) => ({ id: 50 - i, name: `릴스 ${i + 1}` }));
const PAGE_SIZE = 2;

/** Pages of ALL after `?after=<id>`, as the reels list loader answers them. */
function pageAfter(request: Request): ListPage<Item> {
  const after = new URL(request.url).searchParams.get("after");
  const start = after ? ALL.findIndex((item) => String(item.id) === after) + 1 : 0;
  const items = ALL.slice(start, start + PAGE_SIZE);
  const more = start + PAGE_SIZE < ALL.length;
  return { items, after, next: more ? String(items.at(-1)!.id) : null };
}

function List() {
  const { page } = useLoaderData<{ page: ListPage<Item> }>();
  const revalidator = useRevalidator();
  return (
    <>
      <PagedList page={page} className="reel-grid" renderItem={(item) => <a href={`/reel/${item.id}`}>{item.name}</a>} />
      {/* What a delete review does to the page's data, and a way to another page of the list. */}
      <button type="button" onClick={() => revalidator.revalidate()}>
        다시 읽기
      </button>
      <Link to="/list">처음</Link>
    </>
  );
}

/** A list whose items open a page of their own, with a way back (as the reel viewer has). */
function ListOfLinks() {
  const { page } = useLoaderData<{ page: ListPage<Item> }>();
  return <PagedList page={page} className="reel-grid" renderItem={(item) => <Link to={`/reel/${item.id}`}>{item.name}</Link>} />;
}

function ItemPage() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(-1)}>
      뒤로
    </button>
  );
}

/** Loader calls so far, so a test can tell a reload has been answered. */
let loads = 0;

function renderList(url: string) {
  const loader = ({ request }: LoaderFunctionArgs) => {
    loads += 1;
    return { page: pageAfter(request) };
  };
  return renderRoutes([{ path: "/list", Component: List, loader }], url);
}

const names = () =>
  within(screen.getByRole("list"))
    .getAllByRole("link")
    .map((link) => link.textContent);

describe("PagedList", () => {
  test("'더 보기' links to the next page with the search and mode kept", async () => {
    renderList("/list?keyword=%EB%B0%B0%EB%B3%80&mode=delete");
    expect(await screen.findByRole("link", { name: "더 보기" })).toHaveAttribute(
      "href",
      "/list?keyword=%EB%B0%B0%EB%B3%80&mode=delete&after=49",
    );
    expect(names()).toEqual(["릴스 1", "릴스 2"]);
  });

  test("a page that starts after a cursor shows only its items and links onwards", async () => {
    renderList("/list?after=49");
    expect(await screen.findByRole("link", { name: "더 보기" })).toHaveAttribute("href", "/list?after=47");
    expect(names()).toEqual(["릴스 3", "릴스 4"]);
  });

  test("with JavaScript the next page is appended, the first items stay, focus moves to the first new item", async () => {
    const user = userEvent.setup();
    renderList("/list");
    await user.click(await screen.findByRole("link", { name: "더 보기" }));
    expect(await screen.findByRole("link", { name: "릴스 3" })).toHaveFocus();
    expect(names()).toEqual(["릴스 1", "릴스 2", "릴스 3", "릴스 4"]);
    await user.click(screen.getByRole("link", { name: "더 보기" }));
    expect(await screen.findByRole("link", { name: "릴스 5" })).toHaveFocus();
    expect(names()).toEqual(["릴스 1", "릴스 2", "릴스 3", "릴스 4", "릴스 5"]);
    // The last page has no link onwards.
    expect(screen.queryByRole("link", { name: "더 보기" })).toBeNull();
  });

  test("back from an item opened after '더 보기' shows every page shown before, not only the last one", async () => {
    const user = userEvent.setup();
    renderRoutes(
      [
        { path: "/list", Component: ListOfLinks, loader: ({ request }: LoaderFunctionArgs) => ({ page: pageAfter(request) }) },
        { path: "/reel/:id", Component: ItemPage },
      ],
      "/list",
    );
    await user.click(await screen.findByRole("link", { name: "더 보기" }));
    await user.click(await screen.findByRole("link", { name: "릴스 4" }));
    await user.click(await screen.findByRole("button", { name: "뒤로" }));
    await screen.findByRole("link", { name: "릴스 4" });
    expect(names()).toEqual(["릴스 1", "릴스 2", "릴스 3", "릴스 4"]);
    // And the list goes on from there.
    await user.click(screen.getByRole("link", { name: "더 보기" }));
    await screen.findByRole("link", { name: "릴스 5" });
    expect(names()).toEqual(["릴스 1", "릴스 2", "릴스 3", "릴스 4", "릴스 5"]);
  });

  test("the same page loaded again keeps what was appended; another page is shown on its own", async () => {
    const user = userEvent.setup();
    renderList("/list");
    await user.click(await screen.findByRole("link", { name: "더 보기" }));
    await screen.findByRole("link", { name: "릴스 3" });
    loads = 0;
    await user.click(screen.getByRole("button", { name: "다시 읽기" }));
    await vi.waitFor(() => expect(loads).toBe(1));
    expect(names()).toEqual(["릴스 1", "릴스 2", "릴스 3", "릴스 4"]);
    await user.click(screen.getByRole("link", { name: "처음" }));
    await vi.waitFor(() => expect(names()).toEqual(["릴스 1", "릴스 2"]));
  });
});
