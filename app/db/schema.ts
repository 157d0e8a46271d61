import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

// Timestamps are stored as UTC ISO-8601 strings; they sort as text and read back unambiguously.
const createdAt = () =>
  text("created_at")
    .notNull()
    .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`);
const updatedAt = () =>
  text("updated_at")
    .notNull()
    .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`);

/** One row (id = 1): the names and visibility of the home menu sections. */
export const homeMenu = sqliteTable("home_menu", {
  id: integer("id").primaryKey(),
  homeMenuNm: text("home_menu_nm").notNull(),
  reelsMenuNm: text("reels_menu_nm").notNull(),
  productsMenuNm: text("products_menu_nm").notNull(),
  detailMenuNm: text("detail_menu_nm").notNull(),
  viewHome: integer("view_home", { mode: "boolean" }).notNull().default(true),
  viewReels: integer("view_reels", { mode: "boolean" }).notNull().default(true),
  viewProducts: integer("view_products", { mode: "boolean" }).notNull().default(true),
  viewDetail: integer("view_detail", { mode: "boolean" }).notNull().default(false),
  updatedAt: updatedAt(),
});

export const products = sqliteTable(
  "products",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    image: text("image"),
    isGroupBuy: integer("is_group_buy", { mode: "boolean" }).notNull().default(true),
    isView: integer("is_view", { mode: "boolean" }).notNull().default(true),
    isLeft: integer("is_left", { mode: "boolean" }).notNull().default(false),
    leftButtonNm: text("left_button_nm"),
    leftLink: text("left_link"),
    isRight: integer("is_right", { mode: "boolean" }).notNull().default(false),
    rightButtonNm: text("right_button_nm"),
    rightLink: text("right_link"),
    // A group buy's terms (docs/product.md §3): prices in won, its window as UTC instants, and the
    // seller. Its state (upcoming, open, closed, sold out) is never stored: it is worked out from
    // these at every request (features/products/group-buy.ts).
    /** 정가, won; null when not given. */
    price: integer("price"),
    /** 공구가, won, at most `price`; null when not given. */
    groupBuyPrice: integer("group_buy_price"),
    /** When the group buy opens (UTC ISO-8601); null: open from the start. */
    groupBuyStartAt: text("group_buy_start_at"),
    /** When it closes (UTC ISO-8601), after the start; null: no end set. */
    groupBuyEndAt: text("group_buy_end_at"),
    groupBuyNote: text("group_buy_note").notNull().default(""),
    /** The owner's 품절/조기 마감. */
    isSoldOut: integer("is_sold_out", { mode: "boolean" }).notNull().default(false),
    sellerNm: text("seller_nm").notNull().default(""),
    sellerInfo: text("seller_info").notNull().default(""),
    /** A KakaoTalk channel or another https address for questions. */
    inquiryLink: text("inquiry_link"),
    /** The label above a group buy's name; null: the default wording (app/copy). */
    adDisclosure: text("ad_disclosure"),
    /** Ascending is the order shown (within each section); new products take the smallest. */
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("products_listing").on(t.isView, t.position)],
);

export const reelCategories = sqliteTable(
  "reel_categories",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    image: text("image"),
    isView: integer("is_view", { mode: "boolean" }).notNull().default(true),
    /** Normalised "#tag #tag": an imported reel whose caption carries one is filed here. */
    hashtags: text("hashtags").notNull().default(""),
    /** Ascending is the order shown; new categories take the smallest. */
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("reel_categories_listing").on(t.isView, t.position)],
);

export const reels = sqliteTable(
  "reels",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    categoryId: integer("category_id")
      .notNull()
      .references(() => reelCategories.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    mediaId: text("media_id").notNull(),
    permalink: text("permalink"),
    /** Poster copied into uploads at registration, so it outlives Instagram's CDN link. */
    image: text("image"),
    /** Video URL from Instagram's CDN; it expires, so it is refreshed by media id. */
    link: text("link"),
    linkCheckedAt: text("link_checked_at"),
    caption: text("caption").notNull().default(""),
    /** When the media was posted on Instagram, UTC ISO-8601. */
    instaRegDate: text("insta_reg_date").notNull(),
    /**
     * The owner's order within the category (issue 33): pinned first (at most three), then ascending
     * position, then newest on Instagram. All 0 until she moves one, so the order is by date; a new
     * reel takes a position above the smallest, so it shows on top.
     */
    isPinned: integer("is_pinned", { mode: "boolean" }).notNull().default(false),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("reels_by_category").on(t.categoryId, t.instaRegDate),
    index("reels_in_order").on(t.categoryId, t.isPinned, t.position),
    uniqueIndex("reels_unique_media_per_category").on(t.categoryId, t.mediaId),
    index("reels_by_media").on(t.mediaId),
  ],
);

