// Every page the site serves is valid HTML (docs/architecture.md §7): the W3C Nu HTML checker (vnu-jar) reads the
// documents exactly as the real server sends them — public pages as a visitor, the same pages and
// every editing screen as the admin, each list mode (edit, delete, the no-JavaScript confirmation
// step) and the error pages — in one run of the checker (one JVM start for all of them).
// Runs about 10 s.
import { execFile } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, test } from "vitest";

import { writeVariants } from "~/lib/image-variants.server";
import { isPictureName } from "~/lib/upload-names";
import { startApp, type TestApp } from "../support/app";
import { parseHtml } from "../support/dom";
import { Client } from "../support/http";
import { adminClient, EVIL_ORIGIN } from "./_helpers";
import { makeImage, multipart } from "./_uploads";

const VNU_JAR = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");

let app: TestApp;
let admin: Client;
let visitor: Client;
let dir: string;
/** The demo's career pictures, by their index. */
let careerItems: { index: number }[] = [];

beforeAll(async () => {
  app = await startApp({
    CHATBOT_SCRIPT_URL: "https://chat.example/embed.js",
    CHATBOT_BOT_ID: "bot-1",
    // /instagram-token with the connect button of Instagram by login (and 연결 해제 for the demo feed).
    INSTAGRAM_APP_ID: "990602627938098",
    INSTAGRAM_APP_SECRET: "0a1b2c3d4e5f60718293a4b5c6d7e8f9",
  });
  // The demo's pictures with their sizes (the seed copies them without), so the checker reads the
  // <picture> markup and the head's preloads pages send for stored pictures (docs/architecture.md §5).
  for (const name of fs.readdirSync(app.uploadsDir).filter(isPictureName)) await writeVariants(app.uploadsDir, name);
  admin = await adminClient(app);
  visitor = new Client(app.origin);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "ot-vnu-"));
  // The career pictures with captions (issue 33, point 5): the page shows them as figures.
  const { careerBackground } = (await (await visitor.fetch("/api/career-background")).json()) as {
    careerBackground: { items: { index: number }[] };
  };
  careerItems = careerBackground.items;
  expect(careerItems.length, "the demo has career pictures").toBeGreaterThan(0);
  const captions = new FormData();
  for (const [at, item] of careerItems.entries()) {
    captions.append("order", String(item.index));
    captions.append("caption", `자격증 ${at + 1} — 감각통합 <과정> 수료`);
  }
  expect((await admin.fetch("/api/career-background/upsert", { method: "POST", body: captions })).status).toBe(200);
});
afterAll(async () => {
  await app?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

type Page = { name: string; html: string };
type FetchOptions = Parameters<Client["fetch"]>[1] & { status?: number };

/**
 * The pages one client is shown, collected in order: `add` fetches a page (checking it answers the
 * status it is for, 200 unless told, as HTML), keeps it and returns it to find the next links on.
 */
function pagesOf(client: Client, prefix: string) {
  const pages: Page[] = [];
  async function add(name: string, pathname: string, { status = 200, ...init }: FetchOptions = {}) {
    const response = await client.fetch(pathname, init);
    expect(response.status, `${prefix}${name} (${pathname})`).toBe(status);
    expect(response.headers.get("content-type"), `${prefix}${name} is HTML`).toMatch(/^text\/html/);
    const page = { name: `${prefix}${name}`, html: await response.text() };
    pages.push(page);
    return page;
  }
  return { pages, add };
}

/** The href of the first link on a page that matches, for pages reached from another one. */
function linkOn(page: Page, matches: (href: string) => boolean) {
  const href = [...parseHtml(page.html).querySelectorAll("a[href]")].map((link) => link.getAttribute("href")!).find(matches);
  expect(href, `a matching link on ${page.name}`).toBeDefined();
  return href!;
}

/** The delete-mode checkboxes' ticked values, posted for review: the no-JavaScript confirmation step. */
function reviewOf(listPage: Page) {
  const ids = [...parseHtml(listPage.html).querySelectorAll<HTMLInputElement>('input[type="checkbox"][name="index"]')].map(
    (input) => input.value,
  );
  expect(ids.length, `items to tick on ${listPage.name}`).toBeGreaterThan(0);
  return { body: new URLSearchParams([["intent", "review"], ...ids.map((id) => ["index", id])]) };
}

function expectConfirmation(page: Page) {
  expect(page.html, `${page.name} asks for confirmation`).toContain("정말 삭제하시겠습니까?");
}

async function visitorPages() {
  const { pages, add } = pagesOf(visitor, "");
  await add("home", "/");
  await add("admin-login", "/admin-login");
  await add("admin-login-errors", "/admin-login", { form: { id: "관리자", pw: "x" }, status: 400 });
  await add("career-background", "/career-background");
  await add("ai", "/ai");
  await add("ai-privacy", "/ai/privacy");
  const products = await add("product-list", "/product-list");
  // A product's own page (the demo's first card is a group buy open now, with its seller's details).
  await add(
    "product",
    linkOn(products, (href) => href.startsWith("/product/")),
  );
  await add("navi", "/navi");
  await add("poonpee-privacy", "/poonpee/privacy");
  await add("phonefinder-privacy", "/phonefinder/privacy");
  await add("not-found", "/no-such-page-here", { status: 404 });
  await add("reels-content-bad-info", "/reels-content/%7Bnot-json", { status: 404 });
  // The small page the server answers itself, before Remix, for a post from another site.
  await add("refused-origin", "/admin-login", { form: { id: "admin", pw: "x" }, headers: { Origin: EVIL_ORIGIN }, status: 403 });
  const categories = await add("reels-category", "/reels-category");
  const reels = await add(
    "reels-list",
    linkOn(categories, (href) => href.startsWith("/reels-list/")),
  );
  await add(
    "reels-content",
    linkOn(reels, (href) => href.startsWith("/reels-content/")),
  );

  // The guides (상세/심화 정보): categories, a category's guides, the long guide (photos, tables, a checklist), a missing one.
  const guideCategories = await add("detail-category", "/detail-category");
  const guideList = await add(
    "detail-list",
    linkOn(guideCategories, (href) => href.startsWith("/detail-list/")),
  );
  await add(
    "detail-contents",
    linkOn(guideList, (href) => href.startsWith("/detail-contents/")),
  );
  await add("detail-contents-missing", "/detail-contents/999999", { status: 404 });

  // The AI page once the visitor has agreed: the chatbot instead of the consent form.
  const consented = new Client(app.origin);
  expect((await consented.fetch("/ai", { form: { agree: "on", intent: "consent" } })).status).toBe(302);
  const chat = pagesOf(consented, "");
  await chat.add("ai-consented", "/ai");
  return [...pages, ...chat.pages];
}

async function adminPages() {
  const { pages, add } = pagesOf(admin, "admin-");
  await add("home", "/");
  await add("ai", "/ai");
  await add("navi", "/navi");
  await add("not-found", "/no-such-page-here", { status: 404 });
  await add("home-update", "/home-update");
  const menuReview = await add("home-update-review", "/home-update", {
    form: {
      intent: "review",
      productsChecked: "on",
      productsMenuNm: "추천 제품",
      homeView: "show",
      reelsView: "show",
      productsView: "show",
    },
  });
  expect(menuReview.html, "the menu change asks for confirmation").toContain("<dialog");
  const instagram = await add("instagram-token", "/instagram-token");
  linkOn(instagram, (href) => href === "/instagram-connect");
  await add("insights", "/insights");

  const career = await add("career-background", "/career-background");
  await add(
    "career-background-update",
    linkOn(career, (href) => href.startsWith("/career-background-update/")),
  );
  await add("career-background-update-empty", "/career-background-update/%5B%5D");
  // A refused save without JavaScript: the form again with her choices and the caption's error.
  const refused = new FormData();
  for (const [at, item] of careerItems.entries()) {
    refused.append("order", `${item.index}:${careerItems.length - at}`);
    refused.append("caption", at === 0 ? "가".repeat(101) : "");
  }
  refused.append("remove", String(careerItems.at(-1)!.index));
  await add("career-background-update-errors", "/career-background-update/x", { method: "POST", body: refused, status: 400 });

  const adminProducts = await add("product-list", "/product-list");
  await add("product-upsert-0", "/product-upsert/0");
  // With a picture: the form shows it as chosen, held on the server (issue 33, point 3).
  await add("product-upsert-errors", "/product-upsert/0", {
    method: "POST",
    body: multipart({ productsNm: "" }, { imageFile: [await makeImage("jpeg"), "IMG_0001.JPG", "image/jpeg"] }),
    status: 400,
  });
  // A group buy's terms refused beside their fields: the prices, the window, the inquiry link.
  await add("product-upsert-group-buy-errors", "/product-upsert/0", {
    method: "POST",
    body: multipart({
      productsNm: "공구 제품",
      isGroupBuy: "true",
      price: "-1",
      groupBuyPrice: "1.5",
      groupBuyStartAt: "2025-12-05T10:00",
      groupBuyEndAt: "2025-12-03T10:00",
      inquiryLink: "http://pf.kakao.com/_x",
    }),
    status: 400,
  });
  await add(
    "product",
    linkOn(adminProducts, (href) => href.startsWith("/product/")),
  );
  const productsEdit = await add("product-list-edit", "/product-list?mode=edit");
  await add(
    "product-edit",
    linkOn(productsEdit, (href) => href.startsWith("/product-upsert/") && href !== "/product-upsert/0"),
  );
  const productsDelete = await add("product-list-delete", "/product-list?mode=delete");
  expectConfirmation(await add("product-list-confirm", "/product-list?mode=delete", reviewOf(productsDelete)));

  const categories = await add("reels-category", "/reels-category");
  await add("reels-category-upsert-0", "/reels-category-upsert/0");
  await add("reels-category-upsert-errors", "/reels-category-upsert/0", {
    method: "POST",
    body: multipart({ categoryNm: "" }),
    status: 400,
  });
  const categoriesEdit = await add("reels-category-edit", "/reels-category?mode=edit");
  await add(
    "reels-category-update",
    linkOn(categoriesEdit, (href) => href.startsWith("/reels-category-upsert/") && href !== "/reels-category-upsert/0"),
  );
  const categoriesDelete = await add("reels-category-delete", "/reels-category?mode=delete");
  expectConfirmation(await add("reels-category-confirm", "/reels-category?mode=delete", reviewOf(categoriesDelete)));

  const listPath = linkOn(categories, (href) => href.startsWith("/reels-list/"));
  const reels = await add("reels-list", listPath);
  await add(
    "reels-content",
    linkOn(reels, (href) => href.startsWith("/reels-content/")),
  );
  await add(
    "reels-upsert-0",
    linkOn(reels, (href) => href.startsWith("/reels-upsert/0/")),
  );
  const reelsEdit = await add("reels-list-edit", `${listPath}?mode=edit`);
  await add(
    "reels-update",
    linkOn(reelsEdit, (href) => href.startsWith("/reels-upsert/") && !href.startsWith("/reels-upsert/0/")),
  );
  await add("reels-inbox", "/reels-inbox");
  const reelsDelete = await add("reels-list-delete", `${listPath}?mode=delete`);
  expectConfirmation(await add("reels-list-confirm", `${listPath}?mode=delete`, reviewOf(reelsDelete)));

  // The guides' screens, in every mode, with their refusals, the 미리보기 step and the confirmation.
  const guideCategories = await add("detail-category", "/detail-category");
  await add("detail-category-upsert-0", "/detail-category-upsert/0");
  await add("detail-category-upsert-errors", "/detail-category-upsert/0", {
    method: "POST",
    body: multipart({ categoryNm: "" }),
    status: 400,
  });
  const guideCategoriesEdit = await add("detail-category-edit", "/detail-category?mode=edit");
  await add(
    "detail-category-update",
    linkOn(guideCategoriesEdit, (href) => href.startsWith("/detail-category-upsert/") && href !== "/detail-category-upsert/0"),
  );
  const guideCategoriesDelete = await add("detail-category-delete", "/detail-category?mode=delete");
  expectConfirmation(await add("detail-category-confirm", "/detail-category?mode=delete", reviewOf(guideCategoriesDelete)));
  const guideListPath = linkOn(guideCategories, (href) => href.startsWith("/detail-list/"));
  const guideList = await add("detail-list", guideListPath);
  await add(
    "detail-contents",
    linkOn(guideList, (href) => href.startsWith("/detail-contents/")),
  );
  const guideRegister = linkOn(guideList, (href) => href.startsWith("/detail-list-upsert/0/"));
  await add("detail-list-upsert-0", guideRegister);
  await add("detail-list-upsert-preview", guideRegister, {
    method: "POST",
    body: multipart({
      intent: "preview",
      detailNm: "미리보기",
      body: "## 준비\n\n- [ ] 변기에 앉기\n\n| 나이 | 단계 |\n| --- | --- |\n| 2세 | 앉기 |",
    }),
  });
  await add("detail-list-upsert-errors", guideRegister, {
    method: "POST",
    // One refused field (two would each take autofocus: FieldError's rule, shared by every form).
    body: multipart({ detailNm: "기저귀 떼기", publishAt: "1999-12-31 09:00" }),
    status: 400,
  });
  const guideListEdit = await add("detail-list-edit", `${guideListPath}?mode=edit`);
  await add(
    "detail-list-update",
    linkOn(guideListEdit, (href) => href.startsWith("/detail-list-upsert/") && !href.startsWith("/detail-list-upsert/0/")),
  );
  const guideListDelete = await add("detail-list-delete", `${guideListPath}?mode=delete`);
  expectConfirmation(await add("detail-list-confirm", `${guideListPath}?mode=delete`, reviewOf(guideListDelete)));

  const settings = await add("site-settings", "/site-settings");
  await add("site-settings-ad-0", "/site-settings/ad/0");
  await add(
    "site-settings-ad-edit",
    linkOn(settings, (href) => href.startsWith("/site-settings/ad/") && href !== "/site-settings/ad/0"),
  );
  expectConfirmation(
    await add(
      "site-settings-delete-ad",
      linkOn(settings, (href) => href.startsWith("/site-settings?delete=")),
    ),
  );
  return pages;
}

/** One line of the checker's report: "error", or "non-document-error" when a file could not be read at all. */
type VnuMessage = { type: string; url: string; lastLine?: number; message: string };

test("every page, list mode and error page has 0 errors in the W3C Nu HTML checker", async () => {
  const pages = [...(await visitorPages()), ...(await adminPages())];
  // The stored pictures' markup is among what is checked: sources with sizes, and the preload in the head.
  const productList = pages.find((page) => page.name === "product-list")!.html;
  expect(productList).toMatch(/<source type="image\/avif" srcSet="[^"]+ 360w, [^"]+" sizes="\(min-width: 560px\)/);
  expect(productList).toMatch(/<link rel="preload" as="image" fetchpriority="high" type="image\/avif" imagesrcset="/);
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
  // One test does the work of some sixty page loads and a checker run: room for a busy machine.
}, 150_000);
