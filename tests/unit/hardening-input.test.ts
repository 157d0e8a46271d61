import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";

import { isValidLoginId, loginSchema } from "~/features/auth/schema";
import { homeUpdateFormSchema, homeUpdateSchema } from "~/features/home/schema";
import { instagramTokenSchema } from "~/features/instagram/schema";
import { productSchema } from "~/features/products/schema";
import { categorySchema, reelSchema } from "~/features/reels/schema";
import { partnerAdSchema } from "~/features/settings/schema";
import { controlsAsSpaces, importedText, multiLineText, oneLineText, recordId } from "~/lib/input-rules";
import { safeRedirect } from "~/lib/safe-redirect";
import type * as z from "~/lib/zod";

describe("record ids", () => {
  test("a JSON number or a plain digit string is an id", () => {
    expect(recordId.parse(16)).toBe(16);
    expect(recordId.parse("16")).toBe(16);
  });

  test.each([["0x10"], [" 1"], ["1 "], ["1e3"], ["1.0"], [true], [[1]], [0], ["0"], [-1], [1.5], [""], [null], ["９"]])(
    "%j is refused, not coerced",
    (value) => {
      expect(recordId.safeParse(value).success).toBe(false);
    },
  );

  test("a reel rename sent as JSON takes only a real id", () => {
    expect(reelSchema.safeParse({ index: true, reelsNm: "새 이름" }).success).toBe(false);
    expect(reelSchema.safeParse({ index: [1], reelsNm: "새 이름" }).success).toBe(false);
    expect(reelSchema.safeParse({ index: "0x10", reelsNm: "새 이름" }).success).toBe(false);
    expect(reelSchema.parse({ index: 1, reelsNm: "새 이름" }).index).toBe(1);
  });

  test("a page form's hidden id is read the same way (Conform's coercion does not widen it)", () => {
    const form = (index: string) => {
      const data = new FormData();
      data.set("index", index);
      data.set("productsNm", "제품");
      return parseWithZod(data, { schema: productSchema });
    };
    const ok = form("7");
    expect(ok.status).toBe("success");
    expect(ok.status === "success" && ok.value.index).toBe(7);
    expect(form("0x10").status).toBe("error");
    expect(form(" 1").status).toBe("error");
  });
});

describe("names", () => {
  test.each([["\u200b\u200b"], ["\u0000\u0007"], ["\u202e\u2066"], ["\u3164"], ["\ufeff \u200d"]])(
    "%j (nothing visible) is refused",
    (name) => {
      expect(productSchema.safeParse({ productsNm: name }).success).toBe(false);
      expect(categorySchema.safeParse({ categoryNm: name }).success).toBe(false);
      expect(reelSchema.safeParse({ reelsNm: name }).success).toBe(false);
      expect(homeUpdateSchema.safeParse({ homeMenuNm: name }).success).toBe(false);
    },
  );

  test("bidi controls are stripped from a name that shows something", () => {
    expect(productSchema.parse({ productsNm: "\u202e기저귀\u202c" }).productsNm).toBe("기저귀");
    expect(categorySchema.parse({ categoryNm: "놀이\u2067치료\u2069" }).categoryNm).toBe("놀이치료");
    expect(reelSchema.parse({ reelsNm: "\u200f배변훈련" }).reelsNm).toBe("배변훈련");
  });
});

const ONE_LINE = "줄바꿈, 탭 등 보이지 않는 제어 문자는 쓸 수 없습니다. 한 줄로 입력해 주세요.";
const MULTI_LINE = "보이지 않는 제어 문자가 들어 있습니다(줄바꿈과 탭은 쓸 수 있습니다). 붙여 넣은 글이라면 그 부분을 다시 입력해 주세요.";

/** The messages a schema gives, by field ("" for the form itself). */
function messagesOf(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  expect(result.success, `${JSON.stringify(input)} is refused`).toBe(false);
  const byField: Record<string, string[]> = {};
  for (const issue of result.error!.issues) (byField[issue.path.join(".")] ??= []).push(issue.message);
  return byField;
}

// NUL, BEL, BS, TAB, LF, VT, FF, CR, ESC, US, DEL, and the C1 controls NEL (U+0085) and APC (U+009F).
const CONTROLS = ["\u0000", "\u0007", "\b", "\t", "\n", "\u000b", "\f", "\r", "\u001b", "\u001f", "\u007f", "\u0085", "\u009f"];
// The ones a multi-line field refuses: all but TAB, LF and CR.
const MULTI_LINE_REFUSED = CONTROLS.filter((control) => !["\t", "\n", "\r"].includes(control));

