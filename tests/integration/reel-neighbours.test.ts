// Issue 21 item 6 through the built app over HTTP: the reel viewer links to the previous and next
// reel of its category ("이전 릴스", "다음 릴스") in the order the category's list shows (newest on
// Instagram first, id as tie-break), with no link past either end; reels of other categories and
// inbox (unfiled or hidden) reels are never linked; a deleted neighbour leaves the cached viewer.
import { within } from "@testing-library/dom";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { startApp, type TestApp } from "../support/app";
import { parseHtml } from "../support/dom";
import type { Client } from "../support/http";
import { addCategory, addInboxReel, addReels, withDatabase } from "../support/records";
import { adminClient } from "./_helpers";

let app: TestApp;
let admin: Client;

beforeAll(async () => {
  app = await startApp({ SEED_DEMO: "0" });
  admin = await adminClient(app);
});

afterAll(() => app?.close());

/** A published category with these reels (name, Instagram date), inserted in order so ids grow in it. */
function makeCategory(name: string, rows: [string, string][]) {
  return withDatabase(app, (db) => {
    const categoryId = addCategory(db, { name });
    const ids = addReels(
      db,
      categoryId,
      rows.map(([reelName, instaRegDate]) => ({ name: reelName, instaRegDate })),
    );
    return { ids, listPath: `/reels-list/${categoryId}/${encodeURIComponent(name)}` };
  });
}

function addToInbox(instaRegDate: string) {
  withDatabase(app, (db) => addInboxReel(db, { instaRegDate }));
}

/** A viewer page: its title, its own address (canonical) and its 이전/다음 links. */
async function viewer(pathname: string) {
  const response = await fetch(app.url(pathname));
  expect(response.status, pathname).toBe(200);
  const document = parseHtml(await response.text());
  const body = within(document.body);
  const href = (name: string) => body.queryByRole("link", { name })?.getAttribute("href") ?? null;
  return {
    title: document.querySelector("h1")!.textContent,
    path: new URL(document.querySelector('link[rel="canonical"]')!.getAttribute("href")!).pathname,
    previous: href("이전 릴스"),
    next: href("다음 릴스"),
  };
}

/** The reel names the list page shows, in order, and the first one's viewer address. */
async function listed(listPath: string) {
  const document = parseHtml(await (await fetch(app.url(listPath))).text());
  const cards = [...document.querySelectorAll(".reel-grid a")];
  return {
    names: [...document.querySelectorAll(".reel-grid .reel-card__name")].map((heading) => heading.textContent),
    firstPath: cards[0]!.getAttribute("href")!,
  };
}

describe("이전 릴스 / 다음 릴스 on the reel viewer", () => {
  test("follow the category list's order both ways, with no link past either end", async () => {
    // 나 2 and 나 3 share a date: the list shows the later id (나 2, inserted last) first.
    const { listPath } = makeCategory("이웃 순서", [
      ["나 4", "2025-03-01T00:00:00.000Z"],
      ["나 3", "2025-04-01T00:00:00.000Z"],
      ["나 2", "2025-04-01T00:00:00.000Z"],
      ["나 1", "2025-05-01T00:00:00.000Z"],
    ]);
    makeCategory("다른 분류", [["다른 분류 릴스", "2025-04-15T00:00:00.000Z"]]);
    addToInbox("2025-04-20T00:00:00.000Z");
    const list = await listed(listPath);
    expect(list.names).toEqual(["나 1", "나 2", "나 3", "나 4"]);

    const forward = [await viewer(list.firstPath)];
    while (forward.at(-1)!.next) forward.push(await viewer(forward.at(-1)!.next!));
    expect(forward.map((page) => page.title)).toEqual(list.names);
    expect(forward[0]!.previous).toBeNull();
    expect(forward.at(-1)!.next).toBeNull();
    // Every middle reel links both ways, each link the neighbour's own address.
    for (let i = 1; i < forward.length; i++) {
      expect(forward[i]!.previous).toBe(forward[i - 1]!.path);
      expect(forward[i - 1]!.next).toBe(forward[i]!.path);
    }
  });

  test("a category with one reel links nowhere", async () => {
    const { listPath } = makeCategory("혼자인 분류", [["혼자 릴스", "2025-01-01T00:00:00.000Z"]]);
    const only = await viewer((await listed(listPath)).firstPath);
    expect(only).toMatchObject({ title: "혼자 릴스", previous: null, next: null });
  });

  test("a deleted neighbour is no longer linked, also when the viewer was cached", async () => {
    const { listPath, ids } = makeCategory("지우는 분류", [
      ["다 3", "2025-01-03T00:00:00.000Z"],
      ["다 2", "2025-01-02T00:00:00.000Z"],
      ["다 1", "2025-01-01T00:00:00.000Z"],
    ]);
    const first = await viewer((await listed(listPath)).firstPath);
    expect(first.title).toBe("다 3");
    const middle = await viewer(first.next!);
    expect(middle.title).toBe("다 2");

    const response = await admin.fetch("/api/reels/delete", { json: { reelsLists: [{ index: ids[1] }] } });
    expect(response.status).toBe(200);
    const after = await viewer(first.path);
    expect(after.next).not.toBe(first.next);
    expect((await viewer(after.next!)).title).toBe("다 1");
  });
});
