import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";

import { ShareDialog, useShareDialog } from "~/features/share/components/ShareDialog";

const ORIGIN = "https://ot.example";
const PAGE_PATH = "/reels-list/3/%EB%B0%B0%EB%B3%80";
const PAGE_URL = `${ORIGIN}${PAGE_PATH}`;
const PAGE_TITLE = "배변훈련 릴스 | 우리아이 작업치료";

function SharePage({ kakaoJsKey = null, path = PAGE_PATH }: { kakaoJsKey?: string | null; path?: string }) {
  const share = useShareDialog();
  return (
    <>
      <a href="#share" onClick={share.open}>
        공유 열기
      </a>
      <ShareDialog controller={share} origin={ORIGIN} path={path} kakaoJsKey={kakaoJsKey} siteName="우리아이 작업치료" />
    </>
  );
}

async function openDialog(kakaoJsKey?: string | null, path?: string) {
  const user = userEvent.setup();
  render(<SharePage kakaoJsKey={kakaoJsKey} path={path} />);
  await user.click(screen.getByRole("link", { name: "공유 열기" }));
  return { user, dialog: screen.getByRole("dialog", { name: "공유하기" }) };
}

beforeEach(() => {
  document.title = PAGE_TITLE;
});

afterEach(() => {
  Reflect.deleteProperty(navigator, "share");
  Reflect.deleteProperty(window, "Kakao");
});

