// The AI page's consent gate through the real route module: nothing of the chatbot before consent,
// a 90-day consent cookie after it, and the form's refusals.
import { describe, expect, test, vi } from "vitest";

import * as aiPage from "~/routes/ai";
import { callAction, callLoader, cookiesFrom, redirectTarget, setCookieLines } from "./_direct";

vi.hoisted(() => {
  // Read once by the app's configuration: set before any app module runs.
  Object.assign(process.env, { CHATBOT_SCRIPT_URL: "https://chat.example/embed.js", CHATBOT_BOT_ID: "bot-1" });
});

const CONSENT_COOKIE = "ot_ai_consent";
const MUST_AGREE = "개인정보 처리방침에 동의해 주세요.";

async function pageData(cookie?: string) {
  const response = await callLoader(aiPage, "/ai", { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as { consented: boolean; chatbot: { scriptUrl: string; botId: string | null; provider: string } | null };
}

describe("the consent gate", () => {
  test("without consent the page is the gate, naming the chatbot's provider; a GET sets no cookie", async () => {
    const response = await callLoader(aiPage, "/ai");
    expect(setCookieLines(response, CONSENT_COOKIE)).toEqual([]);
    const data = (await response.json()) as Awaited<ReturnType<typeof pageData>>;
    expect(data).toMatchObject({
      consented: false,
      chatbot: { scriptUrl: "https://chat.example/embed.js", botId: "bot-1", provider: "chat.example" },
    });
  });

  test.each<Record<string, string>>([{ intent: "consent" }, { intent: "consent", agree: "" }, { intent: "consent", agree: "off" }])(
    "POST %o (not agreed) → 400 with the Korean message, no cookie",
    async (form) => {
      const response = await callAction(aiPage, "/ai", { form });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: MUST_AGREE });
      expect(setCookieLines(response, CONSENT_COOKIE)).toEqual([]);
    },
  );

  test.each<Record<string, string>>([{ intent: "cancel" }, { intent: "cancel", agree: "on" }])(
    "POST %o goes home without consent",
    async (form) => {
      const response = await callAction(aiPage, "/ai", { form });
      expect(redirectTarget(response)).toBe("/");
      expect(setCookieLines(response, CONSENT_COOKIE)).toEqual([]);
    },
  );

  test("POST agree=on&intent=consent → back to /ai with a 90-day HttpOnly SameSite=Lax consent cookie; the gate is gone", async () => {
    const response = await callAction(aiPage, "/ai", { form: { agree: "on", intent: "consent" } });
    expect(redirectTarget(response)).toBe("/ai");
    const lines = setCookieLines(response, CONSENT_COOKIE);
    expect(lines).toHaveLength(1);
    const attributes = lines[0]!
      .split(";")
      .slice(1)
      .map((part) => part.trim().toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(["max-age=7776000", "httponly", "samesite=lax", "path=/"]));
    expect((await pageData(cookiesFrom(response)[0])).consented).toBe(true);
  });

  test("a forged consent cookie value is not consent", async () => {
    expect((await pageData(`${CONSENT_COOKIE}=yes`)).consented).toBe(false);
  });

  test("an unsigned consent cookie (the value the site set before signing, or one written by hand) is not consent", async () => {
    // "MQ%3D%3D" is "1" as an unsigned Remix cookie encodes it: what the consent cookie held before it was signed.
    for (const value of ["MQ%3D%3D", "1", "MQ%3D%3D.c2lnbmF0dXJl"]) {
      expect((await pageData(`${CONSENT_COOKIE}=${value}`)).consented, value).toBe(false);
    }
  });

  test("the site's consent cookie with its signature altered is not consent", async () => {
    const consent = await callAction(aiPage, "/ai", { form: { agree: "on", intent: "consent" } });
    const pair = cookiesFrom(consent)[0]!;
    expect(pair.startsWith(`${CONSENT_COOKIE}=`)).toBe(true);
    const lastChar = pair.at(-1) === "A" ? "B" : "A";
    expect((await pageData(pair)).consented).toBe(true);
    expect((await pageData(pair.slice(0, -1) + lastChar)).consented).toBe(false);
  });

  test("the consented render is private, no-store (no shared cache, the page cache included, may keep it); the gate is not", async () => {
    const consent = await callAction(aiPage, "/ai", { form: { agree: "on", intent: "consent" } });
    const consented = await callLoader(aiPage, "/ai", { cookie: cookiesFrom(consent)[0] });
    expect(consented.headers.get("Cache-Control")).toBe("private, no-store");
    expect(new Headers(documentHeaders(consented)).get("Cache-Control")).toBe("private, no-store");

    const gate = await callLoader(aiPage, "/ai", { cookie: `${CONSENT_COOKIE}=MQ%3D%3D` });
    expect(gate.headers.get("Cache-Control")).toBeNull();
    expect(new Headers(documentHeaders(gate)).get("Cache-Control")).toBeNull();
  });
});

/** The headers Remix sends with the /ai document for a loader response (the route's `headers` export). */
function documentHeaders(loaderResponse: Response) {
  const empty = new Headers();
  return aiPage.headers({ loaderHeaders: loaderResponse.headers, parentHeaders: empty, actionHeaders: empty, errorHeaders: undefined });
}
