// End-to-end support: the production server (`node build/server.js`) in a child process with its own
// data, and Debian's Chromium driven by playwright-core (no browser is ever downloaded). One site per
// test file, started from a copy of the run's base database, seeded with the demo unless it asks for
// none (tests/support/base-databases.ts); one browser per test worker, shared by the files it runs.
// Every test opens its own contexts, and whatever the browser recorded in them (console errors, page
// errors, failed or erroring same-site requests) fails that test.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createCookie } from "@remix-run/node";
import Database from "better-sqlite3";
import { chromium, type APIRequestContext, type Browser, type BrowserContext, type Page, type Request } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { DEFERRED_SCRIPTS_ID } from "~/lib/deferred-scripts.server";
import { ADMIN_ID, ADMIN_PASSWORD } from "./app";
import { copyBase } from "./base-databases";
import { startServerProcess } from "./server-process";

export { ADMIN_ID, ADMIN_PASSWORD };

export const PHONE = { width: 375, height: 740 };
export const TABLET = { width: 690, height: 900 };

/** The session cookie's name and the table behind it (app/lib/session.server.ts). */
const SESSION_COOKIE_NAME = "ot_sid";

type Site = Awaited<ReturnType<typeof startSite>>;

async function startSite(env: Record<string, string> = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ot-e2e-"));
  // With the demo unless `env` asks for none (SEED_DEMO=0).
  copyBase(dir, env.SEED_DEMO !== "0");
  const sessionSecret = crypto.randomBytes(32).toString("base64url");
  const server = await startServerProcess({
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    DATA_DIR: path.join(dir, "data"),
    UPLOADS_DIR: path.join(dir, "uploads"),
    SESSION_SECRET: sessionSecret,
    ADMIN_ID,
    ADMIN_PASSWORD,
    SEED_DEMO: "1",
    ...env,
  });
  const origin = server.origin;
  const database = new Database(path.join(dir, "data", "app.db"));
  database.pragma("busy_timeout = 5000");
  const cookie = createCookie(SESSION_COOKIE_NAME, { httpOnly: true, sameSite: "lax", path: "/", secrets: [sessionSecret] });

  return {
    origin,
    /** The server's DATA_DIR, for a test that arranges its database beside it (tests/support/records.ts, withDatabase). */
    dataDir: path.join(dir, "data"),
    uploadsDir: path.join(dir, "uploads"),
    /**
     * A signed-in admin without the login form: a row in the server's `sessions` table and the
     * signed cookie naming it, exactly what a login leaves behind (the form itself has its own test).
     */
    async adminSessionCookie() {
      const token = crypto.randomBytes(32).toString("base64url");
      const admin = database.prepare("SELECT id FROM admins WHERE login_id = ?").get(ADMIN_ID) as { id: number };
      database
        .prepare("INSERT INTO sessions (id_hash, admin_id, persistent, expires_at) VALUES (?, ?, 0, ?)")
        .run(crypto.createHash("sha256").update(token).digest("hex"), admin.id, new Date(Date.now() + 86_400_000).toISOString());
      const header = await cookie.serialize(token);
      return { name: SESSION_COOKIE_NAME, value: header.slice(SESSION_COOKIE_NAME.length + 1).split(";")[0]! };
    },
    async stop() {
      database.close();
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Debian's Chromium in its headless shell (package chromium-headless-shell: the same build without the
 * browser's interface and GPU process, the headless mode Playwright itself uses) takes about half the
 * CPU of the full browser in headless mode; the full browser is the fallback.
 */
function browserExecutable() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  const headlessShell = "/usr/lib/chromium/chromium-headless-shell";
  return fs.existsSync(headlessShell) ? headlessShell : "/usr/bin/chromium";
}

let workersBrowser: Promise<Browser> | undefined;

/**
 * One Chromium per test worker, launched by the worker's first file and used by every file after it
 * (the e2e project does not isolate its files' modules); each test closes the contexts it opened.
 * Driven in the worker itself: a browser shared by the whole run had to be reached through a
 * Playwright server, which relayed every message once more (a fifth of the driving CPU). Playwright
 * closes the browser when the worker exits. Its pages share one renderer process instead of
 * starting one per context (a test opens a fresh context for each visit): 4% less CPU for the
 * end-to-end run (326 against 340 core-seconds, the same 194 tests passing).
 */
function workersOwnBrowser(): Promise<Browser> {
  workersBrowser ??= chromium.launch({
    executablePath: browserExecutable(),
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-quic",
      "--no-first-run",
      "--renderer-process-limit=1",
    ],
  });
  return workersBrowser;
}

export type Visit = {
  context: BrowserContext;
  page: Page;
  /** What went wrong in the browser, one line each, once every failed request has been told apart; checked after the test. */
  problems(): Promise<string[]>;
  /** Forgets what was recorded so far (for a test that provokes a problem on purpose). */
  forgetProblems(): void;
};

export type OpenOptions = {
  js: boolean;
  viewport?: { width: number; height: number };
  /** Signed in as the admin through a session made for the test. */
  admin?: boolean;
  /** A phone's screen: its device pixel ratio (1 unless given), with touch and the mobile viewport when above 1. */
  deviceScaleFactor?: number;
};

/**
 * Records console errors, page errors, same-site requests that failed or answered 5xx. A request the
 * browser aborted because its page moved on (a navigation started after it, it was sent while a
 * navigation was under way, the page closed, or a later submission or navigation of the page sent
 * Remix's next data fetch, for which Remix drops the one before) is the test's doing, not the site's: of the aborts,
 * only those are left out (and the single-fetch streams described below).
 */
/** Remix's single-fetch request for a route's data (a navigation's loaders, a submission's action or the revalidation after it). */
function isRemixFetch(request: Request) {
  return new URL(request.url()).pathname.endsWith(".data");
}

/** Whether a picture of the page still shows `url` (null when the page cannot tell: it closed or moved on). */
function stillShown(page: Page, url: string) {
  return page
    .evaluate((wanted) => [...document.images].some((img) => img.currentSrc === wanted || img.src === wanted), url)
    .catch(() => null);
}

function recordProblems(context: BrowserContext, origin: string) {
  const problems: string[] = [];
  /**
   * Per page: navigations started so far (documents and same-document), the document request of the
   * one under way, if any, and how many of Remix's data fetches it has sent.
   */
  type NavigationState = { started: number; underWay: Request | null; remixFetches: number };
  const navigation = new WeakMap<Page, NavigationState>();
  const sentDuring = new WeakMap<Request, NavigationState>();
  const closedPages = new WeakSet<Page>();
  const withoutHash = (url: string) => url.split("#")[0];
  const pageOf = (request: Request) => {
    try {
      return request.frame().page();
    } catch {
      return null; // a service worker's request has no frame
    }
  };
  context.on("page", (page) => {
    const state: NavigationState = { started: 0, underWay: null, remixFetches: 0 };
    navigation.set(page, state);
    page.on("close", () => closedPages.add(page));
    page.on("framenavigated", (frame) => {
      if (frame !== page.mainFrame()) return;
      state.started += 1;
      // A same-document navigation of the page being left (hydration replacing its history entry
      // while a test has already moved on) does not end the document navigation under way.
      if (state.underWay && withoutHash(frame.url()) !== withoutHash(state.underWay.url())) return;
      state.underWay = null;
    });
  });
  /**
   * Aborted Remix fetches waiting to be judged until their page sends its next Remix fetch (or the
   * test ends): Chromium may report the abort before the request of the submission that caused it.
   */
  const awaitingNextFetch = new Map<Page, (() => void)[]>();
  let testOver = false;
  const nextRemixFetchOf = (page: Page) =>
    testOver
      ? Promise.resolve()
      : new Promise<void>((resolve) => awaitingNextFetch.set(page, [...(awaitingNextFetch.get(page) ?? []), resolve]));
  const releaseAwaiting = (page: Page) => {
    for (const resolve of awaitingNextFetch.get(page) ?? []) resolve();
    awaitingNextFetch.delete(page);
  };
  context.on("request", (request) => {
    const page = pageOf(request);
    const state = page && navigation.get(page);
    if (!page || !state) return;
    const isNavigation = request.isNavigationRequest() && request.frame() === page.mainFrame();
    sentDuring.set(request, { ...state });
    if (isRemixFetch(request)) {
      state.remixFetches += 1;
      releaseAwaiting(page);
    }
    if (isNavigation) {
      state.started += 1;
      state.underWay = request;
    }
  });
  /** A later navigation or submission of the same page sent its own fetch: Remix lets go of this one, answered or not. */
  const supersededByRemix = (request: Request) => {
    const page = pageOf(request);
    const now = page && navigation.get(page);
    const then = sentDuring.get(request);
    return Boolean(now && then && isRemixFetch(request) && now.remixFetches > then.remixFetches + 1);
  };
  const leftBehind = (request: Request) => {
    const page = pageOf(request);
    const now = page && navigation.get(page);
    const then = sentDuring.get(request);
    if (!page || !now || !then) return false;
    return closedPages.has(page) || now.started > then.started || then.underWay !== null;
  };
  context.on("console", (message) => {
    if (message.type() === "error") problems.push(`console error: ${message.text()}`);
  });
  context.on("weberror", (error) => problems.push(`page error: ${error.error().message}`));
  const classifying: Promise<void>[] = [];
  const stylesheetsDropped: string[] = [];
  context.on("requestfailed", (request) => {
    const page = pageOf(request);
    const state = page && navigation.get(page);
    // A navigation that never commits is over too.
    if (state && request.isNavigationRequest() && request.frame() === page.mainFrame()) state.underWay = null;
    if (!request.url().startsWith(origin)) return;
    const reason = request.failure()?.errorText ?? "";
    const movedOn = leftBehind(request) || supersededByRemix(request);
    classifying.push(
      (async () => {
        if (reason === "net::ERR_ABORTED") {
          if (movedOn) return;
          // The tab's icon is fetched by the browser itself, which drops that fetch whenever the page
          // changes, even by a client-side navigation that sends no document request.
          if (new URL(request.url()).pathname === "/favicon.svg") return;
          // A picture the page let go of before it arrived is the page's choice: the edit form's current
          // picture replaced by the preview of a newly chosen photo, a size the browser no longer wants.
          // (A picture the server fails answers with a status, or a reset, never an abort.)
          if (request.resourceType() === "image" && page && (await stillShown(page, request.url())) === false) return;
          // Chromium also marks Remix's own fetches (single-fetch `/x.data`, route discovery's
          // `/__manifest`) aborted when the page lets go of them once the server has answered: after
          // the whole answer arrived, or when Remix stops reading a single-fetch stream it no longer
          // needs (the next navigation or submission of the same page replaced the one it served).
          // A status was seen, so the server did answer, and the page's script saw no failure.
          const { pathname } = new URL(request.url());
          const remixFetch = pathname.endsWith(".data") || pathname === "/__manifest";
          // A link's `prefetch="intent"` is a `<link rel="prefetch">` (resource type "other", not
          // "fetch"), which Remix removes when the navigation it prepared for starts: the browser drops
          // it, and the navigation fetches the data itself.
          if (remixFetch && request.resourceType() === "other") return;
          const response = remixFetch ? await request.response().catch(() => null) : null;
          if (response) return;
          // Its page's next Remix fetch may be reported after the abort it caused.
          if (remixFetch && page) {
            await nextRemixFetchOf(page);
            if (supersededByRemix(request)) return;
          }
        }
        // Remix preloads a route's stylesheets before a client navigation and lets go of the preload
        // once the stylesheet link itself is in the page; the file still arrives. Only an aborted
        // stylesheet the page never got is a failure (decided once the test is over).
        if (reason === "net::ERR_ABORTED" && /^\/build\/.*\.css$/.test(new URL(request.url()).pathname)) {
          stylesheetsDropped.push(request.url());
          return;
        }
        problems.push(`request failed: ${request.url()} ${reason}`);
      })(),
    );
  });
  /** Same-site addresses answered without error: a stylesheet preload dropped for one of them is no failure. */
  const loaded = new Set<string>();
  context.on("response", (response) => {
    const status = response.status();
    if (status < 400) loaded.add(response.url());
    if (response.url().startsWith(origin) && status >= 500) problems.push(`HTTP ${status}: ${response.url()}`);
  });
  /** The problems, once every failed request has been told apart. */
  async function settled() {
    // The test is over: no later fetch is coming for an abort still waiting for one.
    testOver = true;
    for (const page of [...awaitingNextFetch.keys()]) releaseAwaiting(page);
    await Promise.all(classifying);
    for (const url of stylesheetsDropped.splice(0)) if (!loaded.has(url)) problems.push(`request failed: ${url} net::ERR_ABORTED`);
    return problems;
  }
  return { problems, settled };
}

/**
 * A GET through a context's request client, sent once more when a reused keep-alive connection was
 * reset: the server closes an idle connection after 5 s, and on a busy machine the client can write
 * to it in that same instant. Browsers repeat an idempotent request then; playwright's client does not.
 */
export async function getAsBrowser(request: APIRequestContext, url: string, options?: Parameters<APIRequestContext["get"]>[1]) {
  try {
    return await request.get(url, options);
  } catch (error) {
    if (!/ECONNRESET|socket hang up/.test(String(error))) throw error;
    return request.get(url, options);
  }
}

/** True when the page scrolls sideways: nothing may overflow at phone width. */
export async function hasHorizontalOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);
}

