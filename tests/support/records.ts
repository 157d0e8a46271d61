// Rows a test needs, written straight into the app's SQLite file before it asks the app about them.
// Each builder fills in what a test does not care about (a media id no other row has, a link checked
// just now), so a test names only what it checks. `db` is any connection to that file: the app's own
// (`db().$client`, in a file that imports the app's modules) or a second one beside a running app
// (`withDatabase(app, ...)`). The columns are the app's tables (app/db/schema.ts).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";

type Db = Database.Database;

/** Runs `write` on a second connection to a running app's database, closed afterwards. */
export function withDatabase<T>(app: { dataDir: string }, write: (db: Db) => T): T {
  const db = new Database(path.join(app.dataDir, "app.db"));
  try {
    return write(db);
  } finally {
    db.close();
  }
}

/** Media ids in a range the demo feed and the fake Instagram never use. */
let mediaSerial = 18_900_000_000_000_000n;

/** A media id no other reel has. */
export function unusedMediaId() {
  return String(mediaSerial++);
}

function inserted(result: Database.RunResult) {
  return Number(result.lastInsertRowid);
}

/** A copy of row `id` of `table`, with `changes` (the table's column names) applied; the copy's id. */
export function copyRow(db: Db, table: string, id: number, changes: Record<string, string | number | null>) {
  const { id: _original, ...columns } = { ...(db.prepare(`SELECT * FROM ${table} WHERE id = ?`).get(id) as object), ...changes };
  const names = Object.keys(columns);
  return inserted(
    db.prepare(`INSERT INTO ${table} (${names.join(", ")}) VALUES (${names.map(() => "?").join(", ")})`).run(...Object.values(columns)),
  );
}

/**
 * A copy of a stored upload and of every file made from it (its sizes and their list, a share image),
 * under a fresh generated name, as if it had been uploaded again (without sizing it again); the copy's name.
 */
export function copyUpload(uploadsDir: string, image: string) {
  const stem = image.replace(/\.\w+$/, "");
  const copy = crypto.randomUUID();
  for (const file of fs.readdirSync(uploadsDir).filter((name) => name.startsWith(stem)))
    fs.copyFileSync(path.join(uploadsDir, file), path.join(uploadsDir, copy + file.slice(stem.length)));
  return copy + image.slice(stem.length);
}

export type NewCategory = { name?: string; isView?: boolean; position?: number; hashtags?: string };

export function addCategory(db: Db, { name = "카테고리", isView = true, position = 0, hashtags = "" }: NewCategory = {}) {
  return inserted(
    db
      .prepare("INSERT INTO reel_categories (name, is_view, position, hashtags) VALUES (?, ?, ?, ?)")
      .run(name, isView ? 1 : 0, position, hashtags),
  );
}

export type NewReel = { name?: string; instaRegDate?: string; mediaId?: string; image?: string | null; link?: string | null };

/** Reels of one category, in one transaction and in this order, so their ids grow in it. */
export function addReels(db: Db, categoryId: number, reels: NewReel[]): number[] {
  const insert = db.prepare(
    "INSERT INTO reels (category_id, name, media_id, image, link, link_checked_at, insta_reg_date) VALUES (?, ?, ?, ?, ?, ?, ?)",
  );
  return db.transaction(() =>
    reels.map(({ name = "릴스", instaRegDate = "2026-01-01T00:00:00.000Z", mediaId = unusedMediaId(), image = null, link = null }) =>
      inserted(insert.run(categoryId, name, mediaId, image, link, new Date().toISOString(), instaRegDate)),
    ),
  )();
}

export function addReel(db: Db, categoryId: number, reel: NewReel = {}) {
  return addReels(db, categoryId, [reel])[0]!;
}

/** An imported reel no hashtag rule filed: it waits in the admin's inbox. */
export function addInboxReel(db: Db, { instaRegDate = "2026-01-01T00:00:00.000Z", mediaId = unusedMediaId() } = {}) {
  return inserted(db.prepare("INSERT INTO reel_inbox (media_id, insta_reg_date) VALUES (?, ?)").run(mediaId, instaRegDate));
}

/** A button of a product: its name and link. */
type Button = [name: string, link: string];

/** A group buy's terms: prices in won, its window as instants (ms since the epoch), the seller. */
export type GroupBuyTerms = {
  price?: number;
  groupBuyPrice?: number;
  startAt?: number;
  endAt?: number;
  note?: string;
  isSoldOut?: boolean;
  sellerNm?: string;
  sellerInfo?: string;
  inquiryLink?: string;
};

export type NewProduct = {
  name?: string;
  isView?: boolean;
  isGroupBuy?: boolean;
  position?: number;
  left?: Button | null;
  right?: Button | null;
  terms?: GroupBuyTerms;
};

export function addProduct(
  db: Db,
  { name = "제품", isView = true, isGroupBuy = true, position = 0, left = null, right = null, terms }: NewProduct = {},
) {
  const id = inserted(
    db
      .prepare(
        `INSERT INTO products (name, is_view, is_group_buy, position, is_left, left_button_nm, left_link, is_right, right_button_nm, right_link)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        name,
        isView ? 1 : 0,
        isGroupBuy ? 1 : 0,
        position,
        left ? 1 : 0,
        left?.[0] ?? null,
        left?.[1] ?? null,
        right ? 1 : 0,
        ...(right ?? [null, null]),
      ),
  );
  if (terms) {
    const iso = (instant: number | undefined) => (instant === undefined ? null : new Date(instant).toISOString());
    db.prepare(
      `UPDATE products SET price = ?, group_buy_price = ?, group_buy_start_at = ?, group_buy_end_at = ?, group_buy_note = ?,
         is_sold_out = ?, seller_nm = ?, seller_info = ?, inquiry_link = ? WHERE id = ?`,
    ).run(
      terms.price ?? null,
      terms.groupBuyPrice ?? null,
      iso(terms.startAt),
      iso(terms.endAt),
      terms.note ?? "",
      terms.isSoldOut ? 1 : 0,
      terms.sellerNm ?? "",
      terms.sellerInfo ?? "",
      terms.inquiryLink ?? null,
      id,
    );
  }
  return id;
}

export type NewPartnerAd = {
  name?: string;
  link?: string | null;
  imageUrl?: string;
  isView?: boolean;
  position?: number;
  width?: number;
  height?: number;
};

/** A partner banner: a picture on the partner's host that links to `link`. */
export function addPartnerAd(
  db: Db,
  {
    name = "배너",
    link = "https://link.coupang.com/a/x",
    imageUrl = "/demo/ads/ad-0.png",
    isView = true,
    position = 0,
    width = 100,
    height = 50,
  }: NewPartnerAd = {},
) {
  return inserted(
    db
      .prepare("INSERT INTO partner_ads (name, link, src, is_view, position, width, height) VALUES (?, ?, ?, ?, ?, ?, ?)")
      .run(name, link, imageUrl, isView ? 1 : 0, position, width, height),
  );
}
