import { siteSettings } from "~/features/settings/site-settings.server";
import { KAKAO_SDK_URL } from "~/features/share/kakao";
import { config } from "~/lib/config.server";
import type { RouteFacts } from "~/lib/route-facts";

function originOf(url: string | null | undefined) {
  return url ? new URL(url).origin : undefined;
}

/**
 * The chatbot's scripts as a script-src source: its embed script's folder (CSP matches a source
 * ending in "/" as a path prefix), so the embed's own sibling files load but nothing else of a
 * shared origin such as www.gstatic.com. `;` and `,` would end the source: they are escaped.
 */
function scriptFolderOf(url: string | undefined) {
  if (!url) return undefined;
  const { origin, pathname } = new URL(url);
  const folder = pathname.slice(0, pathname.lastIndexOf("/") + 1);
  return origin + folder.replaceAll(";", "%3B").replaceAll(",", "%2C");
}

/**
 * Whether an answer's page may come to load the chatbot: /ai loads it, and any other public page (or
 * the 404 page) may become /ai without a new document (a tap on the bottom navigation's AI), keeping
 * its own policy. The owner's screens never load it: their AI link loads /ai as a new document
 * (components/BottomNav), so their policy can leave the chatbot out.
 */
function mayLoadChatbot(facts: RouteFacts | undefined) {
  return facts?.access !== "admin";
}

/**
 * An enforced policy that names only the third parties actually configured (on 사이트 설정 or in
 * the environment) and used where they may be: the chatbot's script folder (not on the owner's
 * screens), the Kakao SDK's file when there is a key, the frames of the shown partner widget
 * banners. Partner pictures need nothing more than img-src's https. `facts`: those of the route the
 * answer is for (none: no route, such as a static file or the 404 page).
 */
export function contentSecurityPolicy(nonce: string, facts?: RouteFacts) {
  // `https:` admits Instagram's CDN and an https Graph host; a plain-http one (a local stand-in) is named.
  const graphUrl = new URL(config().INSTAGRAM_GRAPH_URL);
  const graphHost = graphUrl.protocol === "http:" ? graphUrl.origin : undefined;
  const { chatbot: configured, kakaoJsKey, adFrameOrigins } = siteSettings();
  const chatbotSettings = mayLoadChatbot(facts) ? configured : null;
  const chatbot = originOf(chatbotSettings?.scriptUrl);
  // The SDK by its exact, versioned file (the page also checks its integrity hash).
  const kakao = kakaoJsKey ? KAKAO_SDK_URL : undefined;
  const scripts = ["'self'", `'nonce-${nonce}'`, scriptFolderOf(chatbotSettings?.scriptUrl), kakao].filter(Boolean);
  const frames = [chatbot, ...adFrameOrigins].filter(Boolean);
  const connect = ["'self'", chatbot, kakao ? "https://*.kakao.com" : undefined].filter(Boolean);
  return [
    "default-src 'self'",
    `script-src ${scripts.join(" ")}`,
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob: https:", graphHost].filter(Boolean).join(" "),
    ["media-src 'self' blob: https:", graphHost].filter(Boolean).join(" "),
    "font-src 'self' data:",
    `connect-src ${connect.join(" ")}`,
    frames.length > 0 ? `frame-src ${frames.join(" ")}` : "frame-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}
