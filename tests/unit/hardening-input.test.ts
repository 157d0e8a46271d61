import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";

import { homeUpdateSchema } from "~/features/home/schema";
import { productSchema } from "~/features/products/schema";
import { categorySchema, reelSchema } from "~/features/reels/schema";
import { recordId } from "~/lib/input-rules";
import { safeRedirect } from "~/lib/safe-redirect";

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

describe("redirectTo", () => {
  test("a Korean path comes back percent-encoded, so it can be a Location header", () => {
    expect(safeRedirect("/릴스")).toBe("/%EB%A6%B4%EC%8A%A4");
    expect(safeRedirect("/reels-list/1/놀이?mode=edit")).toBe("/reels-list/1/%EB%86%80%EC%9D%B4?mode=edit");
    expect(() => new Headers({ Location: safeRedirect("/릴스") })).not.toThrow();
  });
});
