import { Link, Outlet } from "@remix-run/react";
import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";

import { PendingIndicator } from "~/components/PendingIndicator";
import { renderRoutes } from "./remix-stub";

let finishLoading: () => void = () => undefined;

/** A page whose data arrives only when the test says so. */
function slowLoader() {
  return new Promise<null>((resolve) => (finishLoading = () => resolve(null)));
}

function Shell() {
  return (
    <>
      <PendingIndicator />
      <Link to="/product-list">제품 소개</Link>
      <Outlet />
    </>
  );
}

function renderShell() {
  renderRoutes(
    [
      {
        path: "/",
        Component: Shell,
        children: [
          { index: true, Component: () => <h1>홈</h1> },
          { path: "product-list", Component: () => <h1>제품 목록</h1>, loader: slowLoader },
        ],
      },
    ],
    "/",
  );
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const indicator = () => screen.queryByRole("status");

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
});

afterEach(() => {
  vi.useRealTimers();
});

/** Clicks through to the slow page. fireEvent, not user-event: user-event settles on a setTimeout, which the fake clock holds. */
async function startNavigation() {
  renderShell();
  await act(async () => fireEvent.click(screen.getByRole("link", { name: "제품 소개" })));
}

describe("PendingIndicator", () => {
  test("says the page is loading once a navigation has taken more than 150 ms", async () => {
    await startNavigation();
    await advance(149);
    expect(indicator()).toBeNull();
    await advance(1);
    expect(indicator()).toHaveTextContent("페이지를 불러오는 중입니다");
  });

  test("a navigation that finishes quickly shows nothing", async () => {
    await startNavigation();
    await advance(100);
    await act(async () => finishLoading());
    expect(screen.getByRole("heading", { name: "제품 목록" })).toBeInTheDocument();
    await advance(1_000);
    expect(indicator()).toBeNull();
  });

  test("once shown it stays at least 400 ms, then goes when the page is there", async () => {
    await startNavigation();
    await advance(150);
    expect(indicator()).toHaveTextContent("페이지를 불러오는 중입니다");
    await advance(100);
    await act(async () => finishLoading());
    expect(screen.getByRole("heading", { name: "제품 목록" })).toBeInTheDocument();
    expect(indicator()).toHaveTextContent("페이지를 불러오는 중입니다");
    await advance(299);
    expect(indicator()).toHaveTextContent("페이지를 불러오는 중입니다");
    await advance(1);
    expect(indicator()).toBeNull();
  });
});
