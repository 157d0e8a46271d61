// Career images, the AI consent gate and the share/search metadata, against the real built app:
// - career: the replace-all PNG upload through the multipart API and the page form (no JS), with the
//   files in UPLOADS_DIR matching the database after every step, refusals storing nothing;
// - AI: the consent gate before any chatbot code, the consent cookie, the form's refusals, the CSP;
// - SEO: title, description, canonical, Open Graph and Twitter tags on every public page, robots.txt
//   and a well-formed sitemap.xml that lists what a visitor can reach and nothing hidden.
// Run: NODE_ENV=production node --import tsx --test tests/integration/career-ai-seo.test.ts
import { afterAll, beforeAll, describe, test } from "vitest";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

import { ko } from "~/copy/ko";
import { startApp, type TestApp } from "../support/app";
import { Client } from "../support/http";
import { adminClient, formatLogs, HANGUL, isClientErrorLog, openDb, setCookiesNamed, visibleHtml } from "./_helpers";
import { assertUploadsMatchDb, makeImage, multipart, uploadFiles, uploadName } from "./_uploads";

const CHATBOT_SCRIPT_URL = "https://chat.example/embed.js";
const CHATBOT_ORIGIN = "https://chat.example";
const CONSENT_COOKIE = "ot_ai_consent";

let app: TestApp;
let admin: Client;
let visitor: Client;

beforeAll(async () => {
  app = await startApp({ CHATBOT_SCRIPT_URL, CHATBOT_BOT_ID: "bot-1" });
  admin = await adminClient(app);
  visitor = new Client(app.origin);
  assertUploadsMatchDb(app, "after start (demo seed)");
});
afterAll(() => app.close());

// ---------------------------------------------------------------------------------------------
// Helpers

/** Text as React renders it inside an element or an attribute. */
function htmlText(text: string) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
}

