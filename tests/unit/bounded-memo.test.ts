import { describe, expect, test } from "vitest";
import { boundedMemo } from "~/lib/bounded-memo";

describe("a function's answers remembered, bounded", () => {
  test("a key asked again is answered from memory; a key over the length is computed each time; a full memory starts again", () => {
    const asked: string[] = [];
    const length = boundedMemo(
      (key) => {
        asked.push(key);
        return key.length;
      },
      { maxKeys: 2, maxKeyLength: 5 },
    );
    expect([length("ab"), length("ab"), length("abc")]).toEqual([2, 2, 3]);
    expect(asked).toEqual(["ab", "abc"]);
    expect([length("abcdefg"), length("abcdefg")]).toEqual([7, 7]);
    expect(asked.filter((key) => key === "abcdefg")).toHaveLength(2);
    // A third short key: the memory was full, it starts again with it alone.
    length("x");
    length("ab");
    expect(asked.slice(-2)).toEqual(["x", "ab"]);
  });

  test("an answer of undefined is remembered too", () => {
    let calls = 0;
    const nothing = boundedMemo(
      () => {
        calls++;
        return undefined;
      },
      { maxKeys: 10, maxKeyLength: 10 },
    );
    nothing("a");
    nothing("a");
    expect(calls).toBe(1);
  });
});
