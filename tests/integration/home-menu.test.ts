// The home menu's names and visibility: the JSON API and the /home-update page (works without
// JavaScript), through the real route modules. Every test starts from the default menu.
import { beforeAll, beforeEach, describe, expect, test } from "vitest";

import { db } from "~/db/client.server";
import { homeMenu } from "~/db/schema";
import * as root from "~/root";
import * as homeUpdatePage from "~/routes/_admin.home-update";
import * as apiHomeList from "~/routes/api.home.list";
import * as apiHomeUpdate from "~/routes/api.home.update";
import { adminCookie, callAction, callLoader, cookiesFrom, redirectTarget } from "./_direct";

const NOTHING_CHANGED = "변경된 내용이 없습니다. 정보를 확인해 주세요.";
const NAME_TOO_LONG = "메뉴 이름은 20자 이내로 입력해 주세요.";

const DEFAULT_MENU = {
  homeMenuNm: "홈",
  reelsMenuNm: "릴스 모음",
  productsMenuNm: "제품 소개",
  detailMenuNm: "상세 정보",
  isViewFlags: { home: true, reels: true, products: true, detail: false },
};
type Menu = typeof DEFAULT_MENU;

const REVIEW_FIELDS = {
  reelsChecked: "on",
  reelsMenuNm: "새 이름",
  homeView: "show",
  reelsView: "show",
  productsView: "show",
};

let admin: string;

beforeAll(async () => {
  admin = await adminCookie();
});
beforeEach(() => {
  db().delete(homeMenu).run();
});

function storedMenu() {
  return db().select().from(homeMenu).get();
}

async function listMenu(): Promise<Menu> {
  const response = await callLoader(apiHomeList, "/api/home/list");
  expect(response.status).toBe(200);
  const body = (await response.json()) as { homes: Menu[] };
  expect(body.homes).toHaveLength(1);
  return body.homes[0]!;
}

function apiUpdate(init: { json?: unknown; body?: BodyInit; headers?: Record<string, string> }) {
  return callAction(apiHomeUpdate, "/api/home/update", { cookie: admin, ...init });
}

function pagePost(form: Record<string, string>) {
  return callAction(homeUpdatePage, "/home-update", { form, cookie: admin });
}

/** The form's reply (Conform's), with the changes to confirm after a review. */
type PageAnswer = { error?: Record<string, string[] | null>; review?: { changes: unknown; fields: [string, string][] } };

async function pageMessages(response: Response) {
  const answer = (await response.json()) as PageAnswer;
  return Object.values(answer.error ?? {}).flatMap((messages) => messages ?? []);
}

describe("GET /api/home/list", () => {
  test("answers the menu under `homes` with the SPEC keys", async () => {
    const response = await callLoader(apiHomeList, "/api/home/list");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/application\/json/);
    expect(await response.json()).toEqual({ errMsg: "", errCode: "", homes: [DEFAULT_MENU] });
  });
});

