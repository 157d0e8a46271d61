import { isbot } from "isbot";
import { describe, expect, test } from "vitest";
import { referrerHost } from "~/features/insights/referrer-host";
import { sourceOfArrival } from "~/features/insights/visit-sources";

// Real in-app browser User-Agents (2024–2025 builds) as the apps send them.
const INSTAGRAM_IOS =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 339.0.3.12.91 (iPhone15,3; iOS 17_5_1; ko_KR; ko; scale=3.00; 1290x2796; 620563735; IABMV/1)";
const INSTAGRAM_ANDROID =
  "Mozilla/5.0 (Linux; Android 14; SM-S928N Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.6478.134 Mobile Safari/537.36 Instagram 339.0.0.30.105 Android (34/14; 450dpi; 1080x2340; samsung; SM-S928N; e3q; qcom; ko_KR; 621155279)";
const KAKAOTALK_IOS =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 KAKAOTALK 10.8.5";
const KAKAOTALK_ANDROID =
  "Mozilla/5.0 (Linux; Android 14; SM-S921N Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.6478.122 Mobile Safari/537.36;KAKAOTALK 2410850";
const SAFARI_IOS =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const CHROME_ANDROID =
  "Mozilla/5.0 (Linux; Android 14; SM-S921N) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";
const SAMSUNG_INTERNET =
  "Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S921N) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36";

const source = (userAgent: string, referrer?: string) => sourceOfArrival(userAgent, referrerHost(referrer));

describe("where a visit came from", () => {
  test.each([
    ["Instagram on iOS", INSTAGRAM_IOS],
    ["Instagram on Android", INSTAGRAM_ANDROID],
  ])("%s's in-app browser is Instagram, with or without a referrer", (_name, userAgent) => {
    expect(source(userAgent)).toBe("instagram");
    expect(source(userAgent, "https://l.instagram.com/")).toBe("instagram");
    // The app is the better witness: a search made inside it still started in Instagram.
    expect(source(userAgent, "https://www.google.com/")).toBe("instagram");
  });

  test.each([
    ["KakaoTalk on iOS", KAKAOTALK_IOS],
    ["KakaoTalk on Android", KAKAOTALK_ANDROID],
  ])("%s's in-app browser is KakaoTalk", (_name, userAgent) => {
    expect(source(userAgent)).toBe("kakaotalk");
    expect(source(userAgent, "https://example.com/")).toBe("kakaotalk");
  });

  test("the in-app browsers are people, not bots", () => {
    for (const userAgent of [INSTAGRAM_IOS, INSTAGRAM_ANDROID, KAKAOTALK_IOS, KAKAOTALK_ANDROID]) expect(isbot(userAgent)).toBe(false);
  });

  test.each([
    ["https://www.instagram.com/ot_kids/", "instagram"],
    ["https://l.instagram.com/?u=https%3A%2F%2Fexample.com&e=AT0", "instagram"],
    ["https://instagram.com/", "instagram"],
    ["android-app://com.instagram.android/", "instagram"],
    ["https://talk.kakao.com/", "kakaotalk"],
    ["https://open.kakao.com/o/abc", "kakaotalk"],
    ["https://story.kakao.co.kr/", "kakaotalk"],
    ["android-app://com.kakao.talk/", "kakaotalk"],
    ["https://www.google.com/", "search"],
    ["https://www.google.co.kr/", "search"],
    ["https://google.com.au/", "search"],
    ["android-app://com.google.android.googlequicksearchbox/", "search"],
    ["https://m.search.naver.com/search.naver?query=%EB%B0%B0%EB%B3%80", "search"],
    ["https://search.naver.com/search.naver?query=x", "search"],
    ["https://search.daum.net/search?q=x", "search"],
    ["https://m.search.daum.net/search?q=x", "search"],
    ["https://www.bing.com/", "search"],
    ["https://duckduckgo.com/", "search"],
    ["https://search.yahoo.com/", "search"],
    // Communities and blogs of the search companies are other sites, not searches.
    ["https://cafe.naver.com/momsholic", "other"],
    ["https://blog.naver.com/someone/1", "other"],
    ["https://cafe.daum.net/x", "other"],
    ["https://www.facebook.com/", "other"],
    ["https://notinstagram.com/", "other"],
    ["https://instagram.com.evil.example/", "other"],
    ["https://google.evil.example/", "other"],
    ["https://kakao.community.example/", "other"],
  ])("a plain browser referred by %s is %s", (referrer, expected) => {
    expect(source(SAFARI_IOS, referrer)).toBe(expected);
    expect(source(CHROME_ANDROID, referrer)).toBe(expected);
  });

  test("no referrer (or one that is not an address) is a direct visit", () => {
    expect(source(SAFARI_IOS)).toBe("direct");
    expect(source(SAMSUNG_INTERNET, "")).toBe("direct");
    expect(source(CHROME_ANDROID, "not a url")).toBe("direct");
  });

  test("referrerHost keeps only the host, in lower case", () => {
    expect(referrerHost("https://L.Instagram.com:443/path?q=1#x")).toBe("l.instagram.com");
    expect(referrerHost("http://127.0.0.1:3000/reels-category")).toBe("127.0.0.1");
    expect(referrerHost(null)).toBeNull();
    expect(referrerHost("data:text/plain,hi")).toBeNull();
  });
});
