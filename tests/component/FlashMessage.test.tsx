import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test } from "vitest";

import { FlashMessage } from "~/components/FlashMessage";
import { renderRoutes } from "./remix-stub";

function renderFlash(flash: React.ComponentProps<typeof FlashMessage>["flash"]) {
  renderRoutes(
    [
      { path: "/home-update", Component: () => <FlashMessage flash={flash} /> },
      { path: "/", Component: () => <h1>홈</h1> },
    ],
    "/home-update",
  );
}

describe("FlashMessage", () => {
  test("announces the result of a save and can be closed", async () => {
    const user = userEvent.setup();
    renderFlash({ message: "삭제가 완료되었습니다." });
    expect(await screen.findByRole("status")).toHaveTextContent("삭제가 완료되었습니다.");
    await user.click(screen.getByRole("button", { name: "닫기" }));
    expect(screen.queryByText("삭제가 완료되었습니다.")).toBeNull();
  });

  test("offers the next step as a link, with 취소 to stay", async () => {
    const user = userEvent.setup();
    renderFlash({
      message: "메뉴 수정이 완료되었습니다.",
      next: { href: "/", label: "홈으로", question: "홈 화면으로 이동하시겠습니까?" },
    });
    const status = await screen.findByRole("status");
    expect(status).toHaveTextContent("메뉴 수정이 완료되었습니다.");
    expect(status).toHaveTextContent("홈 화면으로 이동하시겠습니까?");
    await user.click(screen.getByRole("button", { name: "취소" }));
    expect(screen.queryByRole("status")).toBeNull();
    expect(screen.queryByRole("heading", { name: "홈" })).toBeNull();
  });

  test("the next step's link goes there", async () => {
    const user = userEvent.setup();
    renderFlash({
      message: "메뉴 수정이 완료되었습니다.",
      next: { href: "/", label: "홈으로", question: "홈 화면으로 이동하시겠습니까?" },
    });
    await user.click(await screen.findByRole("link", { name: "홈으로" }));
    expect(await screen.findByRole("heading", { name: "홈" })).toBeInTheDocument();
  });
});
