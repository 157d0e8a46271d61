// Every page the site serves is valid HTML (DESIGN §7): the W3C Nu HTML checker (vnu-jar) reads the
// documents exactly as the real server sends them — public pages as a visitor, the same pages and
// every editing screen as the admin, each list mode (edit, delete, the no-JavaScript confirmation
// step) and the error pages — in one run of the checker (one JVM start for all of them).
import { execFile } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, test } from "vitest";

import { startApp, type TestApp } from "../support/app";
import { parseHtml } from "../support/dom";
import { Client } from "../support/http";
import { adminClient } from "./_helpers";

const VNU_JAR = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");

let app: TestApp;
let admin: Client;
let visitor: Client;
let dir: string;

beforeAll(async () => {
  app = await startApp({ CHATBOT_SCRIPT_URL: "https://chat.example/embed.js", CHATBOT_BOT_ID: "bot-1" });
  admin = await adminClient(app);
  visitor = new Client(app.origin);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "ot-vnu-"));
});
afterAll(async () => {
  await app?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

type Page = { name: string; html: string };
type FetchOptions = Parameters<Client["fetch"]>[1] & { status?: number };

/** A page as the browser gets it, answered with the status the page is for (200 unless told). */
async function fetchPage(client: Client, name: string, pathname: string, { status = 200, ...init }: FetchOptions = {}): Promise<Page> {
  const response = await client.fetch(pathname, init);
  expect(response.status, `${name} (${pathname})`).toBe(status);
  expect(response.headers.get("content-type"), `${name} (${pathname}) is HTML`).toMatch(/^text\/html/);
  return { name, html: await response.text() };
}

/** The href of the first link on a page whose href matches, for pages reached from another one. */
function linkOn(page: Page, matches: (href: string) => boolean) {
  const href = [...parseHtml(page.html).querySelectorAll("a[href]")].map((link) => link.getAttribute("href")!).find(matches);
  expect(href, `a matching link on ${page.name}`).toBeDefined();
  return href!;
}

/** The values of the checkboxes of a delete-mode list, for posting its confirmation step. */
function selectableIds(page: Page) {
  const ids = [...parseHtml(page.html).querySelectorAll<HTMLInputElement>('input[type="checkbox"][name="index"]')].map(
    (input) => input.value,
  );
  expect(ids.length, `items to tick on ${page.name}`).toBeGreaterThan(0);
  return ids;
}

/** Posts a delete-mode selection for review: the page shows 정말 삭제하시겠습니까? as an in-page step. */
async function confirmationStep(name: string, listPage: Page, action: string) {
  const body = new URLSearchParams([["intent", "review"], ...selectableIds(listPage).map((id) => ["index", id])]);
  const page = await fetchPage(admin, name, action, { method: "POST", body });
  expect(page.html, `${name} shows the confirmation`).toContain("정말 삭제하시겠습니까?");
  return page;
}

async function visitorPages() {
  const pages = [
    await fetchPage(visitor, "home", "/"),
    await fetchPage(visitor, "admin-login", "/admin-login"),
    await fetchPage(visitor, "admin-login-errors", "/admin-login", { form: { id: "관리자", pw: "x" }, status: 400 }),
    await fetchPage(visitor, "career-background", "/career-background"),
    await fetchPage(visitor, "ai", "/ai"),
    await fetchPage(visitor, "ai-privacy", "/ai/privacy"),
    await fetchPage(visitor, "reels-category", "/reels-category"),
    await fetchPage(visitor, "product-list", "/product-list"),
    await fetchPage(visitor, "navi", "/navi"),
    await fetchPage(visitor, "poonpee-privacy", "/poonpee/privacy"),
    await fetchPage(visitor, "phonefinder-privacy", "/phonefinder/privacy"),
    await fetchPage(visitor, "not-found", "/no-such-page-here", { status: 404 }),
    await fetchPage(visitor, "reels-content-bad-info", "/reels-content/%7Bnot-json", { status: 404 }),
  ];
  const categories = pages.find((page) => page.name === "reels-category")!;
  const reels = await fetchPage(
    visitor,
    "reels-list",
    linkOn(categories, (href) => href.startsWith("/reels-list/")),
  );
  const reel = await fetchPage(
    visitor,
    "reels-content",
    linkOn(reels, (href) => href.startsWith("/reels-content/")),
  );
  const consenting = new Client(app.origin);
  await consenting.fetch("/ai", { form: { agree: "on", intent: "consent" } });
  const chat = await fetchPage(consenting, "ai-consented", "/ai");
  return [...pages, reels, reel, chat];
}

async function adminPages() {
  const pages: Page[] = [];
  const add = async (name: string, pathname: string, options?: FetchOptions) => {
    const page = await fetchPage(admin, `admin-${name}`, pathname, options);
    pages.push(page);
    return page;
  };
  for (const [name, pathname] of [
    ["home", "/"],
    ["career-background", "/career-background"],
    ["ai", "/ai"],
    ["navi", "/navi"],
    ["home-update", "/home-update"],
    ["product-upsert-0", "/product-upsert/0"],
    ["reels-category-upsert-0", "/reels-category-upsert/0"],
    ["career-background-update-empty", "/career-background-update/%5B%5D"],
    ["instagram-token", "/instagram-token"],
    ["insights", "/insights"],
    ["site-settings-ad-0", "/site-settings/ad/0"],
  ]) {
    await add(name!, pathname!);
  }
  await add("not-found", "/no-such-page-here", { status: 404 });
  await add("home-update-review", "/home-update", {
    form: {
      intent: "review",
      detailChecked: "on",
      detailMenuNm: "심화 정보",
      homeView: "show",
      reelsView: "show",
      productsView: "show",
      detailView: "show",
    },
  });

  const career = pages.find((page) => page.name === "admin-career-background")!;
  await add(
    "career-background-update",
    linkOn(career, (href) => href.startsWith("/career-background-update/")),
  );

  await add("product-list", "/product-list");
  const productsEdit = await add("product-list-edit", "/product-list?mode=edit");
  await add(
    "product-edit",
    linkOn(productsEdit, (href) => href.startsWith("/product-upsert/") && href !== "/product-upsert/0"),
  );
  const productsDelete = await add("product-list-delete", "/product-list?mode=delete");
  pages.push(await confirmationStep("admin-product-list-confirm", productsDelete, "/product-list?mode=delete"));

  const categories = await add("reels-category", "/reels-category");
  const categoriesEdit = await add("reels-category-edit", "/reels-category?mode=edit");
  await add(
    "reels-category-update",
    linkOn(categoriesEdit, (href) => href.startsWith("/reels-category-upsert/") && href !== "/reels-category-upsert/0"),
  );
  const categoriesDelete = await add("reels-category-delete", "/reels-category?mode=delete");
  pages.push(await confirmationStep("admin-reels-category-confirm", categoriesDelete, "/reels-category?mode=delete"));

  const listPath = linkOn(categories, (href) => href.startsWith("/reels-list/"));
  const reels = await add("reels-list", listPath);
  await add(
    "reels-upsert-0",
    linkOn(reels, (href) => href.startsWith("/reels-upsert/0/")),
  );
  const reelsEdit = await add("reels-list-edit", `${listPath}?mode=edit`);
  await add(
    "reels-update",
    linkOn(reelsEdit, (href) => href.startsWith("/reels-upsert/") && !href.startsWith("/reels-upsert/0/")),
  );
  const reelsDelete = await add("reels-list-delete", `${listPath}?mode=delete`);
  pages.push(await confirmationStep("admin-reels-list-confirm", reelsDelete, `${listPath}?mode=delete`));
  await add(
    "reels-content",
    linkOn(reels, (href) => href.startsWith("/reels-content/")),
  );

  const settings = await add("site-settings", "/site-settings");
  await add(
    "site-settings-ad-edit",
    linkOn(settings, (href) => href.startsWith("/site-settings/ad/") && href !== "/site-settings/ad/0"),
  );
  await add(
    "site-settings-delete-ad",
    linkOn(settings, (href) => href.startsWith("/site-settings?delete=")),
  );
  return pages;
}

/** One line of the checker's report: "error", or "non-document-error" when a file could not be read at all. */
type VnuMessage = { type: string; url: string; lastLine?: number; message: string };

test("every page, list mode and error page has 0 errors in the W3C Nu HTML checker", async () => {
  const pages = [...(await visitorPages()), ...(await adminPages())];
  expect(new Set(pages.map((page) => page.name)).size, "one file per page").toBe(pages.length);

  const files = pages.map((page) => {
    const file = path.join(dir, `${page.name}.html`);
    fs.writeFileSync(file, page.html);
    return file;
  });
  // One JVM for every file. The checker writes its JSON report to stderr; --exit-zero-always leaves
  // judging it to this test. Only the quick (C1) compiler: a third of the CPU time for one short run,
  // with the deeper stack the checker's schema needs then.
  const { stderr } = await promisify(execFile)(
    "java",
    [
      "-Xss8m",
      "-XX:TieredStopAtLevel=1",
      "-XX:+UseSerialGC",
      "-jar",
      VNU_JAR,
      "--format",
      "json",
      "--errors-only",
      "--exit-zero-always",
      ...files,
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const { messages } = JSON.parse(stderr) as { messages: VnuMessage[] };
  const errors = messages
    .filter((message) => message.type !== "info")
    .map((message) => `${path.basename(new URL(message.url).pathname)}:${message.lastLine ?? "?"}: ${message.message}`);
  expect(errors, `${errors.length} errors on ${pages.length} pages`).toEqual([]);
});
