// Helpers shared by the end-to-end files (not a test file itself).
import assert from "node:assert/strict";
import fs from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { ko } from "~/copy/ko";
import { ADMIN_ID, ADMIN_PASSWORD } from "../support/browser";

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

type AxeResults = {
  violations: { id: string; impact?: string; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }[];
};

declare global {
  interface Window {
    axe: { run(context?: unknown, options?: unknown): Promise<AxeResults> };
  }
}

/** Runs axe-core on the whole page; one readable line (and its first nodes) per violation. */
export async function axeViolations(page: Page) {
  if (!(await page.evaluate(() => typeof window.axe !== "undefined"))) {
    // The CSP only runs scripts with its nonce: evaluate axe through the DevTools protocol instead.
    await page.evaluate(AXE_SOURCE);
  }
  const results = await page.evaluate(() => window.axe.run());
  return results.violations.map(
    (violation) =>
      `axe ${violation.id} (${violation.impact ?? "?"}): ${violation.help}\n` +
      violation.nodes
        .slice(0, 5)
        .map((node) => `      ${JSON.stringify(node.target)}${node.failureSummary ? ` — ${node.failureSummary.replace(/\s*\n\s*/g, " ")}` : ""}`)
        .join("\n"),
  );
}

/**
 * With JavaScript disabled, Chromium refuses to fetch the `<link rel="modulepreload">` scripts and
 * reports each as a failed request with the reason "csp" (it is the disabled-scripts setting, not
 * the site's Content-Security-Policy, which allows 'self'). Those are expected; anything else is not.
 */
export function unexpectedProblems(problems: string[], js: boolean, alsoExpected: (problem: string) => boolean = () => false) {
  return problems.filter((problem) => {
    if (!js && /^request failed: \S+\/build\/\S+\.js csp$/.test(problem)) return false;
    // net::ERR_ABORTED is the browser cancelling a request, not the site failing: the favicon or
    // Remix's route discovery (/__manifest) cut short when the test navigates on, and Chromium
    // intermittently reports Remix single-fetch data requests (`/x.data`, `/_root.data`) as aborted
    // although their response arrived and was used (even a POST whose redirect was followed). No
    // script calls abort() or cancel(), and plain fetches of the same URL never fail. Tests that
    // care about double submits count the POSTs themselves.
    if (/ net::ERR_ABORTED$/.test(problem)) return false;
    return !alsoExpected(problem);
  });
}

export function assertNoProblems(problems: string[], js: boolean, alsoExpected?: (problem: string) => boolean) {
  const unexpected = unexpectedProblems(problems, js, alsoExpected);
  assert.deepEqual(unexpected, [], `problems recorded in the browser:\n${unexpected.join("\n")}`);
}

/** Chromium's console line for a response with an HTTP error status, e.g. an expected 400, 401 or 404. */
export function isHttpErrorConsoleLine(status: number) {
  return (problem: string) =>
    problem.startsWith("console error: Failed to load resource: the server responded with a status of " + status);
}

/** Logs the page in as the site's admin through the login form and waits for the home page. */
export async function loginAsAdmin(page: Page, origin: string) {
  await page.goto("/admin-login");
  await page.getByLabel(ko.login.id, { exact: true }).fill(ADMIN_ID);
  await page.getByLabel(ko.login.pw, { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: ko.login.submit, exact: true }).click();
  await page.waitForURL(`${origin}/`);
}
