// End-to-end: the whole-site tour. For each role (visitor, admin) × JavaScript on/off, every screen
// of docs/product.md §2 (and for the admin every editing screen and the ?mode=edit / ?mode=delete views of the
// three lists), loaded once and looked at 375 and 690 px wide: no console error, no failed or
// erroring same-site request, one h1, no broken image, no sideways scrolling and one main at most
// 690 px wide at either width, and no axe-core violation (run once per screen and role: JavaScript on, 375 px; the admin's public
// screens carry her own controls). One site, the demo seed.
// Runs about 32 s.
import type { Page } from "playwright-core";
import { describe, test, expect } from "vitest";
import { hasHorizontalOverflow, open, PHONE, TABLET, unexpectedProblems, useSite } from "../support/browser";
import { expectPresent } from "../support/expect-present";
import { axeViolations } from "./helpers";

const s = useSite();

type Role = "visitor" | "admin";

/** How to reach a screen: a path, or a step from the screen before (finding a link on it, clicking it). */
type Screen = {
  name: string;
  /** A fixed path, or a function that finds the path on the current page (the link is then followed). */
  path: string | ((page: Page) => Promise<string>);
  /** Click the found link instead of loading its address (client-side navigation with JavaScript). */
  click?: boolean;
};

/** The href of the first link in main matching the CSS selector. */
function firstLink(selector: string, label: string) {
  return async (page: Page) => {
    const link = page.locator(`main ${selector}`).first();
    const href = await link.getAttribute("href", { timeout: 5_000 }).catch(() => null);
    expectPresent(href, `no ${label} link (${selector}) on ${page.url()}`);
    return href;
  };
}

const PUBLIC_SCREENS: Screen[] = [
  { name: "home", path: "/" },
  { name: "admin-login", path: "/admin-login" },
  { name: "career-background", path: "/career-background" },
  { name: "ai", path: "/ai" },
  { name: "reels-category", path: "/reels-category" },
  // A demo category, found on the category list.
  { name: "reels-list", path: firstLink('a[href^="/reels-list/"]', "category") },
  // A reel of that category, clicked.
  { name: "reels-content", path: firstLink('a[href^="/reels-content/"]', "reel"), click: true },
  { name: "product-list", path: "/product-list" },
  // A product's own page (the first card's name), clicked.
  { name: "product", path: firstLink('a[href^="/product/"]', "product page"), click: true },
  { name: "navi", path: "/navi" },
  { name: "poonpee-privacy", path: "/poonpee/privacy" },
  { name: "phonefinder-privacy", path: "/phonefinder/privacy" },
];

const ADMIN_SCREENS: Screen[] = [
  { name: "home-update", path: "/home-update" },
  { name: "product-list-edit", path: "/product-list?mode=edit" },
  { name: "product-edit", path: firstLink('a[href^="/product-upsert/"]:not([href="/product-upsert/0"])', "product edit") },
  { name: "product-list-delete", path: "/product-list?mode=delete" },
  { name: "product-upsert-0", path: "/product-upsert/0" },
  { name: "reels-category-edit", path: "/reels-category?mode=edit" },
  { name: "reels-category-delete", path: "/reels-category?mode=delete" },
  { name: "reels-category-upsert-0", path: "/reels-category-upsert/0" },
  { name: "reels-list-again", path: "/reels-category" },
  { name: "reels-list-admin", path: firstLink('a[href^="/reels-list/"]', "category") },
  // The register link of the reels list's admin bar: /reels-upsert/0/{title, reelsCategoryId}.
  {
    name: "reels-upsert-0",
    path: async (page) => {
      const href = await page
        .locator('a[href^="/reels-upsert/0/"]')
        .first()
        .getAttribute("href", { timeout: 5_000 })
        .catch(() => null);
      expectPresent(href, `no reel register link on ${page.url()}`);
      return href;
    },
  },
  { name: "career-background-update", path: "/career-background-update/x" },
  { name: "instagram-token", path: "/instagram-token" },
];

/** The reels list's own mode views, derived from the list visited above. */
function reelsListModes(listPath: string): Screen[] {
  const base = listPath.split("?")[0]!;
  return [
    { name: "reels-list-edit", path: `${base}?mode=edit` },
    { name: "reels-list-delete", path: `${base}?mode=delete` },
  ];
}

/** Screens whose first step only finds a path: they are navigation helpers, not tour stops. */
const HELPER_SCREENS = new Set(["reels-list-again"]);

/**
 * Loads every image now (lazy ones included) and returns the ones that
 * failed to decode: a broken image is a failure whatever its origin.
 */
async function brokenImages(page: Page) {
  return page.evaluate(async () => {
    const images = [...document.images];
    for (const image of images) if (image.loading === "lazy") image.loading = "eager";
    const settled = Promise.all(
      images.map((image) =>
        image.complete
          ? null
          : new Promise((resolve) => {
              image.addEventListener("load", resolve, { once: true });
              image.addEventListener("error", resolve, { once: true });
            }),
      ),
    );
    await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 3_000))]);
    return images
      .filter((image) => image.getAttribute("src") && image.complete && image.naturalWidth === 0)
      .map((image) => image.currentSrc || image.src);
  });
}

