import assert from "node:assert/strict";
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, test } from "vitest";

import { isValidLoginId, loginSchema } from "~/features/auth/schema";

// docs/product.md §5's login rules, as the admin reads them.
const REQUIRED = "아이디와 비밀번호를 입력해 주세요.";
const NO_HANGUL = "한글은 입력할 수 없습니다.";
const NO_UNDERSCORE = "특수문자 _(밑줄)은 사용할 수 없습니다.";
const TOO_LONG = "100자 이내로 입력해 주세요.";

function messages(input: unknown) {
  const result = loginSchema.safeParse(input);
  assert.equal(result.success, false, `expected ${JSON.stringify(input)} to be refused`);
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
      assert.equal(result.success, false, JSON.stringify(input));
      const required = result.error!.issues.filter((issue) => issue.message === REQUIRED);
      assert.equal(required.length, 1, `one required message for ${JSON.stringify(input)}`);
      assert.deepEqual(required[0]!.path, [], "the required message belongs to the form, not a field");
    }
  });

  test("Hangul in the id or the password is refused with the 'no Hangul' message", () => {
    for (const input of [
      { id: "관리자", pw: "secret-1" },
      { id: "admin", pw: "비밀번호" },
      { id: "adminㄱ", pw: "secret-1" }, // a lone jamo is Hangul too
      { id: "admin", pw: "pass한1" },
    ]) {
      assert.ok(messages(input).includes(NO_HANGUL), JSON.stringify(input));
    }
  });

  test("the Hangul message is tied to the field that has it", () => {
    const id = loginSchema.safeParse({ id: "관리자", pw: "secret-1" });
    assert.deepEqual(id.error!.issues.find((i) => i.message === NO_HANGUL)!.path, ["id"]);
    const pw = loginSchema.safeParse({ id: "admin", pw: "비밀" });
    assert.deepEqual(pw.error!.issues.find((i) => i.message === NO_HANGUL)!.path, ["pw"]);
  });

  test("an underscore in the id or the password is refused with the 'no underscore' message", () => {
    for (const input of [
      { id: "ad_min", pw: "secret-1" },
      { id: "admin", pw: "secret_1" },
      { id: "_", pw: "x" },
    ]) {
      assert.ok(messages(input).includes(NO_UNDERSCORE), JSON.stringify(input));
    }
  });

  test("an over-long credential is refused with the Korean 'too long' message", () => {
    assert.ok(messages({ id: "a".repeat(101), pw: "secret-1" }).includes(TOO_LONG));
  });

  test("valid input passes and keeps id and password as given", () => {
    const result = loginSchema.safeParse({ id: "therapist", pw: "correct-horse-42!@#" });
    assert.equal(result.success, true);
    assert.deepEqual(result.data, {
      id: "therapist",
      pw: "correct-horse-42!@#",
      isPersonal: false,
      redirectTo: undefined,
    });
  });

  test("other special characters, digits and upper case are allowed", () => {
    for (const pw of ["P@ss-w0rd!", "a.b+c~d", "UPPER lower 123", "ünïcödé"]) {
      assert.equal(loginSchema.safeParse({ id: "Admin.01", pw }).success, true, pw);
    }
  });

  test("isPersonal: true stays true, false or missing becomes false, a non-boolean is refused (JSON API)", () => {
    assert.equal(loginSchema.parse({ id: "a", pw: "b", isPersonal: true }).isPersonal, true);
    assert.equal(loginSchema.parse({ id: "a", pw: "b", isPersonal: false }).isPersonal, false);
    assert.equal(loginSchema.parse({ id: "a", pw: "b" }).isPersonal, false);
    assert.equal(loginSchema.safeParse({ id: "a", pw: "b", isPersonal: "yes" }).success, false);
  });

  test("isPersonal from the page form: a ticked checkbox ('on') is true, an unticked one false", () => {
    const ticked = parseWithZod(formData({ id: "a", pw: "b", isPersonal: "on" }), { schema: loginSchema });
    assert.equal(ticked.status, "success");
    assert.equal(ticked.status === "success" && ticked.value.isPersonal, true);

    const unticked = parseWithZod(formData({ id: "a", pw: "b" }), { schema: loginSchema });
    assert.equal(unticked.status, "success");
    assert.equal(unticked.status === "success" && unticked.value.isPersonal, false);
  });

  test("page form with empty fields reports the required message as a form error", () => {
    const submission = parseWithZod(formData({ id: "", pw: "" }), { schema: loginSchema });
    assert.equal(submission.status, "error");
    const reply = submission.reply();
    assert.deepEqual(reply.error?.[""], [REQUIRED]);
  });
});

describe("isValidLoginId (the rule ADMIN_ID/ADMIN_PASSWORD must meet)", () => {
  test("accepts what the form accepts and refuses Hangul, '_' and empty", () => {
    assert.equal(isValidLoginId("therapist"), true);
    assert.equal(isValidLoginId("correct-horse-42"), true);
    assert.equal(isValidLoginId(""), false);
    assert.equal(isValidLoginId("관리자"), false);
    assert.equal(isValidLoginId("a_b"), false);
    assert.equal(isValidLoginId("a".repeat(101)), false);
  });
});
