// End-to-end: axe-core finds no accessibility violations in the states the site tour (tour.test.ts,
// which runs axe on every screen once per role) does not reach: the 404 page, the open share dialog,
// the login form showing its errors and the menu edit confirmation. JavaScript on, 375 px.
import { describe, test } from "vitest";
import { isHttpErrorConsoleLine, open, useSite } from "../support/browser";
import { assertAccessible } from "./helpers";

const s = useSite();

describe("visitor states", () => {
  test("the 404 page", async () => {
    const { page } = await s.open({ js: true });
    await open(page, "/no-such-page-here", true);
    await assertAccessible(page, "the 404 page");
    s.expectProblems(isHttpErrorConsoleLine(404));
  });

  test("/ with the share dialog open", async () => {
    const { page } = await s.open({ js: true });
    await open(page, "/", true);
    await page.getByRole("banner").getByRole("link", { name: "공유하기", exact: true }).click();
    await page.getByRole("dialog", { name: "공유하기" }).waitFor();
    await assertAccessible(page, "the share dialog");
  });

  test("/admin-login showing validation errors", async () => {
    const { page } = await s.open({ js: true });
    await open(page, "/admin-login", true);
    await page.getByLabel("아이디", { exact: true }).fill("관리자");
    await page.getByLabel("비밀번호", { exact: true }).fill("x");
    await page.getByRole("button", { name: "로그인", exact: true }).click();
    await page.getByText("한글은 입력할 수 없습니다.", { exact: true }).waitFor();
    await assertAccessible(page, "/admin-login with errors");
    s.expectProblems(isHttpErrorConsoleLine(400));
  });
});

describe("admin states", () => {
  test("/home-update with the confirmation dialog open", async () => {
    const { page } = await s.open({ js: true, admin: true });
    await open(page, "/home-update", true);
    await page.getByLabel("제품 소개 변경", { exact: true }).check();
    await page.getByLabel("제품 소개 메뉴 이름", { exact: true }).fill("추천 제품");
    await page.getByRole("button", { name: "수정", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "메뉴를 수정하시겠습니까?" });
    await dialog.waitFor();
    await assertAccessible(page, "the menu edit confirmation");
  });
});