describe("one-line text refuses every control character", () => {
  test.each(CONTROLS.map((control) => [control]))("%j at the start, inside and at the end, with the one message", (control) => {
    for (const value of [`${control}기저귀`, `기저귀${control}커버`, `기저귀${control}`]) {
      expect(messagesOf(oneLineText(), value)).toEqual({ "": [ONE_LINE] });
    }
  });

  test("a CRLF is refused too, and text without controls passes as it is", () => {
    expect(messagesOf(oneLineText(), "배변\r\n훈련")).toEqual({ "": [ONE_LINE] });
    expect(oneLineText().parse("배변 훈련 ✂️ #1 \u00a0(NBSP)")).toBe("배변 훈련 ✂️ #1 \u00a0(NBSP)");
  });

  test("the refusal comes alone: no 'required' or 'too long' beside it", () => {
    expect(messagesOf(productSchema, { productsNm: "\u0000" })).toEqual({ productsNm: [ONE_LINE] });
    expect(messagesOf(productSchema, { productsNm: `${"가".repeat(70)}\u0007` })).toEqual({ productsNm: [ONE_LINE] });
  });

  test.each([
    ["a product name", productSchema, { productsNm: "기저귀\u001b[31m" }, "productsNm"],
    ["a button name", productSchema, { productsNm: "기저귀", leftButtonNm: "구매\n하기" }, "leftButtonNm"],
    ["a category name", categorySchema, { categoryNm: "놀이\r\n치료" }, "categoryNm"],
    ["a category's hashtags", categorySchema, { categoryNm: "놀이", hashtags: "#배변훈련\u0000" }, "hashtags"],
    ["a reel name", reelSchema, { reelsNm: "릴스\u0007" }, "reelsNm"],
    ["a menu name (API)", homeUpdateSchema, { homeMenuNm: "홈\t화면" }, "homeMenuNm"],
    ["a banner name", partnerAdSchema, { name: "쿠팡\u0085배너", link: "https://link.coupang.com/a/b" }, "name"],
    ["a login id", loginSchema, { id: "admin\u0000", pw: "secret-pass" }, "id"],
    ["an Instagram token", instagramTokenSchema, { token: "IGQV\nJ" }, "token"],
  ] as const)("%s is refused with the one-line message", (_label, schema, input, field) => {
    expect(messagesOf(schema, input)[field]).toEqual([ONE_LINE]);
  });

  test("a menu name typed in the page form is refused the same way", () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({
      homeChecked: "on",
      homeMenuNm: "홈\u0000",
      homeView: "show",
      reelsView: "show",
      productsView: "show",
    })) {
      form.append(name, value);
    }
    const submission = parseWithZod(form, { schema: homeUpdateFormSchema });
    expect(submission.status).toBe("error");
    expect(submission.status === "error" && submission.error).toEqual({ homeMenuNm: [ONE_LINE] });
  });

  test("the admin account must meet it too, so it can always log in through the form", () => {
    expect(isValidLoginId("therapist")).toBe(true);
    expect(isValidLoginId("thera\u0000pist")).toBe(false);
    expect(isValidLoginId("therapist\n")).toBe(false);
  });
});

describe("multi-line text keeps its lines and refuses the other controls", () => {
  test("CRLF (a textarea's line break) and a lone CR become LF; LF and TAB stay", () => {
    expect(multiLineText().parse("첫 줄\r\n둘째 줄\r셋째 줄\n\t넷째 줄")).toBe("첫 줄\n둘째 줄\n셋째 줄\n\t넷째 줄");
    expect(productSchema.parse({ productsNm: "기저귀", description: "부드러워요.\r\n\r\n- 대형" }).description).toBe(
      "부드러워요.\n\n- 대형",
    );
  });

  test.each(MULTI_LINE_REFUSED.map((control) => [control]))("%j is refused with the multi-line message", (control) => {
    expect(messagesOf(multiLineText(), `설명${control}입니다`)).toEqual({ "": [MULTI_LINE] });
  });

  test.each([
    ["a product description", productSchema, { productsNm: "기저귀", description: "설명\u0000" }, "description"],
    ["a category description", categorySchema, { categoryNm: "놀이", description: "설명\u001b" }, "description"],
    ["a banner code", partnerAdSchema, { name: "배너", source: "code", code: "<a href=x>\u0007</a>" }, "code"],
  ] as const)("%s is refused with the multi-line message", (_label, schema, input, field) => {
    expect(messagesOf(schema, input)[field]).toEqual([MULTI_LINE]);
  });

  test("a line break counts as one character towards the limit, as it is stored", () => {
    const lines = Array.from({ length: 1000 }, () => "가").join("\r\n");
    expect(lines.length).toBe(2998);
    expect(productSchema.parse({ productsNm: "기저귀", description: lines }).description).toHaveLength(1999);
  });
});

describe("imported text (Instagram captions)", () => {
  test("controls are dropped, line breaks normalised, TAB kept", () => {
    expect(importedText("첫 줄\r\n둘째\u0000 줄\u001b[0m\r셋째\t줄\u0085", 2200)).toBe("첫 줄\n둘째 줄[0m\n셋째\t줄");
  });

  test("cut after `max` characters, never inside one", () => {
    expect(importedText("가".repeat(2300), 2200)).toBe("가".repeat(2200));
    expect(importedText("가나다", 3)).toBe("가나다");
    // Emoji are two UTF-16 units each: the cut counts characters and keeps whole ones.
    expect(importedText("😀".repeat(5), 3)).toBe("😀😀😀");
    expect(importedText(`가${"😀".repeat(5)}`, 3)).toBe("가😀😀");
    const cut = importedText("😀".repeat(200_000), 2200);
    expect(Array.from(cut)).toHaveLength(2200);
    expect(cut).toBe("😀".repeat(2200));
  });

  test("controls removed before the count: what is left counts", () => {
    expect(importedText(`${"\u0000".repeat(10)}가나다라`, 3)).toBe("가나다");
  });
});

test("a search's control characters separate words as spaces do", () => {
  expect(controlsAsSpaces("배변\u0000훈련\t기저귀\r\n변기")).toBe("배변 훈련 기저귀  변기");
});

describe("redirectTo", () => {
  test("a Korean path comes back percent-encoded, so it can be a Location header", () => {
    expect(safeRedirect("/릴스")).toBe("/%EB%A6%B4%EC%8A%A4");
    expect(safeRedirect("/reels-list/1/놀이?mode=edit")).toBe("/reels-list/1/%EB%86%80%EC%9D%B4?mode=edit");
    expect(() => new Headers({ Location: safeRedirect("/릴스") })).not.toThrow();
  });
});
