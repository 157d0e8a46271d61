import { act, render, screen, waitFor } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, test, vi } from "vitest";

import { ReelPlayer } from "~/features/reels/components/ReelPlayer";
import type { ReelContent } from "~/features/reels/reel-links.server";
import { plainPicture } from "./pictures";

const REEL: ReelContent = {
  id: 7,
  mediaId: "17900000000000001",
  reelsNm: "배변 신호 알아차리기",
  image: "/uploads/reels/poster-7.webp",
  link: "https://cdn.instagram.example/v/reel-7.mp4",
  caption: "아이의 배변 신호를 알아차리는 법",
  permalink: "https://www.instagram.com/reel/ABC123/",
  instaRegDate: "2024-05-21 00:30:00",
  categoryId: 3,
};

/** The poster as the page hands it: the picture, and the one file the video takes. */
const POSTER = { picture: plainPicture(REEL.image!), poster: REEL.image };

function video(container: HTMLElement) {
  return container.querySelector("video");
}

/** The browser gives up on the video's source (an expired Instagram link). */
function videoFails(container: HTMLElement) {
  act(() => {
    container.querySelector("video source")!.dispatchEvent(new Event("error"));
  });
}

function serverAnswers(body: unknown, status = 200) {
  return vi.spyOn(globalThis, "fetch").mockResolvedValue(Response.json(body, { status }));
}

/** What the browser reports while it has no usable source: at first, or after every source failed. */
function networkStateReads(state: number) {
  vi.spyOn(HTMLMediaElement.prototype, "networkState", "get").mockReturnValue(state);
}

afterEach(() => vi.restoreAllMocks());

describe("ReelPlayer", () => {
  test("plays the mp4 with controls over the reel's poster, with the no-video-tag fallback text", () => {
    const { container } = render(<ReelPlayer reel={REEL} {...POSTER} />);
    const player = video(container)!;
    expect(player).toHaveAttribute("poster", REEL.image);
    expect(player).toHaveAttribute("controls");
    expect(player.querySelector("source")).toHaveAttribute("src", REEL.link);
    expect(player.querySelector("source")).toHaveAttribute("type", "video/mp4");
    expect(player).toHaveTextContent("이 브라우저는 video 태그를 지원하지 않습니다.");
    expect(screen.queryByRole("link", { name: "인스타그램에서 보기" })).toBeNull();
  });

  test("a video Instagram withholds shows the poster, says so and links to the reel on Instagram", () => {
    const { container } = render(<ReelPlayer reel={{ ...REEL, link: null }} {...POSTER} />);
    expect(video(container)).toBeNull();
    expect(container.querySelector(".poster-frame img")).toHaveAttribute("src", REEL.image);
    expect(screen.getByRole("status")).toHaveTextContent(
      "인스타그램에서 이 영상을 재생할 수 없도록 했습니다. 인스타그램에서 확인해 주세요.",
    );
    expect(screen.getByRole("link", { name: "인스타그램에서 보기" })).toHaveAttribute("href", REEL.permalink);
  });

  test("a withheld video's message and Instagram link come before its poster, a still picture with nothing to play", () => {
    const { container } = render(<ReelPlayer reel={{ ...REEL, link: null }} {...POSTER} />);
    const message = screen.getByRole("status");
    const instagram = screen.getByRole("link", { name: "인스타그램에서 보기" });
    const poster = container.querySelector(".poster-frame")!;
    const FOLLOWING = Node.DOCUMENT_POSITION_FOLLOWING;
    expect(message.compareDocumentPosition(instagram) & FOLLOWING, "the message, then the link").toBeTruthy();
    expect(instagram.compareDocumentPosition(poster) & FOLLOWING, "the link, then the poster").toBeTruthy();
    expect(poster).toHaveClass("reel-player__poster--still");
    expect(container.querySelector("video, [controls], button")).toBeNull();
  });

  test("a failing video asks the server once for a fresh link and plays that", async () => {
    const fresh = "https://cdn.instagram.example/v/reel-7-fresh.mp4";
    const fetch = serverAnswers({ reels: { link: fresh } });
    const { container } = render(<ReelPlayer reel={REEL} {...POSTER} />);
    videoFails(container);
    await waitFor(() => expect(container.querySelector("video source")).toHaveAttribute("src", fresh));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]![0])).toBe("/api/reels/contents?reelsId=7&failed=1");
    expect(screen.queryByRole("status")).toBeNull();
  });

  test("when the fresh link fails too, the poster stays with 릴스가 존재하지 않습니다. and the media id", async () => {
    const fetch = serverAnswers({ reels: { link: "https://cdn.instagram.example/v/reel-7-fresh.mp4" } });
    const { container } = render(<ReelPlayer reel={REEL} {...POSTER} />);
    videoFails(container);
    await waitFor(() =>
      expect(container.querySelector("video source")).toHaveAttribute("src", "https://cdn.instagram.example/v/reel-7-fresh.mp4"),
    );
    videoFails(container);
    expect(await screen.findByRole("status")).toHaveTextContent("릴스가 존재하지 않습니다. (17900000000000001)");
    expect(container.querySelector(".poster-frame img")).toHaveAttribute("src", REEL.image);
    expect(screen.getByRole("link", { name: "인스타그램에서 보기" })).toHaveAttribute("href", REEL.permalink);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  test("when the server has no better link, the reel is reported missing at once", async () => {
    serverAnswers({ reels: { link: REEL.link } });
    const { container } = render(<ReelPlayer reel={REEL} {...POSTER} />);
    videoFails(container);
    expect(await screen.findByRole("status")).toHaveTextContent("릴스가 존재하지 않습니다. (17900000000000001)");
    expect(video(container)).toBeNull();
  });

  test("a video a client navigation inserts is not taken for failed while the browser still chooses its source", async () => {
    const fetch = serverAnswers({ reels: { link: REEL.link } });
    networkStateReads(HTMLMediaElement.NETWORK_NO_SOURCE);
    const { container } = render(<ReelPlayer reel={REEL} {...POSTER} />);
    await act(async () => {});
    expect(fetch).not.toHaveBeenCalled();
    expect(video(container)).not.toBeNull();
    expect(screen.queryByRole("status")).toBeNull();
  });

  test("a video in the server's markup that failed before the scripts ran is handled once they run", async () => {
    const fetch = serverAnswers({ reels: { link: REEL.link } });
    const container = document.body.appendChild(document.createElement("div"));
    container.innerHTML = renderToString(<ReelPlayer reel={REEL} {...POSTER} />);
    networkStateReads(HTMLMediaElement.NETWORK_NO_SOURCE);
    render(<ReelPlayer reel={REEL} {...POSTER} />, { container, hydrate: true });
    expect(await screen.findByRole("status")).toHaveTextContent("릴스가 존재하지 않습니다. (17900000000000001)");
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  test("when the server cannot be reached either, the reel is reported missing", async () => {
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("Failed to fetch"));
    const { container } = render(<ReelPlayer reel={REEL} {...POSTER} />);
    videoFails(container);
    expect(await screen.findByRole("status")).toHaveTextContent("릴스가 존재하지 않습니다. (17900000000000001)");
  });
});
