// End-to-end, on a 375 px phone with JavaScript on (issue 20): a camera-sized JPEG (6000×4000 noise,
// over 10 MB) picked on the product form is shrunk by the browser, sent with a progress bar and
// stored at most 2560 px wide; a save whose answer is lost with the connection keeps the form with
// a Korean message, and the retry saves once (the first attempt did reach the server).
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, test } from "vitest";
import { open, useSite } from "../support/browser";
import { nameHeading } from "./helpers";

const s = useSite();
let photo: string;

beforeAll(async () => {
  const bytes = await sharp({
    create: { width: 6000, height: 4000, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 50 } },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
  assert.ok(bytes.length > 10 * 1024 * 1024, `the photo is over 10 MB (${bytes.length})`);
  photo = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "photos-e2e-")), "IMG_0001.jpg");
  fs.writeFileSync(photo, bytes);
}, 120_000);

afterAll(() => fs.rmSync(path.dirname(photo), { recursive: true, force: true }));

const saveButton = (page: Page) => page.getByRole("main").getByRole("button", { name: "등록", exact: true });

async function fillProduct(page: Page, name: string) {
  await open(page, "/product-upsert/0", true);
  await page.getByLabel("제품명", { exact: true }).fill(name);
  await page.getByLabel("제품 이미지", { exact: true }).setInputFiles(photo);
  await page.getByLabel("제품 설명", { exact: true }).fill("카메라로 찍은 큰 사진.");
}

function cards(page: Page, name: string) {
  return page.locator(".product-card", { has: nameHeading(page, name) });
}

describe("product form, JavaScript on, 375 px", () => {
  test("a 6000×4000 camera JPEG is shrunk, sent with a progress bar and stored at most 2560 px", { timeout: 90_000 }, async () => {
    const name = "큰 사진 교구";
    const { page, context } = await s.open({ js: true, admin: true });
    await fillProduct(page, name);
    // A slow mobile upload, so the progress is there to be seen.
    const network = await context.newCDPSession(page);
    await network.send("Network.enable");
    await network.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 50,
      downloadThroughput: -1,
      uploadThroughput: 256 * 1024,
    });
    await saveButton(page).click();
    const progress = page.getByRole("progressbar", { name: "업로드 진행률" });
    await progress.waitFor();
    assert.match((await page.locator(".upload-submit__progress").textContent()) ?? "", /^\d{1,3}%$/);
    await page.waitForURL(`${s.site.origin}/product-list`, { timeout: 60_000 });
    await page.getByRole("status").filter({ hasText: "제품 등록이 완료되었습니다." }).waitFor();

    const src =
      (await cards(page, name)
        .getByRole("img", { name: `${name} 제품 이미지` })
        .getAttribute("src")) ?? "";
    const stored = await sharp(Buffer.from(await (await page.request.get(src)).body())).metadata();
    assert.ok(Math.max(stored.width!, stored.height!) <= 2560, `stored ${stored.width}×${stored.height}`);
    assert.ok(stored.width! > stored.height!, "landscape stays landscape");
  });

  test("a save whose answer is lost keeps the form with a Korean message; the retry saves once", { timeout: 90_000 }, async () => {
    const name = "끊긴 연결 교구";
    const { page } = await s.open({ js: true, admin: true });
    await fillProduct(page, name);
    let attempts = 0;
    await page.route("**/product-upsert/0.data", async (route) => {
      attempts += 1;
      if (attempts > 1) return route.continue();
      // The save reaches the server, but its answer is lost on the way back.
      await route.fetch();
      await route.abort("connectionreset");
    });
    s.expectProblems(
      (problem) => problem.startsWith("request failed:") && problem.includes("/product-upsert/0.data"),
      (problem) => problem === "console error: Failed to load resource: net::ERR_CONNECTION_RESET",
    );

    await saveButton(page).click();
    const message = page
      .getByRole("alert")
      .filter({ hasText: "연결이 끊겨 저장하지 못했습니다. 입력한 내용은 그대로 있으니 다시 저장해 주세요." });
    // Shrinking a 24-megapixel photo on a phone takes its time.
    await message.waitFor({ timeout: 45_000 });
    assert.equal(await message.isVisible(), true);
    assert.equal(await page.getByLabel("제품명", { exact: true }).inputValue(), name, "the typed name is still there");
    assert.equal(await page.getByLabel("제품 설명", { exact: true }).inputValue(), "카메라로 찍은 큰 사진.");
    assert.equal(
      await page.getByLabel("제품 이미지", { exact: true }).evaluate((input: HTMLInputElement) => input.files?.length),
      1,
      "the picked photo too",
    );

    await saveButton(page).click();
    await page.waitForURL(`${s.site.origin}/product-list`, { timeout: 60_000 });
    await cards(page, name).first().waitFor();
    assert.equal(await cards(page, name).count(), 1, "one product, though the server saw two saves");
    assert.equal(attempts, 2);
    await page.unrouteAll({ behavior: "ignoreErrors" });
  });
});
