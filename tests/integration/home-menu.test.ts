import { afterAll, beforeAll, beforeEach, describe, test } from "vitest";
import assert from "node:assert/strict";

import { ko } from "~/copy/ko";
import { startApp, type TestApp } from "../support/app";
import { Client } from "../support/http";
import { adminClient, formatLogs, HANGUL, openDb, readHomeMenu, visibleHtml } from "./_helpers";

let app: TestApp;
let admin: Client;

const SEEDED_MENU = {
  homeMenuNm: "홈",
  reelsMenuNm: "릴스 모음",
  productsMenuNm: "제품 소개",
  detailMenuNm: "상세 정보",
  isViewFlags: { home: true, reels: true, products: true, detail: false },
};

beforeAll(async () => {
  app = await startApp();
  admin = await adminClient(app);
});
afterAll(() => app.close());

/** Puts the menu back to the demo seed, so each step starts from a known state. */
function resetMenu() {
  const db = openDb(app);
  try {
    db.prepare(
      `UPDATE home_menu SET home_menu_nm = '홈', reels_menu_nm = '릴스 모음', products_menu_nm = '제품 소개',
       detail_menu_nm = '상세 정보', view_home = 1, view_reels = 1, view_products = 1, view_detail = 0 WHERE id = 1`,
    ).run();
  } finally {
    db.close();
  }
}

async function listMenu(client = new Client(app.origin)) {
  const response = await client.fetch("/api/home/list");
  assert.equal(response.status, 200);
  const body = (await response.json()) as { homes: (typeof SEEDED_MENU)[] };
  assert.ok(Array.isArray(body.homes));
  assert.equal(body.homes.length, 1);
  return body.homes[0]!;
}

/** Page HTML without NUL bytes: a separate test (routes) reports the stray NULs of streaming. */
async function pageText(response: Response) {
  return (await response.text()).replaceAll("\u0000", "");
}

async function homeHtml() {
  const response = await new Client(app.origin).fetch("/");
  assert.equal(response.status, 200);
  return visibleHtml(await pageText(response));
}

