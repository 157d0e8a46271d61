// What the whole rendered documents and the crawl files say, through the real server, read with a
// DOM and an XML parser: share previews and search-engine tags on every public page, robots.txt,
// sitemap.xml, and the rendered AI and career pages. (The use cases behind them are tested by
// calling the routes directly: ai.test.ts, career.test.ts, reels.test.ts.)
// Runs about 5 s.
import { within } from "@testing-library/dom";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { startApp, type TestApp } from "../support/app";
import { parseHtml } from "../support/dom";
import { Client } from "../support/http";
import { adminClient, setCookiesNamed } from "./_helpers";
import { makeImage, multipart } from "./_uploads";

const CHATBOT_ORIGIN = "https://chat.example";
const HANGUL = /[\uAC00-\uD7AF]/;

let app: TestApp;
let admin: Client;
let visitor: Client;

beforeAll(async () => {
  app = await startApp({ CHATBOT_SCRIPT_URL: `${CHATBOT_ORIGIN}/embed.js`, CHATBOT_BOT_ID: "bot-1" });
  admin = await adminClient(app);
  visitor = new Client(app.origin);
});
afterAll(() => app.close());

async function documentOf(client: Client, pathname: string, init?: Parameters<Client["fetch"]>[1]) {
  const response = await client.fetch(pathname, init);
  return { response, document: parseHtml(await response.text()) };
}

/** The one value of a <meta name|property=key> in the head. */
function meta(document: Document, key: string) {
  const found = [...document.head.querySelectorAll(`meta[name="${key}"], meta[property="${key}"]`)];
  expect(found, `exactly one ${key}`).toHaveLength(1);
  const content = found[0]!.getAttribute("content") ?? "";
  expect(content.trim(), `${key} has content`).not.toBe("");
  return content;
}

function canonicalOf(document: Document) {
  return [...document.head.querySelectorAll('link[rel="canonical"]')].map((link) => link.getAttribute("href"));
}

type Sitemap = { urlset: { "@_xmlns": string; url: { loc: string[] }[] } };

async function sitemap() {
  const response = await visitor.fetch("/sitemap.xml");
  const text = await response.text();
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^(application|text)\/xml/);
  expect(XMLValidator.validate(text), "well-formed XML").toBe(true);
  const parsed = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === "url" || name === "loc" }).parse(text) as Sitemap & {
    "?xml": { "@_version": string; "@_encoding"?: string };
  };
  return { parsed, locs: parsed.urlset.url.map((url) => url.loc) };
}

/** A demo category a visitor sees and one of its reels, with the page paths of both. */
async function publicReelPaths() {
  const categories = (
    (await (await visitor.fetch("/api/reels-category")).json()) as { reelsCategorys: { index: number; categoryNm: string }[] }
  ).reelsCategorys;
  const category = categories[0]!;
  const list = (await (await visitor.fetch(`/api/reels/list?reelsCategoryId=${category.index}`)).json()) as {
    reelsLists: { id: number; mediaId: string; reelsNm: string; image: string | null }[];
  };
  const reel = list.reelsLists[0]!;
  return {
    category,
    reel,
    listPath: `/reels-list/${category.index}/${encodeURIComponent(category.categoryNm)}`,
    reelPath: `/reels-content/${encodeURIComponent(JSON.stringify({ id: reel.id, mediaId: reel.mediaId, reelsNm: reel.reelsNm }))}`,
  };
}

