// 사이트 설정 against the real built app: an anonymous page comes from the page cache (and the saved
// settings from memory) until the owner saves; the next anonymous visit then carries the new values,
// in the page and in its Content-Security-Policy.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startApp, type TestApp } from "../support/app";
import type { Client } from "../support/http";
import { adminClient, openDb } from "./_helpers";

const KAKAO_KEY = "fedcba9876543210fedcba9876543210";
const SNEAKY_KEY = "00000000000000000000000000000000";

let app: TestApp;
let admin: Client;

beforeAll(async () => {
  app = await startApp({ SEED_DEMO: "0" });
  admin = await adminClient(app);
});

afterAll(async () => {
  await app?.close();
});

async function anonymousAi() {
  const response = await fetch(app.url("/ai"));
  expect(response.status).toBe(200);
  return { html: await response.text(), csp: response.headers.get("Content-Security-Policy") ?? "" };
}

/** Writes a settings row without telling the app (a second connection): only a fresh render can show it. */
function behindTheBack(key: string, value: string) {
  const db = openDb(app);
  try {
    db.prepare("INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)").run(key, value);
  } finally {
    db.close();
  }
}

describe("saving 사이트 설정 refreshes cached pages", () => {
  test("the Kakao key, the chatbot and a widget banner appear on the next anonymous visit, CSP included", async () => {
    const before = await anonymousAi();
    expect(before.csp).toContain("frame-src 'none'");
    expect(before.csp).not.toContain("kakaocdn");
    expect(before.html).not.toContain("partner-ad");

    // Changed behind the app's back: the cached page (and the settings held in memory) stay as they were.
    behindTheBack("site.kakaoJsKey", SNEAKY_KEY);
    expect((await anonymousAi()).html).not.toContain(SNEAKY_KEY);

    const saved = await admin.fetch("/api/site-settings/update", {
      json: { kakaoJsKey: KAKAO_KEY, chatbotScriptUrl: "https://www.chatbase.co/embed.min.js", chatbotBotId: "ot-bot" },
    });
    expect(saved.status).toBe(200);
    const afterSettings = await anonymousAi();
    expect(afterSettings.html).toContain(KAKAO_KEY);
    expect(afterSettings.html).toContain("www.chatbase.co");
    expect(afterSettings.csp).toMatch(/script-src [^;]*https:\/\/www\.chatbase\.co[^;]*https:\/\/t1\.kakaocdn\.net/);

    const form = new FormData();
    form.set("name", "쿠팡 위젯");
    form.set("source", "code");
    form.set("code", '<iframe src="https://coupa.ng/cdEfGh" width="120" height="240" frameborder="0" scrolling="no"></iframe>');
    const inserted = await admin.fetch("/api/site-settings/ad-insert", { body: form });
    expect(inserted.status, await inserted.clone().text()).toBe(200);
    const afterBanner = await anonymousAi();
    expect(afterBanner.html).toContain('src="https://coupa.ng/cdEfGh"');
    expect(afterBanner.html).toContain("이 포스팅은 쿠팡 파트너스 활동의 일환으로, 이에 따른 일정액의 수수료를 제공받습니다.");
    expect(afterBanner.csp).toMatch(/frame-src [^;]*https:\/\/coupa\.ng/);
  });
});