describe("POST /api/home/update (admin)", () => {
  test("renames and hides: 200, the list and the layout's menu reflect it", async () => {
    const response = await apiUpdate({ json: { reelsMenuNm: "짧은 영상", productsMenuNm: "추천 제품", isViewFlags: { reels: false } } });
    expect(response.status).toBe(200);
    const expected = {
      ...DEFAULT_MENU,
      reelsMenuNm: "짧은 영상",
      productsMenuNm: "추천 제품",
      isViewFlags: { ...DEFAULT_MENU.isViewFlags, reels: false },
    };
    expect(await response.json()).toEqual({ errMsg: "", errCode: "", homes: [expected] });
    expect(await listMenu()).toEqual(expected);
    const layout = (await (await callLoader(root, "/")).json()) as { menu: Menu };
    expect(layout.menu, "the menu every page's header, cards and bottom navigation are drawn from").toEqual(expected);
  });

  test("an empty payload → 400 NOTHING_CHANGED (Korean), nothing saved", async () => {
    const response = await apiUpdate({ json: {} });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ errMsg: NOTHING_CHANGED, errCode: "NOTHING_CHANGED" });
    expect(storedMenu()).toBeUndefined();
  });

  test("a payload equal to the current menu → 400 NOTHING_CHANGED, nothing saved", async () => {
    const response = await apiUpdate({ json: { homeMenuNm: "홈", isViewFlags: { home: true, detail: false } } });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errCode: "NOTHING_CHANGED" });
    expect(storedMenu()).toBeUndefined();
  });

  test("a 21-character name → 400 VALIDATION with the Korean message; 20 characters are accepted", async () => {
    const tooLong = await apiUpdate({ json: { homeMenuNm: "가".repeat(21) } });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({ errMsg: NAME_TOO_LONG, errCode: "VALIDATION" });
    expect(storedMenu()).toBeUndefined();

    const fits = await apiUpdate({ json: { detailMenuNm: "가".repeat(20) } });
    expect(fits.status).toBe(200);
    expect(storedMenu()!.detailMenuNm).toBe("가".repeat(20));
  });

  test.each([
    ["an unknown key", { reelsMenu: "오타" }],
    ["a flag as a string", { isViewFlags: { reels: "false" } }],
    ["an unknown flag", { isViewFlags: { ai: false } }],
    ["a number as a name", { homeMenuNm: 7 }],
    ["a blank name", { homeMenuNm: "   " }],
    ["an array", []],
  ])("%s → 400 VALIDATION in Korean, nothing saved", async (_label, json) => {
    const response = await apiUpdate({ json });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errMsg: string; errCode: string };
    expect(body.errCode).toBe("VALIDATION");
    expect(body.errMsg).toMatch(/[\uAC00-\uD7AF]/);
    expect(storedMenu()).toBeUndefined();
  });

  test("broken JSON → 400 BAD_JSON, nothing saved", async () => {
    const response = await apiUpdate({ body: '{"reelsMenuNm":', headers: { "Content-Type": "application/json" } });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ errMsg: "요청 본문을 읽을 수 없습니다. 올바른 JSON인지 확인해 주세요.", errCode: "BAD_JSON" });
    expect(storedMenu()).toBeUndefined();
  });

  test.each([
    ["text/plain", { body: JSON.stringify({ reelsMenuNm: "평문" }), headers: { "Content-Type": "text/plain;charset=UTF-8" } }],
    ["a form post", { body: new URLSearchParams({ reelsMenuNm: "폼" }) }],
    ["no Content-Type", { body: new Blob([JSON.stringify({ reelsMenuNm: "형식 없음" })]) }],
  ])("sent as %s → 415 UNSUPPORTED_MEDIA_TYPE, nothing saved", async (_label, init) => {
    const response = await apiUpdate(init);
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({
      errMsg: "요청 형식이 올바르지 않습니다. JSON(application/json)으로 보내 주세요.",
      errCode: "UNSUPPORTED_MEDIA_TYPE",
    });
    expect(storedMenu()).toBeUndefined();
  });
});

