// End-to-end at 375 px: nothing she typed or picked is lost (issue 33, points 3 and 4). Without
// JavaScript a refused product form keeps its picture (held on the server) and the next 등록 saves
// it; with JavaScript the form keeps a draft on the device that comes back after a reload and after
// she logs in again, every error shows at once, and an address without a scheme is read as https.
// Runs about 24 s.
import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, test, vi } from "vitest";
import { ADMIN_ID, ADMIN_PASSWORD } from "../support/admin";
import { getAsBrowser, isHttpErrorConsoleLine, open, useSite } from "../support/browser";
import { expectFieldError } from "./helpers";

const s = useSite();

const JPEG = path.resolve("public/demo/products/product-1.jpg");
const KEPT = "선택한 사진이 그대로 있습니다. 다른 사진을 고르면 그 사진으로 바뀝니다.";
const RESTORED = "저장하지 않은 내용을 되살렸습니다.";

const submit = (page: Page, label: string) => page.getByRole("main").getByRole("button", { name: label, exact: true });
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

function heldPictures() {
  const dir = path.join(s.site.uploadsDir, ".site", "held");
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

/** The drafts kept in this browser (lib/form-draft.ts). */
function drafts(page: Page) {
  return page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("ot-draft:")));
}

/** Until a draft is written in this browser (the keeper's module arrives after the page's own scripts). */
function draftWritten(page: Page) {
  return vi.waitFor(async () => expect(await drafts(page), "a draft is written").not.toEqual([]), { timeout: 5_000 });
}

/** How many forms' picked files this browser keeps (lib/form-draft.ts: IndexedDB, one form's at a time). */
function keptFileDrafts(page: Page) {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const opening = indexedDB.open("ot-draft-files");
        opening.onerror = () => resolve(0);
        opening.onsuccess = () => {
          const database = opening.result;
          if (!database.objectStoreNames.contains("files")) return resolve(0);
          const counting = database.transaction("files").objectStore("files").count();
          counting.onsuccess = () => {
            database.close();
            resolve(counting.result);
          };
        };
      }),
  );
}

/** A case of the drafts' table for a category form (reel or guide: the same fields), saved after its reload. */
function categoryCase(form: string, path: string, value: string, saved: { draft: string; to: string }) {
  return { form, path, type: (page: Page) => field(page, "카테고리 이름").fill(value), label: "카테고리 이름", value, saved };
}

/** The picture a product's card shows on /product-list, served from uploads. */
async function cardPicture(page: Page, name: string) {
  const src = await page.getByRole("img", { name: `${name} 제품 이미지` }).getAttribute("src");
  expect(src, `${name} has its picture`).toMatch(/^\/uploads\/[^/]+\.jpg\?v=\d+$/);
  expect((await getAsBrowser(page.request, src!)).status()).toBe(200);
}

