// Helpers shared by the end-to-end files (not a test file itself).
import fs from "node:fs";
import { createRequire } from "node:module";
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";

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
