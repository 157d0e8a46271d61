// The device draft of an owner's form (issue 33, point 3): DraftKeeper in a form keeps what she
// types in localStorage, brings it back after a "reload" (the form drawn again) with a notice and a
// way to discard it; the store keeps drafts bounded in size, number and age.
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, test } from "vitest";

import { DraftKeeper } from "~/components/DraftKeeper";
import { DRAFT_MAX, DRAFT_MAX_AGE_MS, DRAFT_MAX_CHARS, keepDraft, readDraft, writeDraft } from "~/lib/form-draft";
import { renderInRoute } from "./remix-stub";

afterEach(() => localStorage.clear());

/** A product form as the page draws it: a name, a description, a button toggled open, a hidden id. */
function ProductForm() {
  const [left, setLeft] = useState(false);
  return (
    <form aria-label="제품 등록" method="post" action="/product-upsert/0">
      <DraftKeeper name="product:new" />
      <input type="hidden" name="submissionId" defaultValue="b3a1c1f0-0000-4000-8000-000000000000" />
      <label htmlFor="name">제품명</label>
      <input id="name" name="productsNm" defaultValue="" />
      <label htmlFor="description">제품 설명</label>
      <textarea id="description" name="description" defaultValue="" />
      <input id="left" type="checkbox" name="isLeft" onChange={(event) => setLeft(event.target.checked)} />
      <label htmlFor="left">왼쪽 버튼 사용</label>
      <div hidden={!left}>
        <label htmlFor="leftName">왼쪽 버튼 이름</label>
        <input id="leftName" name="leftButtonNm" defaultValue="" />
      </div>
    </form>
  );
}

function draw() {
  return renderInRoute(<ProductForm />, "/product-upsert/0");
}

/** A form with a list of links, one saved: rows added and removed by buttons, as 사이트 정보 draws its footer's links. */
function LinksForm() {
  const [rows, setRows] = useState([{ key: 0, label: "인스타그램", url: "https://instagram.com/ot" }]);
  return (
    <form aria-label="사이트 정보" method="post" action="/site-settings/identity">
      <DraftKeeper name="site-identity" />
      <fieldset data-draft-list="footerLinks">
        <legend>푸터 링크</legend>
        {rows.map((row, at) => (
          <div key={row.key}>
            <label htmlFor={`label-${row.key}`}>{`링크 ${at + 1} 이름`}</label>
            <input id={`label-${row.key}`} name={`footerLinks[${at}].label`} defaultValue={row.label} />
            <label htmlFor={`url-${row.key}`}>{`링크 ${at + 1} 주소`}</label>
            <input id={`url-${row.key}`} name={`footerLinks[${at}].url`} defaultValue={row.url} />
            <button type="button" data-draft-remove="" onClick={() => setRows((all) => all.filter((each) => each !== row))}>
              {`링크 ${at + 1} 삭제`}
            </button>
          </div>
        ))}
        <button
          type="button"
          data-draft-add=""
          onClick={() => setRows((all) => [...all, { key: Math.max(-1, ...all.map((each) => each.key)) + 1, label: "", url: "" }])}
        >
          링크 추가
        </button>
      </fieldset>
    </form>
  );
}

describe("DraftKeeper", () => {
  test("what she typed comes back when the form is drawn again, with a notice and 되살린 내용 지우기", async () => {
    const user = userEvent.setup();
    const first = draw();
    await user.type(screen.getByLabelText("제품명"), "말랑 촉감 공");
    await user.type(screen.getByLabelText("제품 설명"), "첫 줄{enter}둘째 줄");
    await user.click(screen.getByLabelText("왼쪽 버튼 사용"));
    await user.type(screen.getByLabelText("왼쪽 버튼 이름"), "구매하기");
    await waitFor(() => expect(readDraft("product:new")?.leftButtonNm).toEqual(["구매하기"]));
    expect(readDraft("product:new"), "never a hidden field").not.toHaveProperty("submissionId");
    first.unmount();

    draw();
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("저장하지 않은 내용을 되살렸습니다."));
    expect(screen.getByLabelText("제품명")).toHaveValue("말랑 촉감 공");
    expect(screen.getByLabelText("제품 설명")).toHaveValue("첫 줄\n둘째 줄");
    expect(screen.getByLabelText("왼쪽 버튼 사용")).toBeChecked();
    expect(screen.getByLabelText("왼쪽 버튼 이름")).toBeVisible();
    expect(screen.getByLabelText("왼쪽 버튼 이름")).toHaveValue("구매하기");

    await user.click(screen.getByRole("button", { name: "되살린 내용 지우기" }));
    await waitFor(() => expect(screen.getByLabelText("제품명")).toHaveValue(""));
    expect(screen.getByLabelText("왼쪽 버튼 사용")).not.toBeChecked();
    expect(screen.queryByText("저장하지 않은 내용을 되살렸습니다.")).toBeNull();
    expect(readDraft("product:new")).toBeNull();
  });

  test("a form as the page drew it leaves no draft and shows no notice", async () => {
    const user = userEvent.setup();
    const first = draw();
    await user.type(screen.getByLabelText("제품명"), "가");
    await waitFor(() => expect(readDraft("product:new")).not.toBeNull());
    await user.clear(screen.getByLabelText("제품명"));
    await waitFor(() => expect(localStorage.length).toBe(0));
    first.unmount();
    draw();
    await screen.findByRole("status");
    expect(screen.queryByText("저장하지 않은 내용을 되살렸습니다.")).toBeNull();
  });
});

