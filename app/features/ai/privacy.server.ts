import { koAi } from "~/copy/ko-ai";
import { chatbotPrivacyKo } from "~/copy/ko-chatbot-privacy.server";
import { currentSiteIdentity } from "~/features/settings/site-settings.server";
import { chatbotSettings } from "./consent.server";

/** The day this version of the policy took effect (개인정보 보호법 시행령 제31조: the policy names it). */
const EFFECTIVE_DATE = "2026-11-23";

function koreanDate(isoDate: string) {
  const [year, month, day] = isoDate.split("-").map(Number);
  return `${year}년 ${month}월 ${day}일`;
}

/**
 * Where questions go, as the owner gave them on 사이트 설정: her privacy contact (an e-mail address or
 * a phone number) and her Instagram, by its handle, when her footer links to it.
 */
function contacts(words: Pick<typeof chatbotPrivacyKo, "contactEmail" | "contactPhone" | "contactChannel">) {
  const { privacyContact, instagram } = currentSiteIdentity();
  return [
    ...(privacyContact
      ? [
          {
            label: privacyContact.kind === "email" ? words.contactEmail : words.contactPhone,
            text: privacyContact.text,
            href: privacyContact.href,
          },
        ]
      : []),
    ...(instagram ? [{ label: words.contactChannel, ...instagram }] : []),
  ];
}

/** The chatbot's privacy policy as plain text for the page, naming the site, the configured provider's host and the owner's contacts. */
export function chatbotPrivacyPolicy() {
  const provider = chatbotSettings()?.provider ?? koAi.unknownProvider;
  const { transferRecipient, changes, intro, contactEmail, contactPhone, contactChannel, ...text } = chatbotPrivacyKo;
  const effectiveDate = koreanDate(EFFECTIVE_DATE);
  return {
    ...text,
    intro: intro(currentSiteIdentity().name),
    contacts: contacts({ contactEmail, contactPhone, contactChannel }),
    transferRecipient: transferRecipient(provider),
    changes: changes(effectiveDate),
    effective: { iso: EFFECTIVE_DATE, text: effectiveDate },
  };
}

export type ChatbotPrivacyText = ReturnType<typeof chatbotPrivacyPolicy>;
