import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";

import { Chatbot } from "~/features/ai/components/Chatbot";

const SETTINGS = { scriptUrl: "https://chat.example/embed.js", botId: "toilet-bot", provider: "chat.example" };

function chatScript() {
  return document.querySelector<HTMLScriptElement>(`script[src="${SETTINGS.scriptUrl}"]`);
}

/** What the provider's script does once it runs: put its chat frame into the area it was given. */
function providerOpensChat() {
  const frame = document.createElement("iframe");
  frame.title = "챗봇 대화";
  frame.srcdoc = "<p>무엇이든 물어보세요</p>";
  document.getElementById("chatbot-area")!.append(frame);
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("Chatbot", () => {
  test("loads the provider's script with the bot id and a visitor id, saying it is loading", () => {
    render(<Chatbot settings={SETTINGS} />);
    expect(screen.getByText("챗봇을 불러오는 중입니다…")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "배변훈련 AI 챗봇" })).toBeNull();
    const script = chatScript();
    expect(script?.dataset.botId).toBe("toilet-bot");
    expect(script?.dataset.userId).toMatch(/^visitor-[0-9a-f-]{36}$/);
  });

  test("shows the chat area after 0.7 s", () => {
    render(<Chatbot settings={SETTINGS} />);
    act(() => vi.advanceTimersByTime(699));
    expect(screen.getByText("챗봇을 불러오는 중입니다…")).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText("챗봇을 불러오는 중입니다…")).toBeNull();
    expect(screen.getByRole("region", { name: "배변훈련 AI 챗봇" })).toBeVisible();
  });

  test("no chat frame within 5 s means the connection was lost", () => {
    render(<Chatbot settings={SETTINGS} />);
    act(() => vi.advanceTimersByTime(4_999));
    expect(screen.queryByRole("alert")).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole("alert")).toHaveTextContent("연결이 끊겼습니다. 잠시 후 다시 시도해 주세요.");
  });

  test("a chat frame that arrives in time keeps the connection message away", () => {
    render(<Chatbot settings={SETTINGS} />);
    act(() => vi.advanceTimersByTime(2_000));
    providerOpensChat();
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByTitle("챗봇 대화")).toBeInTheDocument();
  });

  test("leaving the page removes the script and stops the timers", () => {
    const { unmount } = render(<Chatbot settings={SETTINGS} />);
    unmount();
    expect(chatScript()).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });
});
