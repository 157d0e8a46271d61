import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { encode } from "turbo-stream";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";

import { GuideEditor, type GuideDraft } from "~/features/guides/components/GuideEditor";
import { renderInRoute } from "./remix-stub";

const DRAFT_KEY = "guide-draft:new:3";

/** The guide form's words around the editor, as the register screen draws them. */
function GuideForm({ body = "" }: { body?: string }) {
  return (
    <form aria-label="글 쓰기" method="post">
      <label htmlFor="detailNm">제목</label>
      <input id="detailNm" name="detailNm" defaultValue="" />
      <label htmlFor="summary">요약</label>
      <textarea id="summary" name="summary" defaultValue="" />
      <label htmlFor="body">본문</label>
      <GuideEditor
        textarea={{ id: "body", name: "body", defaultValue: body }}
        draftKey={DRAFT_KEY}
        previewAction="/detail-list-upsert/0"
        serverPreview={null}
      />
    </form>
  );
}

/** What the page action answers a data request: Remix's single-fetch stream of `{ data }`. */
function actionAnswer(data: unknown) {
  return new Response(encode({ data }), { status: 200, headers: { "Content-Type": "text/x-script" } });
}

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe("the toolbar inserts at the cursor", () => {
  test("소제목, 굵게, 체크리스트 and 링크 put their Markdown where the cursor is, the words selected to type over", async () => {
    const user = userEvent.setup();
    renderInRoute(<GuideForm body={"첫 줄\n끝"} />);
    const toolbar = await screen.findByRole("toolbar", { name: "서식 도구" });
    const body = screen.getByLabelText<HTMLTextAreaElement>("본문");

    body.setSelectionRange(4, 4); // after "첫 줄\n"
    await user.click(within(toolbar).getByRole("button", { name: "소제목" }));
    expect(body.value).toBe("첫 줄\n## 소제목\n끝");
    expect(body.value.slice(body.selectionStart, body.selectionEnd)).toBe("소제목");

    body.setSelectionRange(0, 1); // "첫"
    await user.click(within(toolbar).getByRole("button", { name: "굵게" }));
    expect(body.value.startsWith("**첫** 줄")).toBe(true);

    body.setSelectionRange(body.value.length, body.value.length);
    await user.click(within(toolbar).getByRole("button", { name: "체크리스트" }));
    expect(body.value.endsWith("끝\n- [ ] 항목\n")).toBe(true);

    vi.stubGlobal(
      "prompt",
      vi.fn(() => "https://blog.naver.com/ot"),
    );
    body.setSelectionRange(body.value.length, body.value.length);
    await user.click(within(toolbar).getByRole("button", { name: "링크" }));
    expect(body.value.endsWith("[링크 글자](https://blog.naver.com/ot)")).toBe(true);
  });

  test("사진 uploads the picked photo and puts it at the cursor on its own line", async () => {
    const user = userEvent.setup();
    const sent: { url: string; file: File | null }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit) => {
        sent.push({ url: String(url), file: (init.body as FormData).get("imageFile") as File | null });
        return Response.json({ url: "/uploads/0b6f7a52-8a9e-4c1b-9a57-3f1e1c2d9a10.jpg", errMsg: "", errCode: "" });
      }),
    );
    const { container } = renderInRoute(<GuideForm body="사진 앞" />);
    await screen.findByRole("toolbar", { name: "서식 도구" });
    const body = screen.getByLabelText<HTMLTextAreaElement>("본문");
    body.setSelectionRange(body.value.length, body.value.length);
    const chooser = container.querySelector<HTMLInputElement>('input[type="file"][aria-label="사진"]')!;
    await user.upload(chooser, new File([new Uint8Array(10)], "IMG_0001.jpg", { type: "image/jpeg" }));
    await waitFor(() => expect(body.value).toBe("사진 앞\n![](/uploads/0b6f7a52-8a9e-4c1b-9a57-3f1e1c2d9a10.jpg)\n"));
    expect(sent).toEqual([{ url: "/api/detail/images", file: expect.any(File) }]);
  });

  test("a failed photo upload says so and leaves the text as it was", async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ errMsg: "로그인이 필요합니다.", errCode: "UNAUTHORIZED" }, { status: 401 })),
    );
    const { container } = renderInRoute(<GuideForm body="그대로" />);
    await screen.findByRole("toolbar", { name: "서식 도구" });
    await user.upload(
      container.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File([new Uint8Array(10)], "a.jpg", { type: "image/jpeg" }),
    );
    expect(await screen.findByRole("alert")).toHaveTextContent("사진을 올리지 못했습니다. 다시 시도해 주세요.");
    expect(screen.getByLabelText<HTMLTextAreaElement>("본문").value).toBe("그대로");
  });
});