describe("the /home-update page (admin, works without JavaScript)", () => {
  test("GET loads the current names and visibility", async () => {
    const response = await callLoader(homeUpdatePage, "/home-update", { cookie: admin });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ menu: DEFAULT_MENU });
  });

  test("intent=review → 200 with the changes to confirm and the fields to re-post; nothing saved yet", async () => {
    const response = await pagePost({ intent: "review", ...REVIEW_FIELDS });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as PageAnswer;
    expect(answer.review!.changes).toEqual({ names: { reels: "새 이름" }, flags: {} });
    // The confirmation step re-posts the same values (the page adds intent=confirm).
    expect(answer.review!.fields).toEqual(
      expect.arrayContaining([
        ["reelsMenuNm", "새 이름"],
        ["reelsChecked", "on"],
      ]),
    );
    expect(answer.review!.fields.map(([name]) => name)).not.toContain("intent");
    expect(storedMenu(), "a review saves nothing").toBeUndefined();
    expect((await listMenu()).reelsMenuNm).toBe("릴스 모음");
  });

  test("intent=confirm → redirect to /home-update with the done message (once), the change saved", async () => {
    const response = await pagePost({ intent: "confirm", ...REVIEW_FIELDS });
    expect(redirectTarget(response)).toBe("/home-update");
    expect(await listMenu()).toEqual({ ...DEFAULT_MENU, reelsMenuNm: "새 이름" });

    const landing = await callLoader(root, "/home-update", { cookie: [admin, ...cookiesFrom(response)] });
    const { flash } = (await landing.json()) as { flash: { message: string; next?: { href: string; question: string } } };
    expect(flash.message).toBe("메뉴 수정이 완료되었습니다.");
    expect(flash.next).toMatchObject({ href: "/" });
    const cleared = landing.headers.getSetCookie().find((line) => line.startsWith("ot_flash="));
    expect(cleared, "the flash is cleared once read").toMatch(/^ot_flash=;/);
  });

  test("confirm with a visibility change hides the section", async () => {
    const response = await pagePost({ intent: "confirm", homeView: "show", reelsView: "show", productsView: "hide" });
    expect(redirectTarget(response)).toBe("/home-update");
    expect((await listMenu()).isViewFlags).toEqual({ ...DEFAULT_MENU.isViewFlags, products: false });
  });

  test.each(["review", "confirm"])(
    "%s with nothing ticked and visibility unchanged → 400 nothing changed, no confirmation",
    async (intent) => {
      const response = await pagePost({
        intent,
        homeView: "show",
        reelsView: "show",
        productsView: "show",
        reelsMenuNm: "안 보냄",
      });
      expect(response.status).toBe(400);
      const answer = (await response.clone().json()) as PageAnswer;
      expect(answer.review).toBeUndefined();
      expect(await pageMessages(response)).toEqual([NOTHING_CHANGED]);
      expect(storedMenu()).toBeUndefined();
    },
  );

  test("a ticked row with an empty name, or with its current name, and no visibility change → nothing changed", async () => {
    const visibility = { homeView: "show", reelsView: "show", productsView: "show" };
    for (const form of [
      { intent: "review", homeChecked: "on", homeMenuNm: "", productsChecked: "on", productsMenuNm: "   ", ...visibility },
      { intent: "confirm", reelsChecked: "on", reelsMenuNm: "릴스 모음", ...visibility },
    ]) {
      const response = await pagePost(form);
      expect(response.status).toBe(400);
      expect(await pageMessages(response)).toEqual([NOTHING_CHANGED]);
    }
    expect(storedMenu()).toBeUndefined();
  });

  test("a 21-character name → 400 with the Korean message, nothing saved", async () => {
    const response = await pagePost({ intent: "confirm", ...REVIEW_FIELDS, reelsMenuNm: "가".repeat(21) });
    expect(response.status).toBe(400);
    expect(await pageMessages(response)).toContain(NAME_TOO_LONG);
    expect(storedMenu()).toBeUndefined();
  });

  test.each([
    ["missing visibility fields", { form: { intent: "confirm", reelsChecked: "on", reelsMenuNm: "x" } }],
    ["an unknown intent", { form: { intent: "delete", ...REVIEW_FIELDS } }],
    ["a bad visibility value", { form: { intent: "confirm", ...REVIEW_FIELDS, reelsView: "maybe" } }],
    ["a JSON body", { json: { intent: "confirm", ...REVIEW_FIELDS } }],
    ["a broken multipart body", { body: "--xx\r\nbroken", headers: { "Content-Type": "multipart/form-data; boundary=yy" } }],
  ])("%s → a 4xx answer, nothing saved", async (_label, init) => {
    const response = await callAction(homeUpdatePage, "/home-update", { cookie: admin, ...init });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(storedMenu()).toBeUndefined();
  });
});

describe("a visitor (not logged in)", () => {
  test("GET /home-update is sent home", async () => {
    expect(redirectTarget(await callLoader(homeUpdatePage, "/home-update"))).toBe("/");
  });

  test.each(["confirm", "review"])("a %s post to the page action is sent home and changes nothing", async (intent) => {
    const response = await callAction(homeUpdatePage, "/home-update", { form: { ...REVIEW_FIELDS, intent } });
    expect(redirectTarget(response)).toBe("/");
    expect(storedMenu()).toBeUndefined();
  });

  test("POST /api/home/update → 401 로그인이 필요합니다., even with an invalid payload (authorization first)", async () => {
    for (const json of [{ reelsMenuNm: "해킹된 이름", isViewFlags: { reels: false } }, { nonsense: true }]) {
      const response = await callAction(apiHomeUpdate, "/api/home/update", { json });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ errMsg: "로그인이 필요합니다.", errCode: "UNAUTHORIZED" });
    }
    expect(storedMenu()).toBeUndefined();
  });

  test("a forged session cookie is no session", async () => {
    const cookie = "ot_sid=InRoaXNpc25vdGFyZWFsc2Vzc2lvbnRva2VuMTIzNDU2Nzg5MCI.AAAA";
    expect(redirectTarget(await callLoader(homeUpdatePage, "/home-update", { cookie }))).toBe("/");
    expect((await callAction(apiHomeUpdate, "/api/home/update", { json: { reelsMenuNm: "위조" }, cookie })).status).toBe(401);
    expect(storedMenu()).toBeUndefined();
  });
});
