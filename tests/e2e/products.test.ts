// End-to-end: the product introduction (/product-list) and the product form (/product-upsert): the
// admin registers a group-buy product with an image and both buttons, edits it (rename, replace and
// remove the image, hide it), deletes it through the delete mode and its confirmation, and meets the
// form's Korean validation messages. A visitor never sees the hidden product; the affiliate
// disclosure sits at the top of the page. Each with JavaScript off and on, at 375 px.
import { afterAll, beforeAll, describe, test } from "vitest";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { ko } from "~/copy/ko";
import {
  hasHorizontalOverflow,
  openContext,
  PHONE,
  screenshotPath,
  type Site,
  startSiteAndBrowser,
  stopSiteAndBrowser,
} from "../support/browser";
import { assertNoProblems, isHttpErrorConsoleLine, loginAsAdmin } from "./helpers";

let site: Site;
let browser: Browser;

beforeAll(async () => {
  [site, browser] = await startSiteAndBrowser();
});

afterAll(() => stopSiteAndBrowser(site, browser));

const JPEG_1 = path.resolve("public/demo/products/product-1.jpg");
const JPEG_2 = path.resolve("public/demo/products/product-2.jpg");
const p = ko.products;

/** The files in the site's UPLOADS_DIR (temp files included), to see that a refusal stores nothing. */
function uploadedFiles() {
  const dir = path.join(site.dir, "uploads");
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

/** With JavaScript, wait for the scripts to take over; without, the load is enough. */
async function open(page: Page, url: string, js: boolean) {
  const response = await page.goto(url, { waitUntil: js ? "networkidle" : "load" });
  return response;
}

function toolbar(page: Page) {
  return page.getByRole("toolbar", { name: ko.list.adminActions });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A product's name heading; a hidden product's heading also carries the 숨김 badge. */
function nameHeading(scope: Page | Locator, name: string) {
  return scope.getByRole("heading", { name: new RegExp(`^${escapeRegExp(name)}\\s*(${ko.list.hidden})?$`) });
}

function productCard(scope: Page | Locator, name: string) {
  // `has` is resolved inside each card: build the heading from the page, not from the scope.
  const root = "goto" in scope ? scope : scope.page();
  return scope.locator(".product-card", { has: nameHeading(root, name) });
}

/** The edit-mode link that holds a product's card. */
function editLink(page: Page, name: string) {
  return page.locator("a.list-item-link", { has: productCard(page, name) });
}

function section(page: Page, title: string) {
  return page.getByRole("region", { name: title, exact: true });
}

/** The field's own error line (aria-describedby), so the message is tied to the field. */
async function expectFieldError(page: Page, field: Locator, message: string) {
  await page.getByText(message, { exact: true }).first().waitFor();
  assert.equal(await field.getAttribute("aria-invalid"), "true", `the field is marked invalid for "${message}"`);
  const describedBy = (await field.getAttribute("aria-describedby")) ?? "";
  const texts = await Promise.all(
    describedBy
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => page.locator(`[id="${id}"]`).textContent()),
  );
  assert.ok(
    texts.some((text) => text?.includes(message)),
    `the field is described by "${message}" (aria-describedby="${describedBy}": ${JSON.stringify(texts)})`,
  );
}

const submitButton = (page: Page, label: string) => page.getByRole("main").getByRole("button", { name: label, exact: true });

for (const js of [false, true]) {
  describe(js ? "with JavaScript" : "without JavaScript", () => {
    let context: BrowserContext;
    let problems: string[];
    let page: Page;
    let visitor: BrowserContext;
    let visitorProblems: string[];
    let visitorPage: Page;
    // Distinct per mode, so the second run cannot pass on the first run's data.
    const name = js ? "말랑 촉감 공 세트" : "원목 끼우기 퍼즐";
    const renamed = js ? "말랑 촉감 공 세트 (리뉴얼)" : "원목 끼우기 퍼즐 2단계";
    const left = { name: "구매하기", link: `https://link.coupang.com/a/${js ? "js" : "nojs"}-left` };
    const right = { name: "상세 보기", link: `https://smartstore.naver.com/ot/${js ? "js" : "nojs"}-right` };
    let firstImageSrc = "";

    beforeAll(async () => {
      ({ context, problems } = await openContext(browser, site, { javaScriptEnabled: js, viewport: PHONE }));
      context.setDefaultTimeout(10_000);
      page = await context.newPage();
      ({ context: visitor, problems: visitorProblems } = await openContext(browser, site, { javaScriptEnabled: js, viewport: PHONE }));
      visitor.setDefaultTimeout(10_000);
      visitorPage = await visitor.newPage();
      await loginAsAdmin(page, site.origin);
    });

    afterAll(async () => {
      await context?.close();
      await visitor?.close();
    });

    test("the product form explains in Korean what is missing or refused", async () => {
      await open(page, "/product-list", js);
      await toolbar(page).getByRole("link", { name: ko.common.register, exact: true }).click();
      await page.waitForURL(`${site.origin}/product-upsert/0`);
      await page.getByRole("heading", { level: 1, name: p.registerTitle }).waitFor();
      if (js) await page.waitForLoadState("networkidle");
      const nameInput = page.getByLabel(p.name, { exact: true });

      // 1. No name.
      await submitButton(page, ko.common.register).click();
      await expectFieldError(page, nameInput, p.required);
      assert.equal(new URL(page.url()).pathname, "/product-upsert/0");

      // 2. The left button ticked, named, but without its link.
      await nameInput.fill(name);
      await page.getByLabel(p.useButton(p.leftButton), { exact: true }).check();
      await page.getByLabel(p.buttonName(p.leftButton), { exact: true }).fill(left.name);
      await submitButton(page, ko.common.register).click();
      await expectFieldError(page, page.getByLabel(p.buttonLink(p.leftButton), { exact: true }), p.leftRequired);
      assert.equal(new URL(page.url()).pathname, "/product-upsert/0");

      // A refused form keeps what was typed.
      assert.equal(await nameInput.inputValue(), name, "the name is kept after a refusal");
      assert.equal(await page.getByLabel(p.useButton(p.leftButton), { exact: true }).isChecked(), true, "the left button stays ticked");
      assert.equal(await page.getByLabel(p.buttonName(p.leftButton), { exact: true }).inputValue(), left.name);

      // 3. A javascript: link.
      await page.getByLabel(p.buttonLink(p.leftButton), { exact: true }).fill("javascript:alert(1)");
      await submitButton(page, ko.common.register).click();
      await expectFieldError(page, page.getByLabel(p.buttonLink(p.leftButton), { exact: true }), p.badLink);
      assert.equal(new URL(page.url()).pathname, "/product-upsert/0");

      assert.equal(await nameInput.inputValue(), name, "the name is kept after a refusal");
      assert.equal(await page.getByLabel(p.useButton(p.leftButton), { exact: true }).isChecked(), true, "the left button stays ticked");

      // 4. A text file named .png: refused by its content (415), nothing registered, nothing stored.
      const storedBefore = uploadedFiles();
      await page.getByLabel(p.buttonLink(p.leftButton), { exact: true }).fill(left.link);
      await page.getByLabel(p.image, { exact: true }).setInputFiles({
        name: "photo.png",
        mimeType: "image/png",
        buffer: Buffer.from("this is not an image, only text\n"),
      });
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/product-upsert/0")),
        submitButton(page, ko.common.register).click(),
      ]);
      assert.equal(response.status(), 415, "a text file is refused with 415");
      const badType = ko.upload.badType(["PNG", "JPEG", "WEBP", "GIF"]);
      await expectFieldError(page, page.getByLabel(p.image, { exact: true }), badType);
      assert.equal(await nameInput.inputValue(), name, "the name is kept after a refused upload");
      assert.deepEqual(uploadedFiles(), storedBefore, "a refused upload leaves nothing in UPLOADS_DIR");
      assert.equal(new URL(page.url()).pathname, "/product-upsert/0");
      assert.equal(await hasHorizontalOverflow(page), false, "no sideways scroll on the form with errors");
      await page.screenshot({ path: screenshotPath(`products-${js ? "js" : "nojs"}-form-errors`), fullPage: true });

      // Nothing was registered by any of these attempts.
      await open(page, "/product-list", js);
      assert.equal(await productCard(page, name).count(), 0, "no product was registered by a refused form");
      // The refusals answer 400 and 415, which Chromium logs to the console.
      assertNoProblems(problems, js, (line) => isHttpErrorConsoleLine(400)(line) || isHttpErrorConsoleLine(415)(line));
      problems.length = 0;
    });

    test("registers a group-buy product with an image and both buttons", async () => {
      await open(page, "/product-upsert/0", js);
      await page.getByRole("heading", { level: 1, name: p.registerTitle }).waitFor();
      await page.getByLabel(p.name, { exact: true }).fill(name);
      await page.getByLabel(p.image, { exact: true }).setInputFiles(JPEG_1);
      if (js) {
        // The chosen image is previewed, with the ✕ to remove it.
        await page.getByRole("img", { name: ko.imageField.preview }).waitFor();
        assert.equal(await page.getByRole("button", { name: ko.imageField.remove, exact: true }).count(), 1);
      }
      await page.getByLabel(p.description, { exact: true }).fill("손의 감각을 깨우는 말랑한 공 6종.\n두 번째 줄 설명.");
      await page.getByRole("group", { name: p.kind }).getByLabel(p.groupBuy, { exact: true }).check();
      await page.getByLabel(p.useButton(p.leftButton), { exact: true }).check();
      await page.getByLabel(p.buttonName(p.leftButton), { exact: true }).fill(left.name);
      await page.getByLabel(p.buttonLink(p.leftButton), { exact: true }).fill(left.link);
      await page.getByLabel(p.useButton(p.rightButton), { exact: true }).check();
      await page.getByLabel(p.buttonName(p.rightButton), { exact: true }).fill(right.name);
      await page.getByLabel(p.buttonLink(p.rightButton), { exact: true }).fill(right.link);
      assert.equal(await hasHorizontalOverflow(page), false, "no sideways scroll on the register form");
      await page.screenshot({ path: screenshotPath(`products-${js ? "js" : "nojs"}-register-form`), fullPage: true });

      await submitButton(page, ko.common.register).click();
      await page.waitForURL(`${site.origin}/product-list`);
      await page.getByRole("status").filter({ hasText: p.registered }).waitFor();

      const groupBuy = section(page, p.groupBuy);
      const card = productCard(groupBuy, name);
      await card.waitFor();
      const leftLink = card.getByRole("link", { name: left.name, exact: true });
      const rightLink = card.getByRole("link", { name: right.name, exact: true });
      assert.equal(await leftLink.getAttribute("href"), left.link);
      assert.equal(await rightLink.getAttribute("href"), right.link);
      assert.equal(await productCard(section(page, p.recommend), name).count(), 0, "not under 제품 추천");

      const image = card.getByRole("img", { name: p.imageAlt(name) });
      firstImageSrc = (await image.getAttribute("src")) ?? "";
      assert.match(firstImageSrc, /^\/uploads\/[^/]+\.jpe?g\?v=\d+$/, `an uploaded image with a cache-busting query: ${firstImageSrc}`);
      const served = await page.request.get(firstImageSrc);
      assert.equal(served.status(), 200);
      assert.equal(served.headers()["content-type"], "image/jpeg");
      assert.equal(await hasHorizontalOverflow(page), false);
      assertNoProblems(problems, js);

      // A visitor sees it too, with both buttons.
      await open(visitorPage, "/product-list", js);
      const visitorCard = productCard(section(visitorPage, p.groupBuy), name);
      await visitorCard.waitFor();
      assert.equal(await visitorCard.getByRole("link", { name: left.name, exact: true }).getAttribute("href"), left.link);
      assert.equal(await visitorCard.getByRole("link", { name: right.name, exact: true }).getAttribute("href"), right.link);
      assert.equal(await toolbar(visitorPage).count(), 0, "a visitor has no admin toolbar");
    });

    test("edit mode: 수정 중 and 취소; the item opens the prefilled form; rename and replace the image", async () => {
      await open(page, "/product-list", js);
      await toolbar(page).getByRole("link", { name: ko.common.edit, exact: true }).click();
      await page.waitForURL(`${site.origin}/product-list?mode=edit`);
      await toolbar(page).getByText(ko.list.editing, { exact: true }).waitFor();
      const cancel = toolbar(page).getByRole("link", { name: ko.common.cancel, exact: true });
      assert.equal(await cancel.getAttribute("href"), "/product-list");
      // In edit mode the buttons do not lead away: the whole item is the edit link.
      assert.equal(await productCard(page, name).getByRole("link", { name: left.name }).count(), 0);

      // 취소 goes back to the normal mode, and 수정 again.
      await cancel.click();
      await page.waitForURL(`${site.origin}/product-list`);
      await toolbar(page).getByRole("link", { name: ko.common.register, exact: true }).waitFor();
      assert.equal(await page.getByText(ko.list.editing, { exact: true }).count(), 0);
      await toolbar(page).getByRole("link", { name: ko.common.edit, exact: true }).click();
      await page.waitForURL(`${site.origin}/product-list?mode=edit`);

      // (The link's accessible name is checked in its own test below; find it by the card it holds.)
      await editLink(page, name).click();
      await page.waitForURL((url) => url.pathname.startsWith("/product-upsert/") && !url.pathname.startsWith("/product-upsert/0"));
      await page.getByRole("heading", { level: 1, name: p.editTitle }).waitFor();
      if (js) await page.waitForLoadState("networkidle");
      const nameInput = page.getByLabel(p.name, { exact: true });
      assert.equal(await nameInput.inputValue(), name, "prefilled name");
      assert.equal(await page.getByLabel(p.buttonLink(p.leftButton), { exact: true }).inputValue(), left.link);
      assert.equal(await page.getByLabel(p.buttonLink(p.rightButton), { exact: true }).inputValue(), right.link);
      assert.equal(await page.getByLabel(p.useButton(p.leftButton), { exact: true }).isChecked(), true);
      assert.equal(await page.getByRole("group", { name: p.kind }).getByLabel(p.groupBuy, { exact: true }).isChecked(), true);
      const current = page.getByRole("img", { name: ko.imageField.current });
      assert.equal(await current.getAttribute("src"), firstImageSrc, "the current image is shown");
      assert.equal(await submitButton(page, ko.common.edit).count(), 1, "the submit reads 수정");
      assert.equal(await hasHorizontalOverflow(page), false, "no sideways scroll on the edit form");
      await page.screenshot({ path: screenshotPath(`products-${js ? "js" : "nojs"}-edit-form`), fullPage: true });

      await nameInput.fill(renamed);
      await page.getByLabel(p.image, { exact: true }).setInputFiles(JPEG_2);
      await submitButton(page, ko.common.edit).click();
      await page.waitForURL(`${site.origin}/product-list`);
      await page.getByRole("status").filter({ hasText: p.updated }).waitFor();
      const card = productCard(section(page, p.groupBuy), renamed);
      await card.waitFor();
      assert.equal(await productCard(page, name).count(), 0, "the old name is gone");
      const src = (await card.getByRole("img", { name: p.imageAlt(renamed) }).getAttribute("src")) ?? "";
      assert.match(src, /^\/uploads\/[^/]+\.jpe?g\?v=\d+$/);
      assert.notEqual(src.split("?")[0], firstImageSrc.split("?")[0], "the image was replaced by a new upload");
      // The replaced file is no longer served (DESIGN §5: nothing left behind).
      assert.equal((await page.request.get(firstImageSrc.split("?")[0]!)).status(), 404, "the old image file was removed");
      // The buttons survived the edit.
      assert.equal(await card.getByRole("link", { name: left.name, exact: true }).getAttribute("href"), left.link);
      assert.equal(await card.getByRole("link", { name: right.name, exact: true }).getAttribute("href"), right.link);
      firstImageSrc = src;
      assertNoProblems(problems, js);
    });

    test("in edit mode each item's link is named after its product (not just '수정:')", async () => {
      await open(page, "/product-list?mode=edit", js);
      await toolbar(page).getByText(ko.list.editing, { exact: true }).waitFor();
      const link = editLink(page, renamed);
      await link.waitFor();
      // What a screen reader announces for the link: it must say which product it edits.
      const announced = await page.getByRole("link", { name: `${ko.common.edit}: ${renamed}` }).count();
      const snapshot = (await link.ariaSnapshot()).split("\n")[0];
      assert.equal(announced, 1, `the edit link of "${renamed}" is announced with its name; Chromium's accessibility tree has: ${snapshot}`);
    });

    test("removes the image and hides the product: a visitor no longer sees it, the admin sees 숨김", async () => {
      await open(page, "/product-list?mode=edit", js);
      await editLink(page, renamed).click();
      await page.getByRole("heading", { level: 1, name: p.editTitle }).waitFor();
      if (js) {
        await page.waitForLoadState("networkidle");
        await page.getByRole("button", { name: ko.imageField.remove, exact: true }).click();
        await page.getByRole("img", { name: ko.imageField.current }).waitFor({ state: "detached" });
        assert.equal(await page.getByRole("checkbox", { name: ko.imageField.remove }).count(), 0, "with JavaScript the ✕ replaces the checkbox");
      } else {
        assert.equal(await page.getByRole("button", { name: ko.imageField.remove }).count(), 0, "no ✕ without JavaScript");
        await page.getByRole("checkbox", { name: ko.imageField.remove, exact: true }).check();
      }
      await page.getByRole("group", { name: p.visibility }).getByLabel(p.hide, { exact: true }).check();
      await submitButton(page, ko.common.edit).click();
      await page.waitForURL(`${site.origin}/product-list`);
      await page.getByRole("status").filter({ hasText: p.updated }).waitFor();

      const card = productCard(page, renamed);
      await card.waitFor();
      assert.equal(await card.locator(".badge").filter({ hasText: ko.list.hidden }).count(), 1, "the admin sees the 숨김 badge");
      assert.equal(await card.getByRole("img").count(), 0, "the image was removed");
      assert.equal((await page.request.get(firstImageSrc.split("?")[0]!)).status(), 404, "the removed image file is gone");
      assertNoProblems(problems, js);

      await open(visitorPage, "/product-list", js);
      await visitorPage.getByRole("heading", { level: 1, name: p.title }).waitFor();
      assert.equal(await visitorPage.getByText(renamed).count(), 0, "a visitor does not see the hidden product");
      assert.equal(await visitorPage.getByText(name).count(), 0);
      assertNoProblems(visitorProblems, js);
    });

    test("delete mode: 삭제 중 and a dimmed list; nothing ticked; tick, confirm, done", async () => {
      await open(page, "/product-list", js);
      await toolbar(page).getByRole("link", { name: ko.common.delete, exact: true }).click();
      await page.waitForURL(`${site.origin}/product-list?mode=delete`);
      await toolbar(page).getByText(ko.list.deleting, { exact: true }).waitFor();
      assert.equal(await toolbar(page).getByRole("link", { name: ko.common.cancel, exact: true }).count(), 1);
      assert.equal(await page.locator(".list-page--deleting").count(), 1, "the page is in its deleting state");
      // Unticked items are dimmed (their pictures, or the whole card).
      const opacity = await page.locator(".selectable img").first().evaluate((element) => {
        let value = 1;
        for (let node: Element | null = element; node; node = node.parentElement) value *= Number(getComputedStyle(node).opacity);
        return value;
      });
      assert.ok(opacity < 1, `unticked items are dimmed (opacity ${opacity})`);
      assert.equal(await hasHorizontalOverflow(page), false, "no sideways scroll in delete mode");
      await page.screenshot({ path: screenshotPath(`products-${js ? "js" : "nojs"}-admin-delete-mode`), fullPage: true });

      // 삭제 with nothing ticked.
      await toolbar(page).getByRole("button", { name: ko.common.delete, exact: true }).click();
      await page.getByRole("alert").filter({ hasText: ko.list.nothingToDelete }).waitFor();
      assert.equal(await page.getByRole("dialog", { name: ko.list.confirmDelete }).count(), 0, "no confirmation for nothing");
      // Still in delete mode.
      await toolbar(page).getByText(ko.list.deleting, { exact: true }).waitFor();

      // Tick it, 삭제 → the confirmation names it.
      const checkbox = page.getByRole("checkbox", { name: ko.list.select(renamed), exact: true });
      await checkbox.check();
      await toolbar(page).getByRole("button", { name: ko.common.delete, exact: true }).click();
      const dialog = page.getByRole("dialog", { name: ko.list.confirmDelete });
      await dialog.waitFor();
      const modal = await dialog.evaluate((element) => element.matches(":modal"));
      if (js) assert.equal(modal, true, "with JavaScript the confirmation is a modal dialog");
      else assert.equal(modal, false, "without JavaScript the confirmation is an in-page step");
      assert.ok((await dialog.textContent())?.includes(renamed), "the confirmation names the product");
      // Nothing else is in the confirmation: the other products stay.
      assert.equal(await dialog.locator("li").count(), 1);
      await page.screenshot({ path: screenshotPath(`products-${js ? "js" : "nojs"}-delete-confirm`), fullPage: false });

      await dialog.getByRole("button", { name: ko.common.confirm, exact: true }).click();
      await page.getByRole("status").filter({ hasText: ko.list.deleted }).waitFor();
      assert.equal(new URL(page.url()).pathname + new URL(page.url()).search, "/product-list", "back to the normal mode");
      await toolbar(page).getByRole("link", { name: ko.common.register, exact: true }).waitFor();
      assert.equal(await page.getByText(ko.list.deleting, { exact: true }).count(), 0);
      assert.equal(await page.getByRole("dialog", { name: ko.list.confirmDelete }).count(), 0);
      assert.equal(await productCard(page, renamed).count(), 0, "the product is gone");
      // The demo products are still there.
      assert.ok((await page.locator(".product-card").count()) > 0, "other products remain");
      // The empty selection answered 400, which Chromium logs to the console.
      assertNoProblems(problems, js, isHttpErrorConsoleLine(400));
      problems.length = 0;
    });

    test("a visitor's /product-list: the disclosure at the top without scrolling, no overflow", async () => {
      await visitorPage.setViewportSize({ width: 375, height: 740 });
      await open(visitorPage, "/product-list", js);
      await visitorPage.getByRole("heading", { level: 1, name: p.title }).waitFor();
      const disclosure = visitorPage.getByText(ko.ads.disclosure, { exact: true }).first();
      await disclosure.waitFor();
      const box = await disclosure.boundingBox();
      assert.ok(box, "the disclosure is rendered");
      assert.ok(box.y >= 0 && box.y + box.height <= 740, `the disclosure is within the first screen: ${JSON.stringify(box)}`);
      const title = await visitorPage.getByRole("heading", { level: 1, name: p.title }).boundingBox();
      assert.ok(title && box.y <= title.y, "the disclosure is at the top of the page, not only at the end");
      assert.equal(await visitorPage.evaluate(() => window.scrollY), 0);
      assert.equal(await hasHorizontalOverflow(visitorPage), false, "no sideways scroll on /product-list");
      assert.equal(await section(visitorPage, p.groupBuy).count() + (await section(visitorPage, p.recommend).count()) > 0, true);
      await visitorPage.screenshot({ path: screenshotPath(`products-${js ? "js" : "nojs"}-visitor-list`), fullPage: true });
      assertNoProblems(visitorProblems, js);
    });
  });
}
