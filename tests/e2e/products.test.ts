// End-to-end: the product introduction (/product-list) and the product form (/product-upsert): the
// admin registers a group-buy product with an image and both buttons, edits it (rename, replace and
// remove the image, hide it), deletes it through the delete mode and its confirmation, and meets the
// form's Korean validation messages (a refusal submitted from the bottom lands in view, focused).
// A visitor's page has the affiliate disclosure at the top and no admin toolbar; what a visitor gets
// (both buttons, never a hidden product) is read from the server in tests/integration/products.test.ts.
// Each with JavaScript off and on, at 375 px; every test starts from its own product, made through
// the JSON API unless making it is what the test is about.
// Runs about 25 s.
import fs from "node:fs";
import path from "node:path";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { describe, test, expect } from "vitest";
import { getAsBrowser, hasHorizontalOverflow, isHttpErrorConsoleLine, open, useSite } from "../support/browser";
import { expectPresent } from "../support/expect-present";
import {
  assertAccessibleAsSeen,
  assertInClearView,
  effectiveOpacity,
  expectFieldError,
  focused,
  nameHeading,
  submitFromBottom,
  toolbar,
} from "./helpers";

const s = useSite();

const JPEG_1 = path.resolve("public/demo/products/product-1.jpg");
const JPEG_2 = path.resolve("public/demo/products/product-2.jpg");

