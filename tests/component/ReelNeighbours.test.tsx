// Issue 21 item 6: the viewer's "이전 릴스" / "다음 릴스" are plain links, absent past either end,
// and with JavaScript a clear sideways swipe on the video area goes to the next (left) or previous
// (right) reel; a vertical move, a short move or one starting on the video controls does nothing.
import { fireEvent, screen } from "@testing-library/react";
import { beforeEach, describe, expect, test, vi } from "vitest";

import { ReelNeighbourLinks, ReelSwipeArea } from "~/features/reels/components/ReelNeighbours";
import { renderRoutes } from "./remix-stub";

function Viewer({ previousPath, nextPath }: { previousPath: string | null; nextPath: string | null }) {
  return (
    <>
      <h1>가운데 릴스</h1>
      <ReelSwipeArea previousPath={previousPath} nextPath={nextPath}>
        <div data-testid="video-area" />
      </ReelSwipeArea>
      <ReelNeighbourLinks previousPath={previousPath} nextPath={nextPath} />
    </>
  );
}

function renderViewer(previousPath: string | null, nextPath: string | null) {
  renderRoutes(
    [
      { path: "/reel/middle", Component: () => <Viewer previousPath={previousPath} nextPath={nextPath} /> },
      { path: "/reel/newer", Component: () => <h1>앞 릴스</h1> },
      { path: "/reel/older", Component: () => <h1>뒤 릴스</h1> },
    ],
    "/reel/middle",
  );
}

/** A pointer pressed at `from` and lifted at `to` (client px) on the video area, 400×700 at the origin. */
function drag(from: [number, number], to: [number, number]) {
  const area = screen.getByTestId("video-area");
  fireEvent.pointerDown(area, { clientX: from[0], clientY: from[1], pointerType: "touch" });
  fireEvent.pointerUp(area, { clientX: to[0], clientY: to[1], pointerType: "touch" });
}

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue(new DOMRect(0, 0, 400, 700));
});

describe("ReelNeighbourLinks", () => {
  test("a middle reel links both ways", () => {
    renderViewer("/reel/newer", "/reel/older");
    expect(screen.getByRole("navigation", { name: "같은 카테고리의 다른 릴스" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "이전 릴스" }).getAttribute("href")).toBe("/reel/newer");
    expect(screen.getByRole("link", { name: "다음 릴스" }).getAttribute("href")).toBe("/reel/older");
  });

  test("the first reel has no 이전, the last no 다음, a lone reel neither", () => {
    renderViewer(null, "/reel/older");
    expect(screen.queryByRole("link", { name: "이전 릴스" })).toBeNull();
    expect(screen.getByRole("link", { name: "다음 릴스" })).toBeTruthy();
  });

  test("a lone reel has no links and no navigation landmark", () => {
    renderViewer(null, null);
    expect(screen.queryByRole("navigation")).toBeNull();
    expect(screen.queryByRole("link")).toBeNull();
  });
});

describe("ReelSwipeArea", () => {
  test("a swipe to the left opens the next reel (at once: no loader runs)", () => {
    renderViewer("/reel/newer", "/reel/older");
    drag([300, 300], [100, 320]);
    expect(screen.getByRole("heading", { name: "뒤 릴스" })).toBeTruthy();
  });

  test("a swipe to the right opens the previous reel", () => {
    renderViewer("/reel/newer", "/reel/older");
    drag([100, 300], [300, 280]);
    expect(screen.getByRole("heading", { name: "앞 릴스" })).toBeTruthy();
  });

  test("vertical scrolls, small moves, drags on the controls and swipes past the end stay", () => {
    renderViewer(null, "/reel/older");
    drag([200, 100], [260, 500]); // mostly vertical
    drag([200, 300], [160, 300]); // too short
    drag([300, 680], [50, 680]); // the seek bar
    drag([100, 300], [300, 300]); // right on the first reel: nothing before it
    fireEvent.pointerUp(screen.getByTestId("video-area"), { clientX: 0, clientY: 300 }); // no press first
    expect(screen.getByRole("heading", { name: "가운데 릴스" })).toBeTruthy();
  });
});