/** Imported reels no hashtag rule filed: only the admin sees them, in the inbox, until she files or hides them. */
export const reelInbox = sqliteTable(
  "reel_inbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    mediaId: text("media_id").notNull(),
    /** The name she gave it, for a reel whose category was deleted (kept when she files it again); null for an imported one. */
    name: text("name"),
    permalink: text("permalink"),
    image: text("image"),
    link: text("link"),
    linkCheckedAt: text("link_checked_at"),
    caption: text("caption").notNull().default(""),
    instaRegDate: text("insta_reg_date").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("reel_inbox_media").on(t.mediaId)],
);

/** Media the import must never bring back: reels she deleted, inbox reels she hid. */
export const ignoredMedia = sqliteTable("ignored_media", {
  mediaId: text("media_id").primaryKey(),
  reason: text("reason", { enum: ["deleted", "hidden"] }).notNull(),
  createdAt: createdAt(),
});

export const careerImages = sqliteTable("career_images", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  image: text("image").notNull(),
  position: integer("position").notNull(),
  /** Shown under the picture (a <figcaption>); empty: none. */
  caption: text("caption").notNull().default(""),
  width: integer("width"),
  height: integer("height"),
  createdAt: createdAt(),
});

/**
 * A partner (affiliate) banner the owner manages in 사이트 설정. Either a picture that links to
 * `link` (an uploaded `image`, or `imageUrl` on the partner's allowlisted host, from pasted banner
 * code), or the partner's own widget shown in an iframe (`frameUrl`, allowlisted host).
 */
export const partnerAds = sqliteTable(
  "partner_ads",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    link: text("link"),
    image: text("image"),
    imageUrl: text("src"),
    frameUrl: text("frame_url"),
    isView: integer("is_view", { mode: "boolean" }).notNull().default(true),
    position: integer("position").notNull(),
    /** The banner's own size (picture or widget), so it is drawn at its aspect ratio; null when unknown. */
    width: integer("width"),
    height: integer("height"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("partner_ads_listing").on(t.isView, t.position)],
);

/**
 * Click insights: how often something was used on one Korea-time day. No visitor data at all:
 * only a kind ("product", "ad", "reel"), the record's id and a count, written in batches.
 */
export const dailyCounts = sqliteTable(
  "daily_counts",
  {
    day: text("day").notNull(),
    kind: text("kind").notNull(),
    targetId: integer("target_id").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.kind, t.targetId] }), index("daily_counts_by_kind").on(t.kind, t.day)],
);

/**
 * Outbound clicks (a product's buttons, a partner banner) by where the visitor came from, per
 * Korea-time day: the same clicks as daily_counts, split by source ("instagram", "kakaotalk",
 * "search", "direct", "other"; docs/product.md §1), so the owner sees which source a group buy's
 * buyers came from. Counted from the migration that made it on; no visitor data.
 */
export const clickSources = sqliteTable(
  "click_sources",
  {
    day: text("day").notNull(),
    kind: text("kind").notNull(),
    targetId: integer("target_id").notNull(),
    source: text("source").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.kind, t.targetId, t.source] }), index("click_sources_by_target").on(t.kind, t.targetId, t.day)],
);

/**
 * Page visits: how often visitors opened one kind of public page (its route pattern, e.g.
 * `/reels-content/:info`, never a made-up path) on one Korea-time day, by where their visit came
 * from ("instagram", "kakaotalk", "search", "direct", "other"). No visitor data, written in batches.
 */
export const pageVisits = sqliteTable(
  "page_visits",
  {
    day: text("day").notNull(),
    page: text("page").notNull(),
    source: text("source").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.page, t.source] })],
);

