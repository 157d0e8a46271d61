// The guides' renderer (docs/architecture.md §5, "Guides rendered once"; decision 0013): what the
// text may and may not put on a page, anchors, tables, task lists and card lines.
import { describe, expect, test } from "vitest";
import { allowedHref, cardTargetOf, headingSlug, renderGuide, type RenderContext } from "~/features/guides/markdown.server";

const PHOTO = "/uploads/0b6f7a52-8a9e-4c1b-9a57-3f1e1c2d9a10.jpg";
const OTHER_PHOTO = "/uploads/1c7f8b63-9b0f-4d2c-8b68-4a2f2d3e0b21.png";

const context: RenderContext = {
  origins: ["https://ot.example"],
  picture: async (url) => ({
    sources: [{ type: "image/avif", srcSet: `${url.replace(".jpg", "-360.avif")} 360w`, sizes: "100vw" }],
    img: { src: url, width: 1200, height: 800 },
  }),
  card: async (kind, id) =>
    id === 404
      ? null
      : {
          kind,
          id,
          title: kind === "reel" ? "배변훈련 첫날" : "유아 변기",
          href: kind === "reel" ? `/r/${id}` : `/product/${id}`,
          picture: null,
        },
};

const render = (body: string) => renderGuide(body, context);

describe("what the text cannot put on the page", () => {
  test("raw HTML is shown as text: no script, no element of its own", async () => {
    const { html } = await render('<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">\n\n<b onclick="x()">굵게</b>');
    expect(html).not.toMatch(/<script|<img|<b[\s>]/i);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toMatch(/<[^>]*\son\w+=/i);
  });

  test("javascript:, data: and other schemes leave the words without a link", async () => {
    for (const href of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "data:text/html,<script>x</script>",
      "vbscript:x",
      "file:///etc/passwd",
      "//evil.example/x",
    ]) {
      const { html } = await render(`[눌러 보세요](${href})`);
      expect(html, href).toContain("눌러 보세요");
      expect(html, href).not.toMatch(/<a\s/);
    }
  });

  test("http(s), mailto:, tel: and same-site links survive; outside ones open safely", async () => {
    const { html } = await render(
      "[블로그](https://blog.naver.com/ot) [메일](mailto:ot@example.com) [전화](tel:01012345678) [릴스](/reels-category) [같은 사이트](https://ot.example/detail-category)",
    );
    expect(html).toContain('<a href="https://blog.naver.com/ot" target="_blank" rel="noopener noreferrer">블로그</a>');
    expect(html).toContain('<a href="mailto:ot@example.com">메일</a>');
    expect(html).toContain('<a href="tel:01012345678">전화</a>');
    expect(html).toContain('<a href="/reels-category">릴스</a>');
    expect(html).toContain('<a href="/detail-category">같은 사이트</a>');
  });

  test("pictures only from the site's own uploads; others leave their alt text", async () => {
    const { html, pictures } = await render(
      `![우리 집 변기](${PHOTO})\n\n![밖의 사진](https://evil.example/a.jpg)\n\n![가짜](/uploads/../app.db)`,
    );
    expect(html).toContain(`src="${PHOTO}"`);
    expect(html).toContain('alt="우리 집 변기"');
    expect(html).toContain("<picture><source");
    expect(html).not.toContain("evil.example");
    expect(html).not.toContain('app.db"');
    expect(html).toContain("밖의 사진");
    expect(pictures).toStrictEqual([PHOTO.slice("/uploads/".length)]);
  });

  test("allowedHref refuses what is not a page address", () => {
    expect(allowedHref("javascript:alert(1)", [])).toBeNull();
    expect(allowedHref(" java\tscript:x", [])).toBeNull();
    expect(allowedHref("//evil.example", [])).toBeNull();
    expect(allowedHref("/\\evil.example", [])).toBeNull();
    expect(allowedHref("https://a.example/x?y=1#z", [])).toBe("https://a.example/x?y=1#z");
    expect(allowedHref("#목차", [])).toBe("#목차");
  });
});

