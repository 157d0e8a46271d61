import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test } from "vitest";

import { CareerImagePicker } from "~/features/career/components/CareerImagePicker";

const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: "image/png" });

describe("CareerImagePicker", () => {
  test("chooses several PNG, JPEG or WebP images", () => {
    render(<CareerImagePicker errorId="career-error" invalid={false} />);
    const input = screen.getByLabelText("경력 이미지 선택");
    expect(input).toHaveAttribute("accept", "image/png,image/jpeg,image/webp");
    expect(input).toHaveAttribute("multiple");
    expect(screen.getByText("이미지(PNG, JPEG, WebP)를 눌러서 선택해 주세요 (여러 장 가능)")).toBeInTheDocument();
  });

  test("previews the chosen images in order, and ✕ clears them", async () => {
    const user = userEvent.setup();
    render(<CareerImagePicker errorId="career-error" invalid={false} />);
    const input = screen.getByLabelText<HTMLInputElement>("경력 이미지 선택");
    await user.upload(input, [png("2019-병원.png"), png("2022-센터.png")]);

    expect(screen.getByText("2장 선택됨")).toBeInTheDocument();
    expect(screen.getAllByRole("img").map((img) => img.getAttribute("alt"))).toEqual(["경력 이미지 1", "경력 이미지 2"]);

    await user.click(screen.getByRole("button", { name: "선택한 이미지 지우기" }));
    expect(screen.queryAllByRole("img")).toHaveLength(0);
    expect(screen.queryByText("2장 선택됨")).toBeNull();
    expect(input.files).toHaveLength(0);
  });

  test("an error is tied to the chooser", () => {
    render(
      <>
        <CareerImagePicker errorId="career-error" invalid />
        <p id="career-error">이미지를 등록해 주세요.</p>
      </>,
    );
    const input = screen.getByLabelText("경력 이미지 선택");
    expect(input).toBeInvalid();
    expect(input).toHaveAccessibleDescription("이미지를 등록해 주세요.");
  });
});
