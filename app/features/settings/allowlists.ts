// The third-party addresses the owner may configure on 사이트 설정, in one place: what runs or is
// framed on the site's pages (scripts, widgets, hot-linked pictures) must be one of these (https
// only, as a browser follows it), so a stolen admin session cannot turn the site into a host for
// someone else's scripts or frames. Where a banner sends a visitor is hers to choose: any https address.
import { followableUrl } from "~/lib/links";

/** Coupang's own addresses (Coupang Partners short links and Coupang itself): a banner to one carries Coupang's disclosure. */
export const COUPANG_LINK_HOSTS = ["link.coupang.com", "coupa.ng", "www.coupang.com"] as const;

/** Where a pasted partner banner picture may come from: Coupang's image CDN and its subdomains. */
export const PARTNER_IMAGE_DOMAIN = "coupangcdn.com";

/** What a pasted partner iframe may load: Coupang Partners' banner widgets. */
export const PARTNER_FRAME_HOSTS = ["coupa.ng", "ads-partners.coupang.com"] as const;

/**
 * Chatbot embed scripts, by exact address (origin and path; a query such as Dialogflow's `?v=1` may
 * follow): Chatbase, Channel Talk, Dialogflow Messenger and Botpress (any versioned webchat). A whole
 * origin would be too much: www.gstatic.com serves every Google product's files.
 */
export const CHATBOT_SCRIPTS = [
  "https://www.chatbase.co/embed.min.js",
  "https://cdn.channel.io/plugin/ch-plugin-web.js",
  "https://www.gstatic.com/dialogflow-console/fast/messenger/bootstrap.js",
  /^https:\/\/cdn\.botpress\.cloud\/webchat\/v\d{1,3}\.\d{1,3}\/inject\.js$/,
] as const;

/** A third party's address: https on its default port (credentials and unfollowable text are refused by followableUrl). */
function isThirdPartyHttps(url: URL) {
  return url.protocol === "https:" && url.port === "";
}

/** Where a partner banner may send a visitor: any https address (a shop's own site too; DESIGN §10 "Links"). */
export function isBannerLink(url: URL) {
  return url.protocol === "https:";
}

export function isCoupangLink(url: URL) {
  return isThirdPartyHttps(url) && (COUPANG_LINK_HOSTS as readonly string[]).includes(url.hostname);
}

export function isPartnerImage(url: URL) {
  return isThirdPartyHttps(url) && url.hostname.endsWith(`.${PARTNER_IMAGE_DOMAIN}`);
}

export function isPartnerFrame(url: URL) {
  return isThirdPartyHttps(url) && (PARTNER_FRAME_HOSTS as readonly string[]).includes(url.hostname);
}

export function isChatbotScript(url: URL) {
  const address = url.origin + url.pathname;
  return (
    isThirdPartyHttps(url) && CHATBOT_SCRIPTS.some((allowed) => (typeof allowed === "string" ? allowed === address : allowed.test(address)))
  );
}

/** `text` as a browser follows it, when it is an https address `isAllowed` accepts; else null. */
export function allowedUrl(text: string, isAllowed: (url: URL) => boolean): URL | null {
  const url = followableUrl(text);
  return url && isAllowed(url) ? url : null;
}
