// Migration 0009 (the site's identity became settings): a database already in use keeps what its
// visitors saw before (the name, the handle, the footer's links, the privacy pages' address), while a
// fresh database gets nothing from it (the demo seed, or SEED_DEMO=0's unnamed site, decides).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { afterAll, expect, test } from "vitest";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ot-identity-migration-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const TAG = "0010_site_identity";

/** A copy of drizzle/ whose journal stops before the identity migration: a database of the release before it. */
function migrationsBefore() {
  const folder = path.join(dir, "before");
  fs.cpSync(path.resolve("drizzle"), folder, { recursive: true });
  const journalFile = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(
    0,
    journal.entries.findIndex((entry) => entry.tag === TAG),
  );
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

function settingsOf(sqlite: Database.Database) {
  return Object.fromEntries(
    (sqlite.prepare("SELECT key, value FROM settings ORDER BY key").all() as { key: string; value: string }[]).map((row) => [
      row.key,
      row.value,
    ]),
  );
}

test("a database in use keeps today's identity; its other settings are untouched", () => {
  const sqlite = new Database(path.join(dir, "in-use.db"));
  migrate(drizzle(sqlite), { migrationsFolder: migrationsBefore() });
  sqlite
    .prepare(
      "INSERT INTO home_menu (id, home_menu_nm, reels_menu_nm, products_menu_nm, detail_menu_nm, view_home, view_reels, view_products, view_detail) VALUES (1, '홈', '릴스', '제품', '상세', 1, 1, 1, 0)",
    )
    .run();
  sqlite.prepare("INSERT INTO settings (key, value) VALUES ('site.kakaoJsKey', 'k')").run();

  migrate(drizzle(sqlite), { migrationsFolder: path.resolve("drizzle") });
  expect(settingsOf(sqlite)).toEqual({
    "site.footerLinks": JSON.stringify([
      { label: "인스타그램", url: "https://www.instagram.com/ot_teacher_kids/" },
      { label: "유튜브", url: "https://www.youtube.com/@ot_teacher_kids" },
      { label: "블로그", url: "https://blog.naver.com/ot_teacher_kids" },
    ]),
    "site.handle": "@ot_teacher_kids",
    "site.kakaoJsKey": "k",
    "site.name": "우리아이 작업치료",
    "site.privacyContact": "privacy@example.com",
  });
  sqlite.close();
});

test("a fresh database gets no identity from the migration", () => {
  const sqlite = new Database(path.join(dir, "fresh.db"));
  migrate(drizzle(sqlite), { migrationsFolder: path.resolve("drizzle") });
  expect(settingsOf(sqlite)).toEqual({});
  sqlite.close();
});
