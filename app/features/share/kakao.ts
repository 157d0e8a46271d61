/** Kakao's JavaScript SDK; the CSP names its origin only when KAKAO_JS_KEY is set. */
export const KAKAO_SDK_URL = "https://t1.kakaocdn.net/kakao_js_sdk/2.7.4/kakao.min.js";

/**
 * The integrity hash Kakao publishes for that exact file (developers.kakao.com, JavaScript SDK
 * download: "Copy Integrity Value"). A version change needs its new hash; check it with
 * `curl -s <url> | openssl dgst -sha384 -binary | openssl base64 -A`.
 */
export const KAKAO_SDK_INTEGRITY = "sha384-DKYJZ8NLiK8MN4/C5P2dtSmLQ4KwPaoqAfyA/DfmEc1VDxu4yyC7wy6K1Hs90nka";
