import { readFileSync } from "node:fs";
import path from "node:path";
import sanitizeHtml from "sanitize-html";

export type PrivacyApp = "poonpee" | "phonefinder";

const PRIVACY_APPS: readonly PrivacyApp[] = ["poonpee", "phonefinder"];

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
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
