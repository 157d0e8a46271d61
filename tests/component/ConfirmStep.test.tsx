import type { ActionFunctionArgs } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test } from "vitest";

import { ConfirmStep } from "~/components/ConfirmStep";
import { renderRoutes } from "./remix-stub";

let posted: FormData[] = [];
let releaseAction: () => void = () => undefined;

async function action({ request }: ActionFunctionArgs) {
  posted.push(await request.formData());
  // Held until the test lets go, so the pending state can be seen.
  await new Promise<void>((resolve) => (releaseAction = resolve));
  return { saved: true };
}

function MenuReview() {
  const result = useActionData<typeof action>();
  return (
    <main>
      {result?.saved ? <p>저장했습니다</p> : null}
      <ConfirmStep
        question="메뉴를 수정하시겠습니까?"
        fields={[
          ["reelsMenuNm", "짧은 영상"],
          ["reelsView", "hide"],
        ]}
        cancelHref="/home-update"
      >
        <p>릴스 모음 → 짧은 영상</p>
      </ConfirmStep>
    </main>
  );
}

function renderReview() {
  posted = [];
  return renderRoutes([{ path: "/home-update", Component: MenuReview, action }], "/home-update");
}

describe("ConfirmStep", () => {
  test("asks its question in a modal dialog showing what will change, with 확인 focused", async () => {
    renderReview();
    const dialog = await screen.findByRole("dialog", { name: "메뉴를 수정하시겠습니까?" });
    expect(dialog).toHaveTextContent("릴스 모음 → 짧은 영상");
    expect(within(dialog).getByRole("button", { name: "확인" })).toHaveFocus();
    expect(within(dialog).getByRole("button", { name: "취소" })).toBeInTheDocument();
  });

  test("확인 re-posts the reviewed values with intent=confirm and is disabled while that runs", async () => {
    const user = userEvent.setup();
    renderReview();
    const confirm = await screen.findByRole("button", { name: "확인" });
    await user.click(confirm);

    await waitFor(() => expect(confirm).toBeDisabled());
    expect(posted).toHaveLength(1);
    expect([...posted[0]!.entries()]).toEqual([
      ["reelsMenuNm", "짧은 영상"],
      ["reelsView", "hide"],
      ["intent", "confirm"],
    ]);

    releaseAction();
    expect(await screen.findByText("저장했습니다")).toBeInTheDocument();
  });

  test("취소 closes the dialog without posting", async () => {
    const user = userEvent.setup();
    renderReview();
    await user.click(await screen.findByRole("button", { name: "취소" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(posted).toHaveLength(0);
  });

  test("Escape closes the dialog without posting", async () => {
    const user = userEvent.setup();
    renderReview();
    await screen.findByRole("dialog", { name: "메뉴를 수정하시겠습니까?" });
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(posted).toHaveLength(0);
  });
});
