// Helpers shared by the end-to-end files (not a test file itself).
import fs from "node:fs";
import { createRequire } from "node:module";
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { DEFERRED_SCRIPTS_ID } from "~/lib/deferred-scripts.server";

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

type AxeViolation = { id: string; impact?: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] };

declare global {
  interface Window {
    axe: { run(context?: unknown, options?: unknown): Promise<{ violations: AxeViolation[] }> };
  }
}

/**
 * Runs axe-core on the whole page; one readable line (and its first nodes) per violation. Only
 * violations are detailed (`resultTypes`) and only what is printed crosses back from the page: the
 * full result (every passing check with its markup) took twice the time and came through the
 * test's connection to the browser on every screen.
 */
export async function axeViolations(page: Page) {
  if (!(await page.evaluate(() => typeof window.axe !== "undefined"))) {
    // The CSP only runs scripts with its nonce: evaluate axe through the DevTools protocol instead.
    await page.evaluate(AXE_SOURCE);
  }
  const violations = await page.evaluate(async () =>
    (await window.axe.run(document, { resultTypes: ["violations"] })).violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.slice(0, 5).map(({ target, failureSummary }) => ({ target, failureSummary })),
    })),
  );
  return violations.map(
    (violation) =>
      `axe ${violation.id} (${violation.impact ?? "?"}): ${violation.help}\n` +
      violation.nodes
        .map(
          (node) =>
            `      ${JSON.stringify(node.target)}${node.failureSummary ? ` — ${node.failureSummary.replace(/\s*\n\s*/g, " ")}` : ""}`,
        )
        .join("\n"),
  );
}

export async function assertAccessible(page: Page, label: string) {
  const violations = await axeViolations(page);
  expect(violations.length, `axe violations on ${label}:\n${violations.join("\n")}`).toBe(0);
}

/** The field's own error line (aria-describedby), so the message is tied to the field. */
export async function expectFieldError(page: Page, field: Locator, message: string) {
  await page.getByText(message, { exact: true }).first().waitFor();
  expect(await field.getAttribute("aria-invalid"), `the field is marked invalid for "${message}"`).toBe("true");
  const describedBy = (await field.getAttribute("aria-describedby")) ?? "";
  const texts = await Promise.all(
    describedBy
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => page.locator(`[id="${id}"]`).textContent()),
  );
  expect(
    texts.some((text) => text?.includes(message)),
    `the field is described by "${message}" (aria-describedby="${describedBy}": ${JSON.stringify(texts)})`,
  ).toBeTruthy();
}

/** The admin toolbar of a list page (register / edit / delete, or the mode's own buttons). */
export function toolbar(page: Page) {
  return page.getByRole("toolbar", { name: "관리 메뉴" });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A card's name heading; a hidden item's heading also carries the 숨김 badge. */
export function nameHeading(page: Page, name: string) {
  return page.getByRole("heading", { name: new RegExp(`^${escapeRegExp(name)}\\s*(숨김)?$`) });
}

/** A name as a pattern inside a longer accessible name (a radio labelled by its caption and date). */
export function containing(text: string) {
  return new RegExp(escapeRegExp(text));
}

/** An element's effective opacity: its own times its ancestors' (a dimmed card or a dimmed picture). */
export function effectiveOpacity(locator: Locator) {
  return locator.evaluate((element) => {
    let opacity = 1;
    for (let node: Element | null = element; node; node = node.parentElement) opacity *= Number(getComputedStyle(node).opacity);
    return opacity;
  });
}

// The page as it is without JavaScript, in a context that can still run axe (the site's scripts blanked).
export { withoutAppScripts } from "../support/browser";

// A refused submit must land where she sees it: clear of the sticky header and the fixed bottom bar.
const HEADER_HEIGHT = 56;
const BOTTOM_NAV_HEIGHT = 64;

/**
 * axe needs scripts: a page seen without JavaScript is checked as its markup, without its scripts
 * (the deferred ones' template included: its links would be fetched for nothing), in a second
 * context with JavaScript from `openWithJs` (same origin, so the same stylesheet applies).
 */
export async function assertAccessibleAsSeen(page: Page, js: boolean, label: string, openWithJs: () => Promise<{ page: Page }>) {
  if (js) return assertAccessible(page, label);
  const scripts = new RegExp(`<script\\b[\\s\\S]*?</script>|<template id="${DEFERRED_SCRIPTS_ID}">[\\s\\S]*?</template>`, "g");
  const html = (await page.content()).replace(scripts, "");
  const { page: checker } = await openWithJs();
  await checker.route("**/__as-seen-without-js", (route) => route.fulfill({ body: html, contentType: "text/html; charset=utf-8" }));
  await checker.goto("/__as-seen-without-js");
  await assertAccessible(checker, label);
}

/** Where an element sits in the window: inside it, clear of the sticky header and the fixed bottom bar. */
export async function assertInClearView(locator: Locator, what: string) {
  const { top, bottom, innerHeight } = await locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return { top: rect.top, bottom: rect.bottom, innerHeight: window.innerHeight };
  });
  expect(
    top >= HEADER_HEIGHT && bottom <= innerHeight - BOTTOM_NAV_HEIGHT,
    `${what} in clear view (top ${top}, bottom ${bottom}, window ${innerHeight})`,
  ).toBeTruthy();
}

/** The focused element's text, tag and (for a control) name. */
export function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return { text: element?.textContent ?? "", tag: element?.tagName ?? "", name: element?.getAttribute("name") ?? "" };
  });
}

/** The focused element's accessible label (a list's 위로/아래로/고정 buttons name their item), or null. */
export function focusedLabel(page: Page) {
  return page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? null);
}

/**
 * Waits for a condition with JavaScript; without it the page is already final once loaded, and
 * Playwright's polling (animation frames) would never run: the condition is checked once.
 */
export async function expectInPage(page: Page, js: boolean, condition: () => boolean, what: string) {
  if (js) await page.waitForFunction(condition);
  else expect(await page.evaluate(condition), what).toBeTruthy();
}

export async function scrollToBottom(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
}

/** Submits with the button at the form's end (or the list's bar), from the bottom of the page, and waits for the answer. */
export async function submitFromBottom(page: Page, button: Locator, js: boolean) {
  await scrollToBottom(page);
  if (js) await button.click();
  else await Promise.all([page.waitForNavigation(), button.click()]);
}