/** The <input> elements of a page, with their attributes in any order. */
function inputsOf(html: string) {
  return [...html.matchAll(/<input\b([^>]*?)\/?>/g)].map((match) => {
    const attrs = new Map([...match[1]!.matchAll(/([a-zA-Z-]+)(?:="([^"]*)")?/g)].map((a) => [a[1]!, a[2] ?? ""]));
    return { name: attrs.get("name"), value: attrs.get("value"), type: attrs.get("type"), checked: attrs.has("checked") };
  });
}

function bottomNav(html: string) {
  const match = /<nav class="bottom-nav"[\s\S]*?<\/nav>/.exec(html);
  assert.ok(match, "the page has the bottom navigation");
  return match[0];
}

function menuCards(html: string) {
  const match = /<ul class="menu-cards">[\s\S]*?<\/ul>/.exec(html);
  assert.ok(match, "the home page has the menu cards");
  return match[0];
}

describe("GET /api/home/list", () => {
  test("answers the demo menu under `homes` with the SPEC keys", async () => {
    resetMenu();
    const response = await new Client(app.origin).fetch("/api/home/list");
    assert.equal(response.status, 200);
    assert.match(response.headers.get("content-type") ?? "", /application\/json/);
    const body = (await response.json()) as Record<string, unknown>;
    assert.deepEqual(body.homes, [SEEDED_MENU]);
  });
});

describe("POST /api/home/update (admin)", () => {
  beforeEach(resetMenu);

  test("renames and hides: 200, the list reflects it, and so does the home page", async () => {
    const before = await homeHtml();
    assert.match(menuCards(before), /href="\/reels-category"/, "baseline: the reels card is shown");
    assert.match(bottomNav(before), /href="\/reels-category"/, "baseline: the reels tab is shown");

    const response = await admin.fetch("/api/home/update", {
      json: { reelsMenuNm: "짧은 영상", productsMenuNm: "추천 제품", isViewFlags: { reels: false } },
    });
    const text = await response.text();
    assert.equal(response.status, 200, text);
    const body = JSON.parse(text) as { errMsg?: string; errCode?: string };
    assert.equal(body.errCode ?? "", "");

    assert.deepEqual(await listMenu(), {
      ...SEEDED_MENU,
      reelsMenuNm: "짧은 영상",
      productsMenuNm: "추천 제품",
      isViewFlags: { ...SEEDED_MENU.isViewFlags, reels: false },
    });

    const after = await homeHtml();
    const cards = menuCards(after);
    const nav = bottomNav(after);
    assert.doesNotMatch(cards, /href="\/reels-category"/, "the reels card is gone");
    assert.doesNotMatch(nav, /href="\/reels-category"/, "the reels tab is gone");
    assert.ok(!after.includes("짧은 영상"), "a hidden section's name is not shown anywhere");
    assert.ok(cards.includes("추천 제품"), "the products card has its new name");
    assert.ok(nav.includes("추천 제품"), "the products tab has its new name");
    assert.ok(!cards.includes(">제품 소개<"), "the old products name is gone from the cards");
  });

  test("an empty payload → 400 NOTHING_CHANGED (Korean), nothing saved", async () => {
    const before = readHomeMenu(app);
    const response = await admin.fetch("/api/home/update", { json: {} });
    assert.equal(response.status, 400);
    const body = (await response.json()) as { errMsg: string; errCode: string };
    assert.equal(body.errCode, "NOTHING_CHANGED");
    assert.equal(body.errMsg, ko.homeUpdate.nothingChanged);
    assert.deepEqual(readHomeMenu(app), before);
  });

  test("a payload equal to the current menu → 400 NOTHING_CHANGED, nothing saved", async () => {
    const before = readHomeMenu(app);
    const response = await admin.fetch("/api/home/update", {
      json: { homeMenuNm: "홈", isViewFlags: { home: true, detail: false } },
    });
    assert.equal(response.status, 400);
    assert.equal(((await response.json()) as { errCode: string }).errCode, "NOTHING_CHANGED");
    assert.deepEqual(readHomeMenu(app), before);
  });

  test("a 21-character name → 400 VALIDATION with the Korean message, nothing saved", async () => {
    const before = readHomeMenu(app);
    const response = await admin.fetch("/api/home/update", { json: { homeMenuNm: "가".repeat(21) } });
    assert.equal(response.status, 400);
    const body = (await response.json()) as { errMsg: string; errCode: string };
    assert.equal(body.errCode, "VALIDATION");
    assert.equal(body.errMsg, ko.homeUpdate.nameTooLong);
    assert.deepEqual(readHomeMenu(app), before);
  });

  test("a 20-character name is accepted", async () => {
    const response = await admin.fetch("/api/home/update", { json: { detailMenuNm: "가".repeat(20) } });
    assert.equal(response.status, 200);
    await response.arrayBuffer();
    assert.equal(readHomeMenu(app).detail_menu_nm, "가".repeat(20));
  });

  test("unknown keys, wrong types and blank names → 400 VALIDATION in Korean, nothing saved", async () => {
    const before = readHomeMenu(app);
    for (const json of [
      { reelsMenu: "오타" },
      { isViewFlags: { reels: "false" } },
      { isViewFlags: { ai: false } },
      { homeMenuNm: 7 },
      { homeMenuNm: "   " },
      [],
    ]) {
      const response = await admin.fetch("/api/home/update", { json });
      assert.equal(response.status, 400, JSON.stringify(json));
      const body = (await response.json()) as { errMsg: string; errCode: string };
      assert.equal(body.errCode, "VALIDATION", JSON.stringify(json));
      assert.match(body.errMsg, HANGUL, JSON.stringify(json));
    }
    assert.deepEqual(readHomeMenu(app), before);
  });

  test("broken JSON → 400 BAD_JSON, nothing saved", async () => {
    const before = readHomeMenu(app);
    const response = await admin.fetch("/api/home/update", {
      method: "POST",
      body: "{\"reelsMenuNm\":",
      headers: { "Content-Type": "application/json" },
    });
    assert.equal(response.status, 400);
    assert.equal(((await response.json()) as { errCode: string }).errCode, "BAD_JSON");
    assert.deepEqual(readHomeMenu(app), before);
  });
});

describe("the /home-update page (admin, works without JavaScript)", () => {
  beforeEach(resetMenu);

  const REVIEW_FIELDS = {
    reelsChecked: "on",
    reelsMenuNm: "새 이름",
    homeView: "show",
    reelsView: "show",
    productsView: "show",
    detailView: "hide",
  };

  test("GET shows the current names and a form with the SPEC field names", async () => {
    const response = await admin.fetch("/home-update");
    assert.equal(response.status, 200);
    const html = visibleHtml(await pageText(response));
    for (const name of ["홈", "릴스 모음", "제품 소개", "상세 정보"]) assert.ok(html.includes(ko.homeUpdate.currentName(name)), name);
    const inputs = inputsOf(html);
    const find = (name: string, value?: string) =>
      inputs.find((input) => input.name === name && (value === undefined || input.value === value));
    for (const key of ["home", "reels", "products", "detail"]) {
      assert.equal(find(`${key}Checked`)?.type, "checkbox", `${key}Checked`);
      assert.equal(find(`${key}MenuNm`)?.type, "text", `${key}MenuNm`);
      assert.equal(find(`${key}View`, "show")?.type, "radio", `${key}View=show`);
      assert.equal(find(`${key}View`, "hide")?.type, "radio", `${key}View=hide`);
    }
    assert.equal(find("intent")?.value, "review");
    // The radios start at the current visibility (detail is hidden in the demo).
    assert.ok(find("detailView", "hide")?.checked && !find("detailView", "show")?.checked, "detail starts hidden");
    assert.ok(find("reelsView", "show")?.checked && !find("reelsView", "hide")?.checked, "reels starts shown");
  });

  test("intent=review → 200 with the confirm question and nothing saved yet", async () => {
    const before = readHomeMenu(app);
    const response = await admin.fetch("/home-update", { form: { intent: "review", ...REVIEW_FIELDS } });
    assert.equal(response.status, 200);
    const html = await pageText(response);
    assert.ok(html.includes(ko.homeUpdate.confirmQuestion), "asks for confirmation");
    assert.ok(visibleHtml(html).includes("새 이름"), "shows what will change");
    // The confirmation step re-posts the same values with intent=confirm.
    const hidden = inputsOf(html).filter((input) => input.type === "hidden");
    assert.ok(hidden.some((i) => i.name === "intent" && i.value === "confirm"), "a confirm step with intent=confirm");
    assert.ok(hidden.some((i) => i.name === "reelsMenuNm" && i.value === "새 이름"), "carrying the reviewed name");
    assert.ok(hidden.some((i) => i.name === "reelsChecked" && i.value === "on"), "and the ticked row");
    assert.deepEqual(readHomeMenu(app), before, "a review saves nothing");
    assert.equal((await listMenu()).reelsMenuNm, "릴스 모음");
  });

  test("intent=confirm → redirect to /home-update with a flash, the change is saved, the page says it is done", async () => {
    const response = await admin.fetch("/home-update", { form: { intent: "confirm", ...REVIEW_FIELDS } });
    assert.ok([302, 303].includes(response.status), `status ${response.status}`);
    assert.equal(new URL(response.headers.get("location")!, app.origin).pathname, "/home-update");
    assert.ok(
      response.headers.getSetCookie().some((line) => line.startsWith("ot_flash=")),
      `a flash cookie: ${response.headers.getSetCookie().join(" | ")}`,
    );

    assert.deepEqual(await listMenu(), { ...SEEDED_MENU, reelsMenuNm: "새 이름" });
    assert.equal(readHomeMenu(app).reels_menu_nm, "새 이름");

    const landing = await admin.fetch(response.headers.get("location")!);
    assert.equal(landing.status, 200);
    const html = visibleHtml(await pageText(landing));
    assert.ok(html.includes(ko.homeUpdate.done), "the done message is shown");
    assert.ok(html.includes(ko.homeUpdate.currentName("새 이름")), "the form shows the new name");

    const again = await admin.fetch("/home-update");
    assert.ok(!visibleHtml(await pageText(again)).includes(ko.homeUpdate.done), "the done message is shown once");

    assert.ok(menuCards(await homeHtml()).includes("새 이름"), "the home page uses the new name");
  });

  test("confirm with a visibility change hides the section on the home page", async () => {
    const response = await admin.fetch("/home-update", {
      form: { intent: "confirm", homeView: "show", reelsView: "show", productsView: "hide", detailView: "hide" },
    });
    assert.ok([302, 303].includes(response.status));
    await response.arrayBuffer();
    assert.equal((await listMenu()).isViewFlags.products, false);
    const html = await homeHtml();
    assert.doesNotMatch(menuCards(html), /href="\/product-list"/);
    assert.doesNotMatch(bottomNav(html), /href="\/product-list"/);
  });

  test("nothing ticked and visibility unchanged → 400 with the nothing-changed message", async () => {
    const before = readHomeMenu(app);
    for (const intent of ["review", "confirm"]) {
      const response = await admin.fetch("/home-update", {
        form: { intent, homeView: "show", reelsView: "show", productsView: "show", detailView: "hide", reelsMenuNm: "안 보냄" },
      });
      assert.equal(response.status, 400, intent);
      const html = await pageText(response);
      assert.ok(html.includes(ko.homeUpdate.nothingChanged), intent);
      assert.ok(!html.includes(ko.homeUpdate.confirmQuestion), `${intent}: no confirmation step`);
    }
    assert.deepEqual(readHomeMenu(app), before);
  });

  test("a ticked row with an empty name and no visibility change → nothing changed", async () => {
    const before = readHomeMenu(app);
    const response = await admin.fetch("/home-update", {
      form: {
        intent: "review",
        homeChecked: "on",
        homeMenuNm: "",
        productsChecked: "on",
        productsMenuNm: "   ",
        homeView: "show",
        reelsView: "show",
        productsView: "show",
        detailView: "hide",
      },
    });
    assert.equal(response.status, 400);
    assert.ok((await pageText(response)).includes(ko.homeUpdate.nothingChanged));
    assert.deepEqual(readHomeMenu(app), before);
  });

  test("a ticked row with its current name and no visibility change → nothing changed", async () => {
    const response = await admin.fetch("/home-update", {
      form: { intent: "confirm", reelsChecked: "on", reelsMenuNm: "릴스 모음", homeView: "show", reelsView: "show", productsView: "show", detailView: "hide" },
    });
    assert.equal(response.status, 400);
    assert.ok((await pageText(response)).includes(ko.homeUpdate.nothingChanged));
  });

  test("a 21-character name → 400 with the Korean message, nothing saved", async () => {
    const before = readHomeMenu(app);
    const response = await admin.fetch("/home-update", {
      form: { intent: "confirm", ...REVIEW_FIELDS, reelsMenuNm: "가".repeat(21) },
    });
    assert.equal(response.status, 400);
    assert.ok((await pageText(response)).includes(ko.homeUpdate.nameTooLong));
    assert.deepEqual(readHomeMenu(app), before);
  });

  test("odd posts from the admin never cause a 500 and save nothing", async () => {
    const before = readHomeMenu(app);
    const problems: string[] = [];
    const cases: [string, Parameters<Client["fetch"]>[1]][] = [
      ["missing visibility fields", { form: { intent: "confirm", reelsChecked: "on", reelsMenuNm: "x" } }],
      ["unknown intent", { form: { intent: "delete", ...REVIEW_FIELDS } }],
      ["bad visibility value", { form: { intent: "confirm", ...REVIEW_FIELDS, reelsView: "maybe" } }],
      ["JSON body", { json: { intent: "confirm", ...REVIEW_FIELDS } }],
      ["broken multipart body", { method: "POST", body: "--xx\r\nbroken", headers: { "Content-Type": "multipart/form-data; boundary=yy" } }],
    ];
    for (const [label, init] of cases) {
      const response = await admin.fetch("/home-update", init);
      await response.arrayBuffer();
      if (response.status >= 500) problems.push(`${label} → ${response.status}`);
    }
    assert.deepEqual(problems, []);
    assert.deepEqual(readHomeMenu(app), before);
  });
});

test("no unexpected console errors", () => {
  assert.equal(app.consoleErrors.length, 0, formatLogs(app.consoleErrors));
});
