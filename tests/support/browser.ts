// End-to-end support: the production server (`node server.mjs`) in a child process with its own
// data, and Debian's Chromium driven by playwright-core. No browser is ever downloaded.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { ADMIN_ID, ADMIN_PASSWORD } from "./app";

export { ADMIN_ID, ADMIN_PASSWORD };

export const PHONE = { width: 375, height: 740 };
export const TABLET = { width: 690, height: 900 };

export type Site = Awaited<ReturnType<typeof startSite>>;

export async function startSite(env: Record<string, string> = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ot-e2e-"));
  const port = 4000 + Math.floor(Math.random() * 2000);
  const child: ChildProcess = spawn(process.execPath, ["server.mjs"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: path.join(dir, "data"),
      UPLOADS_DIR: path.join(dir, "uploads"),
      ADMIN_ID,
      ADMIN_PASSWORD,
      SEED_DEMO: "1",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 30_000);
    child.stdout!.on("data", () => {
      if (output.includes("Listening on")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    dir,
    output: () => output,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-quic",
      "--no-first-run",
    ],
  });
}

/**
 * A browsing context that records console errors and failed requests to the site itself, so a
 * test can assert there were none.
 */
export async function openContext(
  browser: Browser,
  site: Site,
  options: { javaScriptEnabled?: boolean; viewport?: { width: number; height: number } } = {},
) {
  const context: BrowserContext = await browser.newContext({
    baseURL: site.origin,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    viewport: options.viewport ?? PHONE,
    locale: "ko-KR",
    timezoneId: "Asia/Seoul",
  });
  const problems: string[] = [];
  context.on("console", (message) => {
    if (message.type() === "error") problems.push(`console error: ${message.text()}`);
  });
  context.on("weberror", (error) => problems.push(`page error: ${error.error().message}`));
  context.on("requestfailed", (request) => {
    if (request.url().startsWith(site.origin)) problems.push(`request failed: ${request.url()} ${request.failure()?.errorText}`);
  });
  context.on("response", (response) => {
    const status = response.status();
    if (response.url().startsWith(site.origin) && status >= 500) problems.push(`HTTP ${status}: ${response.url()}`);
  });
  return { context, problems };
}

/** True when the page scrolls sideways: nothing may overflow at phone width. */
export async function hasHorizontalOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);
}

export function screenshotPath(name: string) {
  const dir = path.resolve("test-results", "screenshots");
  fs.mkdirSync(dir, { recursive: true });
  return path.join(dir, `${name}.png`);
}

/** The site and a browser for one test file, started side by side. */
export function startSiteAndBrowser(env: Record<string, string> = {}): Promise<[Site, Browser]> {
  return Promise.all([startSite(env), launchBrowser()]);
}

export async function stopSiteAndBrowser(site: Site | undefined, browser: Browser | undefined) {
  await browser?.close();
  await site?.stop();
}
