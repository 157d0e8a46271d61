// End-to-end: Instagram by login (issue 33, point 2) at 375 px, with JavaScript off and on, against
// the built server with INSTAGRAM_AUTH_URL, INSTAGRAM_API_URL and INSTAGRAM_GRAPH_URL pointed at the
// local stand-in of Instagram. The owner taps 인스타그램 연결, allows the site in the stand-in's
// authorization window, comes back connected; 지금 가져오기 imports a new reel with the new token; a
// day later the token is refreshed; 연결 해제 forgets it. Cancelling in the window, and a forged
// state, are refused in Korean and change nothing.
// Runs about 9 s.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { hasHorizontalOverflow, open, useSite } from "../support/browser";
import { newVideoMaker, startFakeGraph, type FakeGraph } from "../support/fake-graph";
import { withDatabase } from "../support/records";
import { assertAccessible } from "./helpers";

const APP = { id: "990602627938098", secret: "0a1b2c3d4e5f60718293a4b5c6d7e8f9" };
const ACCOUNT = "ot_kids_e2e";
const DAY = 24 * 60 * 60 * 1000;

let fake: FakeGraph;
const videosWith = newVideoMaker(() => fake.origin, 19300000000000000n);

beforeAll(async () => {
  fake = await startFakeGraph({ app: APP, username: ACCOUNT });
});
afterAll(() => fake?.close());

const s = useSite(() => ({
  INSTAGRAM_AUTH_URL: fake.origin,
  INSTAGRAM_API_URL: fake.origin,
  INSTAGRAM_GRAPH_URL: fake.origin,
  INSTAGRAM_APP_ID: APP.id,
  INSTAGRAM_APP_SECRET: APP.secret,
}));

type Stored = { token: string | null; savedAt: string | null; expiresAt: string | null };

function storedToken(): Stored {
  return withDatabase(s.site, (db) => {
    const value = (key: string) =>
      (db.prepare("SELECT value FROM settings WHERE key = ?").get(key) as { value: string } | undefined)?.value ?? null;
    return { token: value("instagram.token"), savedAt: value("instagram.tokenSavedAt"), expiresAt: value("instagram.tokenExpiresAt") };
  });
}

const onSite = (pathname: string) => (url: URL) => url.origin === s.site.origin && url.pathname === pathname;

async function flash(page: Page, message: string) {
  await page.getByRole("status").filter({ hasText: message }).waitFor();
}

/** 인스타그램 연결 on /instagram-token, into the stand-in's authorization window. */
async function toAuthorizationWindow(page: Page, js: boolean) {
  await open(page, "/instagram-token", js);
  await page.getByRole("link", { name: /^인스타그램 (다시 )?연결$/ }).click();
  await page.waitForURL((url) => url.origin === fake.origin && url.pathname === "/oauth/authorize");
  await page.getByText(`${ACCOUNT} 계정으로 로그인되어 있습니다.`).waitFor();
}

/** Back from the window on /instagram-token (a browser keeps Instagram's "#_"). */
async function backOnTokenPage(page: Page) {
  await page.waitForURL(onSite("/instagram-token"));
}

