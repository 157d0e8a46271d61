import { act, fireEvent, render, screen } from "@testing-library/react";
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
    expect(screen.getByRole("status")).toHaveTextContent("챗봇을 불러오는 중입니다…");
    expect(screen.queryByRole("region", { name: "배변훈련 AI 챗봇" })).toBeNull();
    const script = chatScript();
    expect(script?.dataset.botId).toBe("toilet-bot");
    expect(script?.dataset.userId).toMatch(/^visitor-[0-9a-f-]{36}$/);
  });

  test("shows the chat area after 0.7 s and keeps saying it is loading until the chat frame comes", async () => {
    render(<Chatbot settings={SETTINGS} />);
    act(() => vi.advanceTimersByTime(699));
    expect(screen.queryByRole("region", { name: "배변훈련 AI 챗봇" })).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole("region", { name: "배변훈련 AI 챗봇" })).toBeVisible();
    act(() => vi.advanceTimersByTime(2_000));
    expect(screen.getByRole("status")).toHaveTextContent("챗봇을 불러오는 중입니다…");
    await act(async () => providerOpensChat());
    expect(screen.queryByRole("status")).toBeNull();
    expect(screen.getByTitle("챗봇 대화")).toBeVisible();
    expect(screen.getByRole("region", { name: "배변훈련 AI 챗봇" }), "a first load moves no focus").not.toHaveFocus();
  });

  test("no chat frame within 5 s means the connection was lost", () => {
    render(<Chatbot settings={SETTINGS} />);
    act(() => vi.advanceTimersByTime(4_999));
    expect(screen.queryByRole("alert")).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole("alert")).toHaveTextContent("연결이 끊겼습니다. 잠시 후 다시 시도해 주세요.");
  });

  test("a chat frame that arrives in time keeps the connection message away", async () => {
    render(<Chatbot settings={SETTINGS} />);
    act(() => vi.advanceTimersByTime(2_000));
    await act(async () => providerOpensChat());
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByTitle("챗봇 대화")).toBeInTheDocument();
  });

  test("다시 시도 after a lost connection loads the provider's script afresh, and its chat frame ends the loading", async () => {
    render(<Chatbot settings={SETTINGS} />);
    const firstScript = chatScript();
    act(() => vi.advanceTimersByTime(5_000));
    expect(screen.getByRole("alert")).toHaveTextContent("연결이 끊겼습니다. 잠시 후 다시 시도해 주세요.");
    fireEvent.click(screen.getByRole("button", { name: "다시 시도" }));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByRole("status")).toHaveTextContent("챗봇을 불러오는 중입니다…");
    expect(screen.getByRole("status"), "focus moves from the vanished button to the loading message").toHaveFocus();
    const secondScript = chatScript();
    expect(secondScript).not.toBeNull();
    expect(secondScript).not.toBe(firstScript);
    expect(firstScript?.isConnected).toBe(false);
    expect(secondScript?.dataset.userId).not.toBe(firstScript?.dataset.userId);
    act(() => vi.advanceTimersByTime(1_000));
    await act(async () => providerOpensChat());
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByRole("status")).toBeNull();
    expect(screen.getByTitle("챗봇 대화")).toBeVisible();
    expect(screen.getByRole("region", { name: "배변훈련 AI 챗봇" }), "then to the chat").toHaveFocus();
  });

  test("a second failure offers 다시 시도 again", () => {
    render(<Chatbot settings={SETTINGS} />);
    act(() => vi.advanceTimersByTime(5_000));
    fireEvent.click(screen.getByRole("button", { name: "다시 시도" }));
    act(() => vi.advanceTimersByTime(4_999));
    expect(screen.queryByRole("alert")).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole("alert")).toHaveTextContent("연결이 끊겼습니다. 잠시 후 다시 시도해 주세요.");
    expect(screen.getByRole("button", { name: "다시 시도" })).toHaveFocus();
  });

  test("leaving the page removes the script and stops the timers", () => {
    const { unmount } = render(<Chatbot settings={SETTINGS} />);
    unmount();
    expect(chatScript()).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });
});
