import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test } from "vitest";

import { PartnerAd } from "~/features/ads/components/PartnerAd";
import { PartnerAdList, type PartnerAdListItem } from "~/features/settings/components/PartnerAdList";
import { SettingField } from "~/features/settings/components/SettingField";
import PartnerAdUpsert from "~/routes/_admin.site-settings_.ad.$tag.($info)";
import { renderInRoute, renderRoutes } from "./remix-stub";

const DISCLOSURE = "이 포스팅은 쿠팡 파트너스 활동의 일환으로, 이에 따른 일정액의 수수료를 제공받습니다.";

const ADS: PartnerAdListItem[] = [
  {
    index: 3,
    name: "변기 커버",
    source: "upload",
    image: "/uploads/a.png",
    frameUrl: null,
    isView: true,
    editHref: "/site-settings/ad/1/x",
  },
  {
    index: 7,
    name: "블록 위젯",
    source: "code",
    image: null,
    frameUrl: "https://coupa.ng/abc",
    isView: false,
    editHref: "/site-settings/ad/1/y",
  },
];

/** The words the server gives a banner to Coupang (app/features/ads/ads.server.ts). */
const COUPANG = { cta: "쿠팡에서 보기", disclosure: DISCLOSURE };

/** A banner's box as the server hands it (app/features/ads/ads.server.ts): its size and that aspect ratio. */
const box = (width: number, height: number) => ({ width, height, style: { aspectRatio: `${width} / ${height}` } });

describe("PartnerAd (what visitors see)", () => {
  test("nothing at all without a banner: no empty box, no lone disclosure", () => {
    const { container } = render(<PartnerAd ad={null} />);
    expect(container).toBeEmptyDOMElement();
  });

  test("a picture banner links out through /out/ad/{id} as a sponsored link, with the disclosure beside it", () => {
    const picture = { sources: [], img: { src: "/uploads/a.png", loading: "lazy" as const } };
    const ad = { id: 3, name: "변기 커버", label: "광고: 변기 커버", ...COUPANG, box: box(320, 50), variant: "banner" as const };
    render(<PartnerAd ad={{ ...ad, kind: "image", href: "/out/ad/3", picture }} />);
    const link = screen.getByRole("link", { name: "광고: 변기 커버" });
    expect(link).toHaveAttribute("href", "/out/ad/3");
    expect(link).toHaveAttribute("rel", expect.stringContaining("sponsored"));
    expect(screen.getByText(DISCLOSURE)).toBeInTheDocument();
  });

  test("a widget banner is a titled, lazy, sandboxed frame of the widget's own size, with the disclosure", () => {
    const frameUrl = "https://ads-partners.coupang.com/widgets.html?id=1&width=680&height=140";
    const ad = { id: 7, name: "블록 위젯", label: "광고: 블록 위젯", ...COUPANG, box: box(680, 140), variant: "banner" as const };
    render(<PartnerAd ad={{ ...ad, kind: "frame", frameUrl }} />);
    const frame = screen.getByTitle("광고: 블록 위젯");
    expect(frame.tagName).toBe("IFRAME");
    expect(frame).toHaveAttribute("src", frameUrl);
    expect(frame).toHaveAttribute("loading", "lazy");
    expect(frame).toHaveAttribute("sandbox", "allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox");
    expect(frame).toHaveAttribute("width", "680");
    expect(frame).toHaveAttribute("height", "140");
    expect(screen.getByText(DISCLOSURE)).toBeInTheDocument();
  });

  test("a banner in the list pages' frame is drawn at its box with its name and a call to action", () => {
    const ad = { id: 7, name: "블록 위젯", label: "광고: 블록 위젯", ...COUPANG, box: box(236, 197), variant: "frame" as const };
    const { container } = render(<PartnerAd ad={{ ...ad, kind: "frame", frameUrl: "https://coupa.ng/abc" }} />);
    const frame = screen.getByTitle("광고: 블록 위젯");
    expect(frame).toHaveAttribute("width", "236");
    expect(frame).toHaveAttribute("height", "197");
    expect(container.querySelector(".partner-ad--frame")).not.toBeNull();
  });
});

