import { test } from "vitest";
import assert from "node:assert/strict";

import { loadPrivacyPolicy, sanitizePolicyHtml } from "~/features/privacy/privacy.server";

for (const app of ["poonpee", "phonefinder"] as const) {
  test(`${app} privacy policy loads sanitized`, () => {
    const html = loadPrivacyPolicy(app);
    assert.ok(html.length > 500, "policy should not be empty");
    assert.match(html, /개인정보/);
    assert.match(html, /<h2>1\. 개인정보의 처리 목적<\/h2>/);
    assert.match(html, /<h2>11\. /);
    assert.doesNotMatch(html, /<script/i);
    assert.doesNotMatch(html, /\son[a-z]+\s*=/i);
  });

  test(`${app} privacy policy is cached`, () => {
    assert.equal(loadPrivacyPolicy(app), loadPrivacyPolicy(app));
  });
}

test("sanitizePolicyHtml strips scripts, event handlers and unsafe links", () => {
  const dirty =
    '<p onclick="alert(1)">안녕<script>alert("x")</script></p>' +
    '<img src="x" onerror="alert(2)">' +
    '<a href="javascript:alert(3)" target="_blank">링크</a>' +
    '<a href="mailto:privacy@example.com" style="color:red">메일</a>' +
    '<table><tr><th scope="col" class="x">구분</th><td colspan="2">값</td></tr></table>';
  const clean = sanitizePolicyHtml(dirty);

  assert.doesNotMatch(clean, /<script/i);
  assert.doesNotMatch(clean, /alert/);
  assert.doesNotMatch(clean, /onerror|onclick/i);
  assert.doesNotMatch(clean, /<img/i);
  assert.doesNotMatch(clean, /javascript:/i);
  assert.doesNotMatch(clean, /target=|style=|class=/);
  assert.match(clean, /<p>안녕<\/p>/);
  assert.match(clean, /<a href="mailto:privacy@example\.com">메일<\/a>/);
  assert.match(clean, /<th scope="col">구분<\/th>/);
  assert.match(clean, /<td colspan="2">값<\/td>/);
});