describe("the preview tab", () => {
  test("미리보기 shows the text as the server rendered it (intent=preview), 쓰기 goes back to the textarea", async () => {
    const user = userEvent.setup();
    const posted: FormData[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: URL, init: RequestInit) => {
        expect(url.pathname).toBe("/detail-list-upsert/0.data");
        posted.push(init.body as FormData);
        return actionAnswer({ status: "error", preview: { html: '<h2 id="소제목">소제목</h2><p>본문</p>', toc: [] } });
      }),
    );
    renderInRoute(<GuideForm body={"## 소제목\n\n본문"} />);
    await user.click(await screen.findByRole("tab", { name: "미리보기" }));
    const panel = screen.getByRole("tabpanel", { name: "미리보기" });
    expect(await within(panel).findByRole("heading", { name: "소제목" })).toBeInTheDocument();
    expect(posted[0]?.get("intent")).toBe("preview");
    expect(posted[0]?.get("body")).toBe("## 소제목\n\n본문");
    expect(screen.getByRole("tab", { name: "미리보기" })).toHaveAttribute("aria-selected", "true");

    await user.click(screen.getByRole("tab", { name: "쓰기" }));
    expect(screen.getByLabelText("본문")).toBeVisible();
  });

  test("a preview the server could not make says so", async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("", { status: 502 })),
    );
    renderInRoute(<GuideForm body="본문" />);
    await user.click(await screen.findByRole("tab", { name: "미리보기" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("미리보기를 만들지 못했습니다.");
  });
});

describe("the draft kept on the device", () => {
  test("what she types is kept after a pause", async () => {
    const user = userEvent.setup();
    renderInRoute(<GuideForm />);
    await screen.findByRole("toolbar", { name: "서식 도구" });
    await user.type(screen.getByLabelText("제목"), "한 시간 쓴 글");
    await user.type(screen.getByLabelText("본문"), "소중한 본문");
    await waitFor(() => {
      const kept = JSON.parse(window.localStorage.getItem(DRAFT_KEY) ?? "null") as GuideDraft | null;
      expect(kept).toMatchObject({ detailNm: "한 시간 쓴 글", body: "소중한 본문" });
    });
  });

  test("a draft left after a crash or an expired login is offered back: 이어 쓰기 fills the form", async () => {
    const user = userEvent.setup();
    const draft: GuideDraft = {
      detailNm: "남은 제목",
      summary: "남은 요약",
      body: "남은 본문",
      savedAt: new Date(2026, 10, 27, 21, 5).getTime(),
    };
    window.localStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
    renderInRoute(<GuideForm />);
    const offer = await screen.findByRole("status");
    expect(offer).toHaveTextContent("11/27 21:05에 쓰던 글이 이 기기에 남아 있어요.");
    await user.click(within(offer).getByRole("button", { name: "이어 쓰기" }));
    expect(screen.getByLabelText<HTMLInputElement>("제목").value).toBe("남은 제목");
    expect(screen.getByLabelText<HTMLTextAreaElement>("요약").value).toBe("남은 요약");
    expect(screen.getByLabelText<HTMLTextAreaElement>("본문").value).toBe("남은 본문");
    expect(screen.queryByRole("button", { name: "이어 쓰기" })).toBeNull();
  });

  test("지우기 drops the draft; a draft equal to the form is not offered", async () => {
    const user = userEvent.setup();
    window.localStorage.setItem(DRAFT_KEY, JSON.stringify({ detailNm: "", summary: "", body: "다른 글", savedAt: Date.now() }));
    const { unmount } = renderInRoute(<GuideForm />);
    await user.click(await screen.findByRole("button", { name: "지우기" }));
    expect(window.localStorage.getItem(DRAFT_KEY)).toBeNull();
    unmount();

    window.localStorage.setItem(DRAFT_KEY, JSON.stringify({ detailNm: "", summary: "", body: "같은 글", savedAt: Date.now() }));
    renderInRoute(<GuideForm body="같은 글" />);
    await screen.findByRole("toolbar", { name: "서식 도구" });
    expect(screen.queryByRole("button", { name: "이어 쓰기" })).toBeNull();
  });
});