function decodeEntities(text: string) {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

type CareerRow = { id: number; image: string; position: number; width: number | null; height: number | null };

function careerRows(): CareerRow[] {
  const db = openDb(app);
  try {
    return db.prepare("SELECT id, image, position, width, height FROM career_images ORDER BY position, id").all() as CareerRow[];
  } finally {
    db.close();
  }
}

function post(client: Client, pathname: string, body: FormData | URLSearchParams) {
  return client.fetch(pathname, { method: "POST", body });
}

/** A form with `imageFile` repeated, in this order (SPEC §7), plus hasImage. */
function careerForm(files: [Buffer | string, string, string][], fields: Record<string, string> = { hasImage: "true" }) {
  const form = multipart(fields);
  for (const [bytes, filename, type] of files) form.append("imageFile", new Blob([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], { type }), filename);
  return form;
}

type CareerBody = { errMsg: string; errCode: string; careerBackground?: { images: string[] } };

async function apiJson(response: Response, status: number, label: string): Promise<CareerBody> {
  const text = await response.text();
  assert.equal(response.status, status, `${label}: status ${response.status}: ${text.slice(0, 300)}`);
  assert.match(response.headers.get("content-type") ?? "", /application\/json/, `${label}: JSON answer`);
  const body = JSON.parse(text) as CareerBody;
  assert.equal(typeof body.errMsg, "string", `${label}: errMsg`);
  assert.equal(typeof body.errCode, "string", `${label}: errCode`);
  if (status >= 400) assert.match(body.errMsg, HANGUL, `${label}: errMsg must be Korean`);
  return body;
}

async function careerImagesFromApi(client: Client = visitor): Promise<string[]> {
  const body = await apiJson(await client.fetch("/api/career-background"), 200, "GET /api/career-background");
  assert.ok(body.careerBackground && Array.isArray(body.careerBackground.images), "careerBackground.images is an array");
  for (const url of body.careerBackground.images) assert.equal(typeof url, "string");
  return body.careerBackground.images;
}

/** Width of each served image, in list order (the PNG fixtures differ by width, so this is their order). */
async function servedWidths(urls: string[]) {
  const widths: number[] = [];
  for (const url of urls) {
    const response = await fetch(app.url(url));
    assert.equal(response.status, 200, `GET ${url}`);
    assert.equal(response.headers.get("content-type"), "image/png", `${url} is served as a PNG`);
    widths.push((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width!);
  }
  return widths;
}

/** The API's list, the career_images rows and the files on disk all tell the same story. */
async function assertCareerState(label: string, expectedWidths: number[]) {
  const urls = await careerImagesFromApi();
  assert.equal(urls.length, expectedWidths.length, `${label}: number of images`);
  const rows = careerRows();
  assert.deepEqual(
    urls.map((url) => uploadName(url)),
    rows.map((row) => row.image),
    `${label}: the API lists the career_images rows in their order`,
  );
  for (const row of rows) {
    assert.ok(fs.existsSync(path.join(app.uploadsDir, row.image)), `${label}: ${row.image} is on disk`);
    assert.match(row.image, /\.png$/, `${label}: stored as PNG`);
  }
  assert.deepEqual(await servedWidths(urls), expectedWidths, `${label}: the images are in the chosen order`);
  assert.deepEqual(rows.map((row) => row.width), expectedWidths, `${label}: the rows keep each image's width`);
  assertUploadsMatchDb(app, label);
  return { urls, rows };
}

const pngs = {
  a: () => makeImage("png", { width: 101, height: 60, color: "#d04040" }),
  b: () => makeImage("png", { width: 102, height: 60, color: "#40d040" }),
  c: () => makeImage("png", { width: 103, height: 60, color: "#4040d0" }),
  d: () => makeImage("png", { width: 104, height: 60, color: "#d0d040" }),
  e: () => makeImage("png", { width: 105, height: 60, color: "#40d0d0" }),
  f: () => makeImage("png", { width: 106, height: 60, color: "#d040d0" }),
};

function assertRedirect(response: Response, pathname: string, label: string) {
  assert.ok([301, 302, 303].includes(response.status), `${label}: expected a redirect, got ${response.status}`);
  assert.equal(new URL(response.headers.get("location")!, app.origin).pathname, pathname, `${label}: redirect target`);
}

// ---------------------------------------------------------------------------------------------
// Career

describe("career images through the API", () => {
  let three: CareerRow[] = [];

  test("the demo seed has career images, listed by GET /api/career-background", async () => {
    const urls = await careerImagesFromApi();
    assert.ok(urls.length > 0, "the demo seed has career images");
    assert.equal(urls.length, careerRows().length);
    assertUploadsMatchDb(app, "seed");
  });

  test("three PNGs replace the whole set, in the chosen order; the old files are gone", async () => {
    const oldFiles = careerRows().map((row) => row.image);
    // Chosen order c, a, b: the list must follow the order of the parts, not names or sizes.
    const form = careerForm([
      [await pngs.c(), "3-third.png", "image/png"],
      [await pngs.a(), "1-first.png", "image/png"],
      [await pngs.b(), "2-second.png", "image/png"],
    ]);
    const body = await apiJson(await post(admin, "/api/career-background/upsert", form), 200, "upsert three");
    const { urls, rows } = await assertCareerState("after three PNGs", [103, 101, 102]);
    if (body.careerBackground) assert.deepEqual(body.careerBackground.images, urls, "the upsert answers the new list");
    const files = uploadFiles(app);
    for (const name of oldFiles) assert.ok(!files.includes(name), `the replaced file ${name} is removed`);
    three = rows;
  });

  test("GET /api/career-background answers {careerBackground: {images: [...]}} with /uploads URLs", async () => {
    const response = await visitor.fetch("/api/career-background");
    const body = await apiJson(response, 200, "GET");
    assert.deepEqual(Object.keys(body.careerBackground!), ["images"]);
    assert.equal(body.careerBackground!.images.length, 3);
    for (const url of body.careerBackground!.images) assert.match(url, /^\/uploads\/[0-9a-f-]{36}\.png(\?.*)?$/);
  });

  test("one PNG replaces the three; their files are removed from UPLOADS_DIR", async () => {
    assert.equal(three.length, 3);
    const body = await apiJson(await post(admin, "/api/career-background/upsert", careerForm([[await pngs.d(), "one.png", "image/png"]])), 200, "upsert one");
    await assertCareerState("after one PNG", [104]);
    if (body.careerBackground) assert.equal(body.careerBackground.images.length, 1);
    const files = uploadFiles(app);
    for (const row of three) assert.ok(!files.includes(row.image), `the old file ${row.image} is gone`);
  });

  test("a JPEG named .png is refused with 415; the old image stays and no file is left behind", async () => {
    const before = careerRows();
    const filesBefore = uploadFiles(app);
    const jpeg = await makeImage("jpeg", { width: 90, height: 60 });
    const body = await apiJson(await post(admin, "/api/career-background/upsert", careerForm([[jpeg, "photo.png", "image/png"]])), 415, "JPEG as .png");
    assert.equal(body.errCode, "UNSUPPORTED_FILE_TYPE");
    assert.equal(body.errMsg, ko.upload.badType(["PNG"]));
    assert.deepEqual(careerRows(), before, "the career images are unchanged");
    assert.deepEqual(uploadFiles(app), filesBefore, "no stray file");
    await assertCareerState("after the refused JPEG", [104]);
  });

  test("a good PNG followed by a JPEG is refused as a whole: nothing stored, nothing changed", async () => {
    const before = careerRows();
    const filesBefore = uploadFiles(app);
    const form = careerForm([
      [await pngs.e(), "good.png", "image/png"],
      [await makeImage("jpeg"), "bad.png", "image/png"],
    ]);
    await apiJson(await post(admin, "/api/career-background/upsert", form), 415, "PNG + JPEG");
    assert.deepEqual(careerRows(), before, "the career images are unchanged");
    assert.deepEqual(uploadFiles(app), filesBefore, "the PNG stored first is removed again");
    assertUploadsMatchDb(app, "after PNG + JPEG");
  });

  test("no file (or only the empty part a browser sends) is a 400 with the Korean 'register an image'", async () => {
    const before = careerRows();
    const filesBefore = uploadFiles(app);
    for (const [label, form] of [
      ["no imageFile part", careerForm([])],
      ["an empty imageFile part", careerForm([["", "", "application/octet-stream"]])],
    ] as const) {
      const body = await apiJson(await post(admin, "/api/career-background/upsert", form), 400, label);
      assert.equal(body.errMsg, ko.career.required, `${label}: message`);
      assert.deepEqual(careerRows(), before, `${label}: nothing changed`);
      assert.deepEqual(uploadFiles(app), filesBefore, `${label}: no stray file`);
    }
  });

  test("more than 20 images at once is a 400 with the Korean limit; a JSON body is a 415", async () => {
    const before = careerRows();
    const filesBefore = uploadFiles(app);
    const tiny = await makeImage("png", { width: 8, height: 8 });
    const many = careerForm(Array.from({ length: 21 }, (_, index) => [tiny, `${index}.png`, "image/png"] as [Buffer, string, string]));
    const body = await apiJson(await post(admin, "/api/career-background/upsert", many), 400, "21 images");
    assert.equal(body.errMsg, ko.career.tooMany(20));
    const json = await apiJson(await admin.fetch("/api/career-background/upsert", { json: { imageFile: [] } }), 415, "JSON body");
    assert.equal(json.errCode, "UNSUPPORTED_MEDIA_TYPE");
    assert.deepEqual(careerRows(), before, "nothing changed");
    assert.deepEqual(uploadFiles(app), filesBefore, "no stray file");
  });

  test("a visitor gets 401 and changes nothing", async () => {
    const before = careerRows();
    const filesBefore = uploadFiles(app);
    const body = await apiJson(await post(visitor, "/api/career-background/upsert", careerForm([[await pngs.f(), "v.png", "image/png"]])), 401, "visitor");
    assert.equal(body.errMsg, ko.errors.unauthorized);
    assert.deepEqual(careerRows(), before);
    assert.deepEqual(uploadFiles(app), filesBefore);
  });
});

describe("career images through the page form (no JavaScript)", () => {
  const FORM_PATH = "/career-background-update/x";

  test("the update page is the admin's: a visitor is sent to /", async () => {
    assertRedirect(await visitor.fetch(FORM_PATH), "/", "visitor GET");
    const response = await admin.fetch(FORM_PATH);
    const html = visibleHtml(await response.text());
    assert.equal(response.status, 200);
    assert.ok(html.includes(ko.career.modifyTitle), "titled 경력 수정");
    assert.match(html, /<input[^>]*type="file"[^>]*name="imageFile"[^>]*>/, "a file input named imageFile");
    assert.match(html, /accept="image\/png"/, "PNG only");
    assert.match(html, /enc[tT]ype="multipart\/form-data"/, "a multipart form");
  });

  test("three PNGs: redirects to /career-background, which shows them in order", async () => {
    const before = careerRows().map((row) => row.image);
    const form = careerForm([
      [await pngs.b(), "b.png", "image/png"],
      [await pngs.c(), "c.png", "image/png"],
      [await pngs.a(), "a.png", "image/png"],
    ]);
    assertRedirect(await post(admin, FORM_PATH, form), "/career-background", "form three");
    const { urls } = await assertCareerState("form: three PNGs", [102, 103, 101]);
    for (const name of before) assert.ok(!uploadFiles(app).includes(name), "the old file is removed");

    const page = await admin.fetch("/career-background");
    const html = visibleHtml(await page.text());
    // The flash message of the redirect tells the admin it worked.
    assert.ok(html.includes(ko.career.done), "the success message is shown");
    const positions = urls.map((url) => html.indexOf(`src="${htmlText(url)}"`));
    assert.ok(positions.every((position) => position >= 0), "each image is on the page");
    assert.deepEqual([...positions].sort((x, y) => x - y), positions, "in the chosen order");
  });

  test("one PNG replaces them", async () => {
    const three = careerRows();
    assertRedirect(await post(admin, FORM_PATH, careerForm([[await pngs.e(), "e.png", "image/png"]])), "/career-background", "form one");
    await assertCareerState("form: one PNG", [105]);
    for (const row of three) assert.ok(!uploadFiles(app).includes(row.image), "the old file is removed");
  });

  test("refusals re-render the form with the status and the Korean message, storing nothing", async () => {
    const cases: { label: string; form: FormData; status: number; message: string }[] = [
      { label: "JPEG named .png", form: careerForm([[await makeImage("jpeg"), "x.png", "image/png"]]), status: 415, message: ko.upload.badType(["PNG"]) },
      { label: "no file", form: careerForm([]), status: 400, message: ko.career.required },
      { label: "empty file part", form: careerForm([["", "", "application/octet-stream"]]), status: 400, message: ko.career.required },
    ];
    for (const { label, form, status, message } of cases) {
      const before = careerRows();
      const filesBefore = uploadFiles(app);
      const response = await post(admin, FORM_PATH, form);
      const html = await response.text();
      assert.equal(response.status, status, `${label}: status`);
      assert.ok(visibleHtml(html).includes(htmlText(message)), `${label}: "${message}" is on the page`);
      assert.deepEqual(careerRows(), before, `${label}: the old image stays`);
      assert.deepEqual(uploadFiles(app), filesBefore, `${label}: no stray file`);
      assertUploadsMatchDb(app, `form refusal: ${label}`);
    }
  });

  test("a visitor's form post is sent to / and changes nothing", async () => {
    const before = careerRows();
    const filesBefore = uploadFiles(app);
    assertRedirect(await post(visitor, FORM_PATH, careerForm([[await pngs.f(), "v.png", "image/png"]])), "/", "visitor form");
    assert.deepEqual(careerRows(), before);
    assert.deepEqual(uploadFiles(app), filesBefore);
  });

  test("the career page shows each image with width and height; only the admin sees 수정", async () => {
    const visitorHtml = visibleHtml(await (await visitor.fetch("/career-background")).text());
    const images = [...visitorHtml.matchAll(/<img\b[^>]*src="\/uploads\/[^"]+"[^>]*>/g)].map((match) => match[0]);
    assert.equal(images.length, careerRows().length, "one <img> per career image");
    for (const tag of images) {
      assert.match(tag, /\swidth="\d+"/, `width on ${tag}`);
      assert.match(tag, /\sheight="\d+"/, `height on ${tag}`);
      assert.match(tag, /\salt="[^"]+"/, `alt on ${tag}`);
    }
    assert.ok(!visitorHtml.includes('href="/career-background-update/'), "a visitor has no 수정 link");
    const adminHtml = visibleHtml(await (await admin.fetch("/career-background")).text());
    assert.match(adminHtml, /href="\/career-background-update\/[^"]+"[^>]*>수정</, "the admin has the 수정 link");
  });
});

// ---------------------------------------------------------------------------------------------
// AI consent

/** Script tags whose src names the chatbot's origin. */
function chatbotScripts(html: string) {
  return [...html.matchAll(/<script\b[^>]*>/g)]
    .map((match) => match[0])
    .filter((tag) => {
      const src = /\ssrc="([^"]*)"/.exec(tag)?.[1];
      return src !== undefined && decodeEntities(src).startsWith(CHATBOT_ORIGIN);
    });
}

describe("AI consent", () => {
  test("GET /ai without consent shows the consent text and loads no chatbot script", async () => {
    const response = await visitor.fetch("/ai");
    const html = await response.text();
    assert.equal(response.status, 200);
    const visible = visibleHtml(html);
    for (const text of [ko.ai.title, ko.ai.consentTitle, ko.ai.collected, ko.ai.purpose, ko.ai.retention, ko.ai.provider("chat.example"), ko.ai.refuse, ko.ai.noPersonal, ko.ai.agree, ko.ai.policyOpen]) {
      assert.ok(visible.includes(htmlText(text)), `the page says "${text}"`);
    }
    assert.match(visible, /<input[^>]*type="checkbox"[^>]*name="agree"/, "an agree checkbox");
    assert.deepEqual(chatbotScripts(html), [], "no <script> loads the chatbot before consent");
    assert.ok(!visible.includes(ko.ai.needsScript) && !visible.includes(ko.ai.loading), "no chatbot area before consent");
    assert.equal(setCookiesNamed(response, CONSENT_COOKIE).length, 0, "no consent cookie from a GET");
  });

  test("the CSP of /ai allows the configured chatbot origin for scripts and frames", async () => {
    const csp = (await visitor.fetch("/ai")).headers.get("content-security-policy") ?? "";
    const directives = new Map(csp.split(";").map((part) => part.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));
    assert.ok(directives.get("script-src")?.includes(CHATBOT_ORIGIN), `script-src names ${CHATBOT_ORIGIN}: ${csp}`);
    assert.ok(directives.get("frame-src")?.includes(CHATBOT_ORIGIN), `frame-src names ${CHATBOT_ORIGIN}: ${csp}`);
    assert.ok(!directives.get("script-src")?.includes("'unsafe-inline'") && !directives.get("script-src")?.includes("*"), "no blanket script-src");
  });

  test("POST /ai without agree answers 400 with the Korean message and sets no cookie", async () => {
    const forms: Record<string, string>[] = [{ intent: "consent" }, { intent: "consent", agree: "" }, { intent: "consent", agree: "off" }];
    for (const form of forms) {
      const client = new Client(app.origin);
      const response = await client.fetch("/ai", { form });
      const html = visibleHtml(await response.text());
      assert.equal(response.status, 400, `${JSON.stringify(form)}: status`);
      assert.ok(html.includes(htmlText(ko.ai.mustAgree)), `${JSON.stringify(form)}: "${ko.ai.mustAgree}" on the page`);
      assert.equal(setCookiesNamed(response, CONSENT_COOKIE).length, 0, "no consent cookie");
      assert.deepEqual(chatbotScripts(html), []);
    }
  });

  test("POST /ai intent=cancel goes home without consent", async () => {
    const client = new Client(app.origin);
    const response = await client.fetch("/ai", { form: { intent: "cancel" } });
    assertRedirect(response, "/", "cancel");
    assert.equal(setCookiesNamed(response, CONSENT_COOKIE).length, 0, "cancel stores no consent");
    // Even a ticked box does not count when the visitor pressed 취소.
    const ticked = await client.fetch("/ai", { form: { intent: "cancel", agree: "on" } });
    assertRedirect(ticked, "/", "cancel with agree");
    assert.equal(setCookiesNamed(ticked, CONSENT_COOKIE).length, 0);
  });

  test("POST /ai agree=on&intent=consent: 302 to /ai with a 90-day HttpOnly SameSite=Lax consent cookie", async () => {
    const client = new Client(app.origin);
    const response = await client.fetch("/ai", { form: { agree: "on", intent: "consent" } });
    assert.equal(response.status, 302);
    assert.equal(new URL(response.headers.get("location")!, app.origin).pathname, "/ai");
    const [line, ...more] = setCookiesNamed(response, CONSENT_COOKIE);
    assert.ok(line, "Set-Cookie ot_ai_consent");
    assert.equal(more.length, 0);
    assert.match(line, /;\s*Max-Age=7776000(;|$)/i, `Max-Age 90 days: ${line}`);
    assert.match(line, /;\s*HttpOnly(;|$)/i, `HttpOnly: ${line}`);
    assert.match(line, /;\s*SameSite=Lax(;|$)/i, `SameSite=Lax: ${line}`);
    assert.match(line, /;\s*Path=\/(;|$)/i, `Path=/: ${line}`);
    assert.match(response.headers.get("cache-control") ?? "", /no-store/, "a cookie-setting answer is not cached");

    // The returning visitor: no consent text, the chatbot area (which needs JavaScript) instead.
    const again = await client.fetch("/ai");
    const html = visibleHtml(await again.text());
    assert.equal(again.status, 200);
    assert.ok(!html.includes(htmlText(ko.ai.collected)), "the consent gate is gone");
    assert.ok(html.includes(htmlText(ko.ai.needsScript)), "the server-rendered page says the chatbot needs JavaScript");
    assert.doesNotMatch(again.headers.get("cache-control") ?? "", /public/, "a page that depends on the consent cookie is not publicly cacheable");
  });

  test("a forged consent cookie value is not consent", async () => {
    const response = await visitor.fetch("/ai", { headers: { Cookie: `${CONSENT_COOKIE}=yes` } });
    const html = visibleHtml(await response.text());
    assert.ok(html.includes(htmlText(ko.ai.collected)), "still the consent gate");
  });
});

// ---------------------------------------------------------------------------------------------
// SEO

type HeadTags = { title: string | null; metas: Record<string, string>[]; links: Record<string, string>[] };

function attributes(tag: string) {
  const attrs: Record<string, string> = {};
  for (const match of tag.matchAll(/([\w:-]+)="([^"]*)"/g)) attrs[match[1]!.toLowerCase()] = decodeEntities(match[2]!);
  return attrs;
}

function headTags(html: string): HeadTags {
  const head = html.slice(html.indexOf("<head>"), html.indexOf("</head>"));
  assert.ok(head.length > 0, "the page has a <head>");
  const titles = [...head.matchAll(/<title>([\s\S]*?)<\/title>/g)].map((match) => decodeEntities(match[1]!));
  assert.ok(titles.length <= 1, `one <title>: ${titles.join(" / ")}`);
  return {
    title: titles[0] ?? null,
    metas: [...head.matchAll(/<meta\b[^>]*>/g)].map((match) => attributes(match[0])),
    links: [...head.matchAll(/<link\b[^>]*>/g)].map((match) => attributes(match[0])),
  };
}

function metaContent(tags: HeadTags, key: string, label: string) {
  const found = tags.metas.filter((meta) => meta.name === key || meta.property === key);
  assert.equal(found.length, 1, `${label}: exactly one ${key}`);
  const content = found[0]!.content ?? "";
  assert.ok(content.trim().length > 0, `${label}: ${key} has content`);
  return content;
}

function absoluteHttpUrl(value: string, label: string) {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    assert.fail(`${label}: "${value}" is not an absolute URL`);
  }
  assert.ok(url.protocol === "http:" || url.protocol === "https:", `${label}: ${value} is http(s)`);
  return url;
}

