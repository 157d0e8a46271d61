import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { CareerEditor, type SavedPicture } from "~/features/career/components/CareerEditor";
import { plainPicture } from "./pictures";

const saved: SavedPicture[] = [
  { index: 11, caption: "감각통합 전문가 과정", thumbnail: plainPicture("/uploads/a.png") },
  { index: 12, caption: "", thumbnail: plainPicture("/uploads/b.png") },
  { index: 13, caption: "학회 발표", thumbnail: plainPicture("/uploads/c.png") },
];

const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: "image/png" });

/** What the form would send: the named fields in document order. */
function sent(container: HTMLElement) {
  return [...container.querySelectorAll<HTMLInputElement>("input[name]:not([type=file])")].map((input) => `${input.name}=${input.value}`);
}

describe("CareerEditor with JavaScript", () => {
  test("each picture has its caption, its place in the order sent, and 위로/아래로 move it in place with focus kept", async () => {
    const user = userEvent.setup();
    const { container } = render(<CareerEditor pictures={saved} />);
    expect(screen.getByLabelText("사진 1 설명")).toHaveValue("감각통합 전문가 과정");
    expect(sent(container)).toEqual(["caption=감각통합 전문가 과정", "order=11", "caption=", "order=12", "caption=학회 발표", "order=13"]);
    expect(screen.getByRole("button", { name: "사진 1 위로" })).toBeDisabled();

    await user.click(screen.getByRole("button", { name: "사진 3 위로" }));
    expect(sent(container)).toEqual(["caption=감각통합 전문가 과정", "order=11", "caption=학회 발표", "order=13", "caption=", "order=12"]);
    // The moved row is now the second: its 위로 keeps the focus.
    expect(screen.getByRole("button", { name: "사진 2 위로" })).toHaveFocus();

    await user.click(screen.getByRole("button", { name: "사진 2 위로" }));
    // At the top its 위로 is off: the focus goes to its 아래로.
    expect(screen.getByRole("button", { name: "사진 1 아래로" })).toHaveFocus();
    expect(screen.getByLabelText("사진 1 설명")).toHaveValue("학회 발표");
  });

  test("삭제 marks a picture (sent as remove, not in the order) and 되돌리기 brings it back", async () => {
    const user = userEvent.setup();
    const { container } = render(<CareerEditor pictures={saved} />);
    await user.click(screen.getByRole("button", { name: "사진 2 삭제" }));
    expect(screen.getByText("저장하면 삭제됩니다.")).toBeInTheDocument();
    expect(screen.queryByLabelText("사진 2 설명")).toBeNull();
    expect(sent(container)).toEqual(["caption=감각통합 전문가 과정", "order=11", "remove=12", "caption=학회 발표", "order=13"]);
    await user.click(screen.getByRole("button", { name: "사진 2 되돌리기" }));
    expect(sent(container)).toContain("order=12");
    expect(sent(container)).not.toContain("remove=12");
  });

  test("chosen files become rows of their own, with a caption, that move and go like the others", async () => {
    const user = userEvent.setup();
    const { container } = render(<CareerEditor pictures={saved.slice(0, 1)} />);
    const add = screen.getByLabelText("사진 추가");
    expect(add).not.toHaveAttribute("name");
    expect(add).toHaveAttribute("accept", "image/png,image/jpeg,image/webp");
    await user.upload(add, [png("2022-센터.png"), png("2023-수료.png")]);

    const rows = screen.getAllByRole("listitem");
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText("새 사진")).toBeInTheDocument();
    expect(within(rows[1]!).getByRole("img", { name: "사진 2" })).toBeInTheDocument();
    await user.type(screen.getByLabelText("사진 3 설명"), "2023 수료");
    await user.click(screen.getByRole("button", { name: "사진 3 위로" }));
    expect(sent(container)).toEqual([
      "caption=감각통합 전문가 과정",
      "order=11",
      "caption=2023 수료",
      "order=new",
      "caption=",
      "order=new",
    ]);
    expect(container.querySelectorAll("input[type=file][name=imageFile]")).toHaveLength(2);

    await user.click(screen.getByRole("button", { name: "사진 2 삭제" }));
    expect(screen.getAllByRole("listitem")).toHaveLength(2);
    expect(sent(container)).toEqual(["caption=감각통합 전문가 과정", "order=11", "caption=", "order=new"]);
  });

  test("a caption's error is shown with its field", () => {
    render(<CareerEditor pictures={saved} errors={{ "caption[1]": ["설명은 100자 이내로 입력해 주세요."] }} />);
    const caption = screen.getByLabelText("사진 2 설명");
    expect(caption).toBeInvalid();
    expect(caption).toHaveAccessibleDescription("설명은 100자 이내로 입력해 주세요.");
  });

  test("no picture yet says so", () => {
    render(<CareerEditor pictures={[]} />);
    expect(screen.getByText("아직 경력 사진이 없습니다. 아래에서 사진을 추가해 주세요.")).toBeInTheDocument();
  });
});

describe("CareerEditor as the server draws it (without JavaScript)", () => {
  /** The option each choice starts on (the `selected` the server wrote). */
  const chosen = (host: HTMLElement) =>
    [...host.querySelectorAll("select")].map((select) => select.querySelector("option[selected]")?.getAttribute("value"));

  function drawn(props: Parameters<typeof CareerEditor>[0]) {
    const host = document.createElement("div");
    host.innerHTML = renderToString(<CareerEditor {...props} />);
    return host;
  }

  test("each row has a 순서 choice naming the picture and its place, its caption and a 삭제 tick; files go to imageFile", () => {
    const host = drawn({ pictures: saved });
    const places = [...host.querySelectorAll("select")];
    expect(places.map((select) => select.name)).toEqual(["order", "order", "order"]);
    expect(chosen(host)).toEqual(["11:1", "12:2", "13:3"]);
    expect([...places[2]!.options].map((option) => [option.value, option.text])).toEqual([
      ["13:1", "1"],
      ["13:2", "2"],
      ["13:3", "3"],
    ]);
    expect([...host.querySelectorAll<HTMLInputElement>("input[type=checkbox]")].map((box) => [box.name, box.value])).toEqual([
      ["remove", "11"],
      ["remove", "12"],
      ["remove", "13"],
    ]);
    expect(host.querySelector("#career-add")?.getAttribute("name")).toBe("imageFile");
    expect(host.querySelector("#career-add-hint")?.textContent).toContain("설명은 저장한 뒤 이 화면에서 쓸 수 있습니다.");
  });

  test("after a refused save, her order, places, captions and ticks are drawn again", () => {
    const host = drawn({
      pictures: saved,
      sent: { order: ["13:1", "11:1", "12:3"], caption: ["맨 앞", "", "지울 것"], remove: "12" },
    });
    const rows = [...host.querySelectorAll("li")];
    expect(rows.map((row) => row.id)).toEqual(["item-13", "item-11", "item-12"]);
    expect(chosen(host)).toEqual(["13:1", "11:1", "12:3"]);
    expect([...host.querySelectorAll<HTMLInputElement>("input[name=caption]")].map((input) => input.getAttribute("value"))).toEqual([
      "맨 앞",
      "",
      "지울 것",
    ]);
    expect([...host.querySelectorAll<HTMLInputElement>("input[type=checkbox]")].map((box) => box.hasAttribute("checked"))).toEqual([
      false,
      false,
      true,
    ]);
  });
});
