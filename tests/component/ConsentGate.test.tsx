import type { ActionFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, test } from "vitest";

import Ai, { action as aiAction } from "~/routes/ai";
import ChatbotPrivacyPage, { loader as chatbotPrivacyLoader } from "~/routes/ai_.privacy";
import { renderRoutes } from "./remix-stub";

// The /ai page with its real action, under a root route carrying the menu as the real root loader
// does. The loaders stand in for the database and the chatbot settings. The consent cookie itself
// cannot be seen here (happy-dom's Response drops Set-Cookie, as browsers do; the integration tests
// check it), so the loader counts the visitor as consented once the action has answered a consent
// post by sending them back to /ai.
let answers: { intent: string | null; status: number; location: string | null }[] = [];

const CHATBOT = { scriptUrl: "https://chat.example/embed.js", botId: "toilet-bot", provider: "chat.example" };
const MENU = {
  homeMenuNm: "홈",
  reelsMenuNm: "릴스 모음",
  productsMenuNm: "제품 소개",
  detailMenuNm: "상세 정보",
  isViewFlags: { home: true, reels: true, products: true, detail: false },
};
let chatbot: typeof CHATBOT | null = CHATBOT;
let menu = MENU;

async function action(args: ActionFunctionArgs) {
  const intent = (await args.request.clone().formData()).get("intent") as string | null;
  const result = await aiAction(args);
  if (result instanceof Response) {
    answers.push({ intent, status: result.status, location: result.headers.get("Location") });
  } else if ("init" in result) {
    answers.push({ intent, status: result.init?.status ?? 200, location: null });
  }
  return result;
}

function loader() {
  // Consented after a consent post that came back to /ai, until a later 동의 철회 did.
  const last = answers.filter((answer) => answer.location === "/ai").at(-1);
  const consented = last?.intent === "consent";
  return { consented, chatbot, ad: null };
}

function renderAiPage() {
  return renderRoutes(
    [
      {
        id: "root",
        path: "/",
        Component: Outlet,
        loader: () => ({ isLogin: false, menu, flash: null, origin: "https://ot.example", kakaoJsKey: null }),
        children: [
          { index: true, Component: () => <h1>홈</h1> },
          { path: "ai", Component: Ai, loader, action },
          { path: "ai/privacy", Component: ChatbotPrivacyPage, loader: chatbotPrivacyLoader },
          { path: "reels-category", Component: () => <h1>릴스 목록</h1> },
        ],
      },
    ],
    "/ai",
  );
}

beforeEach(() => {
  answers = [];
  chatbot = CHATBOT;
  menu = MENU;
});