/** A demo category a visitor sees, one of its reels, the page paths of both. */
async function publicReelPaths() {
  const categories = (await (await visitor.fetch("/api/reels-category")).json()) as { reelsCategorys: { index: number; categoryNm: string }[] };
  assert.ok(categories.reelsCategorys.length > 0, "demo categories");
  const category = categories.reelsCategorys[0]!;
  const list = (await (await visitor.fetch(`/api/reels/list?reelsCategoryId=${category.index}`)).json()) as {
    reelsLists: { id: number; mediaId: string; reelsNm: string; image: string | null }[];
  };
  assert.ok(list.reelsLists.length > 0, "demo reels");
  const reel = list.reelsLists[0]!;
  return {
    category,
    reel,
    listPath: `/reels-list/${category.index}/${encodeURIComponent(category.categoryNm)}`,
    reelPath: `/reels-content/${encodeURIComponent(JSON.stringify({ id: reel.id, mediaId: reel.mediaId, reelsNm: reel.reelsNm }))}`,
  };
}

describe("share previews and search engines", () => {
  test("every public page has title, description, canonical, Open Graph and Twitter card tags with a real image", async () => {
    const { listPath, reelPath } = await publicReelPaths();
    const pages = ["/", "/career-background", "/ai", "/reels-category", listPath, reelPath, "/product-list", "/poonpee/privacy", "/phonefinder/privacy"];
    const checkedImages = new Map<string, string>();
    for (const pathname of pages) {
      const response = await visitor.fetch(pathname);
      const html = await response.text();
      assert.equal(response.status, 200, `GET ${pathname}`);
      const tags = headTags(html);
      assert.ok(tags.title && tags.title.trim().length > 0, `${pathname}: a <title>`);
      assert.match(tags.title!, HANGUL, `${pathname}: a Korean <title>`);
      const description = metaContent(tags, "description", pathname);
      assert.match(description, HANGUL, `${pathname}: a Korean description`);
      const canonicals = tags.links.filter((link) => link.rel === "canonical");
      assert.equal(canonicals.length, 1, `${pathname}: one canonical link`);
      const canonical = absoluteHttpUrl(canonicals[0]!.href ?? "", `${pathname} canonical`);
      assert.equal(canonical.origin, app.origin, `${pathname}: the canonical URL is on the site`);
      assert.equal(decodeURIComponent(canonical.pathname), decodeURIComponent(new URL(pathname, app.origin).pathname), `${pathname}: the canonical names this page`);
      metaContent(tags, "og:title", pathname);
      metaContent(tags, "og:description", pathname);
      assert.equal(metaContent(tags, "og:url", pathname), canonical.href, `${pathname}: og:url is the canonical URL`);
      const image = absoluteHttpUrl(metaContent(tags, "og:image", pathname), `${pathname} og:image`);
      assert.match(metaContent(tags, "twitter:card", pathname), /^summary(_large_image)?$/, `${pathname}: twitter:card`);
      if (!checkedImages.has(image.href)) {
        const imageResponse = await fetch(image);
        assert.equal(imageResponse.status, 200, `${pathname}: og:image ${image.href} answers 200`);
        const type = imageResponse.headers.get("content-type") ?? "";
        assert.match(type, /^image\/(png|jpeg|webp|gif)/, `${pathname}: og:image ${image.href} is an image (${type})`);
        await imageResponse.arrayBuffer();
        checkedImages.set(image.href, type);
      }
    }
  });

  test("a reel page's og:image is its poster", async () => {
    const { reel, reelPath } = await publicReelPaths();
    assert.ok(reel.image, "the demo reel has a poster");
    const tags = headTags(await (await visitor.fetch(reelPath)).text());
    const image = new URL(metaContent(tags, "og:image", reelPath));
    assert.equal(image.pathname, new URL(reel.image!, app.origin).pathname, "og:image is the reel's poster");
    assert.equal(metaContent(tags, "og:title", reelPath), reel.reelsNm);
    assert.match(tags.title ?? "", new RegExp(reel.reelsNm.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")), "the title names the reel");
  });

  test("admin screens and the login are not indexed and carry no share tags", async () => {
    for (const pathname of ["/admin-login", "/career-background-update/x", "/home-update"]) {
      const tags = headTags(await (await admin.fetch(pathname)).text());
      assert.ok(tags.metas.some((meta) => meta.name === "robots" && /noindex/.test(meta.content ?? "")), `${pathname}: noindex`);
      assert.ok(!tags.metas.some((meta) => meta.property === "og:url" || meta.property === "og:image"), `${pathname}: no share tags`);
      assert.ok(!tags.links.some((link) => link.rel === "canonical"), `${pathname}: no canonical`);
    }
  });

  test("another address of the same category or reel names the one canonical URL (the sitemap's)", async () => {
    const { category, reel } = await publicReelPaths();
    const sitemap = await (await visitor.fetch("/sitemap.xml")).text();
    const locs = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => decodeEntities(match[1]!));
    const categoryUrl = locs.find((loc) => new URL(loc).pathname.startsWith(`/reels-list/${category.index}/`));
    const reelUrl = locs.find((loc) => {
      const pathname = new URL(loc).pathname;
      return pathname.startsWith("/reels-content/") && (JSON.parse(decodeURIComponent(pathname.slice("/reels-content/".length))) as { id: number }).id === reel.id;
    });
    assert.ok(categoryUrl && reelUrl, "the sitemap lists both");
    const aliases: [string, string][] = [
      // An old link after the category was renamed, or a shortened one.
      [`/reels-list/${category.index}/${encodeURIComponent("예전 이름")}`, categoryUrl!],
      // An old shared reel link carrying only the id (DESIGN §3: old links keep working), and one encoded twice.
      [`/reels-content/${encodeURIComponent(JSON.stringify({ id: reel.id }))}`, reelUrl!],
      [`/reels-content/${encodeURIComponent(encodeURIComponent(JSON.stringify({ id: reel.id, mediaId: reel.mediaId, reelsNm: reel.reelsNm })))}`, reelUrl!],
    ];
    const wrong: string[] = [];
    for (const [alias, expected] of aliases) {
      const response = await visitor.fetch(alias);
      const tags = headTags(await response.text());
      assert.equal(response.status, 200, `${alias} works`);
      const canonical = tags.links.find((link) => link.rel === "canonical")?.href;
      const ogUrl = tags.metas.find((meta) => meta.property === "og:url")?.content;
      if (canonical !== expected || ogUrl !== expected) wrong.push(`${alias}\n    canonical ${canonical}\n    og:url    ${ogUrl}\n    expected  ${expected}`);
    }
    assert.deepEqual(wrong, [], `canonical URLs that echo the address asked for instead of the page's own:\n${wrong.join("\n")}`);
  });

  test("robots.txt disallows the admin paths and the API and names the sitemap", async () => {
    const response = await visitor.fetch("/robots.txt");
    assert.equal(response.status, 200);
    assert.match(response.headers.get("content-type") ?? "", /^text\/plain/);
    const lines = (await response.text()).split(/\r?\n/).map((line) => line.trim());
    assert.ok(lines.includes("User-agent: *"));
    const disallowed = lines.filter((line) => /^Disallow:/i.test(line)).map((line) => line.replace(/^Disallow:\s*/i, ""));
    for (const pathname of ["/admin-login", "/home-update", "/product-upsert/", "/reels-category-upsert/", "/reels-upsert/", "/career-background-update/", "/instagram-token", "/api/"]) {
      assert.ok(disallowed.some((rule) => pathname.startsWith(rule)), `robots.txt disallows ${pathname} (rules: ${disallowed.join(", ")})`);
    }
    for (const pathname of ["/", "/career-background", "/ai", "/reels-category", "/product-list"]) {
      assert.ok(!disallowed.some((rule) => rule === "/" || (rule !== "" && pathname === rule)), `${pathname} stays crawlable`);
    }
    const sitemap = lines.find((line) => /^Sitemap:/i.test(line));
    assert.ok(sitemap, "a Sitemap line");
    assert.equal(sitemap!.replace(/^Sitemap:\s*/i, ""), `${app.origin}/sitemap.xml`, "an absolute sitemap URL");
  });

  describe("sitemap.xml", () => {
    let hiddenCategoryId = 0;
    let hiddenReelId = 0;

    beforeAll(async () => {
      // A hidden category with a reel in it: neither may be listed.
      const png = await makeImage("png");
      const created = await post(admin, "/api/reels-category/insert", multipart({ categoryNm: "숨긴 & <비공개> 카테고리", description: "숨김", isView: "false" }, { imageFile: [png, "h.png", "image/png"] }));
      const body = (await created.json()) as { reelsCategorys?: { index: number }[]; errMsg: string };
      assert.equal(created.status, 200, `hidden category: ${JSON.stringify(body)}`);
      hiddenCategoryId = body.reelsCategorys![0]!.index;
      const reel = await admin.fetch("/api/reels/insert", { json: { reelsNm: "숨긴 카테고리의 릴스", reelsCategoryID: hiddenCategoryId, mediaId: "17900000000000106" } });
      const reelBody = (await reel.json()) as { reelsLists?: { id: number }[] };
      assert.equal(reel.status, 200, `reel in the hidden category: ${JSON.stringify(reelBody)}`);
      hiddenReelId = reelBody.reelsLists![0]!.id;
    });

    test("is well-formed XML: one <urlset> in the sitemap namespace, absolute and escaped <loc>s, each answering 200", async () => {
      const response = await visitor.fetch("/sitemap.xml");
      assert.equal(response.status, 200);
      assert.match(response.headers.get("content-type") ?? "", /^(application|text)\/xml/);
      const text = await response.text();
      const doc = parseXml(text);
      assert.equal(doc.declaration?.version, "1.0", "an XML declaration with version 1.0");
      assert.match(doc.declaration?.encoding ?? "UTF-8", /^utf-8$/i);
      assert.equal(doc.root.name, "urlset", "the root is <urlset>");
      assert.equal(doc.root.attrs.xmlns, "http://www.sitemaps.org/schemas/sitemap/0.9", "in the sitemap namespace");
      const urls = doc.root.children.filter((child): child is XmlElement => typeof child !== "string");
      assert.ok(urls.length > 0);
      const locs: string[] = [];
      for (const url of urls) {
        assert.equal(url.name, "url", "<urlset> holds <url> elements");
        const loc = url.children.filter((child): child is XmlElement => typeof child !== "string" && child.name === "loc");
        assert.equal(loc.length, 1, "each <url> has one <loc>");
        const value = loc[0]!.children.join("").trim();
        const parsed = absoluteHttpUrl(value, "sitemap <loc>");
        assert.equal(parsed.origin, app.origin, `${value} is on the site`);
        assert.doesNotMatch(value, /\s/, `${value} has no raw whitespace`);
        locs.push(value);
      }
      assert.equal(new Set(locs).size, locs.length, "no URL is listed twice");
      for (const loc of locs) {
        const page = await visitor.fetch(loc.slice(app.origin.length));
        await page.arrayBuffer();
        assert.equal(page.status, 200, `${loc} answers 200`);
      }
    });

    test("lists the public pages, every published category and every reel, and nothing hidden", async () => {
      const doc = parseXml(await (await visitor.fetch("/sitemap.xml")).text());
      const paths = doc.root.children
        .filter((child): child is XmlElement => typeof child !== "string")
        .map((url) => (url.children.find((child) => typeof child !== "string" && child.name === "loc") as XmlElement).children.join("").trim())
        .map((loc) => new URL(loc).pathname);
      for (const pathname of ["/", "/career-background", "/ai", "/reels-category", "/product-list", "/poonpee/privacy", "/phonefinder/privacy"]) {
        assert.ok(paths.includes(pathname), `lists ${pathname}`);
      }
      for (const pathname of ["/admin-login", "/home-update", "/navi", "/instagram-token"]) assert.ok(!paths.includes(pathname), `does not list ${pathname}`);
      assert.ok(!paths.some((p) => /upsert|career-background-update|^\/api\//.test(p)), "no admin screen or API path");

      const listedCategories = paths.filter((p) => p.startsWith("/reels-list/")).map((p) => Number(p.split("/")[2]));
      const listedReels = paths
        .filter((p) => p.startsWith("/reels-content/"))
        .map((p) => JSON.parse(decodeURIComponent(p.slice("/reels-content/".length))) as { id: number; mediaId: string; reelsNm: string });

      const categories = ((await (await visitor.fetch("/api/reels-category")).json()) as { reelsCategorys: { index: number; categoryNm: string }[] }).reelsCategorys;
      assert.deepEqual([...listedCategories].sort((a, b) => a - b), categories.map((c) => c.index).sort((a, b) => a - b), "exactly the published categories");
      const categoryPaths = paths.filter((p) => p.startsWith("/reels-list/"));
      for (const category of categories) {
        assert.ok(categoryPaths.includes(`/reels-list/${category.index}/${encodeURIComponent(category.categoryNm)}`), `the category link names ${category.categoryNm}`);
      }
      const reelIds: number[] = [];
      for (const category of categories) {
        const list = (await (await visitor.fetch(`/api/reels/list?reelsCategoryId=${category.index}`)).json()) as { reelsLists: { id: number; mediaId: string; reelsNm: string }[] };
        for (const reel of list.reelsLists) {
          reelIds.push(reel.id);
          const listed = listedReels.find((item) => item.id === reel.id);
          assert.ok(listed, `lists the reel ${reel.reelsNm}`);
          assert.equal(listed!.mediaId, reel.mediaId, "the reel link carries {id, mediaId, reelsNm}");
          assert.equal(listed!.reelsNm, reel.reelsNm);
        }
      }
      assert.deepEqual(listedReels.map((reel) => reel.id).sort((a, b) => a - b), reelIds.sort((a, b) => a - b), "exactly the visible reels");
      assert.ok(!listedCategories.includes(hiddenCategoryId), "the hidden category is not listed");
      assert.ok(!listedReels.some((reel) => reel.id === hiddenReelId), "a reel of the hidden category is not listed");
    });

    test("the hidden category and its reel are not public pages either", async () => {
      const list = await visitor.fetch(`/reels-list/${hiddenCategoryId}/${encodeURIComponent("숨긴 카테고리")}`);
      await list.arrayBuffer();
      assert.equal(list.status, 404, "a visitor cannot open the hidden category");
      const reel = await visitor.fetch(`/reels-content/${encodeURIComponent(JSON.stringify({ id: hiddenReelId, mediaId: "17900000000000106", reelsNm: "x" }))}`);
      await reel.arrayBuffer();
      assert.equal(reel.status, 404, "a visitor cannot open a reel of the hidden category");
    });
  });
});

// ---------------------------------------------------------------------------------------------
// A small strict XML parser (declaration, elements, attributes, text, entities, comments): enough to
// prove the sitemap is well-formed without a dependency. Throws on anything malformed.

type XmlElement = { name: string; attrs: Record<string, string>; children: (XmlElement | string)[] };

function parseXml(source: string): { declaration: Record<string, string> | null; root: XmlElement } {
  let i = 0;
  const fail = (message: string): never => {
    throw new Error(`malformed XML at ${i}: ${message} (…${source.slice(Math.max(0, i - 40), i + 40)}…)`);
  };
  const isNameStart = (c: string) => /[A-Za-z_:]/.test(c);
  const isNameChar = (c: string) => /[A-Za-z0-9_:.-]/.test(c);
  const isSpace = (c: string | undefined) => c === " " || c === "\t" || c === "\n" || c === "\r";
  const skipSpace = () => {
    while (isSpace(source[i])) i++;
  };
  const readName = () => {
    if (!isNameStart(source[i] ?? "")) fail("a name expected");
    const start = i;
    while (i < source.length && isNameChar(source[i]!)) i++;
    return source.slice(start, i);
  };
  const decodeText = (raw: string) => {
    let out = "";
    for (let j = 0; j < raw.length; j++) {
      const c = raw[j]!;
      if (c === "<") fail("a raw '<' in text");
      if (c !== "&") {
        out += c;
        continue;
      }
      const end = raw.indexOf(";", j);
      if (end === -1) fail("an unterminated entity");
      const entity = raw.slice(j + 1, end);
      const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
      if (entity in named) out += named[entity];
      else if (entity.startsWith("#x") && entity.length > 2 && [...entity.slice(2)].every((d) => "0123456789abcdefABCDEF".includes(d))) out += String.fromCodePoint(parseInt(entity.slice(2), 16));
      else if (entity.startsWith("#") && entity.length > 1 && [...entity.slice(1)].every((d) => "0123456789".includes(d))) out += String.fromCodePoint(Number(entity.slice(1)));
      else fail(`an unknown entity &${entity};`);
      j = end;
    }
    return out;
  };
  const readAttributes = (close: string) => {
    const attrs: Record<string, string> = {};
    for (;;) {
      const hadSpace = isSpace(source[i]);
      skipSpace();
      if (source.startsWith(close, i)) return attrs;
      if (!hadSpace) fail("whitespace expected before an attribute");
      const name = readName();
      skipSpace();
      if (source[i] !== "=") fail(`'=' expected after ${name}`);
      i++;
      skipSpace();
      const quote = source[i];
      if (quote !== '"' && quote !== "'") fail("a quoted attribute value expected");
      const end = source.indexOf(quote!, i + 1);
      if (end === -1) fail("an unterminated attribute value");
      if (name in attrs) fail(`a repeated attribute ${name}`);
      attrs[name] = decodeText(source.slice(i + 1, end));
      i = end + 1;
    }
  };
  const skipMisc = () => {
    for (;;) {
      skipSpace();
      if (source.startsWith("<!--", i)) {
        const end = source.indexOf("-->", i + 4);
        if (end === -1) fail("an unterminated comment");
        i = end + 3;
      } else return;
    }
  };
  const readElement = (): XmlElement => {
    if (source[i] !== "<") fail("'<' expected");
    i++;
    const name = readName();
    const attrs = readAttributes(source.startsWith("/>", i) ? "/>" : ">");
    skipSpace();
    if (source.startsWith("/>", i)) {
      i += 2;
      return { name, attrs, children: [] };
    }
    if (source[i] !== ">") fail("'>' expected");
    i++;
    const children: (XmlElement | string)[] = [];
    for (;;) {
      if (i >= source.length) fail(`<${name}> is never closed`);
      if (source.startsWith("</", i)) {
        i += 2;
        const closing = readName();
        if (closing !== name) fail(`</${closing}> closes <${name}>`);
        skipSpace();
        if (source[i] !== ">") fail("'>' expected");
        i++;
        return { name, attrs, children };
      }
      if (source.startsWith("<!--", i)) {
        skipMisc();
        continue;
      }
      if (source.startsWith("<![CDATA[", i)) {
        const end = source.indexOf("]]>", i);
        if (end === -1) fail("an unterminated CDATA section");
        children.push(source.slice(i + 9, end));
        i = end + 3;
        continue;
      }
      if (source[i] === "<") {
        children.push(readElement());
        continue;
      }
      const end = source.indexOf("<", i);
      const raw = source.slice(i, end === -1 ? source.length : end);
      if (raw.includes("]]>")) fail("']]>' in text");
      const text = decodeText(raw);
      if (text.trim()) children.push(text);
      i += raw.length;
    }
  };

  let declaration: Record<string, string> | null = null;
  if (source.startsWith("\uFEFF")) i = 1;
  if (source.startsWith("<?xml", i)) {
    i += 5;
    declaration = readAttributes("?>");
    i += 2;
    if (!declaration.version) fail("the declaration has no version");
  }
  skipMisc();
  if (source.startsWith("<!DOCTYPE", i)) fail("a DOCTYPE is not expected in a sitemap");
  const root = readElement();
  skipMisc();
  if (i !== source.length) fail("content after the root element");
  return { declaration, root };
}

test("parseXml itself refuses malformed documents", () => {
  assert.doesNotThrow(() => parseXml('<?xml version="1.0"?>\n<a x="1"><b>t &amp; u</b><c/></a>\n'));
  for (const bad of ["<a><b></a></b>", "<a>x & y</a>", "<a></a><b></b>", "<a x=1></a>", "<a>", '<a x="1" x="2"></a>', "<a>&nbsp;</a>"]) {
    assert.throws(() => parseXml(bad), `refuses ${bad}`);
  }
});

test("the app logged no unexpected errors", () => {
  const unexpected = app.consoleErrors.filter((args) => !isClientErrorLog(args));
  assert.equal(unexpected.length, 0, formatLogs(unexpected));
});
