import { parseWithZod } from "@conform-to/zod/v4";
import { describe, test, expect } from "vitest";

import { isValidLoginId, loginSchema } from "~/features/auth/schema";

// docs/product.md §5's login rules, as the admin reads them.
const REQUIRED = "아이디와 비밀번호를 입력해 주세요.";
const NO_HANGUL = "한글은 입력할 수 없습니다.";
const NO_UNDERSCORE = "특수문자 _(밑줄)은 사용할 수 없습니다.";
const TOO_LONG = "100자 이내로 입력해 주세요.";

function messages(input: unknown) {
  const result = loginSchema.safeParse(input);
  expect(result.success, `expected ${JSON.stringify(input)} to be refused`).toBe(false);
  return result.error!.issues.map((issue) => issue.message);
}

function formData(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

describe("loginSchema (docs/product.md §5 login rules)", () => {
  test("empty or missing id or password gives the one form-level 'required' message", () => {
    for (const input of [
      {},
      { id: "", pw: "" },
      { id: "therapist", pw: "" },
      { id: "", pw: "secret-1" },
      { id: "therapist" },
      { pw: "secret-1" },
    ]) {
      const result = loginSchema.safeParse(input);
      expect(result.success, JSON.stringify(input)).toBe(false);
      const required = result.error!.issues.filter((issue) => issue.message === REQUIRED);
      expect(required.length, `one required message for ${JSON.stringify(input)}`).toBe(1);
      expect(required[0]!.path, "the required message belongs to the form, not a field").toStrictEqual([]);
    }
  });

  test("Hangul in the id or the password is refused with the 'no Hangul' message", () => {
    for (const input of [
      { id: "관리자", pw: "secret-1" },
      { id: "admin", pw: "비밀번호" },
      { id: "adminㄱ", pw: "secret-1" }, // a lone jamo is Hangul too
      { id: "admin", pw: "pass한1" },
    ]) {
      expect(messages(input), JSON.stringify(input)).toContain(NO_HANGUL);
    }
  });

  test("the Hangul message is tied to the field that has it", () => {
    const id = loginSchema.safeParse({ id: "관리자", pw: "secret-1" });
    expect(id.error!.issues.find((i) => i.message === NO_HANGUL)!.path).toStrictEqual(["id"]);
    const pw = loginSchema.safeParse({ id: "admin", pw: "비밀" });
    expect(pw.error!.issues.find((i) => i.message === NO_HANGUL)!.path).toStrictEqual(["pw"]);
  });

  test("an underscore in the id or the password is refused with the 'no underscore' message", () => {
    for (const input of [
      { id: "ad_min", pw: "secret-1" },
      { id: "admin", pw: "secret_1" },
      { id: "_", pw: "x" },
    ]) {
      expect(messages(input), JSON.stringify(input)).toContain(NO_UNDERSCORE);
    }
  });

  test("an over-long credential is refused with the Korean 'too long' message", () => {
    expect(messages({ id: "a".repeat(101), pw: "secret-1" })).toContain(TOO_LONG);
  });

  test("valid input passes and keeps id and password as given", () => {
    const result = loginSchema.safeParse({ id: "therapist", pw: "correct-horse-42!@#" });
    expect(result.success).toBe(true);
    expect(result.data).toStrictEqual({
      id: "therapist",
      pw: "correct-horse-42!@#",
      isPersonal: false,
      redirectTo: undefined,
    });
  });

  test("other special characters, digits and upper case are allowed", () => {
    for (const pw of ["P@ss-w0rd!", "a.b+c~d", "UPPER lower 123", "ünïcödé"]) {
      expect(loginSchema.safeParse({ id: "Admin.01", pw }).success, pw).toBe(true);
    }
  });

  test("isPersonal: true stays true, false or missing becomes false, a non-boolean is refused (JSON API)", () => {
    expect(loginSchema.parse({ id: "a", pw: "b", isPersonal: true }).isPersonal).toBe(true);
    expect(loginSchema.parse({ id: "a", pw: "b", isPersonal: false }).isPersonal).toBe(false);
    expect(loginSchema.parse({ id: "a", pw: "b" }).isPersonal).toBe(false);
    expect(loginSchema.safeParse({ id: "a", pw: "b", isPersonal: "yes" }).success).toBe(false);
  });

  test("isPersonal from the page form: a ticked checkbox ('on') is true, an unticked one false", () => {
    const ticked = parseWithZod(formData({ id: "a", pw: "b", isPersonal: "on" }), { schema: loginSchema });
    expect(ticked.status).toBe("success");
    expect(ticked.status === "success" && ticked.value.isPersonal).toBe(true);

    const unticked = parseWithZod(formData({ id: "a", pw: "b" }), { schema: loginSchema });
    expect(unticked.status).toBe("success");
    expect(unticked.status === "success" && unticked.value.isPersonal).toBe(false);
  });

  test("page form with empty fields reports the required message as a form error", () => {
    const submission = parseWithZod(formData({ id: "", pw: "" }), { schema: loginSchema });
    expect(submission.status).toBe("error");
    const reply = submission.reply();
    expect(reply.error?.[""]).toStrictEqual([REQUIRED]);
  });
});

describe("isValidLoginId (the rule ADMIN_ID/ADMIN_PASSWORD must meet)", () => {
  test("accepts what the form accepts and refuses Hangul, '_' and empty", () => {
    expect(isValidLoginId("therapist")).toBe(true);
    expect(isValidLoginId("correct-horse-42")).toBe(true);
    expect(isValidLoginId("")).toBe(false);
    expect(isValidLoginId("관리자")).toBe(false);
    expect(isValidLoginId("a_b")).toBe(false);
    expect(isValidLoginId("a".repeat(101))).toBe(false);
  });
});
