// Issue 33, point 3: every error of a form shows at once. A rule across fields (a button needs its
// name and its link) runs even when another field (the name) failed, in the browser (Conform's
// onValidate) and on the server alike, since both parse with the same schema.
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";
import { productSchema } from "~/features/products/schema";
import { partnerAdSchema } from "~/features/settings/schema";

function errorsOf(schema: Parameters<typeof parseWithZod>[1]["schema"], fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const submission = parseWithZod(form, { schema });
  return submission.status === "error" ? submission.error : {};
}

describe("a form's errors all at once", () => {
  test("product: no name and a left button without its link are two errors", () => {
    expect(errorsOf(productSchema, { productsNm: "", isLeft: "on", leftButtonNm: "구매하기", leftLink: "" })).toStrictEqual({
      productsNm: ["필수 정보를 입력해 주세요."],
      leftLink: ["왼쪽 버튼 정보를 입력해 주세요."],
    });
  });

  test("product: a refused left link does not hide the right button's missing name", () => {
    const errors = errorsOf(productSchema, {
      productsNm: "퍼즐",
      isLeft: "on",
      leftButtonNm: "구매하기",
      leftLink: "javascript:alert(1)",
      isRight: "on",
      rightLink: "www.naver.com",
    });
    expect(Object.keys(errors ?? {}).sort()).toStrictEqual(["leftLink", "rightButtonNm"]);
    expect(errors?.rightButtonNm).toStrictEqual(["오른쪽 버튼 정보를 입력해 주세요."]);
  });

  test("product: an address without a scheme is read as https", () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ productsNm: "퍼즐", isLeft: "on", leftButtonNm: "구매", leftLink: "www.naver.com" })) {
      form.append(name, value);
    }
    const submission = parseWithZod(form, { schema: productSchema });
    expect(submission.status === "success" && submission.value.leftLink).toBe("https://www.naver.com/");
  });

  test("banner: no name and no link are two errors", () => {
    expect(errorsOf(partnerAdSchema, { name: "", source: "upload", link: "" })).toStrictEqual({
      name: ["배너 이름을 입력해 주세요."],
      link: ["연결할 주소를 입력해 주세요."],
    });
  });

  test("a payload that is no object at all is refused, not checked across fields", () => {
    for (const schema of [productSchema, partnerAdSchema]) {
      expect(schema.safeParse(null).success).toBe(false);
      expect(schema.safeParse("text").success).toBe(false);
    }
  });
});
