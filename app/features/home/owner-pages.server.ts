import { ko } from "~/copy/ko";
import { koAdmin } from "~/copy/ko-admin";
import { koInsights } from "~/copy/ko-insights";
import { koReelImport } from "~/copy/ko-reel-import";
import { koServer } from "~/copy/ko-server.server";
import type { Admin } from "~/lib/session.server";

export type OwnerPage = { to: string; label: string };

/**
 * The owner's screens as /navi lists them (DESIGN §10: to the owner alone). Only her page's data
 * carries them, so neither their addresses nor their names reach a visitor, even in JavaScript.
 */
export function ownerPages(admin: Admin | null): OwnerPage[] | null {
  if (!admin) return null;
  return [
    { to: "/home-update", label: koAdmin.homeUpdate.title },
    { to: "/product-upsert/0", label: ko.products.registerTitle },
    { to: "/reels-category-upsert/0", label: koAdmin.reelsForm.categoryRegisterTitle },
    { to: "/reels-inbox", label: koReelImport.inboxTitle },
    { to: "/detail-category-upsert/0", label: koServer.guideCategoryForm.registerTitle },
    { to: "/instagram-token", label: koAdmin.instagram.tokenTitle },
    { to: "/insights", label: koInsights.insights.title },
    { to: "/career-background-update/%5B%5D", label: koAdmin.career.modifyTitle },
    { to: "/site-settings", label: koAdmin.siteSettings.title },
  ];
}
