import { createCookie } from "@remix-run/node";
import { siteSettings } from "~/features/settings/site-settings.server";
import { getSessionSecret } from "~/lib/secrets.server";
import { isHttps } from "~/lib/session.server";

/** docs/product.md §9: consent is valid for 7,776,000,000 ms (90 days). */
const CONSENT_SECONDS = 7_776_000;

export const CONSENT_COOKIE_NAME = "ot_ai_consent";

/** Signed like the session: a value the site did not set (forged, or from before signing) is no consent. */
function consentCookie() {
  return createCookie(CONSENT_COOKIE_NAME, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: CONSENT_SECONDS,
    secrets: [getSessionSecret()],
  });
}

export async function hasAiConsent(request: Request) {
  return (await consentCookie().parse(request.headers.get("Cookie"))) === "1";
}

/** A cookie, so the consent works without JavaScript and the server can render the chatbot at once. */
export function rememberAiConsent(request: Request) {
  return consentCookie().serialize("1", { secure: isHttps(request) });
}

/** Withdrawing consent (동의 철회): the cookie cleared, so the next visit asks again. */
export function forgetAiConsent(request: Request) {
  return consentCookie().serialize("", { maxAge: 0, expires: new Date(0), secure: isHttps(request) });
}

/**
 * A page rendered with a visitor's consent is theirs alone: no shared cache (the site's page cache
 * included) may keep it and hand it to a visitor who never agreed.
 */
export const CONSENTED_CACHE_CONTROL = "private, no-store";

export type ChatbotSettings = { scriptUrl: string; botId: string | null; provider: string };

/** The chatbot in force: the one saved on 사이트 설정, else CHATBOT_SCRIPT_URL / CHATBOT_BOT_ID. */
export function chatbotSettings(): ChatbotSettings | null {
  const { chatbot } = siteSettings();
  if (!chatbot) return null;
  return { scriptUrl: chatbot.scriptUrl, botId: chatbot.botId, provider: new URL(chatbot.scriptUrl).host };
}