export const admins = sqliteTable("admins", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  loginId: text("login_id").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = sqliteTable(
  "sessions",
  {
    /** SHA-256 of the random token in the cookie: a leaked database does not leak live sessions. */
    idHash: text("id_hash").primaryKey(),
    adminId: integer("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    persistent: integer("persistent", { mode: "boolean" }).notNull(),
    expiresAt: text("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_expiry").on(t.expiresAt)],
);

export const loginFailures = sqliteTable(
  "login_failures",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** "id:<login id>" or "ip:<client address>": each is throttled on its own. */
    throttleKey: text("throttle_key").notNull(),
    failedAt: text("failed_at").notNull(),
  },
  (t) => [index("login_failures_key_time").on(t.throttleKey, t.failedAt)],
);

export const settings = sqliteTable("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: updatedAt(),
});

/** 상세/심화 정보 (docs/product.md §3 guides): the categories the owner files her written guides in. */
export const guideCategories = sqliteTable(
  "guide_categories",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    image: text("image"),
    isView: integer("is_view", { mode: "boolean" }).notNull().default(true),
    /** Ascending is the order shown; new categories take the smallest. */
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("guide_categories_listing").on(t.isView, t.position)],
);

/**
 * A written guide: its Markdown `body` as she typed it, and what it is rendered to once, at save
 * (`html`, the table of contents `toc` as JSON, `readingMinutes`), so a view renders nothing.
 * Visitors see it while `isView` and from `publishAt` (UTC) on.
 */
export const guides = sqliteTable(
  "guides",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    categoryId: integer("category_id")
      .notNull()
      .references(() => guideCategories.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    summary: text("summary").notNull().default(""),
    body: text("body").notNull().default(""),
    html: text("html").notNull().default(""),
    toc: text("toc").notNull().default("[]"),
    readingMinutes: integer("reading_minutes").notNull().default(1),
    /** The cover picture; its 2:1 share image is derived from its name. */
    image: text("image"),
    isView: integer("is_view", { mode: "boolean" }).notNull().default(true),
    publishAt: text("publish_at").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("guides_by_category").on(t.categoryId, t.publishAt), index("guides_by_publish").on(t.publishAt)],
);

/**
 * Pictures uploaded into a guide's text (POST /api/detail/images, or beside the text without
 * JavaScript). A row from the upload on, so the start's sweep keeps the file while she is still
 * writing; `guideId` once a saved guide's text names it, so it goes with that guide.
 */
export const guidePictures = sqliteTable(
  "guide_pictures",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    image: text("image").notNull(),
    guideId: integer("guide_id").references(() => guides.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("guide_pictures_image").on(t.image), index("guide_pictures_guide").on(t.guideId)],
);

export type HomeMenuRow = typeof homeMenu.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type ReelCategoryRow = typeof reelCategories.$inferSelect;
export type ReelRow = typeof reels.$inferSelect;
export type ReelInboxRow = typeof reelInbox.$inferSelect;
export type GuideCategoryRow = typeof guideCategories.$inferSelect;
export type GuideRow = typeof guides.$inferSelect;

/**
 * Register forms already saved, by the id each form render carries (issue 20): a retry after a
 * dropped connection finds the record its first attempt made instead of making a second one.
 */
export const formSubmissions = sqliteTable("form_submissions", {
  id: text("id").primaryKey(),
  /** The table the record is in ("products", "reel_categories", "partner_ads", "guide_categories", "guides"). */
  kind: text("kind").notNull(),
  recordId: integer("record_id").notNull(),
  createdAt: createdAt(),
});

/**
 * Every table whose rows name an upload in their `image` column: the start-up sweep keeps what they
 * name, and `npm run backup` copies it (one list, so the two cannot drift apart).
 */
export const tablesWithUploads = [
  products,
  reelCategories,
  reels,
  reelInbox,
  careerImages,
  partnerAds,
  guideCategories,
  guides,
  guidePictures,
] as const;

/**
 * The `settings` rows whose value names an upload (the owner's profile picture, 사이트 설정): the
 * sweep keeps it and `npm run backup` copies it, as it does the images of `tablesWithUploads`.
 */
export const settingsWithUploads = ["site.profileImage"] as const;
