// A reel list lives at one address, /reels-list/{id}/{its category's title} (issue 19, point 5):
// any other title, made up or old, is a permanent redirect to it with the page's own parameters,
// so random titles cannot make new pages; an unknown id is still the 404 page.
import { beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db/client.server";
import * as reelListPage from "~/routes/reels-list.$id.$title";
import { addCategory } from "../support/records";
import { adminCookie, callLoader } from "./_direct";

const TITLE = "배변 훈련 / 소근육 & 놀이";
const REAL_PATH = `/reels-list/{id}/${encodeURIComponent(TITLE)}`;
let categoryId: number;
let hiddenId: number;

beforeAll(() => {
  categoryId = addCategory(db().$client, { name: TITLE });
  hiddenId = addCategory(db().$client, { name: "숨긴 목록", isView: false });
});

/** The list page as Remix calls it: `title` is the path's segment, decoded. */
function listPage(id: number, segment: string, search = "", cookie?: string) {
  return callLoader(reelListPage, `/reels-list/${id}/${segment}${search}`, {
    params: { id: String(id), title: decodeURIComponent(segment) },
    cookie,
  });
}

function realPath(id: number) {
  return REAL_PATH.replace("{id}", String(id));
}

describe("a reel list under a title that is not its category's", () => {
  test.each(["x", "q1w2e3-random", encodeURIComponent("배변 훈련"), encodeURIComponent(`${TITLE} `), "%2e%2e"])(
    "/reels-list/{id}/%s → 301 to the real title",
    async (segment) => {
      const response = await listPage(categoryId, segment);
      expect(response.status).toBe(301);
      expect(response.headers.get("location")).toBe(realPath(categoryId));
    },
  );

  test("the redirect keeps after, keyword and mode, and drops anything else", async () => {
    const response = await listPage(
      categoryId,
      "old-name",
      "?after=2025-01-01T00%3A00%3A00.000Z_5&keyword=%EB%B3%80%EA%B8%B0&utm_source=x&mode=edit",
    );
    expect(response.status).toBe(301);
    const location = new URL(response.headers.get("location")!, "http://localhost");
    expect(location.pathname).toBe(realPath(categoryId));
    expect([...location.searchParams]).toEqual([
      ["after", "2025-01-01T00:00:00.000Z_5"],
      ["keyword", "변기"],
      ["mode", "edit"],
    ]);
  });

  test("the real title is the page itself", async () => {
    const response = await listPage(categoryId, encodeURIComponent(TITLE));
    expect(response.status).toBe(200);
    expect(((await response.json()) as { category: { categoryNm: string } }).category.categoryNm).toBe(TITLE);
  });

  test("an unknown id, or a hidden category for a visitor, stays the 404 page whatever the title", async () => {
    for (const segment of ["x", encodeURIComponent(TITLE)]) {
      expect((await listPage(999_999, segment)).status, segment).toBe(404);
      expect((await listPage(hiddenId, segment)).status, segment).toBe(404);
    }
    // The owner still reaches a hidden list, under its real title.
    const admin = await adminCookie();
    expect((await listPage(hiddenId, "x", "", admin)).headers.get("location")).toBe(
      `/reels-list/${hiddenId}/${encodeURIComponent("숨긴 목록")}`,
    );
  });
});
