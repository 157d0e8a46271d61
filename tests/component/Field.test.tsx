import { render, screen } from "@testing-library/react";
import { describe, expect, test } from "vitest";

import { Field, fieldDescriptionIds } from "~/components/Field";

const META = { id: "productsNm", errorId: "productsNm-error" };

describe("Field", () => {
  test("labels its control and ties the control's first error to it", () => {
    render(
      <Field label="제품명" meta={{ ...META, errors: ["제품명을 입력해 주세요.", "두 번째 오류"] }}>
        <input id={META.id} aria-invalid aria-describedby={META.errorId} />
      </Field>,
    );
    const input = screen.getByRole("textbox", { name: "제품명" });
    expect(input).toHaveAccessibleDescription("제품명을 입력해 주세요.");
    expect(screen.queryByText("두 번째 오류")).toBeNull();
  });

  test("shows no error text while the field is valid", () => {
    const { container } = render(
      <Field label="제품명" meta={META}>
        <input id={META.id} />
      </Field>,
    );
    expect(screen.getByRole("textbox", { name: "제품명" })).not.toHaveAccessibleDescription();
    expect(container.querySelector(".field__error")).toBeNull();
  });

  test("a hidden label still names the control for screen readers", () => {
    render(
      <Field label="릴스 모음 메뉴 이름" meta={META} hideLabel>
        <input id={META.id} />
      </Field>,
    );
    const label = screen.getByText("릴스 모음 메뉴 이름");
    expect(label).toHaveClass("visually-hidden");
    expect(screen.getByRole("textbox", { name: "릴스 모음 메뉴 이름" })).toBeInTheDocument();
  });

  test("a hint describes the control, and so does the error once there is one", () => {
    const meta = { ...META, errors: ["토큰을 입력해 주세요."] };
    render(
      <Field label="액세스 토큰" meta={meta} hint="인스타그램에서 발급한 토큰을 붙여 넣어 주세요.">
        <input id={META.id} aria-describedby={fieldDescriptionIds(meta)} />
      </Field>,
    );
    expect(screen.getByRole("textbox", { name: "액세스 토큰" })).toHaveAccessibleDescription(
      "인스타그램에서 발급한 토큰을 붙여 넣어 주세요. 토큰을 입력해 주세요.",
    );
  });
});
