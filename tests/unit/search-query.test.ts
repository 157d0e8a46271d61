import { describe, expect, test } from "vitest";
import { excerpt } from "~/features/search/highlight";
import { searchQuerySchema } from "~/features/search/schema";

const parse = (q: string) => searchQuerySchema.parse({ q });

describe("the search query", () => {
  test("words split on any whitespace, repeated words (case ignored) counted once", () => {
    expect(parse("  배변\t훈련\n배변 Potty potty ")).toEqual({ text: "배변 훈련 Potty", words: ["배변", "훈련", "Potty"], cut: false });
  });

  test("cut at 100 characters counted as code points: an emoji is never halved", () => {
    const query = parse("🚽".repeat(150));
    expect(query.cut).toBe(true);
    expect(Array.from(query.text)).toEqual(Array(100).fill("🚽"));
  });

  test("control characters separate words; nothing but spaces is no search", () => {
    expect(parse("배변\u0000훈련").words).toEqual(["배변", "훈련"]);
    expect(parse(" \u0007 ")).toEqual({ text: "", words: [], cut: false });
  });
});

describe("a caption's excerpt", () => {
  const caption = `${"앞부분 이야기 ".repeat(30)}여기서 배변훈련 이야기가 나와요 ${"뒷부분 ".repeat(30)}`;

  test("a long caption is cut to 120 characters around the first match, with … where text was left out", () => {
    const cut = excerpt(caption, ["배변"]);
    expect(cut.startsWith("…")).toBe(true);
    expect(cut.endsWith("…")).toBe(true);
    expect(cut).toContain("여기서 배변훈련 이야기가 나와요");
    expect(Array.from(cut)).toHaveLength(122);
  });

  test("a short caption is kept, on one line", () => {
    expect(excerpt("배변훈련\n\n첫 주", ["배변"])).toBe("배변훈련 첫 주");
  });
});