for (const js of [false, true]) {
  describe(js ? "with JavaScript" : "without JavaScript", () => {
    test("connect, a reel imported with the new token, the token refreshed a day later, 연결 해제", async () => {
      const { page } = await s.open({ js, admin: true });
      await toAuthorizationWindow(page, js);
      await page.getByRole("link", { name: "허용", exact: true }).click();
      await backOnTokenPage(page);
      await flash(page, `인스타그램 ${ACCOUNT} 계정이 연결되었습니다.`);
      await page.getByText(`${ACCOUNT} 계정에 연결되어 있습니다.`).waitFor();
      await page.getByText(/^토큰 만료 예정: /).waitFor();
      await page.getByRole("link", { name: "인스타그램 다시 연결", exact: true }).waitFor();
      expect(await hasHorizontalOverflow(page), "no sideways scroll at 375 px").toBe(false);
      if (js) await assertAccessible(page, "/instagram-token, connected");
      const connected = storedToken();
      expect(connected.token).toMatch(/^IGAAlong-/);
      expect(Date.parse(connected.expiresAt ?? "") - Date.now(), "about 60 days").toBeGreaterThan(59 * DAY);

      // The existing import, with the token the login stored.
      const caption = `로그인 연결 후 첫 릴스 ${js ? "on" : "off"} #연결테스트`;
      fake.setMedia(videosWith(caption));
      await open(page, "/reels-inbox", js);
      await page.getByRole("button", { name: "지금 가져오기", exact: true }).click();
      await flash(page, "새 릴스 1개를 가져왔습니다. (자동 등록 0개, 미분류 1개)");
      await page.locator(".inbox-row", { hasText: caption }).waitFor();
      const media = fake.apiRequests().filter((request) => request.path.endsWith("/media"));
      expect(media.at(-1)?.accessToken, "the import read with the login's token").toBe(connected.token);

      // A day later, with less than 30 days left: the next import refreshes it, as a pasted token is.
      withDatabase(s.site, (db) => {
        const set = db.prepare("UPDATE settings SET value = ? WHERE key = ?");
        set.run(new Date(Date.now() - 2 * DAY).toISOString(), "instagram.tokenSavedAt");
        set.run(new Date(Date.now() + 10 * DAY).toISOString(), "instagram.tokenExpiresAt");
      });
      const refreshesBefore = fake.refreshCalls.length;
      await page.getByRole("button", { name: "지금 가져오기", exact: true }).click();
      await flash(page, "새로 가져올 릴스가 없습니다.");
      expect(fake.refreshCalls.length).toBe(refreshesBefore + 1);
      expect(fake.refreshCalls.at(-1)?.accessToken).toBe(connected.token);
      const refreshed = storedToken();
      expect(refreshed.token).toMatch(/^IGAAfake-refreshed-/);
      expect(Date.parse(refreshed.expiresAt ?? "") - Date.now(), "60 days again").toBeGreaterThan(59 * DAY);

      await open(page, "/instagram-token", js);
      await page.getByRole("button", { name: "연결 해제", exact: true }).click();
      await flash(page, "인스타그램 연결을 해제했습니다. 새 릴스를 가져오려면 다시 연결해 주세요.");
      await page.getByText("연결된 계정이 없습니다.", { exact: true }).waitFor();
      expect(await page.getByRole("button", { name: "연결 해제" }).count()).toBe(0);
      expect(await page.getByRole("link", { name: "인스타그램 연결", exact: true }).isVisible(), "she can connect again").toBe(true);
      expect(storedToken().token).toBeNull();
    });

    test("cancelling in Instagram's window, and a forged state, are refused in Korean and change nothing", async () => {
      const { page } = await s.open({ js, admin: true });
      const before = storedToken();

      await toAuthorizationWindow(page, js);
      await page.getByRole("link", { name: "취소", exact: true }).click();
      await backOnTokenPage(page);
      await flash(page, "인스타그램 연결을 취소했습니다. 연결된 계정은 바뀌지 않았습니다.");
      expect(storedToken()).toStrictEqual(before);

      // Someone else's state: the window's 허용 taken with a state the site never gave this session.
      await toAuthorizationWindow(page, js);
      const allow = new URL((await page.getByRole("link", { name: "허용", exact: true }).getAttribute("href"))!, fake.origin);
      allow.searchParams.set("state", "forged-state-0123456789");
      await page.goto(allow.href);
      await backOnTokenPage(page);
      await flash(page, "연결 요청이 만료되었거나 올바르지 않습니다. '인스타그램 연결'을 다시 눌러 주세요.");
      expect(storedToken()).toStrictEqual(before);
      expect(await hasHorizontalOverflow(page)).toBe(false);
    });
  });
}
