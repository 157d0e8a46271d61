import { eq } from "drizzle-orm";
import type { HiddenNotice } from "~/components/HiddenSectionNotice";
import { koServer } from "~/copy/ko-server.server";
import { db, preparedPerConnection } from "~/db/client.server";
import { homeMenu, type HomeMenuRow } from "~/db/schema";
import { contentChanged } from "~/lib/content-version.server";
import { AppError } from "~/lib/errors";
import { assertAdmin, type Admin } from "~/lib/session.server";
import { MENU_KEYS, type HomeUpdate, type MenuKey } from "./schema";

/** docs/product.md §3 home menu config, as the API and the pages see it. */
export type HomeMenu = {
  homeMenuNm: string;
  reelsMenuNm: string;
  productsMenuNm: string;
  detailMenuNm: string;
  isViewFlags: Record<MenuKey, boolean>;
};

const DEFAULT_MENU: HomeMenu = {
  homeMenuNm: "홈",
  reelsMenuNm: "릴스 모음",
  productsMenuNm: "제품 소개",
  detailMenuNm: "상세 정보",
  isViewFlags: { home: true, reels: true, products: true, detail: false },
};

function toHomeMenu(row: HomeMenuRow): HomeMenu {
  return {
    homeMenuNm: row.homeMenuNm,
    reelsMenuNm: row.reelsMenuNm,
    productsMenuNm: row.productsMenuNm,
    detailMenuNm: row.detailMenuNm,
    isViewFlags: { home: row.viewHome, reels: row.viewReels, products: row.viewProducts, detail: row.viewDetail },
  };
}

/** Every rendered page reads it (the root loader's menu). */
const homeMenuQuery = preparedPerConnection((database) => database.select().from(homeMenu).where(eq(homeMenu.id, 1)).prepare());

export function getHomeMenu(): HomeMenu {
  const row = homeMenuQuery().get();
  return row ? toHomeMenu(row) : DEFAULT_MENU;
}

export type MenuChanges = {
  names: Partial<Record<MenuKey, string>>;
  flags: Partial<Record<MenuKey, boolean>>;
};

/** What an update would change, or null when it changes nothing. */
export function diffHomeMenu(current: HomeMenu, update: HomeUpdate): MenuChanges | null {
  const changes: MenuChanges = { names: {}, flags: {} };
  let changed = false;
  for (const key of MENU_KEYS) {
    const name = update[`${key}MenuNm`];
    if (name !== undefined && name !== current[`${key}MenuNm`]) {
      changes.names[key] = name;
      changed = true;
    }
    const flag = update.isViewFlags?.[key];
    if (flag !== undefined && flag !== current.isViewFlags[key]) {
      changes.flags[key] = flag;
      changed = true;
    }
  }
  return changed ? changes : null;
}

/** The review step of the home-menu edit: refuses an edit that changes nothing (docs/product.md §5). */
export function reviewHomeMenuUpdate(admin: Admin | null, update: HomeUpdate) {
  assertAdmin(admin);
  const current = getHomeMenu();
  const changes = diffHomeMenu(current, update);
  if (!changes) throw new AppError(400, "NOTHING_CHANGED", koServer.homeUpdate.nothingChanged);
  return { current, changes };
}

export function updateHomeMenu(admin: Admin | null, update: HomeUpdate): HomeMenu {
  const { current, changes } = reviewHomeMenuUpdate(admin, update);
  const next: HomeMenu = {
    homeMenuNm: changes.names.home ?? current.homeMenuNm,
    reelsMenuNm: changes.names.reels ?? current.reelsMenuNm,
    productsMenuNm: changes.names.products ?? current.productsMenuNm,
    detailMenuNm: changes.names.detail ?? current.detailMenuNm,
    isViewFlags: { ...current.isViewFlags, ...changes.flags },
  };
  const values = {
    homeMenuNm: next.homeMenuNm,
    reelsMenuNm: next.reelsMenuNm,
    productsMenuNm: next.productsMenuNm,
    detailMenuNm: next.detailMenuNm,
    viewHome: next.isViewFlags.home,
    viewReels: next.isViewFlags.reels,
    viewProducts: next.isViewFlags.products,
    viewDetail: next.isViewFlags.detail,
    updatedAt: new Date().toISOString(),
  };
  db()
    .insert(homeMenu)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: homeMenu.id, set: values })
    .run();
  contentChanged();
  return next;
}

/** The menu sections the owner may hide (/home-update): their pages, search results, sitemap entries and home card go with them. */
export type SectionKey = Exclude<MenuKey, "home">;

/**
 * The door of a page of a section the owner may hide (DESIGN §10 "Hidden menus"): while the section
 * is hidden a visitor gets the 404 page, as for a page that does not exist; the owner still sees the
 * page, with `hiddenNotice` to show. The menu change is a write (contentChanged), so a stored page
 * of the section is never served after it.
 */
export function sectionPage(admin: Admin | null, section: SectionKey): { hiddenNotice: HiddenNotice | null } {
  if (getHomeMenu().isViewFlags[section]) return { hiddenNotice: null };
  if (!admin) throw new Response("Not found", { status: 404 });
  return { hiddenNotice: koServer.hiddenSection };
}
