import assert from "node:assert/strict";
import { test } from "vitest";

import { safeRedirect } from "~/lib/safe-redirect";

const SITE = "https://site.example";

test("same-site paths are kept as they are", () => {
  for (const to of ["/", "/home-update", "/product-list?mode=edit", "/reels-content/%7B%22a%22%3A1%7D", "/a#b"]) {
    assert.equal(safeRedirect(to), to);
  }
});

test("other sites, protocol-relative and backslash tricks fall back to /", () => {
  for (const to of [
    "//evil.example",
    "//evil.example/path",
    "/\\evil.example",
    "https://evil.example",
    "http://evil.example/",
    "javascript:alert(1)",
    "evil.example",
    "home-update",
    "",
  ]) {
    assert.equal(safeRedirect(to), "/", JSON.stringify(to));
  }
});

test("non-strings fall back", () => {
  for (const to of [undefined, null, 42, {}, ["/"], true]) assert.equal(safeRedirect(to), "/");
});

test("a custom fallback is used when given", () => {
  assert.equal(safeRedirect("//evil.example", "/home-update"), "/home-update");
  assert.equal(safeRedirect(undefined, "/navi"), "/navi");
  assert.equal(safeRedirect("/ok", "/navi"), "/ok");
});

test("whatever it returns stays on the site when a browser resolves it (tabs and newlines are stripped by URL parsing)", () => {
  // The WHATWG URL parser removes ASCII tab and newline anywhere in the input, so "/\t/evil.example"
  // is resolved as "//evil.example": another site.
  for (const to of [
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/\t\\evil.example",
    "\t//evil.example",
    "//evil.example",
    "/\\/evil.example",
  ]) {
    const target = new URL(safeRedirect(to), SITE);
    assert.equal(target.origin, SITE, `${JSON.stringify(to)} → ${JSON.stringify(safeRedirect(to))} resolves to ${target.href}`);
  }
});
