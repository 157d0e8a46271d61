// A reel's short address /r/{id} and the share dialog's QR code (/qr.svg), through the real server on
// the demo content, as a browser without JavaScript gets them.
import { within } from "@testing-library/dom";
import QRCode from "qrcode";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { startApp, type TestApp } from "../support/app";
import { parseHtml } from "../support/dom";
import { Client } from "../support/http";
import { addCategory, addReel } from "../support/records";
import { openDb } from "./_helpers";

type ReelRow = { id: number; mediaId: string; name: string };

let app: TestApp;
let client: Client;
let reel: ReelRow;
let hiddenReelId: number;

beforeAll(async () => {
  app = await startApp();
  client = new Client(app.origin);
  const db = openDb(app);
  try {
    reel = db
      .prepare(
        `SELECT r.id, r.media_id AS mediaId, r.name FROM reels r JOIN reel_categories c ON c.id = r.category_id
         WHERE c.is_view = 1 ORDER BY r.id LIMIT 1`,
      )
      .get() as ReelRow;
    hiddenReelId = addReel(db, addCategory(db, { name: "숨긴 카테고리", isView: false }), { name: "숨긴 릴스" });
  } finally {
    db.close();
  }
});
afterAll(() => app?.close());

function longPath(row: ReelRow) {
  return `/reels-content/${encodeURIComponent(JSON.stringify({ id: row.id, mediaId: row.mediaId, reelsNm: row.name }))}`;
}

/**
 * The dark modules of a QR SVG as the qrcode library draws them (one `h` run per dark stretch of a row,
 * after a four-module margin), read back into rows of 0 and 1.
 */
function svgModules(svg: string): string[] {
  const size = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)![1]) - 8;
  const rows = Array.from({ length: size }, () => Array<number>(size).fill(0));
  const d = /<path stroke="#000000" d="([^"]+)"/.exec(svg)![1]!;
  let x = 0;
  let y = 0;
  for (const [, op, a, b] of d.matchAll(/([Mmh])(-?\d+(?:\.\d+)?)(?: (-?\d+(?:\.\d+)?))?/g)) {
    if (op === "M") [x, y] = [Number(a), Number(b)];
    else if (op === "m") [x, y] = [x + Number(a), y + Number(b)];
    else for (let step = 0; step < Number(a); step++, x++) rows[y - 4.5]![x - 4] = 1;
  }
  return rows.map((row) => row.join(""));
}

function expectedModules(text: string): string[] {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  return Array.from({ length: modules.size }, (_, row) =>
    Array.from({ length: modules.size }, (_, column) => (modules.get(row, column) ? 1 : 0)).join(""),
  );
}

describe("/r/{id}", () => {
  test("a published reel's short address is a permanent redirect to its page", async () => {
    const response = await client.fetch(`/r/${reel.id}`);
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe(longPath(reel));
    const landed = await client.fetch(response.headers.get("Location")!);
    expect(landed.status).toBe(200);
    const document = parseHtml(await landed.text());
    expect(document.querySelector('meta[property="og:title"]')?.getAttribute("content")).toContain(reel.name);
  });

  test.each([
    ["an unknown id", "/r/999999"],
    ["a reel of an unpublished category", () => `/r/${hiddenReelId}`],
    ["a malformed id", "/r/abc"],
    ["a negative id", "/r/-1"],
    ["an id past the safe integers", "/r/99999999999999999999"],
  ])("%s is the site's 404 page", async (_, address) => {
    const response = await client.fetch(typeof address === "function" ? address() : address);
    expect(response.status).toBe(404);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(within(parseHtml(await response.text()).body).getByRole("link", { name: "홈으로" })).toBeTruthy();
  });
});

/** The share dialog a page carries, closed (a :target panel without JavaScript). */
async function shareDialog(pathname: string) {
  const document = parseHtml(await (await client.fetch(pathname)).text());
  const dialog = document.getElementById("share")!;
  expect(dialog.querySelector("h2")?.textContent).toBe("공유하기");
  return within(dialog);
}

describe("the share dialog", () => {
  test("a reel page shares its short address and shows its QR code", async () => {
    const dialog = await shareDialog(longPath(reel));
    expect(dialog.getByRole("textbox", { name: "공유할 주소", hidden: true })).toHaveProperty("value", `${app.origin}/r/${reel.id}`);
    expect(dialog.getByRole("img", { name: "QR 코드", hidden: true }).getAttribute("src")).toBe(`/qr.svg?u=%2Fr%2F${reel.id}`);
  });

  test("any other page shares its own address", async () => {
    const dialog = await shareDialog("/product-list");
    expect(dialog.getByRole("textbox", { name: "공유할 주소", hidden: true })).toHaveProperty("value", `${app.origin}/product-list`);
    expect(dialog.getByRole("img", { name: "QR 코드", hidden: true }).getAttribute("src")).toBe("/qr.svg?u=%2Fproduct-list");
  });
});

describe("/qr.svg", () => {
  test("draws the QR code of the site's address for a same-site path, cached for long", async () => {
    const response = await client.fetch(`/qr.svg?u=${encodeURIComponent(`/r/${reel.id}`)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/svg+xml; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toMatch(/max-age=31536000/);
    const svg = await response.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svgModules(svg)).toEqual(expectedModules(`${app.origin}/r/${reel.id}`));
  });

  test.each([
    ["no address", ""],
    ["another origin", "https://evil.example/r/1"],
    ["a protocol-relative address", "//evil.example/r/1"],
    ["a backslash", "/\\evil.example"],
    ["a relative path", "r/1"],
    ["a space", "/r/1 2"],
    ["non-ASCII", "/검색"],
    ["an overlong path", `/${"a".repeat(500)}`],
  ])("%s is refused with 400 in Korean", async (_, address) => {
    const response = await client.fetch(`/qr.svg?u=${encodeURIComponent(address)}`);
    expect(response.status).toBe(400);
    expect(await response.text()).toBe("QR 코드는 이 사이트의 주소(/로 시작하는 500자 이내의 경로)로만 만들 수 있습니다.");
  });
});
