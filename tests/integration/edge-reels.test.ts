// Reel pages as a browser without JavaScript gets them from the real server, read through a DOM:
// the viewer, its not-found page, the register screen with an expired token, the hidden mark and
// the category delete confirmation. The use cases are tested by calling the routes (reels.test.ts).
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { within } from "@testing-library/dom";

import { startApp, type TestApp } from "../support/app";
import { fakeVideos, startFakeGraph, type FakeGraph } from "../support/fake-graph";
import { Client } from "../support/http";
import { adminClient, parseHtml } from "./_helpers";
import { makeImage, multipart } from "./_uploads";

const MARKUP_CAPTION = `<b>굵게</b> & <script>alert("reel")</script>\n둘째 줄 'quote'`;

let fake: FakeGraph;
let app: TestApp;
let admin: Client;
let visitor: Client;
let videoId: string;

beforeAll(async () => {
  fake = await startFakeGraph();
  const [video] = fakeVideos(fake.origin, 1);
  videoId = video!.id;
  fake.setMedia([{ ...video!, caption: MARKUP_CAPTION }]);
  app = await startApp({ INSTAGRAM_GRAPH_URL: fake.origin, INSTAGRAM_ACCESS_TOKEN: "test-token" });
  admin = await adminClient(app);
  visitor = new Client(app.origin);
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
});

async function json<T>(response: Response): Promise<T> {
  const body = (await response.json()) as T;
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body;
}

async function createCategory(categoryNm: string, isView = "true") {
  const form = multipart({ categoryNm, description: "설명", isView }, { imageFile: [await makeImage("png"), "c.png", "image/png"] });
  return (await json<{ reelsCategorys: { index: number }[] }>(await admin.fetch("/api/reels-category/insert", { method: "POST", body: form }))).reelsCategorys[0]!.index;
}

async function createReel(categoryId: number, reelsNm: string) {
  return (await json<{ reelsLists: { id: number; mediaId: string; reelsNm: string }[] }>(
    await admin.fetch("/api/reels/insert", { json: { reelsNm, reelsCategoryID: categoryId, mediaId: videoId } }),
  )).reelsLists[0]!;
}

async function screen(client: Client, pathname: string, init?: Parameters<Client["fetch"]>[1]) {
  const response = await client.fetch(pathname, init);
  return { status: response.status, document: parseHtml(await response.text()) };
}

const contentPath = (payload: unknown) => `/reels-content/${encodeURIComponent(JSON.stringify(payload))}`;

describe("the reel viewer", () => {
  test("plays the video (<video> with an mp4 <source>) and shows the caption as text in <pre>", async () => {
    const reel = await createReel(await createCategory("뷰어 카테고리"), "마크업 릴스");
    const { status, document } = await screen(visitor, contentPath({ id: reel.id, mediaId: reel.mediaId, reelsNm: reel.reelsNm }));
    expect(status).toBe(200);
    const source = document.querySelector("video source")!;
    expect(source.getAttribute("type")).toBe("video/mp4");
    expect(source.getAttribute("src")).toBe(`${fake.origin}/cdn/v/${videoId}.mp4?oe=ABCDEF`);
    expect(document.querySelector("pre")!.textContent).toBe(MARKUP_CAPTION);
    expect(document.querySelectorAll("b"), "the caption's markup is never markup").toHaveLength(0);
    expect([...document.querySelectorAll("script")].some((script) => script.textContent === 'alert("reel")')).toBe(false);
  });

  test("an unknown reel is a 404 page saying 릴스가 존재하지 않습니다. (with the media id when the link has one)", async () => {
    const withId = await screen(visitor, contentPath({ id: 987654, mediaId: "18000000000000123", reelsNm: "없는 릴스" }));
    expect(withId.status).toBe(404);
    expect(within(withId.document.body).getByText("릴스가 존재하지 않습니다. (18000000000000123)")).toBeTruthy();
    const garbled = await screen(visitor, "/reels-content/%7Bnot-json");
    expect(garbled.status).toBe(404);
    expect(within(garbled.document.body).getByText("릴스가 존재하지 않습니다.")).toBeTruthy();
  });
});

describe("admin screens", () => {
  test("with an expired token the register screen says so in Korean, and still renders", async () => {
    const categoryId = await createCategory("만료 토큰 카테고리");
    fake.expireToken();
    try {
      const { status, document } = await screen(admin, `/reels-upsert/0/${encodeURIComponent(JSON.stringify({ title: "만료 토큰 카테고리", reelsCategoryId: categoryId }))}`);
      expect(status).toBe(200);
      expect(within(document.body).getByText("인스타그램 토큰이 만료되었거나 취소되었습니다. '인스타그램 연결'에서 새 토큰을 등록해 주세요.")).toBeTruthy();
    } finally {
      fake.restoreToken();
    }
  });

  test("the register screen lists the media to choose from", async () => {
    const categoryId = await createCategory("선택 카테고리");
    const { document } = await screen(admin, `/reels-upsert/0/${encodeURIComponent(JSON.stringify({ title: "선택 카테고리", reelsCategoryId: categoryId }))}`);
    expect(document.querySelector(`input[name="mediaId"][value="${videoId}"]`)).not.toBeNull();
  });

  test("a hidden category is marked 숨김 for the admin and absent for a visitor", async () => {
    await createCategory("숨긴 릴스 카테고리", "false");
    const adminPage = within((await screen(admin, "/reels-category")).document.body);
    expect(within(adminPage.getByText("숨긴 릴스 카테고리").closest("li") as HTMLElement).getByText("숨김")).toBeTruthy();
    expect(within((await screen(visitor, "/reels-category")).document.body).queryByText("숨긴 릴스 카테고리")).toBeNull();
  });

  test("deleting a category asks 정말 삭제하시겠습니까? and says its reels go too", async () => {
    const categoryId = await createCategory("지울 릴스 카테고리");
    await createReel(categoryId, "딸린 릴스");
    const { status, document } = await screen(admin, "/reels-category?mode=delete", { form: { intent: "review", index: String(categoryId) } });
    expect(status).toBe(200);
    const dialog = within(within(document.body).getByRole("dialog", { name: "정말 삭제하시겠습니까?" }));
    expect(dialog.getByText("지울 릴스 카테고리 (릴스 1개도 함께 삭제됩니다)")).toBeTruthy();
    expect(dialog.getByRole("button", { name: "확인" })).toBeTruthy();
  });
});
