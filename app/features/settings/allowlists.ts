// The third-party hosts the owner may configure on 사이트 설정, in one place: anything pasted or
// typed there must point at one of these (https only), so a stolen admin session cannot turn the
// site into a host for someone else's scripts or frames.

/** Where a partner banner may send a visitor (Coupang Partners short links and Coupang itself). */
export const PARTNER_LINK_HOSTS = ["link.coupang.com", "coupa.ng", "www.coupang.com"] as const;

/** Where a pasted partner banner picture may come from: Coupang's image CDN and its subdomains. */
export const PARTNER_IMAGE_DOMAIN = "coupangcdn.com";

/** What a pasted partner iframe may load: Coupang Partners' banner widgets. */
export const PARTNER_FRAME_HOSTS = ["coupa.ng", "ads-partners.coupang.com"] as const;

/** Chatbot embed scripts: the builders whose embeds take a bot id (Chatbase, Channel Talk, Dialogflow Messenger, Botpress). */
export const CHATBOT_SCRIPT_HOSTS = ["www.chatbase.co", "cdn.channel.io", "www.gstatic.com", "cdn.botpress.cloud"] as const;

function httpsUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.username === "" && url.password === "" && url.port === "" ? url : null;
  } catch {
    return null;
  }
}

function onHosts(value: string, hosts: readonly string[]) {
  const url = httpsUrl(value);
  return url !== null && hosts.includes(url.hostname);
}

export function isHttps(value: string) {
  return httpsUrl(value) !== null;
}

export function isPartnerLink(value: string) {
  return onHosts(value, PARTNER_LINK_HOSTS);
}

export function isPartnerImage(value: string) {
  const host = httpsUrl(value)?.hostname;
  return host !== undefined && host.endsWith(`.${PARTNER_IMAGE_DOMAIN}`);
}

export function isPartnerFrame(value: string) {
  return onHosts(value, PARTNER_FRAME_HOSTS);
}

export function isChatbotScript(value: string) {
  return onHosts(value, CHATBOT_SCRIPT_HOSTS);
}
