import { parseWithZod } from "@conform-to/zod/v4";
import { describe, test, expect } from "vitest";

import { diffHomeMenu, type HomeMenu } from "~/features/home/home.server";
import { homeUpdateFormSchema, homeUpdateSchema, MENU_NAME_MAX } from "~/features/home/schema";

const NAME_TOO_LONG = "메뉴 이름은 20자 이내로 입력해 주세요.";
const HANGUL = /[\uAC00-\uD7AF]/;

const ALL_SHOWN = { homeView: "show", reelsView: "show", productsView: "show" } as const;

function formData(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

describe("homeUpdateFormSchema (the /home-update page form)", () => {
  test("only ticked rows with a non-empty name produce names", () => {
    const result = homeUpdateFormSchema.parse({
      ...ALL_SHOWN,
      homeChecked: true,
      homeMenuNm: "처음",
      reelsChecked: false,
      reelsMenuNm: "ignored: not ticked",
      productsChecked: true,
      productsMenuNm: "   ", // ticked but blank after trimming
      detailMenuNm: "ignored: no checkbox",
    });
    expect(result.update.homeMenuNm).toStrictEqual("처음");
    expect("reelsMenuNm" in result.update).toBe(false);
    expect("productsMenuNm" in result.update).toBe(false);
    expect("detailMenuNm" in result.update).toBe(false);
  });

  test("names are trimmed", () => {
    const result = homeUpdateFormSchema.parse({ ...ALL_SHOWN, reelsChecked: true, reelsMenuNm: "  짧은 영상  " });
    expect(result.update.reelsMenuNm).toBe("짧은 영상");
  });

  test("visibility radios map to booleans, always sent as isViewFlags", () => {
    const result = homeUpdateFormSchema.parse({
      homeView: "show",
      reelsView: "hide",
      productsView: "show",
    });
    expect(result.update).toStrictEqual({
      isViewFlags: { home: true, reels: false, products: true },
    });
  });

  test("a visibility value other than show/hide, or a missing one, is refused", () => {
    expect(homeUpdateFormSchema.safeParse({ ...ALL_SHOWN, reelsView: "maybe" }).success).toBe(false);
    const { productsView: _omit, ...withoutProducts } = ALL_SHOWN;
    expect(homeUpdateFormSchema.safeParse(withoutProducts).success).toBe(false);
  });

  test("intent defaults to review and accepts review/confirm only", () => {
    expect(homeUpdateFormSchema.parse(ALL_SHOWN).intent).toBe("review");
    expect(homeUpdateFormSchema.parse({ ...ALL_SHOWN, intent: "confirm" }).intent).toBe("confirm");
    expect(homeUpdateFormSchema.safeParse({ ...ALL_SHOWN, intent: "delete" }).success).toBe(false);
  });

  test(`a name longer than ${MENU_NAME_MAX} characters is refused with the Korean message`, () => {
    const result = homeUpdateFormSchema.safeParse({
      ...ALL_SHOWN,
      homeChecked: true,
      homeMenuNm: "가".repeat(MENU_NAME_MAX + 1),
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => [issue.path.join("."), issue.message])).toStrictEqual([["homeMenuNm", NAME_TOO_LONG]]);
    const exact = homeUpdateFormSchema.parse({ ...ALL_SHOWN, homeChecked: true, homeMenuNm: "가".repeat(MENU_NAME_MAX) });
    expect(exact.update.homeMenuNm).toBe("가".repeat(MENU_NAME_MAX));
  });

  test("through conform (as the page action parses it): 'on' ticks a row, empty inputs count as absent", () => {
    const submission = parseWithZod(
      formData({
        intent: "review",
        reelsChecked: "on",
        reelsMenuNm: "새 이름",
        productsChecked: "on",
        productsMenuNm: "",
        homeMenuNm: "not ticked",
        homeView: "show",
        reelsView: "show",
        productsView: "hide",
      }),
      { schema: homeUpdateFormSchema },
    );
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toStrictEqual({
      intent: "review",
      update: {
        reelsMenuNm: "새 이름",
        isViewFlags: { home: true, reels: true, products: false },
      },
    });
  });

  test("the 상세/심화 정보 row (the guides, issue 32): its ticked name and its show/hide go through", () => {
    const result = homeUpdateFormSchema.parse({ ...ALL_SHOWN, detailChecked: true, detailMenuNm: "심화 정보", detailView: "show" });
    expect(result.update).toStrictEqual({
      detailMenuNm: "심화 정보",
      isViewFlags: { home: true, reels: true, products: true, detail: true },
    });
  });

  test("a form from before the row came back leaves the guides' flag as it is", () => {
    expect(homeUpdateFormSchema.parse(ALL_SHOWN).update).toStrictEqual({ isViewFlags: { home: true, reels: true, products: true } });
  });
});

describe("homeUpdateSchema (the /api/home/update JSON payload)", () => {
  test("accepts only the chosen parts", () => {
    expect(homeUpdateSchema.parse({})).toStrictEqual({});
    expect(homeUpdateSchema.parse({ reelsMenuNm: "짧은 영상", isViewFlags: { reels: false } })).toStrictEqual({
      reelsMenuNm: "짧은 영상",
      isViewFlags: { reels: false },
    });
    expect(
      homeUpdateSchema.parse({
        homeMenuNm: "홈",
        reelsMenuNm: "릴스",
        productsMenuNm: "제품",
        detailMenuNm: "상세",
        isViewFlags: { home: true, reels: true, products: false, detail: true },
      }).isViewFlags,
    ).toStrictEqual({ home: true, reels: true, products: false, detail: true });
  });

  test("rejects unknown keys, at the top and inside isViewFlags, in Korean", () => {
    for (const input of [{ homeMenu: "홈" }, { isViewFlags: { reels: true, ai: false } }, { admin: true }]) {
      const result = homeUpdateSchema.safeParse(input);
      expect(result.success, JSON.stringify(input)).toBe(false);
      for (const issue of result.error!.issues) expect(issue.message, issue.message).toMatch(HANGUL);
    }
  });

  test("rejects wrong types, in Korean", () => {
    for (const input of [
      { homeMenuNm: 1 },
      { reelsMenuNm: null },
      { isViewFlags: { reels: "false" } },
      { isViewFlags: { home: 0 } },
      { isViewFlags: [true] },
      { isViewFlags: "all" },
    ]) {
      const result = homeUpdateSchema.safeParse(input);
      expect(result.success, JSON.stringify(input)).toBe(false);
      for (const issue of result.error!.issues) expect(issue.message, issue.message).toMatch(HANGUL);
    }
    for (const input of [null, [], "x", 3]) {
      const result = homeUpdateSchema.safeParse(input);
      expect(result.success, JSON.stringify(input)).toBe(false);
      expect(result.error!.issues[0]!.message).toMatch(HANGUL);
    }
  });

  test(`a name longer than ${MENU_NAME_MAX} characters is refused with the Korean message`, () => {
    const result = homeUpdateSchema.safeParse({ productsMenuNm: "가".repeat(MENU_NAME_MAX + 1) });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe(NAME_TOO_LONG);
  });

  test("an empty or blank name is refused (in Korean) rather than blanking a menu", () => {
    for (const name of ["", "   "]) {
      const result = homeUpdateSchema.safeParse({ homeMenuNm: name });
      expect(result.success, JSON.stringify(name)).toBe(false);
      expect(result.error!.issues[0]!.message).toMatch(HANGUL);
    }
  });

  test("names are trimmed", () => {
    expect(homeUpdateSchema.parse({ detailMenuNm: "  상세 정보 " }).detailMenuNm).toBe("상세 정보");
  });
});

describe("diffHomeMenu", () => {
  const current: HomeMenu = {
    homeMenuNm: "홈",
    reelsMenuNm: "릴스 모음",
    productsMenuNm: "제품 소개",
    detailMenuNm: "상세 정보",
    isViewFlags: { home: true, reels: true, products: true, detail: false },
  };

  test("an empty update changes nothing", () => {
    expect(diffHomeMenu(current, {})).toBe(null);
    expect(diffHomeMenu(current, { isViewFlags: {} })).toBe(null);
  });

  test("names and flags equal to the current ones change nothing", () => {
    expect(
      diffHomeMenu(current, {
        homeMenuNm: "홈",
        reelsMenuNm: "릴스 모음",
        isViewFlags: { home: true, reels: true, products: true, detail: false },
      }),
    ).toBe(null);
  });

  test("reports only what differs", () => {
    expect(
      diffHomeMenu(current, {
        homeMenuNm: "홈",
        reelsMenuNm: "짧은 영상",
        isViewFlags: { home: true, reels: false, detail: true },
      }),
    ).toStrictEqual({ names: { reels: "짧은 영상" }, flags: { reels: false, detail: true } });
  });

  test("a name change alone or a flag change alone counts as a change", () => {
    expect(diffHomeMenu(current, { productsMenuNm: "추천 제품" })).toStrictEqual({
      names: { products: "추천 제품" },
      flags: {},
    });
    expect(diffHomeMenu(current, { isViewFlags: { detail: true } })).toStrictEqual({
      names: {},
      flags: { detail: true },
    });
  });

  test("does not modify its inputs", () => {
    const before = structuredClone(current);
    const update = { reelsMenuNm: "짧은 영상", isViewFlags: { reels: false } };
    diffHomeMenu(current, update);
    expect(current).toStrictEqual(before);
    expect(update).toStrictEqual({ reelsMenuNm: "짧은 영상", isViewFlags: { reels: false } });
  });
});
