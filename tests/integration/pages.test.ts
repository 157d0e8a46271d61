// Whole pages as a browser without JavaScript gets them from the real server, read through a DOM:
// what the layout and the forms show for the states the route tests (home-menu, login) arrange directly.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { within } from "@testing-library/dom";

import { ADMIN_ID, ADMIN_PASSWORD, startApp, type TestApp } from "../support/app";
import { Client } from "../support/http";
import { adminClient, openDb, parseHtml } from "./_helpers";

let app: TestApp;
let admin: Client;

beforeAll(async () => {
  app = await startApp();
  admin = await adminClient(app);
});
afterAll(() => app.close());

beforeEach(() => {
  const db = openDb(app);
  try {
    db.prepare(
      `UPDATE home_menu SET home_menu_nm = '홈', reels_menu_nm = '릴스 모음', products_menu_nm = '제품 소개',
       detail_menu_nm = '상세 정보', view_home = 1, view_reels = 1, view_products = 1, view_detail = 0 WHERE id = 1`,
    ).run();
  } finally {
    db.close();
  }
});

async function page(client: Client, pathname: string, init?: Parameters<Client["fetch"]>[1]) {
  const response = await client.fetch(pathname, init);
  return { response, screen: within(parseHtml(await response.text()).body) };
}

function hrefs(links: HTMLElement[]) {
  return links.map((link) => link.getAttribute("href"));
}

describe("the home page follows the menu settings", () => {
  test("a hidden section leaves the cards and the bottom navigation; a renamed one shows its new name", async () => {
    const before = (await page(new Client(app.origin), "/")).screen;
    expect(hrefs(before.getAllByRole("link"))).toContain("/reels-category");

    const update = await admin.fetch("/api/home/update", { json: { reelsMenuNm: "짧은 영상", productsMenuNm: "추천 제품", isViewFlags: { reels: false } } });
    expect(update.status).toBe(200);
    await update.arrayBuffer();

    const { screen } = await page(new Client(app.origin), "/");
    const nav = within(screen.getByRole("navigation", { name: "하단 메뉴" }));
    expect(hrefs(nav.getAllByRole("link")), "no reels tab").not.toContain("/reels-category");
    expect(hrefs(screen.getAllByRole("link")), "no reels card or tab anywhere").not.toContain("/reels-category");
    expect(screen.queryByText("짧은 영상"), "a hidden section's name is not shown").toBeNull();
    expect(screen.getByRole("heading", { level: 3, name: "추천 제품" }).closest("a")!.getAttribute("href")).toBe("/product-list");
    expect(screen.queryByRole("heading", { level: 3, name: "제품 소개" }), "the old name is gone from the cards").toBeNull();
  });
});

describe("the /home-update page", () => {
  test("a form with the SPEC field names, starting at the current visibility", async () => {
    const { screen } = await page(admin, "/home-update");
    for (const name of ["홈", "릴스 모음", "제품 소개", "상세 정보"]) expect(screen.getByText(`현재 이름: ${name}`)).toBeTruthy();
    const form = screen.getByText("현재 이름: 홈").closest("form")!;
    const input = (name: string, value?: string) =>
      form.querySelector<HTMLInputElement>(`input[name="${name}"]${value ? `[value="${value}"]` : ""}`);
    for (const key of ["home", "reels", "products", "detail"]) {
      expect(input(`${key}Checked`)?.type, `${key}Checked`).toBe("checkbox");
      expect(input(`${key}MenuNm`)?.type, `${key}MenuNm`).toBe("text");
      expect(input(`${key}View`, "show")?.type).toBe("radio");
      expect(input(`${key}View`, "hide")?.type).toBe("radio");
    }
    expect(input("intent")?.value).toBe("review");
    expect(input("detailView", "hide")?.hasAttribute("checked"), "detail starts hidden").toBe(true);
    expect(input("detailView", "show")?.hasAttribute("checked")).toBe(false);
    expect(input("reelsView", "show")?.hasAttribute("checked"), "reels starts shown").toBe(true);
  });

  test("review → the 메뉴를 수정하시겠습니까? step re-posting the values with intent=confirm; confirm → done, shown once", async () => {
    const fields = { reelsChecked: "on", reelsMenuNm: "새 이름", homeView: "show", reelsView: "show", productsView: "show", detailView: "hide" };
    const review = await page(admin, "/home-update", { form: { intent: "review", ...fields } });
    expect(review.response.status).toBe(200);
    const dialog = review.screen.getByRole("dialog", { name: "메뉴를 수정하시겠습니까?" });
    expect(within(dialog).getAllByText(/새 이름/).length).toBeGreaterThan(0);
    const hidden = [...dialog.querySelectorAll("input[type=hidden]")].map((input) => [input.getAttribute("name"), input.getAttribute("value")]);
    expect(hidden).toEqual(expect.arrayContaining([["intent", "confirm"], ["reelsMenuNm", "새 이름"], ["reelsChecked", "on"]]));

    const confirm = await admin.fetch("/home-update", { form: Object.fromEntries(hidden as [string, string][]) });
    expect(confirm.status).toBe(302);
    const landing = await page(admin, confirm.headers.get("location")!);
    expect(landing.screen.getByText("메뉴 수정이 완료되었습니다.")).toBeTruthy();
    expect(landing.screen.getByText("현재 이름: 새 이름")).toBeTruthy();
    expect((await page(admin, "/home-update")).screen.queryByText("메뉴 수정이 완료되었습니다."), "shown once").toBeNull();
  });

  test("nothing changed → the page says so, with no confirmation step", async () => {
    const { response, screen } = await page(admin, "/home-update", {
      form: { intent: "review", homeView: "show", reelsView: "show", productsView: "show", detailView: "hide" },
    });
    expect(response.status).toBe(400);
    expect(screen.getByText("변경된 내용이 없습니다. 정보를 확인해 주세요.")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("the login page", () => {
  test.each([
    ["a Hangul id", { id: "관리자", pw: "x" }, 400, "한글은 입력할 수 없습니다."],
    ["empty fields", { id: "", pw: "" }, 400, "아이디와 비밀번호를 입력해 주세요."],
    ["a wrong password", { id: ADMIN_ID, pw: "wrong-password-9" }, 401, "아이디 또는 비밀번호가 올바르지 않습니다."],
  ])("%s → the page shows the Korean message and never the typed password", async (_label, form, status, message) => {
    const { response, screen } = await page(new Client(app.origin), "/admin-login", { form });
    expect(response.status).toBe(status);
    expect(screen.getByText(message)).toBeTruthy();
    expect((screen.getByLabelText("비밀번호") as HTMLInputElement).value).toBe("");
    expect(screen.getByRole("button", { name: "로그인" })).toBeTruthy();
  });

  test("a login greets the admin once; a logout says so once", async () => {
    const client = new Client(app.origin);
    const login = await client.fetch("/admin-login", { form: { id: ADMIN_ID, pw: ADMIN_PASSWORD } });
    expect(login.status).toBe(302);
    expect((await page(client, login.headers.get("location")!)).screen.getByText("로그인되었습니다.")).toBeTruthy();
    expect((await page(client, "/")).screen.queryByText("로그인되었습니다.")).toBeNull();

    const logout = await client.fetch("/logout", { method: "POST", form: {} });
    expect(logout.status).toBe(302);
    expect((await page(client, logout.headers.get("location")!)).screen.getByText("로그아웃되었습니다.")).toBeTruthy();
    expect((await page(client, "/")).screen.queryByText("로그아웃되었습니다.")).toBeNull();
  });
});
