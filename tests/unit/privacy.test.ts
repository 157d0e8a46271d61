// @vitest-environment happy-dom
import { describe, expect, test } from "vitest";

import { loadPrivacyPolicy, sanitizePolicyHtml, type PrivacyApp } from "~/features/privacy/privacy.server";

function parse(html: string) {
  return new DOMParser().parseFromString(`<body>${html}</body>`, "text/html").body;
}

/** Every attribute left anywhere in the fragment, as "tag[name=value]". */
function attributesOf(root: Element) {
  return [...root.querySelectorAll("*")].flatMap((element) =>
    [...element.attributes].map((attribute) => `${element.tagName.toLowerCase()}[${attribute.name}=${attribute.value}]`),
  );
}

const SECTIONS = [
  "1. 개인정보의 처리 목적",
  "2. 처리하는 개인정보 항목",
  "3. 개인정보의 처리 및 보유 기간",
  "4. 개인정보의 제3자 제공",
  "5. 개인정보 처리의 위탁",
  "6. 개인정보의 파기 절차 및 방법",
  "7. 정보주체와 법정대리인의 권리·의무 및 행사 방법",
  "8. 아동의 개인정보 보호",
  "9. 개인정보의 안전성 확보 조치",
  "10. 개인정보 보호책임자",
  "11. 개인정보처리방침의 변경",
];

const APPS: [PrivacyApp, string, string][] = [
  ["poonpee", "푼피", "폰파인더"],
  ["phonefinder", "폰파인더", "푼피"],
];

describe.each(APPS)("the %s privacy policy", (app, appName, otherAppName) => {
  test("is that app's own policy: it opens with the app's name, not the other app's", () => {
    const intro = parse(loadPrivacyPolicy(app)).querySelector("p")?.textContent ?? "";
    expect(intro.startsWith(`'${appName}'(이하 '앱') 개발자`)).toBe(true);
    expect(intro).toContain("개인정보처리방침을 수립·공개합니다.");
    expect(intro).not.toContain(otherAppName);
  });

  test("has the eleven sections of a Korean privacy policy, in order", () => {
    const headings = [...parse(loadPrivacyPolicy(app)).querySelectorAll("h2")].map((h2) => h2.textContent);
    expect(headings).toEqual(SECTIONS);
  });

  test("keeps its tables with their header cells", () => {
    const policy = parse(loadPrivacyPolicy(app));
    const headerCells = [...policy.querySelectorAll("table th[scope=col]")].map((th) => th.textContent);
    expect(headerCells).toContain("구분");
  });

  test("carries no script, style, event handler or class", () => {
    const policy = parse(loadPrivacyPolicy(app));
    expect(policy.querySelector("script, style, img, iframe")).toBeNull();
    for (const attribute of attributesOf(policy)) {
      expect(attribute).toMatch(/^(a\[href=(https?|mailto):|t[hd]\[(scope|colspan)=)/);
    }
  });
});

test("an unknown app has no policy", () => {
  expect(() => loadPrivacyPolicy("other" as PrivacyApp)).toThrow("Unknown privacy policy: other");
});

test("sanitizePolicyHtml strips scripts, event handlers and unsafe links and keeps the text", () => {
  const clean = parse(
    sanitizePolicyHtml(
      '<p onclick="alert(1)">안녕<script>alert("x")</script></p>' +
        '<img src="x" onerror="alert(2)">' +
        '<a href="javascript:alert(3)" target="_blank">링크</a>' +
        '<a href="mailto:privacy@example.com" style="color:red">메일</a>' +
        '<table><tr><th scope="col" class="x">구분</th><td colspan="2">값</td></tr></table>',
    ),
  );

  expect(clean.querySelector("script, img")).toBeNull();
  expect(clean.textContent).not.toContain("alert");
  expect(clean.querySelector("p")?.textContent).toBe("안녕");
  expect([...clean.querySelectorAll("a")].map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
    ["링크", null],
    ["메일", "mailto:privacy@example.com"],
  ]);
  expect(attributesOf(clean)).toEqual(["a[href=mailto:privacy@example.com]", "th[scope=col]", "td[colspan=2]"]);
});