describe("share previews and search engines", () => {
  test("every public page has a Korean title and description, one canonical URL, Open Graph and Twitter tags with a real image", async () => {
    const { listPath, reelPath } = await publicReelPaths();
    const checkedImages = new Set<string>();
    for (const pathname of [
      "/",
      "/career-background",
      "/ai",
      "/reels-category",
      listPath,
      reelPath,
      "/product-list",
      "/ai/privacy",
      "/poonpee/privacy",
      "/phonefinder/privacy",
    ]) {
      const { response, document } = await documentOf(visitor, pathname);
      expect(response.status, pathname).toBe(200);
      expect(document.head.querySelectorAll("title"), `${pathname}: one <title>`).toHaveLength(1);
      expect(document.title, `${pathname}: a Korean <title>`).toMatch(HANGUL);
      expect(meta(document, "description")).toMatch(HANGUL);
      const canonicals = canonicalOf(document);
      expect(canonicals, `${pathname}: one canonical`).toHaveLength(1);
      const canonical = new URL(canonicals[0]!);
      expect(canonical.origin).toBe(app.origin);
      expect(decodeURIComponent(canonical.pathname), `${pathname}: the canonical names this page`).toBe(
        decodeURIComponent(new URL(pathname, app.origin).pathname),
      );
      meta(document, "og:title");
      meta(document, "og:description");
      expect(meta(document, "og:url"), "og:url is the canonical URL").toBe(canonical.href);
      expect(meta(document, "twitter:card")).toMatch(/^summary(_large_image)?$/);
      const image = new URL(meta(document, "og:image"));
      expect(image.protocol).toMatch(/^https?:$/);
      if (!checkedImages.has(image.href)) {
        const answer = await fetch(image);
        expect(answer.status, `${pathname}: og:image ${image.href}`).toBe(200);
        expect(answer.headers.get("content-type")).toMatch(/^image\/(png|jpeg|webp|gif)/);
        await answer.arrayBuffer();
        checkedImages.add(image.href);
      }
    }
  });

  test("the guides' pages (issue 32): tags with a 2:1 image made from the cover, JSON-LD Article, a canonical address, the feed announced", async () => {
    const categories = (await documentOf(visitor, "/detail-category")).document;
    const listPath = categories.querySelector<HTMLAnchorElement>('a[href^="/detail-list/"]')!.getAttribute("href")!;
    const list = (await documentOf(visitor, listPath)).document;
    const guidePaths = [...list.querySelectorAll<HTMLAnchorElement>('a[href^="/detail-contents/"]')].map((link) =>
      link.getAttribute("href")!,
    );
    expect(guidePaths.length).toBeGreaterThan(0);
    for (const pathname of ["/detail-category", listPath, ...guidePaths]) {
      const { response, document } = await documentOf(visitor, pathname);
      expect(response.status, pathname).toBe(200);
      expect(document.title, `${pathname}: a Korean <title>`).toMatch(HANGUL);
      expect(meta(document, "description")).toMatch(HANGUL);
      const canonicals = canonicalOf(document);
      expect(canonicals, `${pathname}: one canonical`).toHaveLength(1);
      expect(decodeURIComponent(new URL(canonicals[0]!).pathname)).toBe(decodeURIComponent(pathname));
      expect(meta(document, "twitter:card")).toMatch(/^summary(_large_image)?$/);
      const feed = document.head.querySelector('link[rel="alternate"][type="application/rss+xml"]');
      expect(feed?.getAttribute("href"), `${pathname} announces the feed`).toBe("/rss.xml");
    }
    // One guide: an article with its cover's 2:1 share image, and JSON-LD Article.
    const { document } = await documentOf(visitor, guidePaths[0]!);
    expect(meta(document, "og:type")).toBe("article");
    const image = new URL(meta(document, "og:image"));
    expect(image.pathname).toMatch(/^\/uploads\/.+-share\.jpg$/);
    expect([meta(document, "og:image:width"), meta(document, "og:image:height")]).toEqual(["1200", "600"]);
    const picture = await visitor.fetch(image.pathname);
    expect(picture.status).toBe(200);
    const { width, height } = await sharp(Buffer.from(await picture.arrayBuffer())).metadata();
    expect(width! / height!).toBe(2);
    const data = [...document.querySelectorAll('script[type="application/ld+json"]')]
      .map((script) => JSON.parse(script.textContent ?? "null") as Record<string, unknown>)
      .find((item) => item["@type"] === "Article");
    expect(data, "JSON-LD Article").toBeDefined();
    expect(data!.headline).toBe(document.querySelector("h1")!.textContent);
    for (const key of ["image", "datePublished", "dateModified", "author"]) expect(data![key], `Article.${key}`).toBeTruthy();
  });

  test("a reel page's og:image is its poster, and its title names the reel", async () => {
    const { reel, reelPath } = await publicReelPaths();
    const { document } = await documentOf(visitor, reelPath);
    expect(new URL(meta(document, "og:image")).pathname).toBe(new URL(reel.image!, app.origin).pathname);
    expect(meta(document, "og:title")).toBe(reel.reelsNm);
    expect(document.title).toContain(reel.reelsNm);
  });

  test("admin screens and the login are not indexed and carry no share tags", async () => {
    // The login page as a visitor sees it: a logged-in admin is sent on from it.
    for (const [client, pathname] of [
      [visitor, "/admin-login"],
      [admin, "/career-background-update/x"],
      [admin, "/home-update"],
    ] as const) {
      const { document } = await documentOf(client, pathname);
      expect(document.head.querySelector('meta[name="robots"]')?.getAttribute("content"), pathname).toMatch(/noindex/);
      expect(document.head.querySelectorAll('meta[property="og:url"], meta[property="og:image"]'), pathname).toHaveLength(0);
      expect(canonicalOf(document), pathname).toEqual([]);
    }
  });

  test("another address of the same category or reel names the one canonical URL (the sitemap's)", async () => {
    const { category, reel } = await publicReelPaths();
    const { locs } = await sitemap();
    const urls = locs.flat();
    const categoryUrl = urls.find((loc) => new URL(loc).pathname.startsWith(`/reels-list/${category.index}/`))!;
    const reelUrl = urls.find((loc) => {
      const pathname = new URL(loc).pathname;
      return (
        pathname.startsWith("/reels-content/") &&
        (JSON.parse(decodeURIComponent(pathname.slice("/reels-content/".length))) as { id: number }).id === reel.id
      );
    })!;
    expect(categoryUrl && reelUrl, "the sitemap lists both").toBeTruthy();
    // An old link after the category was renamed, or a shortened one: sent for good to the real title.
    const oldName = await visitor.fetch(`/reels-list/${category.index}/${encodeURIComponent("예전 이름")}`);
    expect(oldName.status).toBe(301);
    expect(oldName.headers.get("location")).toBe(new URL(categoryUrl!).pathname);
    // An old shared reel link carrying only the id (docs/architecture.md §3: old links keep working), and one
    // encoded twice: sent for good to the one address (issue 28: a payload the site does not write is not a page).
    for (const alias of [
      `/reels-content/${encodeURIComponent(JSON.stringify({ id: reel.id }))}`,
      `/reels-content/${encodeURIComponent(encodeURIComponent(JSON.stringify({ id: reel.id, mediaId: reel.mediaId, reelsNm: reel.reelsNm })))}`,
    ]) {
      const response = await visitor.fetch(alias);
      expect(response.status, alias).toBe(301);
      expect(response.headers.get("location"), alias).toBe(new URL(reelUrl).pathname);
    }
    const { response, document } = await documentOf(visitor, new URL(reelUrl).pathname);
    expect(response.status).toBe(200);
    expect(canonicalOf(document)).toEqual([reelUrl]);
    expect(meta(document, "og:url")).toBe(reelUrl);
  });

  test("robots.txt disallows the admin paths and the API and names the sitemap", async () => {
    const response = await visitor.fetch("/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    const lines = (await response.text()).split(/\r?\n/).map((line) => line.trim());
    expect(lines).toContain("User-agent: *");
    const disallowed = lines.filter((line) => /^Disallow:/i.test(line)).map((line) => line.replace(/^Disallow:\s*/i, ""));
    for (const pathname of [
      "/admin-login",
      "/home-update",
      "/product-upsert/",
      "/reels-category-upsert/",
      "/reels-upsert/",
      "/career-background-update/",
      "/instagram-token",
      "/api/",
    ]) {
      expect(
        disallowed.some((rule) => pathname.startsWith(rule)),
        `disallows ${pathname}`,
      ).toBe(true);
    }
    for (const pathname of ["/", "/career-background", "/ai", "/reels-category", "/product-list"]) {
      expect(
        disallowed.some((rule) => rule === "/" || (rule !== "" && pathname === rule)),
        `${pathname} stays crawlable`,
      ).toBe(false);
    }
    expect(lines).toContain(`Sitemap: ${app.origin}/sitemap.xml`);
  });
});

describe("sitemap.xml", () => {
  test("is a <urlset> in the sitemap namespace of absolute, distinct <loc>s on the site, each answering 200", async () => {
    const { parsed, locs } = await sitemap();
    expect(parsed["?xml"]["@_version"]).toBe("1.0");
    expect(parsed["?xml"]["@_encoding"] ?? "UTF-8").toMatch(/^utf-8$/i);
    expect(parsed.urlset["@_xmlns"]).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
    expect(locs.length).toBeGreaterThan(0);
    for (const loc of locs) expect(loc, "one <loc> per <url>").toHaveLength(1);
    const urls = locs.flat();
    expect(new Set(urls).size, "no URL twice").toBe(urls.length);
    for (const url of urls) {
      expect(new URL(url).origin).toBe(app.origin);
      expect(url).not.toMatch(/\s/);
      const page = await visitor.fetch(url.slice(app.origin.length));
      await page.arrayBuffer();
      expect(page.status, url).toBe(200);
    }
  });

  test("lists the public pages, every published category and reel, and nothing hidden (a hidden category and its reel are not public pages either)", async () => {
    const png = await makeImage("png");
    const created = await admin.fetch("/api/reels-category/insert", {
      method: "POST",
      body: multipart(
        { categoryNm: "숨긴 & <비공개> 카테고리", description: "숨김", isView: "false" },
        { imageFile: [png, "h.png", "image/png"] },
      ),
    });
    const hiddenCategory = ((await created.json()) as { reelsCategorys: { index: number }[] }).reelsCategorys[0]!.index;
    const reel = await admin.fetch("/api/reels/insert", {
      json: { reelsNm: "숨긴 카테고리의 릴스", reelsCategoryID: hiddenCategory, mediaId: "17900000000000106" },
    });
    const hiddenReel = ((await reel.json()) as { reelsLists: { id: number }[] }).reelsLists[0]!.id;

    const paths = (await sitemap()).locs.flat().map((loc) => new URL(loc).pathname);
    expect(paths).toEqual(
      expect.arrayContaining([
        "/",
        "/career-background",
        "/ai",
        "/ai/privacy",
        "/reels-category",
        "/product-list",
        "/poonpee/privacy",
        "/phonefinder/privacy",
      ]),
    );
    for (const pathname of ["/admin-login", "/home-update", "/navi", "/instagram-token"]) expect(paths).not.toContain(pathname);
    expect(
      paths.filter((p) => /upsert|career-background-update|^\/api\//.test(p)),
      "no admin screen or API path",
    ).toEqual([]);

    const categories = (
      (await (await visitor.fetch("/api/reels-category")).json()) as { reelsCategorys: { index: number; categoryNm: string }[] }
    ).reelsCategorys;
    const categoryPaths = paths.filter((p) => p.startsWith("/reels-list/"));
    expect([...categoryPaths].sort(), "exactly the published categories, by name").toEqual(
      categories.map((c) => `/reels-list/${c.index}/${encodeURIComponent(c.categoryNm)}`).sort(),
    );
    const listedReels = paths
      .filter((p) => p.startsWith("/reels-content/"))
      .map((p) => JSON.parse(decodeURIComponent(p.slice("/reels-content/".length))) as { id: number; mediaId: string; reelsNm: string });
    const visible: { id: number; mediaId: string; reelsNm: string }[] = [];
    for (const category of categories) {
      const list = (await (await visitor.fetch(`/api/reels/list?reelsCategoryId=${category.index}`)).json()) as {
        reelsLists: { id: number; mediaId: string; reelsNm: string }[];
      };
      visible.push(...list.reelsLists.map(({ id, mediaId, reelsNm }) => ({ id, mediaId, reelsNm })));
    }
    expect(
      [...listedReels].sort((a, b) => a.id - b.id),
      "exactly the visible reels, each link carrying {id, mediaId, reelsNm}",
    ).toEqual(visible.sort((a, b) => a.id - b.id));
    expect(categoryPaths.some((p) => p.startsWith(`/reels-list/${hiddenCategory}/`))).toBe(false);
    expect(listedReels.some((item) => item.id === hiddenReel)).toBe(false);

    const list = await visitor.fetch(`/reels-list/${hiddenCategory}/${encodeURIComponent("숨긴 카테고리")}`);
    await list.arrayBuffer();
    expect(list.status, "a visitor cannot open the hidden category").toBe(404);
    const viewer = await visitor.fetch(
      `/reels-content/${encodeURIComponent(JSON.stringify({ id: hiddenReel, mediaId: "17900000000000106", reelsNm: "x" }))}`,
    );
    await viewer.arrayBuffer();
    expect(viewer.status, "nor a reel of it").toBe(404);
  });
});

describe("the rendered AI page", () => {
  const chatbotScripts = (document: Document) =>
    [...document.querySelectorAll("script[src]")].filter((script) => script.getAttribute("src")!.startsWith(CHATBOT_ORIGIN));

  test("without consent: the consent text and an agree checkbox, no chatbot script, no chatbot area", async () => {
    const { response, document } = await documentOf(new Client(app.origin), "/ai");
    expect(response.status).toBe(200);
    const screen = within(document.body);
    for (const text of [
      "배변훈련 AI",
      "개인정보 수집·이용 동의",
      "수집 항목: 챗봇에 입력한 질문과 답변, 임의의 방문자 식별값, 접속 정보(IP 주소, 브라우저 종류, 접속 시각).",
      "목적: 질문에 대한 답변 제공과 서비스 품질 개선.",
      "제3자 제공·국외 이전: 챗봇 서비스 제공자(chat.example)가 대화를 처리하며, 서버가 국외에 있을 수 있습니다.",
      "아이의 이름, 생년월일, 연락처, 주소 같은 개인정보는 입력하지 마세요.",
    ]) {
      expect(screen.getAllByText(text).length, text).toBeGreaterThan(0);
    }
    expect(screen.getByRole("checkbox", { name: "위 내용을 읽었으며 개인정보 수집·이용에 동의합니다." }).getAttribute("name")).toBe(
      "agree",
    );
    expect(chatbotScripts(document), "no chatbot script before consent").toEqual([]);
    expect(screen.queryByText("챗봇은 자바스크립트가 켜져 있어야 동작합니다.")).toBeNull();
  });

  test("the consent card links to the chatbot's full privacy policy, a server-rendered page with every PIPA item", async () => {
    const { document: ai } = await documentOf(new Client(app.origin), "/ai");
    expect(within(ai.body).getByRole("link", { name: "개인정보 처리방침 자세히 보기" }).getAttribute("href")).toBe("/ai/privacy");

    const { response, document } = await documentOf(new Client(app.origin), "/ai/privacy");
    expect(response.status).toBe(200);
    expect(document.title).toBe("배변훈련 AI 챗봇 개인정보 처리방침 | 우리아이 작업치료");
    expect(meta(document, "description")).toMatch(HANGUL);
    const policy = within(document.body);
    expect(policy.getByRole("heading", { level: 1 }).textContent).toBe("배변훈련 AI 챗봇 개인정보 처리방침");
    expect(
      policy.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent),
      "the items 개인정보 보호법 제30조 asks of a policy",
    ).toEqual([
      "1. 개인정보의 처리 목적",
      "2. 처리하는 개인정보의 항목",
      "3. 개인정보의 보유 및 이용 기간과 파기",
      "4. 개인정보의 제3자 제공 및 국외 이전",
      "5. 동의를 거부할 권리와 거부 시 불이익",
      "6. 만 14세 미만 아동의 개인정보",
      "7. 정보주체와 법정대리인의 권리와 행사 방법",
      "8. 개인정보의 안전성 확보 조치",
      "9. 개인정보 자동 수집 장치(쿠키)의 설치·운영 및 거부",
      "10. 개인정보 보호책임자와 문의처",
      "11. 개인정보 처리방침의 변경",
    ]);
    const recipient = policy.getByRole("row", { name: /제공받는 자/ });
    expect(recipient.textContent).toContain("챗봇 서비스 제공자 (chat.example)");
    expect(policy.getByText(/동의한 날부터 90일 동안 보관하며/)).toBeTruthy();
    expect(policy.getByText(/만 14세 미만 아동은 법정대리인\(부모 등\)의 동의 없이 챗봇을 이용할 수 없습니다/)).toBeTruthy();
    expect(policy.getByText(/동의하지 않으면 챗봇만 이용할 수 없으며/)).toBeTruthy();
    expect(policy.getByRole("link", { name: "@ot_teacher_kids" }).getAttribute("href")).toBe("https://www.instagram.com/ot_teacher_kids/");
    expect(document.querySelector("time")?.getAttribute("datetime")).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(document.body.textContent, "no made-up e-mail address").not.toMatch(/@[a-z0-9-]+\.[a-z]/i);
  });

  test("not agreeing shows the Korean message on the page", async () => {
    const { response, document } = await documentOf(new Client(app.origin), "/ai", { form: { intent: "consent" } });
    expect(response.status).toBe(400);
    expect(within(document.body).getByText("개인정보 처리방침에 동의해 주세요.")).toBeTruthy();
    expect(chatbotScripts(document)).toEqual([]);
  });

  test("after consent: no gate, the chatbot area saying it needs JavaScript; the consenting answer is not cached, the page not public", async () => {
    const client = new Client(app.origin);
    const consent = await client.fetch("/ai", { form: { agree: "on", intent: "consent" } });
    expect(consent.status).toBe(302);
    expect(setCookiesNamed(consent, "ot_ai_consent")).toHaveLength(1);
    expect(consent.headers.get("cache-control")).toMatch(/no-store/);
    const { response, document } = await documentOf(client, "/ai");
    const screen = within(document.body);
    expect(
      screen.queryByText("수집 항목: 챗봇에 입력한 질문과 답변, 임의의 방문자 식별값, 접속 정보(IP 주소, 브라우저 종류, 접속 시각)."),
    ).toBeNull();
    expect(screen.getByText("챗봇은 자바스크립트가 켜져 있어야 동작합니다.")).toBeTruthy();
    expect(response.headers.get("cache-control") ?? "").not.toMatch(/public/);
    // The consented render says so itself, so no shared cache (the site's page cache included) keeps it.
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });

  test("the CSP of /ai allows the configured chatbot's script folder for scripts, its origin for frames, and no blanket script source", async () => {
    const csp = (await visitor.fetch("/ai")).headers.get("content-security-policy") ?? "";
    const directives = new Map(
      csp
        .split(";")
        .map((part) => part.trim().split(/\s+/))
        .map(([name, ...values]) => [name!, values]),
    );
    expect(directives.get("script-src")).toContain(`${CHATBOT_ORIGIN}/`);
    expect(directives.get("frame-src")).toContain(CHATBOT_ORIGIN);
    expect(directives.get("script-src")).not.toContain("'unsafe-inline'");
    expect(directives.get("script-src")).not.toContain("*");
  });
});

describe("the rendered career pages", () => {
  test("the update form: titled 경력 수정, a multipart form with a file input named imageFile for PNG, JPEG and WebP", async () => {
    const { document } = await documentOf(admin, "/career-background-update/x");
    const screen = within(document.body);
    expect(screen.getByRole("heading", { level: 1, name: "경력 수정" })).toBeTruthy();
    const input = document.querySelector<HTMLInputElement>('input[type="file"][name="imageFile"]')!;
    expect(input.getAttribute("accept")).toBe("image/png,image/jpeg,image/webp");
    expect(input.closest("form")!.getAttribute("enctype")).toBe("multipart/form-data");
  });

  test("after an update the page says 경력 수정이 완료되었습니다., shows each image with width, height and alt; only the admin has 수정", async () => {
    const form = multipart({ hasImage: "true" });
    for (const width of [101, 102])
      form.append(
        "imageFile",
        new Blob([new Uint8Array(await makeImage("png", { width, height: 60 }))], { type: "image/png" }),
        `${width}.png`,
      );
    const update = await admin.fetch("/career-background-update/x", { method: "POST", body: form });
    expect(update.status).toBe(302);
    const landing = within((await documentOf(admin, update.headers.get("location")!)).document.body);
    expect(landing.getByText("경력 수정이 완료되었습니다.")).toBeTruthy();
    expect(landing.getByRole("link", { name: "수정" }).getAttribute("href")).toMatch(/^\/career-background-update\//);

    const { document } = await documentOf(visitor, "/career-background");
    // The career pictures (the header's avatar of the owner's profile picture is not one of them).
    const images = [...document.querySelectorAll<HTMLImageElement>('main img[src^="/uploads/"]')];
    expect(images.map((image) => image.getAttribute("width"))).toEqual(["101", "102"]);
    for (const image of images) {
      expect(image.getAttribute("height")).toBe("60");
      expect(image.getAttribute("alt")).toMatch(HANGUL);
    }
    expect(within(document.body).queryByRole("link", { name: "수정" }), "a visitor has no 수정 link").toBeNull();
  });
});
