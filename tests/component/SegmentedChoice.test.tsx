import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test } from "vitest";

import { SegmentedChoice } from "~/components/SegmentedChoice";

function renderChoice(defaultValue: string | undefined) {
  render(
    <form aria-label="제품">
      <SegmentedChoice
        legend="제품 구분"
        name="isGroupBuy"
        options={[
          ["true", "공동구매"],
          ["false", "제품 추천"],
        ]}
        defaultValue={defaultValue}
      />
    </form>,
  );
  const form = screen.getByRole("form", { name: "제품" }) as HTMLFormElement;
  return () => new FormData(form).get("isGroupBuy");
}

describe("SegmentedChoice", () => {
  test("is a group named by its legend with one radio per option, the default chosen", () => {
    const chosen = renderChoice("false");
    const group = screen.getByRole("group", { name: "제품 구분" });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "공동구매" })).not.toBeChecked();
    expect(screen.getByRole("radio", { name: "제품 추천" })).toBeChecked();
    expect(chosen()).toBe("false");
  });

  test("clicking an option's label chooses it and the form sends its value", async () => {
    const user = userEvent.setup();
    const chosen = renderChoice("false");
    await user.click(screen.getByText("공동구매"));
    expect(screen.getByRole("radio", { name: "공동구매" })).toBeChecked();
    expect(screen.getByRole("radio", { name: "제품 추천" })).not.toBeChecked();
    expect(chosen()).toBe("true");
  });

  test("the keyboard moves between the options", async () => {
    const user = userEvent.setup();
    const chosen = renderChoice("true");
    await user.tab();
    expect(screen.getByRole("radio", { name: "공동구매" })).toHaveFocus();
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("radio", { name: "제품 추천" })).toBeChecked();
    expect(chosen()).toBe("false");
  });

  test("with no default nothing is chosen", () => {
    const chosen = renderChoice(undefined);
    expect(screen.getByRole("radio", { name: "공동구매" })).not.toBeChecked();
    expect(screen.getByRole("radio", { name: "제품 추천" })).not.toBeChecked();
    expect(chosen()).toBeNull();
  });
});
