import { readFileSync } from "node:fs";
import path from "node:path";
import { koServer } from "~/copy/ko-server.server";
import { currentSiteIdentity } from "~/features/settings/site-settings.server";
import { sanitizeHtml, type SanitizeOptions } from "~/lib/sanitize-html.server";

export type PrivacyApp = "poonpee" | "phonefinder";

const PRIVACY_APPS: readonly PrivacyApp[] = ["poonpee", "phonefinder"];

const SANITIZE_OPTIONS: SanitizeOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "p",
    "ul",
    "ol",
    "li",
    "strong",
    "em",
    "b",
    "i",
    "br",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "caption",
    "section",
    "hr",
    "a",
  ],
  allowedAttributes: {
    a: ["href"],
    th: ["scope", "colspan"],
    td: ["scope", "colspan"],
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  // Drop disallowed tags; the contents of script/style/etc. are discarded too.
  disallowedTagsMode: "discard",
};

/** Sanitizes a policy HTML fragment down to the small allow-list above. */
export function sanitizePolicyHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE_OPTIONS);
}

// The policy files never change while the server runs, so sanitize once.
const cache = new Map<PrivacyApp, string>();

/** Reads `content/privacy/<app>.html` and returns it sanitized (cached). */
export function loadPrivacyPolicy(app: PrivacyApp): string {
  if (!PRIVACY_APPS.includes(app)) {
    throw new Error(`Unknown privacy policy: ${String(app)}`);
  }
  const cached = cache.get(app);
  if (cached !== undefined) return cached;

  const file = path.resolve(process.cwd(), "content/privacy", `${app}.html`);
  const html = sanitizePolicyHtml(readFileSync(file, "utf8"));
  cache.set(app, html);
  return html;
}

/** Where the policy names who answers questions: the owner's privacy contact (사이트 설정 > 사이트 정보). */
const CONTACT_SLOT = "<li>{{privacyContact}}</li>";

function escapeHtml(value: string) {
  return value.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * One app's policy as the page shows it: the file's text with the owner's privacy contact (an e-mail
 * address or a phone number, a mailto: or tel: link) where the file names it; without one, her
 * Instagram when her footer links to it, else nothing. Read per render: a stored page is renewed by
 * the save (contentChanged).
 */
export function privacyPolicyPage(app: PrivacyApp): string {
  const { privacyContact: contact, instagram } = currentSiteIdentity();
  const link = (href: string, text: string) => `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;
  const line = contact
    ? `<li>${koServer.site.appContact[contact.kind]}: ${link(contact.href, contact.text)}</li>`
    : instagram
      ? `<li>${koServer.site.appContact.instagram} ${link(instagram.href, instagram.text)}</li>`
      : "";
  return loadPrivacyPolicy(app).replace(CONTACT_SLOT, line);
}