describe("without JavaScript", () => {
  test("a refused product form keeps the chosen picture, and the next 등록 saves the product with it", async () => {
    const name = "맡겨 둔 사진 퍼즐";
    const { page } = await s.open({ js: false, admin: true });
    await open(page, "/product-upsert/0", false);
    await field(page, "제품 설명").fill("이름을 빠뜨린 채 등록");
    await field(page, "제품 이미지").setInputFiles(JPEG);
    await submit(page, "등록").click();

    await expectFieldError(page, field(page, "제품명"), "필수 정보를 입력해 주세요.");
    await page.getByText(KEPT).waitFor();
    const preview = page.getByRole("img", { name: "미리보기" });
    expect(await preview.getAttribute("src")).toMatch(/^data:image\/jpeg;base64,/);
    expect(await field(page, "제품 설명").inputValue()).toBe("이름을 빠뜨린 채 등록");
    expect(heldPictures()).toHaveLength(1);

    await field(page, "제품명").fill(name);
    await submit(page, "등록").click();
    await page.waitForURL(`${s.site.origin}/product-list`);
    await cardPicture(page, name);
    expect(heldPictures(), "the held picture went into the saved product").toHaveLength(0);
    s.expectProblems(isHttpErrorConsoleLine(400));
  });

  test("an expired login: 로그인 in a new tab, then Back here, finds the form as typed in the browser's history", async () => {
    const { page, context } = await s.open({ js: false, admin: true });
    await open(page, "/product-upsert/0", false);
    await field(page, "제품명").fill("로그인이 끊긴 제품");
    await field(page, "제품 설명").fill("다시 로그인해도 남아 있는 설명");
    await context.clearCookies();
    await submit(page, "등록").click();
    await page.getByRole("heading", { name: "다시 로그인해 주세요" }).waitFor();
    await page.getByText("이 탭으로 돌아와 ‘뒤로 가기’를 누르면 작성하던 내용이 그대로 있는 화면이 나옵니다.", { exact: false }).waitFor();
    // 로그인 opens in a new tab; she logs in there, comes back here and goes Back: the browser restores what she typed.
    const [login] = await Promise.all([context.waitForEvent("page"), page.getByRole("link", { name: "로그인", exact: true }).click()]);
    await login.waitForURL(`${s.site.origin}/admin-login?redirectTo=%2Fproduct-upsert%2F0`);
    await field(login, "아이디").fill(ADMIN_ID);
    await field(login, "비밀번호").fill(ADMIN_PASSWORD);
    await login.getByRole("button", { name: "로그인", exact: true }).click();
    await login.waitForURL(`${s.site.origin}/product-upsert/0`);
    await page.goBack();
    await field(page, "제품명").waitFor();
    expect(await field(page, "제품명").inputValue()).toBe("로그인이 끊긴 제품");
    expect(await field(page, "제품 설명").inputValue()).toBe("다시 로그인해도 남아 있는 설명");
    await submit(page, "등록").click();
    await page.waitForURL(`${s.site.origin}/product-list`);
    await page.getByRole("heading", { name: "로그인이 끊긴 제품" }).first().waitFor();
    s.expectProblems(isHttpErrorConsoleLine(401));
  });
});

