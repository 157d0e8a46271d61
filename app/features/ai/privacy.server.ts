import { koAi } from "~/copy/ko-ai";
import { chatbotPrivacyKo } from "~/copy/ko-chatbot-privacy.server";
import { chatbotSettings } from "./consent.server";

/** The day this version of the policy took effect (개인정보 보호법 시행령 제31조: the policy names it). */
const EFFECTIVE_DATE = "2026-11-23";

function koreanDate(isoDate: string) {
  const [year, month, day] = isoDate.split("-").map(Number);
  return `${year}년 ${month}월 ${day}일`;
}

/** The chatbot's privacy policy as plain text for the page, naming the configured provider's host. */
export function chatbotPrivacyPolicy() {
  const provider = chatbotSettings()?.provider ?? koAi.unknownProvider;
  const { transferRecipient, changes, ...text } = chatbotPrivacyKo;
  const effectiveDate = koreanDate(EFFECTIVE_DATE);
  return {
    ...text,
    transferRecipient: transferRecipient(provider),
    changes: changes(effectiveDate),
    effective: { iso: EFFECTIVE_DATE, text: effectiveDate },
  };
}

export type ChatbotPrivacyText = ReturnType<typeof chatbotPrivacyPolicy>;