describe("headings, tables and checklists", () => {
  test("headings get stable anchors with their Korean words; three or more make a table of contents", async () => {
    const body = "# 배변훈련 언제 시작할까요?\n\n본문\n\n## 준비 신호 3가지\n\n### 준비 신호 3가지\n\n## 기저귀 떼기 거부할 때!";
    const first = await render(body);
    const again = await render(body);
    expect(first.html).toContain('<h2 id="배변훈련-언제-시작할까요">배변훈련 언제 시작할까요?</h2>');
    expect(first.html).toContain('<h2 id="준비-신호-3가지">');
    expect(first.html).toContain('<h3 id="준비-신호-3가지-2">');
    expect(first.toc).toStrictEqual([
      { id: "배변훈련-언제-시작할까요", text: "배변훈련 언제 시작할까요?", level: 2 },
      { id: "준비-신호-3가지", text: "준비 신호 3가지", level: 2 },
      { id: "준비-신호-3가지-2", text: "준비 신호 3가지", level: 3 },
      { id: "기저귀-떼기-거부할-때", text: "기저귀 떼기 거부할 때!", level: 2 },
    ]);
    expect(again).toStrictEqual(first);
  });

  test("two headings make no table of contents; a heading never takes the page's own ids", async () => {
    const { toc, html } = await render("## main\n\n## top");
    expect(toc).toStrictEqual([]);
    expect(html).toContain('id="main-2"');
    expect(html).toContain('id="top-2"');
  });

  test("GFM tables, aligned by class, in a scrollable region", async () => {
    const { html } = await render("| 나이 | 신호 |\n| :-- | --: |\n| 18개월 | 기저귀가 젖으면 말해요 |");
    expect(html).toContain('<div class="table-scroll" tabindex="0" role="region" aria-label="표"><table>');
    expect(html).toContain('<th class="align-left">나이</th>');
    expect(html).toContain('<td class="align-right">기저귀가 젖으면 말해요</td>');
    expect(html).not.toContain("style=");
  });

  test("task lists become checkboxes a parent can tick, each labelled by its words", async () => {
    const { html } = await render("- [ ] 변기 고르기\n- [x] 팬티 사기\n- 그냥 항목");
    expect(html).toContain('<ul class="contains-task-list">');
    expect(html).toContain(
      '<li class="task-item"><label class="task"><input type="checkbox" class="task__box" /> 변기 고르기</label></li>',
    );
    expect(html).toContain('<input type="checkbox" class="task__box" checked /> 팬티 사기');
    expect(html).toContain("<li>그냥 항목</li>");
  });
});

describe("card lines", () => {
  test("a line that is only a link to a reel or a product becomes its card", async () => {
    const { html } = await render("[이 릴스](/r/5)\n\nhttps://ot.example/product/7\n\n문장 속 [릴스](/r/5) 링크");
    expect(html).toContain('<a class="guide-card" href="/r/5">');
    expect(html).toContain('<span class="guide-card__title">배변훈련 첫날</span>');
    expect(html).toContain('<a class="guide-card" href="/product/7">');
    expect(html).toContain('문장 속 <a href="/r/5">릴스</a> 링크');
  });

  test("a reel a visitor cannot open stays a plain link", async () => {
    const { html } = await render("[없는 릴스](/r/404)");
    expect(html).toContain('<a href="/r/404">없는 릴스</a>');
    expect(html).not.toContain("guide-card");
  });

  test("the addresses a card line knows", () => {
    expect(cardTargetOf("/r/12")).toStrictEqual({ kind: "reel", id: 12 });
    expect(cardTargetOf(`/reels-content/${encodeURIComponent(JSON.stringify({ id: 3, mediaId: "1", reelsNm: "a" }))}`)).toStrictEqual({
      kind: "reel",
      id: 3,
    });
    expect(cardTargetOf("/product/7")).toStrictEqual({ kind: "product", id: 7 });
    expect(cardTargetOf("/r/0")).toBeNull();
    expect(cardTargetOf("/reels-category")).toBeNull();
  });
});

test("reading time: about 500 characters a minute, pictures a few seconds more, at least one minute", async () => {
  expect((await render("짧은 글")).readingMinutes).toBe(1);
  expect((await render("가".repeat(2400))).readingMinutes).toBe(5);
  expect(
    (await render(`${"가".repeat(2400)}\n\n${Array.from({ length: 10 }, () => `![](${OTHER_PHOTO})`).join("\n\n")}`)).readingMinutes,
  ).toBe(6);
});

test("headingSlug keeps Korean and drops punctuation", () => {
  const taken = new Set<string>();
  expect(headingSlug("감각 놀이: 집에서 하는 법", taken)).toBe("감각-놀이-집에서-하는-법");
  expect(headingSlug("감각 놀이: 집에서 하는 법", taken)).toBe("감각-놀이-집에서-하는-법-2");
  expect(headingSlug("!!!", taken)).toBe("section");
});
