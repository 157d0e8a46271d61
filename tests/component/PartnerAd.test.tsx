import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";

import { PartnerAd } from "~/features/ads/components/PartnerAd";

describe("a partner widget banner", () => {
  test("its frame tells the partner at most the site's origin, never the page's address or search", () => {
    // The server's markup, as visitors get it (a frame is not loaded here).
    const html = renderToStaticMarkup(
      <PartnerAd
        ad={{
          id: 1,
          name: "쿠팡 위젯",
          label: "광고: 쿠팡 위젯",
          cta: "쿠팡에서 보기",
          disclosure: "이 포스팅은 쿠팡 파트너스 활동의 일환으로, 이에 따른 일정액의 수수료를 제공받습니다.",
          box: { width: 236, height: 197, style: { aspectRatio: "236 / 197" } },
          variant: "frame",
          kind: "frame",
          frameUrl: "https://ads-partners.coupang.com/widgets.html?id=1",
        }}
      />,
    );
    const frame = new DOMParser().parseFromString(html, "text/html").querySelector("iframe");
    expect(frame?.getAttribute("title")).toBe("광고: 쿠팡 위젯");
    expect(frame?.getAttribute("referrerpolicy")).toBe("strict-origin");
  });
});
