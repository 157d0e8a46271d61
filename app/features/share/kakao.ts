/** Kakao's JavaScript SDK; the CSP names its origin only when KAKAO_JS_KEY is set. */
export const KAKAO_SDK_URL = "https://t1.kakaocdn.net/kakao_js_sdk/2.7.4/kakao.min.js";
