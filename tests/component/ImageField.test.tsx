import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test } from "vitest";

import { ImageField } from "~/components/ImageField";

function renderField(props: Partial<React.ComponentProps<typeof ImageField>> = {}) {
  const view = render(
    <form aria-label="제품 등록">
      <ImageField label="제품 이미지" currentUrl={null} {...props} />
    </form>,
  );
  const form = screen.getByRole("form", { name: "제품 등록" }) as HTMLFormElement;
  return { ...view, submitted: () => new FormData(form) };
}

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "매트.png", { type: "image/png" });

describe("ImageField", () => {
  test("is a file chooser named by its label that accepts images only", () => {
    renderField();
    const input = screen.getByLabelText("제품 이미지");
    expect(input).toHaveAttribute("type", "file");
    expect(input).toHaveAttribute("accept", "image/*");
    expect(input).toHaveAttribute("name", "imageFile");
  });

  test("a labelled area opens the chooser and shows the chosen file's name; the field keeps its own name", async () => {
    const user = userEvent.setup();
    renderField();
    const input = screen.getByLabelText<HTMLInputElement>("제품 이미지", { selector: "input" });
    const area = screen.getByText("이미지 선택").closest("label")!;
    expect(area).toHaveAttribute("for", input.id);
    await user.upload(input, png());
    expect(screen.getByText("매트.png")).toBeInTheDocument();
    expect(screen.getByText("다른 이미지로 바꾸기")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "이미지 삭제" }));
    expect(screen.queryByText("매트.png")).toBeNull();
  });

  test("prompts for an image while none is chosen", () => {
    renderField({ prompt: "대표 이미지를 설정해 주세요." });
    expect(screen.getByText("대표 이미지를 설정해 주세요.")).toBeInTheDocument();
    expect(screen.queryByRole("img")).toBeNull();
  });

  test("choosing a picture shows its preview with a ✕ that removes it", async () => {
    const user = userEvent.setup();
    renderField({ prompt: "대표 이미지를 설정해 주세요." });
    const input = screen.getByLabelText<HTMLInputElement>("제품 이미지");
    await user.upload(input, png());

    const preview = screen.getByRole("img", { name: "미리보기" });
    expect(preview.getAttribute("src")).toMatch(/^blob:/);
    expect(screen.queryByText("대표 이미지를 설정해 주세요.")).toBeNull();
    expect(input.files?.[0]?.name).toBe("매트.png");

    const remove = screen.getByRole("button", { name: "이미지 삭제" });
    expect(remove).toHaveTextContent("✕");
    await user.click(remove);
    expect(screen.queryByRole("img")).toBeNull();
    expect(screen.getByText("대표 이미지를 설정해 주세요.")).toBeInTheDocument();
    expect(input.files).toHaveLength(0);
  });

  test("a file that is not a picture gets no preview (the server judges it)", async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderField();
    await user.upload(screen.getByLabelText("제품 이미지"), new File(["hello"], "note.txt", { type: "text/plain" }));
    expect(screen.queryByRole("img")).toBeNull();
  });

  test("in edit mode shows the current image; ✕ removes it and tells the server to drop it", async () => {
    const user = userEvent.setup();
    const { submitted } = renderField({ currentUrl: "/uploads/products/mat.webp" });
    expect(screen.getByRole("img", { name: "현재 이미지" })).toHaveAttribute("src", "/uploads/products/mat.webp");
    expect(submitted().get("removeImage")).toBeNull();

    await user.click(screen.getByRole("button", { name: "이미지 삭제" }));
    expect(screen.queryByRole("img", { name: "현재 이미지" })).toBeNull();
    expect(submitted().get("removeImage")).toBe("on");

    // Choosing a new picture after removing shows that one instead.
    await user.upload(screen.getByLabelText("제품 이미지"), png());
    expect(screen.getByRole("img", { name: "미리보기" })).toBeInTheDocument();
  });

  test("an error is tied to the chooser so screen readers read it with the field", () => {
    renderField({ errors: ["필수 정보를 입력해 주세요."] });
    const input = screen.getByLabelText("제품 이미지");
    expect(input).toBeInvalid();
    expect(input).toHaveAccessibleDescription("필수 정보를 입력해 주세요.");
  });

  test("a picture the server held is shown as chosen, its token sent; a new pick or ✕ replaces it", async () => {
    const user = userEvent.setup();
    const held = {
      token: "4a7c2f9e-1b2d-4c3e-8f4a-5b6c7d8e9f00",
      preview: "data:image/jpeg;base64,AAAA",
      note: "선택한 사진이 그대로 있습니다.",
    };
    const { submitted } = renderField({ held });
    expect(screen.getByRole("img", { name: "미리보기" })).toHaveAttribute("src", held.preview);
    expect(screen.getByText("선택한 사진이 그대로 있습니다.")).toBeInTheDocument();
    expect(submitted().get("heldPicture")).toBe(held.token);

    await user.upload(screen.getByLabelText<HTMLInputElement>("제품 이미지"), png());
    expect(screen.getByRole("img", { name: "미리보기" }).getAttribute("src")).toMatch(/^blob:/);
    expect(screen.queryByText("선택한 사진이 그대로 있습니다.")).toBeNull();
    // Sent beside the new file, which wins: the server releases the held one.
    expect(submitted().get("heldPicture")).toBe(held.token);

    await user.click(screen.getByRole("button", { name: "이미지 삭제" }));
    expect(screen.queryByRole("img")).toBeNull();
    expect(submitted().get("heldPicture")).toBeNull();
  });
});