/**
 * React reports each commit to the developer-tools hook when one is present, and calls
 * onPostCommitFiberRoot once a commit's effects have run: the first call means the server-rendered
 * page is hydrated and its effects (e.g. useHydrated) have run. Installed before the page's scripts.
 */
const HYDRATION_HOOK = `window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
  supportsFiber: true,
  renderers: new Map(),
  inject() { return 1; },
  onCommitFiberRoot() {},
  onCommitFiberUnmount() {},
  onPostCommitFiberRoot() { window.__e2eHydrated = true; },
  checkDCE() {},
};`;

/** Waits until React has hydrated the page and run its effects, so the scripts' enhancements are in place. */
export function waitForHydration(page: Page) {
  return page.waitForFunction(() => (window as unknown as { __e2eHydrated?: boolean }).__e2eHydrated === true);
}

/** Contexts whose app scripts are answered empty (withoutAppScripts): never hydrated. */
const withoutScripts = new WeakSet<BrowserContext>();

/**
 * The page as it is without JavaScript (the server's markup and styles, never hydrated), in a
 * context that can still run axe: Chromium will not evaluate anything in a context with JavaScript
 * disabled. The app's scripts are answered empty, so nothing of the site runs.
 */
export async function withoutAppScripts(context: BrowserContext) {
  withoutScripts.add(context);
  await context.route("**/build/**/*.js", (route) => route.fulfill({ contentType: "text/javascript", body: "" }));
}

