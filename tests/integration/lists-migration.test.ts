// The migration of issue 33 (points 5 and 6) on a database made before it: the career pictures keep
// their files, order and sizes and get an empty caption; the reels keep their category's order (no pin,
// position 0 everywhere, so newest on Instagram first) and the inbox its rows. Found by its tag, so the
// test holds wherever the migration is numbered.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { afterAll, expect, test } from "vitest";

type Journal = { entries: { tag: string }[] };

const work = fs.mkdtempSync(path.join(os.tmpdir(), "ot-lists-migration-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** The migrations folder as it was before the migration tagged `tag`. */
function migrationsBefore(tag: string) {
  const folder = path.join(work, "before");
  fs.cpSync(path.resolve("drizzle"), folder, { recursive: true });
  const journalFile = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as Journal;
  const at = journal.entries.findIndex((entry) => entry.tag.endsWith(tag));
  expect(at, `a migration tagged …${tag}`).toBeGreaterThan(0);
  fs.writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return folder;
}

test("career pictures and reels made before the migration keep everything, with no caption and no pin", () => {
  const sqlite = new Database(path.join(work, "app.db"));
  sqlite.pragma("foreign_keys = ON");
  migrate(drizzle(sqlite), { migrationsFolder: migrationsBefore("_lists_in_order") });

  const insertPicture = sqlite.prepare("INSERT INTO career_images (image, position, width, height) VALUES (?, ?, ?, ?)");
  const pictures = [
    ["c3d1e6a0-0000-4000-8000-000000000003.png", 2, 800, 1100],
    ["c3d1e6a0-0000-4000-8000-000000000001.jpg", 0, 1200, 900],
    ["c3d1e6a0-0000-4000-8000-000000000002.webp", 1, null, null],
  ] as const;
  for (const picture of pictures) insertPicture.run(...picture);
  const category = Number(sqlite.prepare("INSERT INTO reel_categories (name) VALUES ('배변훈련')").run().lastInsertRowid);
  const insertReel = sqlite.prepare("INSERT INTO reels (category_id, name, media_id, insta_reg_date) VALUES (?, ?, ?, ?)");
  insertReel.run(category, "오래된 릴스", "1", "2025-01-01T00:00:00.000Z");
  insertReel.run(category, "새 릴스", "2", "2025-06-01T00:00:00.000Z");
  sqlite.prepare("INSERT INTO reel_inbox (media_id, insta_reg_date) VALUES ('3', '2025-07-01T00:00:00.000Z')").run();

  migrate(drizzle(sqlite), { migrationsFolder: path.resolve("drizzle") });

  expect(sqlite.prepare("SELECT image, position, caption, width, height FROM career_images ORDER BY position").all()).toEqual([
    { image: pictures[1][0], position: 0, caption: "", width: 1200, height: 900 },
    { image: pictures[2][0], position: 1, caption: "", width: null, height: null },
    { image: pictures[0][0], position: 2, caption: "", width: 800, height: 1100 },
  ]);
  // The order reel lists use (reel-lists.server.ts): pinned first, position, newest on Instagram.
  expect(
    sqlite.prepare("SELECT name, is_pinned, position FROM reels ORDER BY is_pinned DESC, position, insta_reg_date DESC, id DESC").all(),
  ).toEqual([
    { name: "새 릴스", is_pinned: 0, position: 0 },
    { name: "오래된 릴스", is_pinned: 0, position: 0 },
  ]);
  expect(sqlite.prepare("SELECT media_id, name FROM reel_inbox").all()).toEqual([{ media_id: "3", name: null }]);
  sqlite.close();
});