/** The files in the site's UPLOADS_DIR (temp files included), to see that a refusal stores nothing. */
function uploadedFiles() {
  const dir = s.site.uploadsDir;
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

function productCard(scope: Page | Locator, name: string) {
  // `has` is resolved inside each card: build the heading from the page, not from the scope.
  const root = "goto" in scope ? scope : scope.page();
  return scope.locator(".product-card", { has: nameHeading(root, name) });
}

/** The 수정 link of a product's row in edit mode (issue 33, point 8: compact rows). */
function editLink(page: Page, name: string) {
  return page.getByRole("link", { name: `${name} 수정`, exact: true });
}

function section(page: Page, title: string) {
  return page.getByRole("region", { name: title, exact: true });
}

const submitButton = (page: Page, label: string) => page.getByRole("main").getByRole("button", { name: label, exact: true });

type ProductSetup = { name: string; image?: boolean; left?: { name: string; link: string }; right?: { name: string; link: string } };

/** Registers a group-buy product through the JSON API, for the tests that start from an existing one. */
async function createProduct(context: BrowserContext, product: ProductSetup) {
  const response = await context.request.post("/api/product-list/insert", {
    multipart: {
      productsNm: product.name,
      description: "손의 감각을 깨우는 교구.",
      isGroupBuy: "true",
      isView: "true",
      ...(product.image
        ? { hasImage: "true", imageFile: { name: "product.jpg", mimeType: "image/jpeg", buffer: fs.readFileSync(JPEG_1) } }
        : {}),
      ...(product.left ? { isLeft: "true", leftButtonNm: product.left.name, leftLink: product.left.link } : {}),
      ...(product.right ? { isRight: "true", rightButtonNm: product.right.name, rightLink: product.right.link } : {}),
    },
  });
  expect(response.status(), `API insert: ${await response.text()}`).toBe(200);
}

/** A product's button on its card: its name says which product it is for (a list has several 구매하기). */
function buttonOf(card: Locator, label: string, product: string) {
  return card.getByRole("link", { name: `${label} · ${product}`, exact: true });
}

/**
 * A product button goes through the site's counting redirect (/out/product/{id}/{side}), which
 * answers with the link stored for that button.
 */
async function assertButtonLeadsTo(button: Locator, side: "left" | "right", link: string) {
  const href = (await button.getAttribute("href"))!;
  expect(href).toMatch(new RegExp(`^/out/product/\\d+/${side}$`));
  const response = await getAsBrowser(button.page().request, href, { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers()["location"]).toBe(link);
}

/** The src of a product's picture on the list, e.g. /uploads/ab12.jpg?v=1700000000000. */
async function imageSrc(page: Page, name: string) {
  return (
    (await productCard(page, name)
      .getByRole("img", { name: `${name} 제품 이미지` })
      .getAttribute("src")) ?? ""
  );
}

for (const js of [false, true]) {
  describe(js ? "with JavaScript" : "without JavaScript", () => {
    // Distinct per test and mode, so no test can pass on another's data.
    const named = (name: string) => `${name} ${js ? "JS" : "HTML"}`;
    const left = { name: "구매하기", link: `https://link.coupang.com/a/${js ? "js" : "nojs"}-left` };
    const right = { name: "상세 보기", link: `https://smartstore.naver.com/ot/${js ? "js" : "nojs"}-right` };

    test("the product form explains in Korean what is missing or refused", async () => {
      const name = named("원목 끼우기 퍼즐");
      const { page } = await s.open({ js, admin: true });
      await open(page, "/product-list", js);
      await toolbar(page).getByRole("link", { name: "등록", exact: true }).click();
      await page.waitForURL(`${s.site.origin}/product-upsert/0`);
      await page.getByRole("heading", { level: 1, name: "제품 등록" }).waitFor();
      const nameInput = page.getByLabel("제품명", { exact: true });

      // 1. No name, submitted from the bottom of the page: the error lands where the eye is, with the
      // focus on the name field (JS) or on its message (no JS), in clear view.
      await submitFromBottom(page, submitButton(page, "등록"), js);
      await expectFieldError(page, nameInput, "필수 정보를 입력해 주세요.");
      const landed = await focused(page);
      if (js) expect(landed.name, `focus on the name field, not ${JSON.stringify(landed)}`).toBe("productsNm");
      else expect(landed.tag, `focus on the name's message, not ${JSON.stringify(landed)}`).toBe("P");
      await assertInClearView(nameInput, "the name field");
      await assertAccessibleAsSeen(page, js, `product registration error (${js ? "JS on" : "JS off"})`, () => s.open({ js: true }));
      expect(new URL(page.url()).pathname).toBe("/product-upsert/0");

      // 2. The left button ticked, named, but without its link.
      await nameInput.fill(name);
      await page.getByLabel("왼쪽 버튼 사용", { exact: true }).check();
      await page.getByLabel("왼쪽 버튼 이름", { exact: true }).fill(left.name);
      await submitButton(page, "등록").click();
      await expectFieldError(page, page.getByLabel("왼쪽 버튼 링크", { exact: true }), "왼쪽 버튼 정보를 입력해 주세요.");
      expect(new URL(page.url()).pathname).toBe("/product-upsert/0");

      // A refused form keeps what was typed.
      expect(await nameInput.inputValue(), "the name is kept after a refusal").toBe(name);
      expect(await page.getByLabel("왼쪽 버튼 사용", { exact: true }).isChecked(), "the left button stays ticked").toBe(true);
      expect(await page.getByLabel("왼쪽 버튼 이름", { exact: true }).inputValue()).toBe(left.name);

      // 3. A javascript: link.
      await page.getByLabel("왼쪽 버튼 링크", { exact: true }).fill("javascript:alert(1)");
      await submitButton(page, "등록").click();
      await expectFieldError(
        page,
        page.getByLabel("왼쪽 버튼 링크", { exact: true }),
        "링크는 http:// 또는 https://로 시작하는 주소만 입력할 수 있습니다.",
      );
      expect(new URL(page.url()).pathname).toBe("/product-upsert/0");

      expect(await nameInput.inputValue(), "the name is kept after a refusal").toBe(name);
      expect(await page.getByLabel("왼쪽 버튼 사용", { exact: true }).isChecked(), "the left button stays ticked").toBe(true);

      // 4. A text file named .png: refused by its content (415), nothing registered, nothing stored.
      const storedBefore = uploadedFiles();
      await page.getByLabel("왼쪽 버튼 링크", { exact: true }).fill(left.link);
      await page.getByLabel("제품 이미지", { exact: true }).setInputFiles({
        name: "photo.png",
        mimeType: "image/png",
        buffer: Buffer.from("this is not an image, only text\n"),
      });
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/product-upsert/0")),
        submitButton(page, "등록").click(),
      ]);
      expect(response.status(), "a text file is refused with 415").toBe(415);
      await expectFieldError(
        page,
        page.getByLabel("제품 이미지", { exact: true }),
        "PNG, JPEG, WEBP, GIF 형식의 이미지만 올릴 수 있습니다.",
      );
      expect(await nameInput.inputValue(), "the name is kept after a refused upload").toBe(name);
      expect(uploadedFiles(), "a refused upload leaves nothing in UPLOADS_DIR").toStrictEqual(storedBefore);
      expect(new URL(page.url()).pathname).toBe("/product-upsert/0");
      expect(await hasHorizontalOverflow(page), "no sideways scroll on the form with errors").toBe(false);

      // Nothing was registered by any of these attempts.
      await open(page, "/product-list", js);
      expect(await productCard(page, name).count(), "no product was registered by a refused form").toBe(0);
      // The refusals answer 400 and 415, which Chromium logs to the console.
      s.expectProblems(isHttpErrorConsoleLine(400), isHttpErrorConsoleLine(415));
    });

    test("registers a group-buy product with an image and both buttons", async () => {
      const name = named("말랑 촉감 공 세트");
      const { page } = await s.open({ js, admin: true });
      await open(page, "/product-upsert/0", js);
      await page.getByRole("heading", { level: 1, name: "제품 등록" }).waitFor();
      await page.getByLabel("제품명", { exact: true }).fill(name);
      await page.getByLabel("제품 이미지", { exact: true }).setInputFiles(JPEG_1);
      if (js) {
        // The chosen image is previewed, with the ✕ to remove it.
        await page.getByRole("img", { name: "미리보기" }).waitFor();
        expect(await page.getByRole("button", { name: "이미지 삭제", exact: true }).count()).toBe(1);
      }
      await page.getByLabel("제품 설명", { exact: true }).fill("손의 감각을 깨우는 말랑한 공 6종.\n두 번째 줄 설명.");
      await page.getByRole("group", { name: "제품 구분" }).getByLabel("공동구매", { exact: true }).check();
      await page.getByLabel("왼쪽 버튼 사용", { exact: true }).check();
      await page.getByLabel("왼쪽 버튼 이름", { exact: true }).fill(left.name);
      await page.getByLabel("왼쪽 버튼 링크", { exact: true }).fill(left.link);
      await page.getByLabel("오른쪽 버튼 사용", { exact: true }).check();
      await page.getByLabel("오른쪽 버튼 이름", { exact: true }).fill(right.name);
      await page.getByLabel("오른쪽 버튼 링크", { exact: true }).fill(right.link);
      expect(await hasHorizontalOverflow(page), "no sideways scroll on the register form").toBe(false);

      await submitButton(page, "등록").click();
      await page.waitForURL(`${s.site.origin}/product-list`);
      await page.getByRole("status").filter({ hasText: "제품 등록이 완료되었습니다." }).waitFor();

      const card = productCard(section(page, "공동구매"), name);
      await card.waitFor();
      await assertButtonLeadsTo(buttonOf(card, left.name, name), "left", left.link);
      await assertButtonLeadsTo(buttonOf(card, right.name, name), "right", right.link);
      expect(await productCard(section(page, "제품 추천"), name).count(), "not under 제품 추천").toBe(0);

      const src = await imageSrc(page, name);
      expect(src, `an uploaded image with a cache-busting query: ${src}`).toMatch(/^\/uploads\/[^/]+\.jpe?g\?v=\d+$/);
      const served = await getAsBrowser(page.request, src);
      expect(served.status()).toBe(200);
      expect(served.headers()["content-type"]).toBe("image/jpeg");
      expect(await hasHorizontalOverflow(page)).toBe(false);
      // A visitor gets it with both links from the server (tests/integration/products.test.ts), drawn by
      // this same card; a visitor's button is followed in insights.test.ts.
    });

    test("edit mode: 수정 중 and 취소; the item opens the prefilled form; rename and replace the image", async () => {
      const name = named("원목 블록");
      const renamed = named("원목 블록 2단계");
      const { context, page } = await s.open({ js, admin: true });
      await createProduct(context, { name, image: true, left, right });
      await open(page, "/product-list", js);
      const firstImageSrc = await imageSrc(page, name);
      await toolbar(page).getByRole("link", { name: "수정", exact: true }).click();
      await page.waitForURL(`${s.site.origin}/product-list?mode=edit`);
      await toolbar(page).getByText("수정 중", { exact: true }).waitFor();
      const cancel = toolbar(page).getByRole("link", { name: "취소", exact: true });
      expect(await cancel.getAttribute("href")).toBe("/product-list");
      // In edit mode the items are compact rows: no card, no buttons that lead away.
      await editLink(page, name).waitFor();
      expect(await page.getByRole("main").getByRole("link", { name: left.name }).count()).toBe(0);

      // 취소 goes back to the normal mode, and 수정 again.
      await cancel.click();
      await page.waitForURL(`${s.site.origin}/product-list`);
      await toolbar(page).getByRole("link", { name: "등록", exact: true }).waitFor();
      expect(await page.getByText("수정 중", { exact: true }).count()).toBe(0);
      await toolbar(page).getByRole("link", { name: "수정", exact: true }).click();
      await page.waitForURL(`${s.site.origin}/product-list?mode=edit`);

      // The link is named after its product for a screen reader (editLink: `${name} 수정`); it reads 수정 on the screen.
      const link = editLink(page, name);
      expect(await link.textContent(), "it reads 수정 on the screen").toBe("수정");
      expect(await link.getAttribute("href")).toMatch(/^\/product-upsert\/\d+\//);
      await link.click();
      await page.waitForURL((url) => url.pathname.startsWith("/product-upsert/") && !url.pathname.startsWith("/product-upsert/0"));
      await page.getByRole("heading", { level: 1, name: "제품 수정" }).waitFor();
      const nameInput = page.getByLabel("제품명", { exact: true });
      expect(await nameInput.inputValue(), "prefilled name").toBe(name);
      expect(await page.getByLabel("왼쪽 버튼 링크", { exact: true }).inputValue()).toBe(left.link);
      expect(await page.getByLabel("오른쪽 버튼 링크", { exact: true }).inputValue()).toBe(right.link);
      expect(await page.getByLabel("왼쪽 버튼 사용", { exact: true }).isChecked()).toBe(true);
      expect(await page.getByRole("group", { name: "제품 구분" }).getByLabel("공동구매", { exact: true }).isChecked()).toBe(true);
      const current = page.getByRole("img", { name: "현재 이미지" });
      expect(await current.getAttribute("src"), "the current image is shown").toBe(firstImageSrc);
      expect(await submitButton(page, "수정").count(), "the submit reads 수정").toBe(1);
      expect(await hasHorizontalOverflow(page), "no sideways scroll on the edit form").toBe(false);

      await nameInput.fill(renamed);
      await page.getByLabel("제품 이미지", { exact: true }).setInputFiles(JPEG_2);
      await submitButton(page, "수정").click();
      await page.waitForURL(`${s.site.origin}/product-list`);
      await page.getByRole("status").filter({ hasText: "제품 수정이 완료되었습니다." }).waitFor();
      const card = productCard(section(page, "공동구매"), renamed);
      await card.waitFor();
      expect(await productCard(page, name).count(), "the old name is gone").toBe(0);
      const src = await imageSrc(page, renamed);
      expect(src).toMatch(/^\/uploads\/[^/]+\.jpe?g\?v=\d+$/);
      expect(src.split("?")[0], "the image was replaced by a new upload").not.toBe(firstImageSrc.split("?")[0]);
      // The replaced file is no longer served (docs/architecture.md §5: nothing left behind).
      expect((await getAsBrowser(page.request, firstImageSrc.split("?")[0]!)).status(), "the old image file was removed").toBe(404);
      // The buttons survived the edit.
      await assertButtonLeadsTo(buttonOf(card, left.name, renamed), "left", left.link);
      await assertButtonLeadsTo(buttonOf(card, right.name, renamed), "right", right.link);
    });

    test("removes the image and hides the product: the admin sees 숨김", async () => {
      const name = named("촉감 공");
      const { context, page } = await s.open({ js, admin: true });
      await createProduct(context, { name, image: true });
      await open(page, "/product-list", js);
      const imageFile = (await imageSrc(page, name)).split("?")[0]!;
      await open(page, "/product-list?mode=edit", js);
      await editLink(page, name).click();
      await page.getByRole("heading", { level: 1, name: "제품 수정" }).waitFor();
      if (js) {
        await page.getByRole("button", { name: "이미지 삭제", exact: true }).click();
        await page.getByRole("img", { name: "현재 이미지" }).waitFor({ state: "detached" });
        expect(await page.getByRole("checkbox", { name: "이미지 삭제" }).count(), "with JavaScript the ✕ replaces the checkbox").toBe(0);
      } else {
        expect(await page.getByRole("button", { name: "이미지 삭제" }).count(), "no ✕ without JavaScript").toBe(0);
        await page.getByRole("checkbox", { name: "이미지 삭제", exact: true }).check();
      }
      await page.getByRole("group", { name: "공개 여부" }).getByLabel("숨김", { exact: true }).check();
      await submitButton(page, "수정").click();
      await page.waitForURL(`${s.site.origin}/product-list`);
      await page.getByRole("status").filter({ hasText: "제품 수정이 완료되었습니다." }).waitFor();

      const card = productCard(page, name);
      await card.waitFor();
      expect(await card.locator(".badge").filter({ hasText: "숨김" }).count(), "the admin sees the 숨김 badge").toBe(1);
      expect(await card.getByRole("img").count(), "the image was removed").toBe(0);
      expect((await getAsBrowser(page.request, imageFile)).status(), "the removed image file is gone").toBe(404);
      // That a visitor no longer gets it (API and page) is read from the server in tests/integration/products.test.ts.
    });

    test("delete mode: 삭제 중 and a dimmed list; nothing ticked; tick, confirm, done", async () => {
      const name = named("빨대 꽂기 놀이");
      const { context, page } = await s.open({ js, admin: true });
      await createProduct(context, { name, image: true });
      await open(page, "/product-list", js);
      await toolbar(page).getByRole("link", { name: "삭제", exact: true }).click();
      await page.waitForURL(`${s.site.origin}/product-list?mode=delete`);
      await toolbar(page).getByText("삭제 중", { exact: true }).waitFor();
      expect(await toolbar(page).getByRole("link", { name: "취소", exact: true }).count()).toBe(1);
      expect(await page.locator(".list-page--deleting").count(), "the page is in its deleting state").toBe(1);
      // Unticked items are dimmed (their pictures, or the whole card).
      const opacity = await effectiveOpacity(page.locator(".selectable img").first());
      expect(opacity, `unticked items are dimmed (opacity ${opacity})`).toBeLessThan(1);
      expect(await hasHorizontalOverflow(page), "no sideways scroll in delete mode").toBe(false);

      // 삭제 with nothing ticked, pressed from the bottom of the list: the message shows above the bar, in clear view.
      await submitFromBottom(page, toolbar(page).getByRole("button", { name: "삭제", exact: true }), js);
      const nothing = page.getByRole("alert").filter({ hasText: "삭제할 대상이 없습니다." });
      await nothing.waitFor();
      await assertInClearView(nothing, "the message");
      expect(await page.getByRole("dialog", { name: "정말 삭제하시겠습니까?" }).count(), "no confirmation for nothing").toBe(0);
      // Still in delete mode.
      await toolbar(page).getByText("삭제 중", { exact: true }).waitFor();

      // Tick it, 삭제 → the confirmation names it.
      await page.getByRole("checkbox", { name: `${name} 선택`, exact: true }).check();
      await toolbar(page).getByRole("button", { name: "삭제", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "정말 삭제하시겠습니까?" });
      await dialog.waitFor();
      const modal = await dialog.evaluate((element) => element.matches(":modal"));
      if (js) expect(modal, "with JavaScript the confirmation is a modal dialog").toBe(true);
      else expect(modal, "without JavaScript the confirmation is an in-page step").toBe(false);
      expect(await dialog.textContent(), "the confirmation names the product").toContain(name);
      // Nothing else is in the confirmation: the other products stay.
      expect(await dialog.locator("li").count()).toBe(1);

      await dialog.getByRole("button", { name: "확인", exact: true }).click();
      await page.getByRole("status").filter({ hasText: "삭제가 완료되었습니다." }).waitFor();
      expect(new URL(page.url()).pathname + new URL(page.url()).search, "back to the normal mode").toBe("/product-list");
      await toolbar(page).getByRole("link", { name: "등록", exact: true }).waitFor();
      expect(await page.getByText("삭제 중", { exact: true }).count()).toBe(0);
      expect(await page.getByRole("dialog", { name: "정말 삭제하시겠습니까?" }).count()).toBe(0);
      expect(await productCard(page, name).count(), "the product is gone").toBe(0);
      // The demo products are still there.
      expect(await page.locator(".product-card").count(), "other products remain").toBeGreaterThan(0);
      // The empty selection answered 400, which Chromium logs to the console.
      s.expectProblems(isHttpErrorConsoleLine(400));
    });

    test("a visitor's /product-list: the disclosure at the top without scrolling, no overflow, no admin toolbar", async () => {
      const { page } = await s.open({ js });
      await open(page, "/product-list", js);
      await page.getByRole("heading", { level: 1, name: "제품 소개" }).waitFor();
      const disclosure = page
        .getByText("이 포스팅은 쿠팡 파트너스 활동의 일환으로, 이에 따른 일정액의 수수료를 제공받습니다.", { exact: true })
        .first();
      await disclosure.waitFor();
      const box = await disclosure.boundingBox();
      expectPresent(box, "the disclosure is rendered");
      expect(box.y >= 0 && box.y + box.height <= 740, `the disclosure is within the first screen: ${JSON.stringify(box)}`).toBeTruthy();
      const title = await page.getByRole("heading", { level: 1, name: "제품 소개" }).boundingBox();
      expect(title && box.y <= title.y, "the disclosure is at the top of the page, not only at the end").toBeTruthy();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      expect(await hasHorizontalOverflow(page), "no sideways scroll on /product-list").toBe(false);
      expect((await section(page, "공동구매").count()) + (await section(page, "제품 추천").count()) > 0).toBe(true);
      expect(await toolbar(page).count(), "a visitor has no admin toolbar").toBe(0);
    });
  });
}
