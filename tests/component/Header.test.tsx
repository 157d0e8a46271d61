import { Outlet, useLocation } from "@remix-run/react";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, test, vi } from "vitest";

import { Footer } from "~/components/Footer";
import { Header } from "~/components/Header";
import { ShareControl } from "~/features/share/components/ShareControl";
import { renderRoutes } from "./remix-stub";

/** The shell as root.tsx has it: the header stays while the pages under it change. */
const SITE_NAME = "우리아이 작업치료";

function Shell({ avatar = null }: { avatar?: { src: string; srcSet: string } | null }) {
  const location = useLocation();
  return (
    <>
      <Header
        name={SITE_NAME}
        avatar={avatar}
        share={<ShareControl origin="https://ot.example" kakaoJsKey={null} siteName={SITE_NAME} />}
      />
      <main>
        <Outlet />
        <p>{`지금 주소: ${location.pathname}${location.search}`}</p>
      </main>
    </>
  );
}

function renderAt(url: string, entries: string[] = []) {
  return renderRoutes(
    [
      {
        path: "/",
        Component: Shell,
        children: [
          { index: true, Component: () => <h1>홈</h1> },
          { path: "product-list", Component: () => <h1>제품 소개</h1> },
          { path: "admin-login", Component: () => <h1>관리자 로그인</h1> },
        ],
      },
    ],
    url,
    entries,
  );
}

afterEach(() => {
  vi.useRealTimers();
  window.history.replaceState(null, "");
});

describe("Header", () => {
  test("the site name links home; back is a link home when there is no history", async () => {
    renderAt("/product-list");
    expect(await screen.findByRole("link", { name: "우리아이 작업치료" })).toHaveAttribute("href", "/");
    expect(screen.getByRole("link", { name: "뒤로 가기" })).toHaveAttribute("href", "/");
  });

  test("home has no back link (it would lead to itself)", async () => {
    renderAt("/");
    await screen.findByRole("heading", { name: "홈" });
    expect(screen.queryByRole("link", { name: "뒤로 가기" })).toBeNull();
    expect(screen.getByRole("link", { name: "우리아이 작업치료" })).toHaveAttribute("href", "/");
  });

  test("back returns to the previous page of the site", async () => {
    const user = userEvent.setup();
    renderAt("/product-list", ["/"]);
    // What the browser router records for the second entry of the site's history.
    window.history.replaceState({ idx: 1 }, "");
    await screen.findByRole("heading", { name: "제품 소개" });
    await user.click(screen.getByRole("link", { name: "뒤로 가기" }));
    expect(await screen.findByRole("heading", { name: "홈" })).toBeInTheDocument();
  });

  test("share opens the 공유하기 dialog with this page's address", async () => {
    const user = userEvent.setup();
    renderAt("/product-list?mode=edit");
    const share = await screen.findByRole("link", { name: "공유하기" });
    expect(screen.queryByRole("dialog")).toBeNull();
    await user.click(share);
    const dialog = screen.getByRole("dialog", { name: "공유하기" });
    expect(within(dialog).getByRole("textbox", { name: "공유할 주소" })).toHaveValue("https://ot.example/product-list?mode=edit");
  });

  test("ten taps on the site name open the admin login; nine do not", async () => {
    const user = userEvent.setup();
    renderAt("/");
    const name = await screen.findByRole("link", { name: "우리아이 작업치료" });
    for (let tap = 1; tap <= 9; tap++) await user.click(name);
    expect(screen.getByText("지금 주소: /")).toBeInTheDocument();
    await user.click(name);
    expect(await screen.findByRole("heading", { name: "관리자 로그인" })).toBeInTheDocument();
    expect(screen.getByText("지금 주소: /admin-login")).toBeInTheDocument();
  });

  test("the taps count on other pages too (the name goes home until the tenth)", async () => {
    const user = userEvent.setup();
    renderAt("/product-list");
    await user.click(await screen.findByRole("link", { name: "우리아이 작업치료" }));
    expect(await screen.findByRole("heading", { name: "홈" })).toBeInTheDocument();
    for (let tap = 2; tap <= 10; tap++) await user.click(screen.getByRole("link", { name: "우리아이 작업치료" }));
    expect(await screen.findByRole("heading", { name: "관리자 로그인" })).toBeInTheDocument();
  });

  test("the login opened by the taps returns to the page they started on, search included", async () => {
    const user = userEvent.setup();
    renderAt("/product-list?mode=edit");
    await screen.findByRole("heading", { name: "제품 소개" });
    for (let tap = 1; tap <= 10; tap++) await user.click(screen.getByRole("link", { name: "우리아이 작업치료" }));
    expect(await screen.findByRole("heading", { name: "관리자 로그인" })).toBeInTheDocument();
    expect(screen.getByText("지금 주소: /admin-login?redirectTo=%2Fproduct-list%3Fmode%3Dedit")).toBeInTheDocument();
  });

  test("a pause of more than 1.5 s between taps starts the count again", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const user = userEvent.setup();
    renderAt("/");
    const name = await screen.findByRole("link", { name: "우리아이 작업치료" });
    for (let tap = 1; tap <= 9; tap++) await user.click(name);
    vi.setSystemTime(Date.now() + 1_600);
    await user.click(name);
    expect(screen.getByText("지금 주소: /")).toBeInTheDocument();
    for (let tap = 2; tap <= 10; tap++) await user.click(name);
    expect(await screen.findByRole("heading", { name: "관리자 로그인" })).toBeInTheDocument();
  });
});

describe("the owner's identity in the shell", () => {
  test("her picture's avatar stands beside the name, decorative: the link is still named by the site's name", async () => {
    const avatar = { src: "/uploads/a-avatar-28.webp", srcSet: "/uploads/a-avatar-28.webp 1x, /uploads/a-avatar-56.webp 2x" };
    renderRoutes([{ path: "/", Component: () => <Shell avatar={avatar} /> }], "/");
    const name = await screen.findByRole("link", { name: "우리아이 작업치료" });
    const picture = name.querySelector("img")!;
    expect(picture).toHaveAttribute("src", avatar.src);
    expect(picture).toHaveAttribute("srcset", avatar.srcSet);
    expect(picture).toHaveAttribute("alt", "");
    expect(name.querySelector("svg")).toBeNull();
  });

  test("the footer shows her links in her order and her copyright line; no links, no empty navigation", () => {
    const links = [
      { label: "인스타그램", url: "https://www.instagram.com/sodam_ot/" },
      { label: "카카오톡 채널", url: "https://pf.kakao.com/_sodam" },
    ];
    const { unmount } = render(<Footer links={links} copyright="© 2026 소담. All rights reserved." />);
    const nav = screen.getByRole("navigation", { name: "소셜 미디어" });
    expect(
      within(nav)
        .getAllByRole("link")
        .map((link) => [link.textContent, link.getAttribute("href")]),
    ).toEqual(links.map((link) => [link.label, link.url]));
    expect(screen.getByText("© 2026 소담. All rights reserved.")).toBeInTheDocument();
    unmount();
    render(<Footer links={[]} copyright="© 2026 소담. All rights reserved." />);
    expect(screen.queryByRole("navigation")).toBeNull();
  });
});
