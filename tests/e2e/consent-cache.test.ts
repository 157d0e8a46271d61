// Issue 19, point 1 in Chromium: a consent cookie crafted to slip past the page cache
// (`ot_ai_consent =<value>`, a space before `=`) right after a save cannot make the consented /ai the
// page everyone gets. A fresh visitor still sees the consent form, and nothing is requested from a
// third party. The chatbot is configured with an allowlisted script on a real third-party host,
// which the machine cannot reach: the assertion is that the browser never even tries.
import { describe, test, expect } from "vitest";
import { open, useSite } from "../support/browser";
import { expectPresent } from "../support/expect-present";

const s = useSite(() => ({ CHATBOT_SCRIPT_URL: "https://www.chatbase.co/embed.min.js", CHATBOT_BOT_ID: "probe-bot" }));

const CONSENT_COOKIE = "ot_ai_consent";
const CONSENT_HEADING = "개인정보 수집·이용 동의";
const CONSENT_CHECKBOX = "위 내용을 읽었으며 개인정보 수집·이용에 동의합니다.";

/** A save by the owner (through the API, as /home-update does): the page cache is emptied, as after an expiry. */
async function ownerSaves() {
  const session = await s.site.adminSessionCookie();
  const response = await fetch(`${s.site.origin}/api/home/update`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: s.site.origin, Cookie: `${session.name}=${session.value}` },
    body: JSON.stringify({ reelsMenuNm: "릴스", productsMenuNm: "추천 제품", isViewFlags: { reels: true, products: true } }),
  });
  expect(response.status, await response.text()).toBe(200);
}

describe("the consent form cannot be skipped through the page cache", () => {
  test("after `ot_ai_consent =<signed value>` right after a save, a fresh visitor still sees the form and loads nothing third-party", async () => {
    // A real consent, given through the site's form (JavaScript off: a plain POST /ai).
    const agreeing = await s.open({ js: false });
    await open(agreeing.page, "/ai", false);
    await agreeing.page.getByLabel(CONSENT_CHECKBOX, { exact: true }).check();
    await agreeing.page.getByRole("button", { name: "확인", exact: true }).click();
    await agreeing.page.waitForURL((url) => url.pathname === "/ai");
    const consent = (await agreeing.context.cookies()).find((cookie) => cookie.name === CONSENT_COOKIE);
    expectPresent(consent, "the consent form set the consent cookie");

    await ownerSaves();
    const crafted = await fetch(`${s.site.origin}/ai`, { headers: { Cookie: `${CONSENT_COOKIE} =${consent.value}` } });
    expect(crafted.status).toBe(200);
    expect(crafted.headers.get("cache-control")).toBe("private, no-store");
    expect(await crafted.text(), "the crafted cookie is consent to the app").not.toContain(CONSENT_HEADING);

    const fresh = await s.open({ js: true });
    const thirdParty: string[] = [];
    fresh.context.on("request", (request) => {
      if (new URL(request.url()).origin !== s.site.origin) thirdParty.push(request.url());
    });
    await open(fresh.page, "/ai", true);
    await fresh.page.getByRole("heading", { name: CONSENT_HEADING }).waitFor();
    expect(await fresh.page.getByLabel(CONSENT_CHECKBOX, { exact: true }).isChecked()).toBe(false);
    expect(thirdParty).toStrictEqual([]);
  });
});
