import { KAKAO_SDK_URL } from "~/features/share/kakao";
import { config } from "~/lib/config.server";

/** Coupang Partners serves its banner widgets from these origins. */
const AFFILIATE_ORIGINS = ["https://ads-partners.coupang.com", "https://coupa.ng"];

function originOf(url: string | undefined) {
  return url ? new URL(url).origin : undefined;
}

/** An enforced policy that names only the third parties actually configured. */
export function contentSecurityPolicy(nonce: string) {
  const { CHATBOT_SCRIPT_URL, KAKAO_JS_KEY, INSTAGRAM_GRAPH_URL } = config();
  const chatbot = originOf(CHATBOT_SCRIPT_URL);
  const kakao = KAKAO_JS_KEY ? originOf(KAKAO_SDK_URL) : undefined;
  const scripts = ["'self'", `'nonce-${nonce}'`, chatbot, kakao, ...AFFILIATE_ORIGINS].filter(Boolean);
  const frames = [chatbot, ...AFFILIATE_ORIGINS].filter(Boolean);
  const connect = ["'self'", chatbot, kakao ? "https://*.kakao.com" : undefined].filter(Boolean);
  return [
    "default-src 'self'",
    `script-src ${scripts.join(" ")}`,
    "style-src 'self' 'unsafe-inline'",
    // Instagram's CDN (https) and, when it is not https, the configured Graph host's own files.
    `img-src 'self' data: blob: https: ${originOf(INSTAGRAM_GRAPH_URL)}`,
    `media-src 'self' blob: https: ${originOf(INSTAGRAM_GRAPH_URL)}`,
    "font-src 'self' data:",
    `connect-src ${connect.join(" ")}`,
    `frame-src ${frames.join(" ")}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}
