import { createCookie } from "@remix-run/node";
import { siteSettings } from "~/features/settings/site-settings.server";
import { isHttps } from "~/lib/session.server";

/** SPEC §9: consent is valid for 7,776,000,000 ms (90 days). */
const CONSENT_SECONDS = 7_776_000;

export const CONSENT_COOKIE_NAME = "ot_ai_consent";

const consentCookie = createCookie(CONSENT_COOKIE_NAME, { httpOnly: true, sameSite: "lax", path: "/", maxAge: CONSENT_SECONDS });

export async function hasAiConsent(request: Request) {
  return (await consentCookie.parse(request.headers.get("Cookie"))) === "1";
}

/** A cookie, so the consent works without JavaScript and the server can render the chatbot at once. */
export function rememberAiConsent(request: Request) {
  return consentCookie.serialize("1", { secure: isHttps(request) });
}

export type ChatbotSettings = { scriptUrl: string; botId: string | null; provider: string };

/** The chatbot in force: the one saved on 사이트 설정, else CHATBOT_SCRIPT_URL / CHATBOT_BOT_ID. */
export function chatbotSettings(): ChatbotSettings | null {
  const { chatbot } = siteSettings();
  if (!chatbot) return null;
  return { scriptUrl: chatbot.scriptUrl, botId: chatbot.botId, provider: new URL(chatbot.scriptUrl).host };
}