/**
 * With JavaScript, the calls that wait for a page's load event (`goto`, `reload`, `goBack`,
 * `goForward`, `waitForURL`, with their default `waitUntil`) resolve once the page's scripts have
 * taken over. Remix's scripts start after the first paint (app/components/DeferredScripts.tsx), so
 * the load event often comes before React has hydrated, and a test that acts at once would meet the
 * plain-HTML page (a share link that is an anchor, a form that posts the document). After a
 * client-side navigation the page is hydrated already and they resolve as before; a page without
 * Remix's scripts (the edge's error pages) resolves at load.
 */
function settleOnHydration(page: Page) {
  const settled = async <T>(result: T, options?: { waitUntil?: string }) => {
    if ((options?.waitUntil ?? "load") !== "load" || withoutScripts.has(page.context())) return result;
    const remixPage = await page.evaluate(
      (templateId) => "__remixContext" in window || document.getElementById(templateId) !== null,
      DEFERRED_SCRIPTS_ID,
    );
    if (remixPage) await waitForHydration(page);
    return result;
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const goBack = page.goBack.bind(page);
  const goForward = page.goForward.bind(page);
  const waitForURL = page.waitForURL.bind(page);
  page.goto = async (url, options) => settled(await goto(url, options), options);
  page.reload = async (options) => settled(await reload(options), options);
  page.goBack = async (options) => settled(await goBack(options), options);
  page.goForward = async (options) => settled(await goForward(options), options);
  page.waitForURL = async (url, options) => settled(await waitForURL(url, options), options);
}

/** Loads a page; with JavaScript, also waits for the scripts to take over. */
export async function open(page: Page, url: string, js: boolean) {
  const response = await page.goto(url);
  if (js) await waitForHydration(page);
  return response;
}

/**
 * With JavaScript disabled, Chromium refuses to fetch the `<link rel="modulepreload">` scripts and
 * reports each as a failed request with the reason "csp" (it is the disabled-scripts setting, not
 * the site's Content-Security-Policy, which allows 'self'). Those are expected; anything else is not.
 */
export function unexpectedProblems(problems: string[], js: boolean, expected: ((problem: string) => boolean)[] = []) {
  return problems.filter((problem) => {
    if (!js && /^request failed: \S+\/build\/\S+\.js csp$/.test(problem)) return false;
    return !expected.some((isExpected) => isExpected(problem));
  });
}

/** Chromium's console line for a response with an HTTP error status, e.g. an expected 400, 401 or 404. */
export function isHttpErrorConsoleLine(status: number) {
  return (problem: string) => problem.startsWith("console error: Failed to load resource: the server responded with a status of " + status);
}

/** "file > describe > test", so a test's screenshots are not overwritten by its twin in another describe. */
function fullName(task: { name: string; suite?: { name: string; suite?: unknown } }) {
  const names: string[] = [];
  for (let current: { name: string; suite?: unknown } | undefined = task; current; current = current.suite as typeof current)
    names.unshift(current.name);
  return names.join(" ");
}

function fileSafe(text: string) {
  return text
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 120);
}

