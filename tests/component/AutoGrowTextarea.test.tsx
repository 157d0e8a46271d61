import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, test, vi } from "vitest";

import { AutoGrowTextarea } from "~/components/AutoGrowTextarea";

/** happy-dom lays nothing out: the text's height is what a browser would report for it. */
function reportContentHeight(textarea: HTMLElement) {
  Object.defineProperty(textarea, "scrollHeight", {
    configurable: true,
    get: () => 20 * (textarea as HTMLTextAreaElement).value.split("\n").length,
  });
}

afterEach(() => vi.unstubAllGlobals());

describe("AutoGrowTextarea", () => {
  test("is a labelled text area that keeps the form name, placeholder and handlers it is given", async () => {
    const user = userEvent.setup();
    const onInput = vi.fn();
    render(
      <label>
        제품 설명
        <AutoGrowTextarea name="description" placeholder="제품 설명을 입력해 주세요." onInput={onInput} />
      </label>,
    );
    const textarea = screen.getByRole("textbox", { name: "제품 설명" });
    expect(textarea).toHaveAttribute("name", "description");
    expect(textarea).toHaveAttribute("placeholder", "제품 설명을 입력해 주세요.");
    await user.type(textarea, "부드러운 매트");
    expect(textarea).toHaveValue("부드러운 매트");
    expect(onInput).toHaveBeenCalledTimes("부드러운 매트".length);
  });

  test("grows with each line typed where CSS cannot size it", async () => {
    vi.stubGlobal("CSS", { supports: () => false });
    const user = userEvent.setup();
    render(<AutoGrowTextarea aria-label="제품 설명" />);
    const textarea = screen.getByRole("textbox", { name: "제품 설명" });
    reportContentHeight(textarea);

    await user.type(textarea, "첫째 줄");
    expect(textarea.style.height).toBe("22px");
    await user.type(textarea, "{Enter}둘째 줄{Enter}셋째 줄");
    expect(textarea.style.height).toBe("62px");
  });

  test("leaves the height to CSS where field-sizing is supported", async () => {
    vi.stubGlobal("CSS", { supports: (property: string, value: string) => property === "field-sizing" && value === "content" });
    const user = userEvent.setup();
    render(<AutoGrowTextarea aria-label="제품 설명" />);
    const textarea = screen.getByRole("textbox", { name: "제품 설명" });
    reportContentHeight(textarea);
    await user.type(textarea, "한 줄{Enter}두 줄");
    expect(textarea.style.height).toBe("");
  });
});