/** The widest elements when a page scrolls sideways, to say what overflows. */
function overflowingElements(page: Page) {
  return page.evaluate(() => {
    const limit = document.documentElement.clientWidth;
    return [...document.querySelectorAll("body *")]
      .filter((element) => element.getBoundingClientRect().right > limit + 1)
      .slice(0, 3)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${[...element.classList].join(".")} (right ${Math.round(element.getBoundingClientRect().right)})`,
      );
  });
}

for (const role of ["visitor", "admin"] as Role[]) {
  for (const js of [true, false]) {
    const label = `${role}, JavaScript ${js ? "on" : "off"}`;
    describe(`tour: ${label}`, () => {
      test(`every screen is clean at 375 and 690 px (${label})`, async () => {
        const { context, page, problems, forgetProblems } = await s.open({ js, admin: role === "admin", viewport: PHONE });
        // Any same-site answer of 400 or more (an image, a stylesheet, a data request) is a failed request too.
        const clientErrors: string[] = [];
        context.on("response", (response) => {
          const status = response.status();
          if (response.url().startsWith(s.site.origin) && status >= 400 && status < 500)
            clientErrors.push(`HTTP ${status}: ${response.url()}`);
        });
        const report: string[] = [];
        const visited: string[] = [];
        const screens = role === "admin" ? [...PUBLIC_SCREENS, ...ADMIN_SCREENS] : PUBLIC_SCREENS;
        const queue = [...screens];
        while (queue.length) {
          const screen = queue.shift()!;
          await page.setViewportSize(PHONE);
          forgetProblems();
          clientErrors.length = 0;
          const issues: string[] = [];
          let status: number | undefined;
          try {
            if (typeof screen.path === "string") {
              status = (await open(page, screen.path, js))?.status();
            } else {
              const href = await screen.path(page);
              if (screen.click && js) {
                await page.locator(`main a[href="${href}"]`).first().click();
                await page.waitForURL(
                  (url) =>
                    url.pathname + url.search === href || decodeURIComponent(url.pathname) === decodeURIComponent(href.split("?")[0]!),
                );
              } else if (screen.click) {
                const [response] = await Promise.all([
                  page.waitForNavigation({ waitUntil: "load" }),
                  page.locator(`main a[href="${href}"]`).first().click(),
                ]);
                status = response?.status();
              } else {
                status = (await open(page, href, js))?.status();
              }
            }
          } catch (error) {
            report.push(`${screen.name}: could not be reached: ${(error as Error).message.split("\n")[0]}`);
            continue;
          }
          if (screen.name === "reels-list-admin") queue.splice(1, 0, ...reelsListModes(new URL(page.url()).pathname));
          if (HELPER_SCREENS.has(screen.name)) continue;
          const url = new URL(page.url());
          visited.push(`${screen.name} → ${decodeURIComponent(url.pathname)}${url.search}`);
          if (status !== undefined && status >= 400) issues.push(`HTTP ${status} for the page itself`);
          // Admin screens must stay admin screens: nobody is sent away.
          if (
            role === "admin" &&
            typeof screen.path === "string" &&
            screen.name !== "admin-login" &&
            url.pathname !== screen.path.split("?")[0]
          ) {
            issues.push(`ended on ${url.pathname} instead of ${screen.path}`);
          }
          const headings = await page.locator("h1").count();
          if (headings !== 1) issues.push(`${headings} <h1> elements`);
          for (const src of await brokenImages(page)) issues.push(`broken image: ${src}`);
          if (js) issues.push(...(await axeViolations(page)));
          for (const viewport of [PHONE, TABLET]) {
            await page.setViewportSize(viewport);
            if (await hasHorizontalOverflow(page))
              issues.push(`scrolls sideways at ${viewport.width} px: ${(await overflowingElements(page)).join(", ")}`);
            // Content is centred within 690 px (docs/architecture.md §4): one main, at most that wide.
            const mainWidths = await page.evaluate(() =>
              [...document.querySelectorAll("main")].map((main) => main.getBoundingClientRect().width),
            );
            if (mainWidths.length !== 1) issues.push(`${mainWidths.length} <main> elements at ${viewport.width} px`);
            else if (mainWidths[0]! > 690) issues.push(`main is ${mainWidths[0]} px wide at ${viewport.width} px`);
          }
          issues.push(...unexpectedProblems(await problems(), js), ...clientErrors);
          if (issues.length) report.push(`${screen.name} (${url.pathname}${url.search}):\n    ${issues.join("\n    ")}`);
        }
        forgetProblems(); // each screen's problems are in the report
        const expected = role === "admin" ? PUBLIC_SCREENS.length + ADMIN_SCREENS.length + 2 - HELPER_SCREENS.size : PUBLIC_SCREENS.length;
        expect(
          visited.length + report.filter((line) => line.includes("could not be reached")).length,
          `screens visited:\n${visited.join("\n")}`,
        ).toBe(expected);
        if (report.length) expect.fail(`problems on the tour (${label}):\n${report.join("\n")}`);
      }, 300_000);
    });
  }
}