describe("the keeper of a form's draft", () => {
  test("what she typed before its module arrived is kept without another keystroke", async () => {
    const form = document.body.appendChild(document.createElement("form"));
    form.innerHTML = '<label>제품명 <input name="productsNm" value=""></label>';
    (screen.getByLabelText("제품명") as HTMLInputElement).value = "먼저 쓴 이름";
    const keeping = keepDraft(form, "product:new", () => {});
    try {
      await waitFor(() => expect(readDraft("product:new")).toEqual({ productsNm: ["먼저 쓴 이름"] }));
    } finally {
      keeping.stop();
      form.remove();
    }
  });
});

describe("DraftKeeper in a form with a list of rows", () => {
  test("the rows she added come back with what she typed in them; 되살린 내용 지우기 goes back to the saved row", async () => {
    const user = userEvent.setup();
    const first = renderInRoute(<LinksForm />, "/site-settings/identity");
    await user.click(screen.getByRole("button", { name: "링크 추가" }));
    await user.click(screen.getByRole("button", { name: "링크 추가" }));
    await user.type(screen.getByLabelText("링크 3 이름"), "블로그");
    await user.type(screen.getByLabelText("링크 3 주소"), "https://blog.naver.com/ot");
    await waitFor(() => expect(readDraft("site-identity")?.["footerLinks[2].url"]).toEqual(["https://blog.naver.com/ot"]));
    first.unmount();

    renderInRoute(<LinksForm />, "/site-settings/identity");
    expect(await screen.findByText("저장하지 않은 내용을 되살렸습니다.")).toBeVisible();
    expect(screen.getAllByRole("button", { name: /^링크 \d 삭제$/ })).toHaveLength(3);
    expect(screen.getByLabelText("링크 1 이름")).toHaveValue("인스타그램");
    expect(screen.getByLabelText("링크 2 이름")).toHaveValue("");
    expect(screen.getByLabelText("링크 3 이름")).toHaveValue("블로그");
    expect(screen.getByLabelText("링크 3 주소")).toHaveValue("https://blog.naver.com/ot");

    await user.click(screen.getByRole("button", { name: "되살린 내용 지우기" }));
    await waitFor(() => expect(screen.getAllByRole("button", { name: /^링크 \d 삭제$/ })).toHaveLength(1));
    expect(screen.getByLabelText("링크 1 이름")).toHaveValue("인스타그램");
    await waitFor(() => expect(readDraft("site-identity")).toBeNull());
  });

  test("a saved row she removed stays removed", async () => {
    const user = userEvent.setup();
    const first = renderInRoute(<LinksForm />, "/site-settings/identity");
    await user.click(screen.getByRole("button", { name: "링크 1 삭제" }));
    await waitFor(() => expect(readDraft("site-identity")).not.toBeNull());
    first.unmount();

    renderInRoute(<LinksForm />, "/site-settings/identity");
    expect(await screen.findByText("저장하지 않은 내용을 되살렸습니다.")).toBeVisible();
    expect(screen.queryByRole("button", { name: "링크 1 삭제" })).toBeNull();
    expect(screen.queryByLabelText("링크 1 이름")).toBeNull();
  });
});

describe("the drafts kept on the device", () => {
  test(`at most ${DRAFT_MAX}: the oldest goes first`, () => {
    for (let i = 0; i <= DRAFT_MAX; i += 1) writeDraft(`product:${i}`, { productsNm: [`제품 ${i}`] }, 1_000 + i);
    expect(readDraft("product:0", 2_000)).toBeNull();
    expect(readDraft(`product:${DRAFT_MAX}`, 2_000)).toEqual({ productsNm: [`제품 ${DRAFT_MAX}`] });
  });

  test(`none larger than ${DRAFT_MAX_CHARS.toLocaleString()} characters`, () => {
    writeDraft("product:1", { productsNm: ["짧은 이름"] });
    writeDraft("product:1", { description: ["가".repeat(DRAFT_MAX_CHARS)] });
    expect(readDraft("product:1")).toBeNull();
  });

  test("a stale draft is dropped, not restored", () => {
    writeDraft("banner:new", { name: ["오래된 배너"] }, 0);
    expect(readDraft("banner:new", DRAFT_MAX_AGE_MS + 1)).toBeNull();
    expect(localStorage.length).toBe(0);
  });
});
