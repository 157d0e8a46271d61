// The AI page and its privacy policy through the real route modules while no chatbot is configured
// (no CHATBOT_SCRIPT_URL): nothing to consent to, so the page asks nothing and a consent post
// stores nothing; the policy page still renders, naming no provider host.
import { describe, expect, test, vi } from "vitest";

import * as aiPage from "~/routes/ai";
import * as policyPage from "~/routes/ai_.privacy";
import { callAction, callLoader, redirectTarget, setCookieLines } from "./_direct";

vi.hoisted(() => {
  // Read once by the app's configuration: set before any app module runs.
  delete process.env.CHATBOT_SCRIPT_URL;
  delete process.env.CHATBOT_BOT_ID;
});

const CONSENT_COOKIE = "ot_ai_consent";

describe("/ai with no chatbot configured", () => {
  test("the loader says there is no chatbot", async () => {
    const response = await callLoader(aiPage, "/ai");
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ consented: false, chatbot: null });
  });

  test("a ticked consent post goes back to /ai and stores no consent", async () => {
    const response = await callAction(aiPage, "/ai", { form: { agree: "on", intent: "consent" } });
    expect(redirectTarget(response)).toBe("/ai");
    expect(setCookieLines(response, CONSENT_COOKIE)).toEqual([]);
  });

  test("the policy page names an outside chatbot service instead of a host", async () => {
    const response = await callLoader(policyPage, "/ai/privacy");
    expect(response.status).toBe(200);
    const { policy } = (await response.json()) as { policy: { transferRecipient: string } };
    expect(policy.transferRecipient).toBe("챗봇 서비스 제공자 (외부 챗봇 서비스)");
  });
});