describe("with JavaScript", () => {
  test("the product form's draft comes back after a reload, can be discarded, and is gone once saved", async () => {
    const name = "새로고침에도 남는 교구";
    const { page } = await s.open({ js: true, admin: true });
    await open(page, "/product-upsert/0", true);
    await field(page, "제품명").fill(name);
    await field(page, "제품 설명").fill("쿠팡 앱에 다녀온 사이 새로고침");
    await field(page, "왼쪽 버튼 사용").check();
    await field(page, "왼쪽 버튼 이름").fill("구매하기");
    await draftWritten(page);
    await page.reload();

    await page.getByRole("status").filter({ hasText: RESTORED }).waitFor();
    expect(await field(page, "제품명").inputValue()).toBe(name);
    expect(await field(page, "제품 설명").inputValue()).toBe("쿠팡 앱에 다녀온 사이 새로고침");
    expect(await field(page, "왼쪽 버튼 사용").isChecked()).toBe(true);
    expect(await field(page, "왼쪽 버튼 이름").isVisible(), "the ticked button's fields are open").toBe(true);
    expect(await field(page, "왼쪽 버튼 이름").inputValue()).toBe("구매하기");

    // 되살린 내용 지우기: the form as the page drew it, and no draft after the next reload.
    await page.getByRole("button", { name: "되살린 내용 지우기" }).click();
    expect(await field(page, "제품명").inputValue()).toBe("");
    expect(await field(page, "왼쪽 버튼 사용").isChecked()).toBe(false);
    await page.reload();
    await field(page, "제품명").waitFor();
    expect(await page.getByText(RESTORED).count()).toBe(0);

    // Typed again and saved: the draft is gone with the save.
    await field(page, "제품명").fill(name);
    await field(page, "제품 이미지").setInputFiles(JPEG);
    await submit(page, "등록").click();
    await page.waitForURL(`${s.site.origin}/product-list`);
    expect(await drafts(page), "no draft once saved").toEqual([]);
    await open(page, "/product-upsert/0", true);
    expect(await field(page, "제품명").inputValue()).toBe("");
    expect(await page.getByText(RESTORED).count()).toBe(0);
  });

  test("the picture she picked comes back with the draft after a reload, and 등록 saves the product with it", async () => {
    const name = "사진까지 남는 교구";
    const { page } = await s.open({ js: true, admin: true });
    await open(page, "/product-upsert/0", true);
    await field(page, "제품명").fill(name);
    await field(page, "제품 이미지").setInputFiles(JPEG);
    // Kept once the page has stored it (IndexedDB): as long as the browser's own 10 s, not Vitest's 1 s, on a busy machine.
    await vi.waitFor(async () => expect(await keptFileDrafts(page), "the picked photo is kept").toBe(1), { timeout: 10_000 });
    await page.getByRole("button", { name: "이미지 삭제", exact: true }).click();
    await vi.waitFor(async () => expect(await keptFileDrafts(page), "a photo taken away is not kept").toBe(0), { timeout: 10_000 });
    await field(page, "제품 이미지").setInputFiles(JPEG);
    await vi.waitFor(async () => expect(await keptFileDrafts(page), "picked again").toBe(1), { timeout: 10_000 });
    await page.reload();

    await page.getByRole("status").filter({ hasText: RESTORED }).waitFor();
    expect(await field(page, "제품명").inputValue()).toBe(name);
    await page.getByRole("img", { name: "미리보기", exact: true }).waitFor();
    expect(
      await field(page, "제품 이미지").evaluate((input: HTMLInputElement) => [...(input.files ?? [])].map((file) => file.name)),
    ).toEqual([path.basename(JPEG)]);
    await submit(page, "등록").click();
    await page.waitForURL(`${s.site.origin}/product-list`);
    await cardPicture(page, name);
    expect(await drafts(page), "no draft once saved").toEqual([]);
    expect(await keptFileDrafts(page), "nor its photo").toBe(0);
  });

  test("two wrong fields show two errors at once", async () => {
    const { page } = await s.open({ js: true, admin: true });
    await open(page, "/product-upsert/0", true);
    await field(page, "왼쪽 버튼 사용").check();
    await field(page, "왼쪽 버튼 이름").fill("구매하기");
    await submit(page, "등록").click();
    await expectFieldError(page, field(page, "제품명"), "필수 정보를 입력해 주세요.");
    await expectFieldError(page, field(page, "왼쪽 버튼 링크"), "왼쪽 버튼 정보를 입력해 주세요.");
  });

  test("www.naver.com is saved as https://www.naver.com", async () => {
    const name = "주소만 붙여 넣은 제품";
    const { page } = await s.open({ js: true, admin: true });
    await open(page, "/product-upsert/0", true);
    await field(page, "제품명").fill(name);
    await field(page, "왼쪽 버튼 사용").check();
    await field(page, "왼쪽 버튼 이름").fill("네이버");
    await field(page, "왼쪽 버튼 링크").fill("www.naver.com");
    await submit(page, "등록").click();
    await page.waitForURL(`${s.site.origin}/product-list`);
    const href = await page.getByRole("link", { name: `네이버 · ${name}`, exact: true }).getAttribute("href");
    const answer = await getAsBrowser(page.request, href!, { maxRedirects: 0 });
    expect(answer.headers()["location"]).toBe("https://www.naver.com/");
  });

  test("an expired login: after she logs in again in the same tab, the form comes back as typed", async () => {
    const { page, context } = await s.open({ js: true, admin: true });
    await open(page, "/product-upsert/0", true);
    await field(page, "제품명").fill("다시 로그인한 뒤의 교구");
    await field(page, "제품 설명").fill("로그인이 만료되어도 사라지지 않는 설명");
    await field(page, "제품 이미지").setInputFiles(JPEG);
    await context.clearCookies();
    await submit(page, "등록").click();
    await page.getByRole("alert").filter({ hasText: "로그인이 만료되어 저장하지 못했습니다." }).waitFor();

    await open(page, "/admin-login?redirectTo=%2Fproduct-upsert%2F0", true);
    await field(page, "아이디").fill(ADMIN_ID);
    await field(page, "비밀번호").fill(ADMIN_PASSWORD);
    await page.getByRole("button", { name: "로그인", exact: true }).click();
    await page.waitForURL(`${s.site.origin}/product-upsert/0`);
    await page.getByRole("status").filter({ hasText: RESTORED }).waitFor();
    expect(await field(page, "제품명").inputValue()).toBe("다시 로그인한 뒤의 교구");
    expect(await field(page, "제품 설명").inputValue()).toBe("로그인이 만료되어도 사라지지 않는 설명");
    s.expectProblems(isHttpErrorConsoleLine(401));
  });

  // `saved`: a register form saved after the reload, its draft (named so) dropped with the save.
  test.each<{
    form: string;
    path: string;
    type: (page: Page) => Promise<unknown>;
    label: string;
    value: string;
    saved?: { draft: string; to: string };
  }>([
    categoryCase("reel category", "/reels-category-upsert/0", "되살아난 카테고리", { draft: "category:new", to: "/reels-category" }),
    categoryCase("guide category", "/detail-category-upsert/0", "되살아난 글 카테고리", {
      draft: "guide-category:new",
      to: "/detail-category",
    }),
    {
      form: "banner",
      path: "/site-settings/ad/0",
      type: async (page: Page) => field(page, "배너 이름").fill("되살아난 배너"),
      label: "배너 이름",
      value: "되살아난 배너",
    },
    {
      form: "settings",
      path: "/site-settings",
      type: async (page: Page) => field(page, "챗봇 ID").fill("restored-bot"),
      label: "챗봇 ID",
      value: "restored-bot",
    },
    {
      form: "사이트 정보",
      path: "/site-settings/identity",
      type: async (page: Page) => field(page, "핸들(계정 이름)").fill("@restored_handle"),
      label: "핸들(계정 이름)",
      value: "@restored_handle",
    },
    {
      form: "menu",
      path: "/home-update",
      type: async (page: Page) => {
        await field(page, "홈 화면 변경").check();
        await field(page, "홈 화면 메뉴 이름").fill("되살아난 홈");
      },
      label: "홈 화면 메뉴 이름",
      value: "되살아난 홈",
    },
  ])("the $form form keeps its draft the same way", async ({ path: formPath, type, label, value, saved }) => {
    const { page } = await s.open({ js: true, admin: true });
    await open(page, formPath, true);
    await type(page);
    await draftWritten(page);
    await page.reload();
    await page.getByRole("status").filter({ hasText: RESTORED }).waitFor();
    expect(await field(page, label).inputValue()).toBe(value);
    expect(await field(page, label).isEnabled()).toBe(true);
    if (!saved) return;
    expect(await drafts(page)).toEqual([`ot-draft:${saved.draft}`]);
    await submit(page, "등록").click();
    await page.waitForURL(`${s.site.origin}${saved.to}`);
    expect(await drafts(page), "no draft once saved").toEqual([]);
    await open(page, formPath, true);
    expect(await field(page, label).inputValue()).toBe("");
    expect(await page.getByText(RESTORED).count()).toBe(0);
  });

  test("사이트 정보: the link rows she added come back after a reload, with what she typed in them", async () => {
    const { page } = await s.open({ js: true, admin: true });
    await open(page, "/site-settings/identity", true);
    const removeButtons = page.getByRole("main").getByRole("button", { name: /^링크 \d+ 삭제$/ });
    const drawn = await removeButtons.count();
    await submit(page, "링크 추가").click();
    await submit(page, "링크 추가").click();
    const added = drawn + 2;
    await field(page, `링크 ${added} 이름`).fill("블로그");
    await field(page, `링크 ${added} 주소`).fill("https://blog.naver.com/restored");
    await draftWritten(page);
    await page.reload();
    await page.getByRole("status").filter({ hasText: RESTORED }).waitFor();
    expect(await removeButtons.count(), "the rows she added are back").toBe(added);
    expect(await field(page, `링크 ${added} 이름`).inputValue()).toBe("블로그");
    expect(await field(page, `링크 ${added} 주소`).inputValue()).toBe("https://blog.naver.com/restored");
  });

  test("a form that returns to itself once saved (사이트 설정) drops its draft with the save", async () => {
    const { page } = await s.open({ js: true, admin: true });
    await open(page, "/site-settings", true);
    await field(page, "챗봇 ID").fill("saved-bot");
    await page.getByRole("main").getByRole("button", { name: "저장", exact: true }).click();
    await page.getByRole("status").filter({ hasText: "사이트 설정이 저장되었습니다." }).waitFor();
    expect(await drafts(page), "no draft once saved").toEqual([]);
    // Leaving the page writes nothing again: what it shows is what is saved.
    await page.reload();
    await field(page, "챗봇 ID").waitFor();
    expect(await field(page, "챗봇 ID").inputValue()).toBe("saved-bot");
    expect(await drafts(page)).toEqual([]);
  });
});