describe("ConsentGate on the AI page", () => {
  test("says what is collected and for how long before asking for consent", async () => {
    renderAiPage();
    const gate = await screen.findByRole("region", { name: "개인정보 수집·이용 동의" });
    expect(gate).toHaveTextContent("보유 기간: 동의는 90일, 대화 기록은 챗봇 제공자의 보관 기준에 따릅니다.");
    expect(gate).toHaveTextContent("제3자 제공·국외 이전: 챗봇 서비스 제공자(chat.example)가 대화를 처리하며");
    expect(within(gate).getByRole("checkbox", { name: "위 내용을 읽었으며 개인정보 수집·이용에 동의합니다." })).not.toBeChecked();
  });

  test("a browser without JavaScript is told the chatbot needs it before the consent's text and tick box (noscript)", async () => {
    renderAiPage();
    const gate = await screen.findByRole("region", { name: "개인정보 수집·이용 동의" });
    const noscript = gate.querySelector("noscript");
    expect(noscript).not.toBeNull();
    // Its words are the server's markup inside <noscript> (React does not draw a noscript's content in
    // the browser): smaller-points.test.ts reads them there, e2e/ai-consent.test.ts in a browser without scripts.
    const FOLLOWING = Node.DOCUMENT_POSITION_FOLLOWING;
    expect(noscript!.compareDocumentPosition(within(gate).getByRole("checkbox")) & FOLLOWING).toBeTruthy();
  });

  test("동의 철회 (once agreed) withdraws the consent and the gate comes back", async () => {
    const user = userEvent.setup();
    renderAiPage();
    await user.click(await screen.findByRole("checkbox", { name: "위 내용을 읽었으며 개인정보 수집·이용에 동의합니다." }));
    await user.click(screen.getByRole("button", { name: "확인" }));
    await user.click(await screen.findByRole("button", { name: "동의 철회" }));
    expect(await screen.findByRole("region", { name: "개인정보 수집·이용 동의" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "동의 철회" })).toBeNull();
    expect(answers.map(({ intent, status, location }) => [intent, status, location])).toEqual([
      ["consent", 302, "/ai"],
      ["withdraw", 302, "/ai"],
    ]);
  });

  test("확인 without the tick shows 개인정보 처리방침에 동의해 주세요. on the checkbox", async () => {
    const user = userEvent.setup();
    renderAiPage();
    await user.click(await screen.findByRole("button", { name: "확인" }));
    const checkbox = await screen.findByRole("checkbox", { name: "위 내용을 읽었으며 개인정보 수집·이용에 동의합니다." });
    await screen.findByText("개인정보 처리방침에 동의해 주세요.");
    expect(checkbox).toBeInvalid();
    expect(checkbox).toHaveAccessibleDescription("개인정보 처리방침에 동의해 주세요.");
    expect(answers).toEqual([{ intent: "consent", status: 400, location: null }]);
  });

  test("취소 goes to the home page", async () => {
    const user = userEvent.setup();
    renderAiPage();
    await user.click(await screen.findByRole("button", { name: "취소" }));
    expect(await screen.findByRole("heading", { name: "홈" })).toBeInTheDocument();
    expect(answers).toEqual([{ intent: "cancel", status: 302, location: "/" }]);
  });

  test("ticking and 확인 stores the consent and opens the chatbot's place", async () => {
    const user = userEvent.setup();
    renderAiPage();
    await user.click(await screen.findByRole("checkbox", { name: "위 내용을 읽었으며 개인정보 수집·이용에 동의합니다." }));
    await user.click(screen.getByRole("button", { name: "확인" }));
    expect(await screen.findByRole("status")).toHaveTextContent("챗봇을 불러오는 중입니다…");
    expect(screen.queryByRole("region", { name: "개인정보 수집·이용 동의" })).toBeNull();
    expect(answers).toEqual([{ intent: "consent", status: 302, location: "/ai" }]);
  });

  test("개인정보 처리방침 자세히 보기 opens the full policy", async () => {
    const user = userEvent.setup();
    renderAiPage();
    await user.click(await screen.findByRole("link", { name: "개인정보 처리방침 자세히 보기" }));
    const policy = await screen.findByRole("article");
    expect(within(policy).getByRole("heading", { level: 1 })).toHaveTextContent("배변훈련 AI 챗봇 개인정보 처리방침");
    // The provider it names comes from the server's configuration (tests/integration/seo.test.ts).
    expect(within(policy).getByRole("row", { name: /제공받는 자/ })).toHaveTextContent(/^제공받는 자챗봇 서비스 제공자 \(.+\)$/);
    expect(within(policy).getByRole("link", { name: "배변훈련 AI로 돌아가기" })).toHaveAttribute("href", "/ai");
  });
});

describe("the AI page with no chatbot configured", () => {
  test("asks no consent and offers the reels and products, by their menu names", async () => {
    chatbot = null;
    menu = { ...MENU, reelsMenuNm: "배변훈련 영상" };
    const user = userEvent.setup();
    renderAiPage();
    const card = await screen.findByRole("region", { name: "AI 상담을 준비하고 있어요" });
    expect(screen.queryByRole("region", { name: "개인정보 수집·이용 동의" })).toBeNull();
    expect(screen.queryByRole("checkbox")).toBeNull();
    expect(within(card).getByRole("link", { name: "배변훈련 영상" })).toHaveAttribute("href", "/reels-category");
    expect(within(card).getByRole("link", { name: "제품 소개" })).toHaveAttribute("href", "/product-list");
    await user.click(within(card).getByRole("link", { name: "배변훈련 영상" }));
    expect(await screen.findByRole("heading", { name: "릴스 목록" })).toBeInTheDocument();
  });

  test("leaves out a hidden menu, and offers home when both are hidden", async () => {
    chatbot = null;
    menu = { ...MENU, isViewFlags: { ...MENU.isViewFlags, products: false } };
    const first = renderAiPage();
    const card = await screen.findByRole("region", { name: "AI 상담을 준비하고 있어요" });
    expect(
      within(card)
        .getAllByRole("link")
        .map((link) => link.getAttribute("href")),
    ).toEqual(["/reels-category"]);
    first.unmount();

    menu = { ...MENU, isViewFlags: { ...MENU.isViewFlags, reels: false, products: false } };
    renderAiPage();
    const homeOnly = await screen.findByRole("region", { name: "AI 상담을 준비하고 있어요" });
    expect(
      within(homeOnly)
        .getAllByRole("link")
        .map((link) => [link.textContent, link.getAttribute("href")]),
    ).toEqual([["홈으로", "/"]]);
  });
});