describe("ShareDialog", () => {
  test("each target is a link carrying this page's address and title", async () => {
    const { dialog } = await openDialog();
    const href = (name: string) => within(dialog).getByRole("link", { name }).getAttribute("href");
    const url = encodeURIComponent(PAGE_URL);
    const title = encodeURIComponent(PAGE_TITLE);
    expect(href("메시지")).toBe(`sms:?&body=${encodeURIComponent(`${PAGE_TITLE} ${PAGE_URL}`)}`);
    expect(href("이메일")).toBe(`mailto:?subject=${title}&body=${encodeURIComponent(`${PAGE_TITLE}\n${PAGE_URL}`)}`);
    expect(href("페이스북")).toBe(`https://www.facebook.com/sharer/sharer.php?u=${url}`);
    expect(href("X(트위터)")).toBe(`https://twitter.com/intent/tweet?url=${url}&text=${title}`);
    expect(href("인스타그램")).toBe("https://www.instagram.com/");
    expect(within(dialog).getByRole("textbox", { name: "공유할 주소" })).toHaveValue(PAGE_URL);
  });

  test("a reel's short address is shown, copied and drawn as a QR code named for screen readers", async () => {
    const { user, dialog } = await openDialog(null, "/r/42");
    expect(within(dialog).getByRole("textbox", { name: "공유할 주소" })).toHaveValue("https://ot.example/r/42");
    expect(within(dialog).getByRole("img", { name: "QR 코드" })).toHaveAttribute("src", "/qr.svg?u=%2Fr%2F42");
    await user.click(within(dialog).getByRole("button", { name: "링크 복사" }));
    expect(await navigator.clipboard.readText()).toBe("https://ot.example/r/42");
  });

  test("an address too long for a QR code (an edit address carrying a whole record) gets no QR image", async () => {
    const longPath = `/product-upsert/1/${encodeURIComponent(JSON.stringify({ description: "가".repeat(100) }))}`;
    const { dialog } = await openDialog(null, longPath);
    expect(within(dialog).getByRole("textbox", { name: "공유할 주소" })).toHaveValue(`https://ot.example${longPath}`);
    expect(within(dialog).queryByRole("img", { name: "QR 코드" })).toBeNull();
  });

  test("링크 복사 copies the address and says so", async () => {
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole("button", { name: "링크 복사" }));
    expect(await within(dialog).findByRole("status")).toHaveTextContent("링크가 복사되었습니다.");
    expect(await navigator.clipboard.readText()).toBe(PAGE_URL);
  });

  test("인스타그램 copies the address and asks to paste it there", async () => {
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole("link", { name: "인스타그램" }));
    expect(await within(dialog).findByRole("status")).toHaveTextContent("링크가 복사되었습니다. 인스타그램에 붙여넣어 공유해 주세요.");
    expect(await navigator.clipboard.readText()).toBe(PAGE_URL);
  });

  test("a refused copy asks to copy the address by hand", async () => {
    const { user, dialog } = await openDialog();
    vi.spyOn(navigator.clipboard, "writeText").mockRejectedValue(new DOMException("denied", "NotAllowedError"));
    await user.click(within(dialog).getByRole("button", { name: "링크 복사" }));
    expect(await within(dialog).findByRole("status")).toHaveTextContent("링크를 복사하지 못했습니다. 주소를 길게 눌러 복사해 주세요.");
  });

  test("Facebook and X open in a 600x400 pop-up", async () => {
    const { user, dialog } = await openDialog();
    const open = vi.spyOn(window, "open").mockReturnValue({} as Window);
    await user.click(within(dialog).getByRole("link", { name: "페이스북" }));
    expect(open).toHaveBeenCalledWith(
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(PAGE_URL)}`,
      "share",
      "width=600,height=400,noopener,noreferrer",
    );
  });

  test("the system share sheet is offered only where the browser has one", async () => {
    const { dialog } = await openDialog();
    expect(within(dialog).queryByRole("button", { name: "카카오톡 등 앱으로 공유" })).toBeNull();
    expect(within(dialog).queryByRole("button", { name: "다른 앱으로 공유" })).toBeNull();
  });

  test("without a Kakao key, 카카오톡 등 앱으로 공유 comes first and hands the title and address to the system share sheet", async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, "share", { value: share, configurable: true });
    const { user, dialog } = await openDialog(null);
    const first = await within(dialog).findByRole("button", { name: "카카오톡 등 앱으로 공유" });
    expect(within(dialog).getAllByRole("listitem")[0]).toContainElement(first);
    expect(within(dialog).queryByRole("button", { name: "다른 앱으로 공유" })).toBeNull();
    await user.click(first);
    expect(share).toHaveBeenCalledWith({ title: PAGE_TITLE, url: PAGE_URL });
  });

  test("a share sheet the visitor closes is not an error", async () => {
    Object.defineProperty(navigator, "share", {
      value: vi.fn().mockRejectedValue(new DOMException("cancelled", "AbortError")),
      configurable: true,
    });
    const { user, dialog } = await openDialog(null);
    await user.click(await within(dialog).findByRole("button", { name: "카카오톡 등 앱으로 공유" }));
    expect(within(dialog).getByRole("status")).toBeEmptyDOMElement();
  });

  test("with a Kakao key, 카카오톡 comes first and the share sheet is 다른 앱으로 공유 further down", async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, "share", { value: share, configurable: true });
    const { user, dialog } = await openDialog("kakao-key-1");
    const more = await within(dialog).findByRole("button", { name: "다른 앱으로 공유" });
    const items = within(dialog).getAllByRole("listitem");
    expect(items[0]).toContainElement(within(dialog).getByRole("button", { name: "카카오톡" }));
    expect(items[0]).not.toContainElement(more);
    expect(within(dialog).queryByRole("button", { name: "카카오톡 등 앱으로 공유" })).toBeNull();
    await user.click(more);
    expect(share).toHaveBeenCalledWith({ title: PAGE_TITLE, url: PAGE_URL });
  });

  test("카카오톡 shows only with a Kakao key and shares the page through the SDK", async () => {
    const sendScrap = vi.fn();
    const init = vi.fn();
    window.Kakao = { isInitialized: () => false, init, Share: { sendScrap } };
    const { user, dialog } = await openDialog("kakao-key-1");
    const kakao = within(dialog).getByRole("button", { name: "카카오톡" });
    expect(within(dialog).getAllByRole("listitem")[0]).toContainElement(kakao);
    await user.click(kakao);
    await waitFor(() => expect(sendScrap).toHaveBeenCalledWith({ requestUrl: PAGE_URL }));
    expect(init).toHaveBeenCalledWith("kakao-key-1");
  });

  test("the Kakao SDK is loaded by its versioned file with Kakao's published integrity hash, anonymously", async () => {
    const { user, dialog } = await openDialog("kakao-key-1");
    await user.click(within(dialog).getByRole("button", { name: "카카오톡" }));
    const script = document.head.querySelector<HTMLScriptElement>('script[src^="https://t1.kakaocdn.net/"]');
    expect(script?.src).toBe("https://t1.kakaocdn.net/kakao_js_sdk/2.7.4/kakao.min.js");
    expect(script?.getAttribute("integrity")).toBe("sha384-DKYJZ8NLiK8MN4/C5P2dtSmLQ4KwPaoqAfyA/DfmEc1VDxu4yyC7wy6K1Hs90nka");
    expect(script?.getAttribute("crossorigin")).toBe("anonymous");
    script?.remove();
  });

  test("without a Kakao key there is no 카카오톡 button", async () => {
    const { dialog } = await openDialog(null);
    expect(within(dialog).queryByRole("button", { name: "카카오톡" })).toBeNull();
  });

  test("닫기 closes the dialog and a reopened dialog starts without the old message", async () => {
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole("button", { name: "링크 복사" }));
    await within(dialog).findByText("링크가 복사되었습니다.");
    await user.click(within(dialog).getByRole("button", { name: "닫기" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    await user.click(screen.getByRole("link", { name: "공유 열기" }));
    await waitFor(() => expect(within(screen.getByRole("dialog", { name: "공유하기" })).getByRole("status")).toBeEmptyDOMElement());
  });
});
