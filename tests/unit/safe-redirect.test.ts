import { test, expect } from "vitest";

import { safeRedirect } from "~/lib/safe-redirect";

const SITE = "https://site.example";

test("same-site paths are kept as they are", () => {
  for (const to of ["/", "/home-update", "/product-list?mode=edit", "/reels-content/%7B%22a%22%3A1%7D", "/a#b"]) {
    expect(safeRedirect(to)).toBe(to);
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
    expect(safeRedirect(to), JSON.stringify(to)).toBe("/");
  }
});

test("non-strings fall back", () => {
  for (const to of [undefined, null, 42, {}, ["/"], true]) expect(safeRedirect(to)).toBe("/");
});

test("a custom fallback is used when given", () => {
  expect(safeRedirect("//evil.example", "/home-update")).toBe("/home-update");
  expect(safeRedirect(undefined, "/navi")).toBe("/navi");
  expect(safeRedirect("/ok", "/navi")).toBe("/ok");
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
    expect(target.origin, `${JSON.stringify(to)} → ${JSON.stringify(safeRedirect(to))} resolves to ${target.href}`).toBe(SITE);
  }
});
