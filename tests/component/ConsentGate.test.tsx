import type { ActionFunctionArgs } from "@remix-run/node";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, test } from "vitest";

import Ai, { action as aiAction } from "~/routes/ai";
import { renderRoutes } from "./remix-stub";

// The /ai page with its real action. The loader stands in for the database and the chatbot
// settings. The consent cookie itself cannot be seen here (happy-dom's Response drops Set-Cookie,
// as browsers do; the integration tests check it), so the loader counts the visitor as consented
// once the action has answered a consent post by sending them back to /ai.
let answers: { intent: string | null; status: number; location: string | null }[] = [];

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
  const consented = answers.some((answer) => answer.intent === "consent" && answer.location === "/ai");
  return { consented, chatbot: null, provider: "chat.example", ad: null };
}

function renderAiPage() {
  return renderRoutes(
    [
      { path: "/", Component: () => <h1>홈</h1> },
      { path: "/ai", Component: Ai, loader, action },
    ],
    "/ai",
  );
}

beforeEach(() => {
  answers = [];
});

describe("ConsentGate on the AI page", () => {
  test("says what is collected and for how long before asking for consent", async () => {
    renderAiPage();
    const gate = await screen.findByRole("region", { name: "개인정보 수집·이용 동의" });
    expect(gate).toHaveTextContent("보유 기간: 대화 내용은 챗봇 제공자가 최대 90일 보관한 뒤 삭제하며");
    expect(gate).toHaveTextContent("처리 위탁: 챗봇 서비스 제공자(chat.example)가 대화를 처리하며");
    expect(within(gate).getByRole("checkbox", { name: "위 내용을 읽었으며 개인정보 수집·이용에 동의합니다." })).not.toBeChecked();
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
    expect(await screen.findByText("챗봇이 아직 연결되지 않았습니다. 잠시 후 다시 방문해 주세요.")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "개인정보 수집·이용 동의" })).toBeNull();
    expect(answers).toEqual([{ intent: "consent", status: 302, location: "/ai" }]);
  });

  test("the full policy opens in a dialog that closes again", async () => {
    const user = userEvent.setup();
    renderAiPage();
    await user.click(await screen.findByRole("link", { name: "개인정보 처리방침 자세히 보기" }));
    const dialog = screen.getByRole("dialog", { name: "배변훈련 AI 개인정보 처리방침" });
    expect(dialog).toHaveTextContent("아이의 이름, 생년월일, 연락처, 주소 같은 개인정보는 입력하지 마세요.");
    await user.click(within(dialog).getByRole("button", { name: "닫기" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
