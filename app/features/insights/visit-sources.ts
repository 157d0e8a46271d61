// Where a visit came from (docs/product.md §1: parents arrive from Instagram and KakaoTalk), read
// from what the browser sends anyway: the in-app browser's User-Agent and the Referer's host
// (decision 0009). Nothing of either is kept beyond the answer.

/** The sources the owner sees, in the order the insights show them. */
export const VISIT_SOURCES = ["instagram", "kakaotalk", "search", "direct", "other"] as const;
export type VisitSource = (typeof VISIT_SOURCES)[number];

/**
 * Instagram's and KakaoTalk's in-app browsers name their app in the User-Agent ("… Instagram
 * 329.0.0.0 (iPhone…", "…;KAKAOTALK 2410450"). A link tapped in the app often carries no referrer,
 * so the app is the better witness; it is read first.
 */
const IN_APP_BROWSERS: [VisitSource, RegExp][] = [
  ["instagram", /\bInstagram\b/i],
  ["kakaotalk", /\bKAKAOTALK\b/i],
];

/**
 * Referrer hosts, matched as the host itself or any subdomain of it. Android apps that open a
 * browser send `android-app://<package>/`, whose host is the package name.
 */
const REFERRER_HOSTS: [VisitSource, string[]][] = [
  ["instagram", ["instagram.com", "com.instagram.android"]],
  ["kakaotalk", ["kakao.com", "kakao.co.kr", "kakaocorp.com", "com.kakao.talk"]],
  [
    "search",
    [
      "search.naver.com",
      "search.daum.net",
      "bing.com",
      "duckduckgo.com",
      "search.yahoo.com",
      "search.zum.com",
      "search.nate.com",
      "baidu.com",
      "yandex.ru",
      "ecosia.org",
      "com.google.android.googlequicksearchbox",
      "com.nhn.android.search",
    ],
  ],
];

/** Google answers from google.com, google.co.kr and every other country's domain. */
const GOOGLE_HOST = /(?:^|\.)google\.(?:[a-z]{2,3}|co\.[a-z]{2}|com\.[a-z]{2})$/;

function hostMatches(host: string, domain: string) {
  return host === domain || host.endsWith(`.${domain}`);
}

/** The source of an arrival from outside the site: `referrer` is the host it came from, null for none. */
export function sourceOfArrival(userAgent: string, referrer: string | null): VisitSource {
  for (const [source, pattern] of IN_APP_BROWSERS) if (pattern.test(userAgent)) return source;
  if (referrer === null) return "direct";
  if (GOOGLE_HOST.test(referrer)) return "search";
  for (const [source, domains] of REFERRER_HOSTS) if (domains.some((domain) => hostMatches(referrer, domain))) return source;
  return "other";
}