/**
 * The site and one browser for this test file, and `open` for a fresh context per test. After each
 * test its contexts are checked for problems (a failure names the test), screenshotted into
 * test-results/screenshots when the test failed, and closed.
 */
export function useSite(env: () => Record<string, string> = () => ({})) {
  let site: Site | undefined;
  let browser: Browser | undefined;
  let visits: { context: BrowserContext; settled: () => Promise<string[]>; js: boolean }[] = [];
  let expected: ((problem: string) => boolean)[] = [];

  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(env()), workersOwnBrowser()]);
  });
  afterAll(async () => {
    await site?.stop();
  });
  beforeEach(() => {
    visits = [];
    expected = [];
  });
  afterEach(async ({ task }) => {
    const opened = visits;
    visits = [];
    try {
      const recorded = await Promise.all(opened.map(async ({ settled, js }) => unexpectedProblems(await settled(), js, expected)));
      const unexpected = recorded.flat();
      const failed = task.result?.state === "fail" || unexpected.length > 0;
      if (failed) await saveScreenshots(fullName(task), opened);
      if (unexpected.length) throw new Error(`problems recorded in the browser:\n${unexpected.join("\n")}`);
    } finally {
      await Promise.all(opened.map(({ context }) => context.close()));
    }
  });

  async function saveScreenshots(testName: string, opened: { context: BrowserContext }[]) {
    const dir = path.resolve("test-results", "screenshots");
    fs.mkdirSync(dir, { recursive: true });
    let index = 0;
    for (const { context } of opened) {
      for (const page of context.pages()) {
        index += 1;
        await page.screenshot({ path: path.join(dir, `${fileSafe(testName)}-${index}.png`), fullPage: true }).catch(() => {});
      }
    }
  }

  return {
    get site() {
      if (!site) throw new Error("the site is not started");
      return site;
    },
    get browser() {
      if (!browser) throw new Error("the browser is not started");
      return browser;
    },
    /** A new context (and its first page) for the running test, closed after it. */
    async open({ js, viewport = PHONE, admin = false, deviceScaleFactor = 1 }: OpenOptions): Promise<Visit> {
      const context = await this.browser.newContext({
        baseURL: this.site.origin,
        javaScriptEnabled: js,
        viewport,
        ...(deviceScaleFactor > 1 ? { deviceScaleFactor, isMobile: true, hasTouch: true } : {}),
        locale: "ko-KR",
        timezoneId: "Asia/Seoul",
      });
      context.setDefaultTimeout(10_000);
      if (js) await context.addInitScript(HYDRATION_HOOK);
      const { problems, settled } = recordProblems(context, this.site.origin);
      visits.push({ context, settled, js });
      if (admin)
        await context.addCookies([{ ...(await this.site.adminSessionCookie()), url: this.site.origin, httpOnly: true, sameSite: "Lax" }]);
      // Every page of the context, also those a test opens itself (context.newPage()).
      if (js) context.on("page", settleOnHydration);
      const page = await context.newPage();
      return { context, page, problems: settled, forgetProblems: () => void (problems.length = 0) };
    },
    /** Problems this test provokes on purpose (e.g. the console line of an expected 400). */
    expectProblems(...predicates: ((problem: string) => boolean)[]) {
      expected.push(...predicates);
    },
  };
}
