import { within } from "@testing-library/dom";
import { afterAll, beforeAll, describe, test, expect } from "vitest";

import { startApp, type TestApp } from "../support/app";
import { parseHtml } from "../support/dom";
import { Client } from "../support/http";
import { adminClient, EVIL_ORIGIN, readHomeMenu, type HomeMenuRow } from "./_helpers";

// The origin guard acts in Express, before Remix: these tests go through the real server.
const FORBIDDEN = "허용되지 않은 요청입니다. 사이트에서 다시 시도해 주세요.";

let app: TestApp;
let admin: Client;
let seeded: HomeMenuRow;

const VALID_UPDATE = { reelsMenuNm: "해킹된 이름", isViewFlags: { reels: false } };
const VALID_FORM = {
  intent: "confirm",
  reelsChecked: "on",
  reelsMenuNm: "해킹된 이름",
  homeView: "show",
  reelsView: "hide",
  productsView: "show",
};

beforeAll(async () => {
  app = await startApp();
  seeded = readHomeMenu(app);
  admin = await adminClient(app);
});
afterAll(() => app.close());

function assertMenuUnchanged(label: string) {
  expect(readHomeMenu(app), `${label}: home_menu must not change`).toStrictEqual(seeded);
}

async function jsonOf(response: Response) {
  expect(response.headers.get("content-type") ?? "").toMatch(/application\/json/);
  return (await response.json()) as { errMsg: string; errCode: string };
}

describe("a visitor (not logged in)", () => {
  test("the single-fetch data request of /home-update is redirected too, with no menu data", async () => {
    const visitor = new Client(app.origin);
    const response = await visitor.fetch("/home-update.data");
    const body = await response.text();
    expect(body).toMatch(/redirect/i);
    expect(body).not.toMatch(/homeMenuNm|reelsMenuNm/);
  });
});

describe("cross-site request forgery (logged in as admin)", () => {
  test("POST /api/home/update with Origin: http://evil.example → 403 FORBIDDEN_ORIGIN, nothing changes", async () => {
    const response = await admin.fetch("/api/home/update", { json: VALID_UPDATE, headers: { Origin: EVIL_ORIGIN } });
    expect(response.status).toBe(403);
    const body = await jsonOf(response);
    expect(body.errCode).toBe("FORBIDDEN_ORIGIN");
    expect(body.errMsg).toBe(FORBIDDEN);
    assertMenuUnchanged("evil origin API");
  });

  test("POST /api/home/update with Sec-Fetch-Site: cross-site → 403, nothing changes", async () => {
    const response = await admin.fetch("/api/home/update", {
      json: VALID_UPDATE,
      headers: { "Sec-Fetch-Site": "cross-site" },
    });
    expect(response.status).toBe(403);
    expect((await jsonOf(response)).errCode).toBe("FORBIDDEN_ORIGIN");
    assertMenuUnchanged("cross-site API");
  });

  test("Origin: null (sandboxed frame) → 403", async () => {
    const response = await admin.fetch("/api/home/update", { json: VALID_UPDATE, headers: { Origin: "null" } });
    expect(response.status).toBe(403);
    assertMenuUnchanged("null origin API");
  });

  test("the /home-update page action with an evil Origin → 403 Korean page, nothing changes", async () => {
    const response = await admin.fetch("/home-update", { form: VALID_FORM, headers: { Origin: EVIL_ORIGIN } });
    expect(response.status).toBe(403);
    const document = parseHtml(await response.text());
    expect(document.documentElement.getAttribute("lang")).toBe("ko");
    within(document.body).getByText(FORBIDDEN);
    assertMenuUnchanged("evil origin page action");
  });

  test("the page action with Sec-Fetch-Site: cross-site → 403, nothing changes", async () => {
    const response = await admin.fetch("/home-update", { form: VALID_FORM, headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(response.status).toBe(403);
    assertMenuUnchanged("cross-site page action");
  });

  test("a forged logout or login is refused too (403 before any handler)", async () => {
    const logout = await admin.fetch("/logout", { method: "POST", form: {}, headers: { Origin: EVIL_ORIGIN } });
    expect(logout.status).toBe(403);
    expect(logout.headers.getSetCookie().length, "a refused request sets no cookie").toBe(0);
    const apiLogout = await admin.fetch("/api/logout", { method: "POST", headers: { Origin: EVIL_ORIGIN } });
    expect(apiLogout.status).toBe(403);
    // The session survived both.
    const check = await admin.fetch("/api/cookie/check", { json: { name: "ot_sid" } });
    expect(((await check.json()) as { has: boolean }).has).toStrictEqual(true);
  });

  test("same-origin requests from the admin still work (the guard is not over-eager)", async () => {
    const response = await admin.fetch("/api/cookie/check", { json: { name: "ot_sid" }, headers: { "Sec-Fetch-Site": "same-origin" } });
    expect(response.status).toBe(200);
  });
});
