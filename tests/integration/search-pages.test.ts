// /search and /api/search through the real server on the demo content, as a browser without
// JavaScript gets them: grouped results with the words marked, the header's way in, the empty and
// the no-results pages, and inputs that could break a query answering 200 all the same.
import zlib from "node:zlib";
import { within } from "@testing-library/dom";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { startApp, type TestApp } from "../support/app";
import { parseHtml } from "../support/dom";
import { Client } from "../support/http";
import { formatLogs, rawGet, visibleHtml } from "./_helpers";

const NO_RESULTS = /'.*'에 대한 검색 결과가 없습니다\./;

let app: TestApp;
let client: Client;

beforeAll(async () => {
  app = await startApp();
  client = new Client(app.origin);
});
afterAll(() => app?.close());

async function page(q: string) {
  const response = await client.fetch(`/search?q=${encodeURIComponent(q)}`);
  return { response, html: await response.text() };
}

describe("/search on the demo content", () => {
  test("배변 finds the reel that says 배변훈련 only in its caption, grouped, with 배변 marked", async () => {
    const { response, html } = await page("배변");
    expect(response.status).toBe(200);
    const document = parseHtml(html);
    const body = within(document.body);
    expect(document.title).toBe("검색 | 우리아이 작업치료");
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe("noindex");
    expect(body.getByRole("searchbox", { name: "검색어" })).toHaveProperty("value", "배변");

    const reels = within(body.getByRole("region", { name: /^릴스 \d+건$/ }));
    const caption = reels.getAllByRole("link").find((link) => link.textContent?.startsWith("변기를 무서워하는 아이"));
    expect(caption?.getAttribute("href")).toMatch(/^\/reels-content\//);
    expect(caption?.querySelector("mark")?.textContent).toBe("배변");
    body.getByRole("region", { name: /^제품 \d+건$/ });
    const categories = within(body.getByRole("region", { name: /^릴스 카테고리 \d+건$/ })).getAllByRole("link");
    const potty = categories.find((link) => link.textContent?.startsWith("배변훈련"));
    expect(potty?.getAttribute("href")).toMatch(new RegExp(`^/reels-list/\\d+/${encodeURIComponent("배변훈련")}$`));
    expect(visibleHtml(html)).toContain("<mark>배변</mark>");
  });

  test("without a query: the form and a hint, no results", async () => {
    const { response, html } = await page("");
    expect(response.status).toBe(200);
    const body = within(parseHtml(html).body);
    body.getByRole("searchbox", { name: "검색어" });
    body.getByText(
      "글의 제목과 본문, 릴스의 제목과 설명, 제품 이름, 릴스 카테고리 이름에서 찾아 드려요. 여러 단어를 쓰면 모두 들어 있는 것만 보여 드려요.",
    );
    expect(body.queryByRole("region")).toBeNull();
  });

  test("the header links every page to the search", async () => {
    const body = within(parseHtml(await (await client.fetch("/product-list")).text()).body);
    expect(within(body.getByRole("banner")).getByRole("link", { name: "검색" }).getAttribute("href")).toBe("/search");
  });

  test("nothing found: the Korean no-results message", async () => {
    const { response, html } = await page("없는말입니다");
    expect(response.status).toBe(200);
    expect(within(parseHtml(html).body).getByRole("status").textContent).toBe("'없는말입니다'에 대한 검색 결과가 없습니다.");
  });

  test("a search cut to its bounds says so", async () => {
    const body = within(parseHtml((await page("배".repeat(1000))).html).body);
    body.getByText("검색어는 앞의 100자, 단어 5개까지만 사용했어요.");
  });

  test("odd inputs answer 200 with results or the no-results message, on the page and the API", async () => {
    const odd = [
      "%",
      "_",
      "%_\\",
      "'",
      '"',
      '""',
      "*",
      "NEAR(",
      "NEAR(배변 훈련, 2)",
      "배변*",
      "a".repeat(1000),
      "👶🏻🚽",
      "🚽",
      "   ",
      "\t\n",
      "'; DROP TABLE reels; --",
    ];
    for (const q of odd) {
      const { response, html } = await page(q);
      expect(response.status, JSON.stringify(q)).toBe(200);
      const document = parseHtml(html);
      if (q.trim() !== "") {
        const found = document.querySelectorAll("section.search-group").length > 0;
        expect(found || NO_RESULTS.test(document.body.textContent ?? ""), JSON.stringify(q)).toBe(true);
      }
      const api = await client.fetch(`/api/search?q=${encodeURIComponent(q)}`);
      expect(api.status, JSON.stringify(q)).toBe(200);
      const json = (await api.json()) as Record<string, unknown>;
      expect(Object.keys(json).sort()).toEqual(["categories", "errCode", "errMsg", "guides", "products", "reels"]);
    }
    expect(app.problems, formatLogs(app.problems)).toEqual([]);
  });
  test("a search page, rendered for each visitor, is sent whole: compressed as Accept-Encoding allows, with its length", async () => {
    const pathname = `/search?q=${encodeURIComponent("놀이")}`;
    for (const [accept, encoding, decode] of [
      ["gzip, deflate, br", "br", zlib.brotliDecompressSync],
      ["br;q=0, gzip", "gzip", zlib.gunzipSync],
      ["identity", undefined, (body: Buffer) => body],
    ] as const) {
      const response = await rawGet(app, pathname, { "Accept-Encoding": accept });
      expect(response.headers["content-encoding"], accept).toBe(encoding);
      expect(response.headers.vary, accept).toMatch(/Accept-Encoding/);
      expect(Number(response.headers["content-length"]), accept).toBe(response.body.length);
      const html = decode(response.body).toString("utf8");
      expect(html, accept).toMatch(/^<!DOCTYPE html>[\s\S]*<\/html>$/);
      expect(html, accept).toContain('value="놀이"');
    }
  });
});
