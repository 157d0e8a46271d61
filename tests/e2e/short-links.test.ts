// End-to-end at 375 px, JavaScript on and off: a reel's share dialog offers its short address /r/{id}
// and a QR code of it drawn by the server; the short address opens the reel.
// Runs about 4 s.
import { describe, test, expect } from "vitest";
import { hasHorizontalOverflow, open, PHONE, useSite } from "../support/browser";

const s = useSite();
const REEL = "변기를 무서워하는 아이";

for (const js of [false, true]) {
  describe(js ? "with JavaScript" : "without JavaScript", () => {
    test("a reel's 공유하기 shows its short address and QR code; the short address opens the reel", async () => {
      const { context, page } = await s.open({ js, viewport: PHONE });
      if (js) await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: s.site.origin });
      // The demo reel's video is served by the site itself (Instagram's CDN in real life): the player's
      // load() on the client restarts its request, and Chromium reports the dropped one as aborted.
      s.expectProblems((problem) => problem === `request failed: ${s.site.origin}/demo/reels/sample.mp4 net::ERR_ABORTED`);
      await open(page, "/search?q=%EB%B0%B0%EB%B3%80", js);
      await page
        .getByRole("region", { name: /^릴스 \d+건$/ })
        .getByRole("link")
        .filter({ hasText: REEL })
        .click();
      await page.waitForURL((url) => url.pathname.startsWith("/reels-content/"));
      const heading = page.getByRole("heading", { level: 1, name: REEL });
      await heading.waitFor();
      const reelUrl = page.url();

      await page.getByRole("banner").getByRole("link", { name: "공유하기", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "공유하기" });
      await dialog.waitFor();
      const shortUrl = await dialog.getByLabel("공유할 주소", { exact: true }).inputValue();
      expect(shortUrl, "the dialog shows the short address").toMatch(new RegExp(`^${s.site.origin}/r/\\d+$`));

      const qr = dialog.getByRole("img", { name: "QR 코드", exact: true });
      expect(await qr.isVisible()).toBe(true);
      const src = `/qr.svg?u=${encodeURIComponent(new URL(shortUrl).pathname)}`;
      expect(await qr.getAttribute("src")).toBe(src);
      // decode() rejects an image that failed to load or is no image (a 400 page would be text).
      const loaded = await qr.evaluate((image: HTMLImageElement) => image.decode().then(() => image.complete));
      expect(loaded, "the QR code image loaded").toBe(true);
      const answer = await page.request.get(src);
      expect(answer.headers()["content-type"]).toBe("image/svg+xml; charset=utf-8");
      expect(await hasHorizontalOverflow(page), "nothing scrolls sideways at 375 px").toBe(false);

      if (js) {
        await dialog.getByRole("button", { name: "링크 복사", exact: true }).click();
        await dialog.getByText("링크가 복사되었습니다.", { exact: true }).waitFor();
        expect(await page.evaluate(() => navigator.clipboard.readText()), "링크 복사 copies the short address").toBe(shortUrl);
      }

      await page.goto(shortUrl);
      expect(page.url(), "the short address lands on the reel's page").toBe(reelUrl);
      await heading.waitFor();
    });
  });
}
