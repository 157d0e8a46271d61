// End-to-end, on a 375 px phone with JavaScript (issue 20): what the browser does with a camera
// photo before and while sending it. A 35 MB photo is shrunk and saved; a 35 MB file the browser
// cannot shrink is refused beside its field before anything is sent, what was typed kept; a slow
// upload shows its progress, and its 14 MB photo (on its side, with GPS) is stored upright, at most
// 2560 px, without metadata; a save whose answer is lost keeps the form with a Korean message, and
// the retry saves once. (Saving the photos on the career form, and without JavaScript: photos.test.ts,
// beside this file.)
// Runs about 23 s.
import type { Page } from "playwright-core";
import sharp from "sharp";
import { beforeAll, describe, test, expect } from "vitest";
import { useSite } from "../support/browser";
import { nameHeading } from "./helpers";
import {
  assertStoredUpright,
  assertTyped,
  cameraPhotos,
  fill,
  MB,
  onlyOne,
  photoForms,
  saveAndWait,
  saveButton,
  type CameraPhotos,
} from "./photo-forms";

const s = useSite();
const { product } = photoForms(s);
let photos: CameraPhotos;

beforeAll(async () => {
  photos = await cameraPhotos();
}, 180_000);

describe("a 35 MB camera photo on the product form", () => {
  test("with JavaScript, the browser shrinks it and it saves", { timeout: 90_000 }, async () => {
    const { page } = await s.open({ js: true, admin: true });
    const title = "35MB 사진 교구";
    await fill(page, product, true, title);
    await page.getByLabel(product.picker, { exact: true }).setInputFiles(photos.photo35);
    const sent: number[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/product-upsert/0.data")) sent.push(request.postDataBuffer()?.length ?? 0);
    });
    await saveAndWait(s, page, product);
    expect(sent.length, "one save").toBe(1);
    expect(sent[0]!, `the browser sent ${sent[0]} bytes, under the 25 MB limit`).toBeLessThan(25 * MB);
    const stored = await sharp(onlyOne(product.saved(title))).metadata();
    expect(Math.max(stored.width!, stored.height!), `stored ${stored.width}×${stored.height}`).toBeLessThanOrEqual(2560);
  });

  test(
    "with JavaScript, a 35 MB file the browser cannot shrink is refused beside its field, nothing sent",
    { timeout: 60_000 },
    async () => {
      const { page } = await s.open({ js: true, admin: true });
      const typed = await fill(page, product, true, "줄일 수 없는 사진 교구");
      await page.getByLabel(product.picker, { exact: true }).setInputFiles(photos.unshrinkable35);
      let sent = 0;
      page.on("request", (request) => {
        if (request.method() === "POST") sent += 1;
      });
      await saveButton(page, product).click();
      const refusal = "이 이미지는 줄일 수 없고 25MB보다 커서 올릴 수 없습니다. 다른 이미지를 골라 주세요.";
      await page.getByRole("alert").filter({ hasText: refusal }).waitFor({ timeout: 30_000 });
      expect(await page.getByText(refusal, { exact: true }).count(), "by the save button and by the picture").toBeGreaterThanOrEqual(2);
      expect(sent, "nothing was sent").toBe(0);
      await assertTyped(page, typed);
      expect(
        await page.getByLabel(product.picker, { exact: true }).evaluate((input: HTMLInputElement) => input.files?.length),
        "the picked file is still there",
      ).toBe(1);
    },
  );
});

describe("product form, JavaScript on: progress and a lost answer", () => {
  function cards(page: Page, name: string) {
    return page.locator(".product-card", { has: nameHeading(page, name) });
  }

  test("a slow upload shows a progress bar with its percentage; the photo is stored upright, no EXIF", { timeout: 90_000 }, async () => {
    const name = "진행률 교구";
    const { page, context } = await s.open({ js: true, admin: true });
    await fill(page, product, true, name);
    await page.getByLabel(product.picker, { exact: true }).setInputFiles(photos.photo14);
    // A slow mobile upload, so the progress is there to be seen.
    const network = await context.newCDPSession(page);
    await network.send("Network.enable");
    await network.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 50,
      downloadThroughput: -1,
      uploadThroughput: 256 * 1024,
    });
    await saveButton(page, product).click();
    await page.getByRole("progressbar", { name: "업로드 진행률" }).waitFor({ timeout: 30_000 });
    expect((await page.locator(".upload-submit__progress").textContent()) ?? "").toMatch(/^\d{1,3}%$/);
    await page.waitForURL(`${s.site.origin}/product-list`, { timeout: 60_000 });
    await page.getByRole("status").filter({ hasText: "제품 등록이 완료되었습니다." }).waitFor();
    // The camera photo lay on its side with GPS: the browser shrank it upright, and nothing of its EXIF came along.
    await assertStoredUpright(onlyOne(product.saved(name)));
  });

  test("a save whose answer is lost keeps the form with a Korean message; the retry saves once", { timeout: 90_000 }, async () => {
    const name = "끊긴 연결 교구";
    const { page } = await s.open({ js: true, admin: true });
    const typed = await fill(page, product, true, name);
    await page.getByLabel(product.picker, { exact: true }).setInputFiles(photos.photo14);
    let attempts = 0;
    await page.route("**/product-upsert/0.data", async (route) => {
      attempts += 1;
      if (attempts > 1) return route.continue();
      // The save reaches the server, but its answer is lost on the way back. Storing a 14 MB photo
      // with its sizes takes longer than route.fetch's 10 s on a loaded machine.
      await route.fetch({ timeout: 60_000 });
      await route.abort("connectionreset");
    });
    s.expectProblems(
      (problem) => problem.startsWith("request failed:") && problem.includes("/product-upsert/0.data"),
      (problem) => problem === "console error: Failed to load resource: net::ERR_CONNECTION_RESET",
    );

    await saveButton(page, product).click();
    const message = page
      .getByRole("alert")
      .filter({ hasText: "연결이 끊겨 저장하지 못했습니다. 입력한 내용은 그대로 있으니 다시 저장해 주세요." });
    await message.waitFor({ timeout: 45_000 });
    expect(await message.isVisible()).toBe(true);
    await assertTyped(page, typed);
    expect(
      await page.getByLabel(product.picker, { exact: true }).evaluate((input: HTMLInputElement) => input.files?.length),
      "the picked photo too",
    ).toBe(1);

    await saveButton(page, product).click();
    await page.waitForURL(`${s.site.origin}/product-list`, { timeout: 60_000 });
    await cards(page, name).first().waitFor();
    expect(await cards(page, name).count(), "one product, though the server saw two saves").toBe(1);
    expect(attempts).toBe(2);
    await page.unrouteAll({ behavior: "ignoreErrors" });
  });
});
