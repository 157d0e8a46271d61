// The one rule for links the owner types (DESIGN §10 "Links"): an address without its scheme is read
// as https, anything else is left as typed for the link field's own checks.
import { describe, expect, test } from "vitest";

import { linkField, withDefaultScheme } from "~/lib/links";

describe("withDefaultScheme", () => {
  test.each([
    ["www.naver.com", "https://www.naver.com"],
    ["smartstore.naver.com/myshop?tab=1", "https://smartstore.naver.com/myshop?tab=1"],
    ["link.coupang.com/a/bXyZ12", "https://link.coupang.com/a/bXyZ12"],
    ["우리가게.kr/상품#후기", "https://우리가게.kr/상품#후기"],
    ["shop.example:8443/x", "https://shop.example:8443/x"],
  ])("%s is read as %s", (typed, read) => {
    expect(withDefaultScheme(typed)).toBe(read);
  });

  test.each([
    "https://www.naver.com",
    "http://www.naver.com",
    "HTTPS://WWW.NAVER.COM",
    "javascript:alert(1)",
    "mailto:a@b.example",
    "ftp://files.example/a",
    "//www.naver.com",
    "/product-list",
    "localhost:3000",
    "naver.com:abc",
    "쇼핑몰",
    "",
  ])("%j is left as typed", (typed) => {
    expect(withDefaultScheme(typed)).toBe(typed);
  });
});

describe("a link field", () => {
  const field = linkField(500, "https 주소만 쓸 수 있습니다.", (url) => url.protocol === "https:");

  test("keeps an address typed without its scheme as the https address a browser follows", () => {
    expect(field.parse("www.naver.com")).toBe("https://www.naver.com/");
    expect(field.parse("  shop.example/a  "), "trimmed first").toBe("https://shop.example/a");
  });

  test("still refuses what is not an address, or what its rule does not allow, with the field's reason", () => {
    for (const typed of ["javascript:alert(1)", "쇼핑몰", "http://www.naver.com"]) {
      const result = field.safeParse(typed);
      expect(result.success, typed).toBe(false);
      expect(
        result.error?.issues.map((issue) => issue.message),
        typed,
      ).toEqual(["https 주소만 쓸 수 있습니다."]);
    }
  });
});