describe("PartnerAdList (사이트 설정)", () => {
  test("says so when there is no banner", async () => {
    renderInRoute(<PartnerAdList ads={[]} />, "/site-settings");
    expect(await screen.findByText("등록된 배너가 없습니다. 배너가 없으면 광고 자리는 비워 둡니다.")).toBeInTheDocument();
  });

  test("each banner has its own buttons, named with the banner, posting to the list's action", async () => {
    renderInRoute(<PartnerAdList ads={ADS} />, "/site-settings");
    const [first, second] = await screen.findAllByRole("listitem");
    expect(within(first!).getByText("이미지 배너 · 공개 중")).toBeInTheDocument();
    expect(within(second!).getByText("위젯 배너 · 숨김")).toBeInTheDocument();

    expect(screen.getByRole("button", { name: "변기 커버 위로" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "변기 커버 아래로" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "블록 위젯 아래로" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "변기 커버 숨김" })).toHaveAttribute("value", "hide");
    expect(screen.getByRole("button", { name: "블록 위젯 공개" })).toHaveAttribute("value", "show");
    expect(screen.getByRole("link", { name: "블록 위젯 수정" })).toHaveAttribute("href", "/site-settings/ad/1/y");
    expect(screen.getByRole("link", { name: "블록 위젯 삭제" })).toHaveAttribute("href", "/site-settings?delete=7");

    const form = screen.getByRole("button", { name: "블록 위젯 위로" }).closest("form")!;
    expect(form).toHaveAttribute("action", "/site-settings/ads");
    expect(form).toHaveAttribute("method", "post");
    // With JavaScript the move is done in place (no #item-{id} jump back): the page keeps its place itself.
    expect(Object.fromEntries(new FormData(form))).toEqual({ inPlace: "true", intent: "move", id: "7" });
    const commands = screen.getByRole("button", { name: "블록 위젯 공개" }).closest("form")!;
    expect(commands).toHaveAttribute("action", "/site-settings/ads");
    expect(new FormData(commands).get("index")).toBe("7");
  });
});

describe("SettingField", () => {
  const meta = { id: "kakao", errorId: "kakao-error" };

  test("says which default a blank field falls back to, read out with the field", () => {
    render(<SettingField label="챗봇 ID" meta={meta} fallback="env-bot" input={{ id: "kakao", name: "chatbotBotId" }} />);
    expect(screen.getByLabelText("챗봇 ID")).toHaveAccessibleDescription("비워 두면 기본값(env-bot)을 씁니다.");
  });

  test("without a default, a blank field turns the feature off; an error is read out too", () => {
    render(
      <SettingField
        label="카카오 JavaScript 키"
        meta={{ ...meta, errors: ["카카오 JavaScript 키는 숫자와 영문 a~f로 된 32자입니다. 다시 확인해 주세요."] }}
        hint="JavaScript 키입니다."
        fallback={null}
        input={{ id: "kakao", name: "kakaoJsKey" }}
      />,
    );
    expect(screen.getByLabelText("카카오 JavaScript 키")).toHaveAccessibleDescription(
      "JavaScript 키입니다. 비워 두면 사용하지 않습니다. 카카오 JavaScript 키는 숫자와 영문 a~f로 된 32자입니다. 다시 확인해 주세요.",
    );
  });
});

describe("the banner form", () => {
  test("shows the picture fields, or only the code field once 배너 코드 붙여넣기 is chosen", async () => {
    const user = userEvent.setup();
    renderRoutes([{ path: "/site-settings/ad/:tag", Component: PartnerAdUpsert, loader: () => ({ ad: null }) }], "/site-settings/ad/0");
    await screen.findByRole("heading", { level: 1, name: "배너 등록" });
    expect(screen.getByLabelText("배너 이미지")).toBeVisible();
    expect(screen.getByLabelText("연결할 주소")).toBeVisible();
    expect(screen.getByLabelText("배너 코드")).not.toBeVisible();

    await user.click(screen.getByRole("radio", { name: "배너 코드 붙여넣기" }));
    expect(screen.getByLabelText("배너 코드")).toBeVisible();
    expect(screen.getByLabelText("연결할 주소")).not.toBeVisible();
  });
});
