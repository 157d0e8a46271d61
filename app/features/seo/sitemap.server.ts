import { listGuideCategories } from "~/features/guides/categories.server";
import { publishedGuides } from "~/features/guides/guides.server";
import { guideCategoryPath, guidePath } from "~/features/guides/paths";
import { getHomeMenu } from "~/features/home/home.server";
import { listProducts } from "~/features/products/products.server";
import { listCategories } from "~/features/reels/categories.server";
import { listReels } from "~/features/reels/reel-lists.server";
import { currentSiteIdentity } from "~/features/settings/site-settings.server";
import { categoryPath, productPath, reelPath } from "~/lib/route-info";
import type { RouteTable } from "~/lib/route-table.server";

/** A page of the sitemap: its path and, where the site knows it, when it last changed (UTC ISO-8601). */
type SitemapPage = string | { path: string; lastmod: string };

/** The pages behind an address with parameters, listed from the published content. */
const CONTENT_PAGES: Record<string, () => SitemapPage[]> = {
  "routes/reels-list.$id.$title": () => listCategories(null).map(categoryPath),
  "routes/reels-content.$info": () => listCategories(null).flatMap((category) => listReels(null, category.index).reels.map(reelPath)),
  "routes/detail-list.$id.$title": () => listGuideCategories(null).map(guideCategoryPath),
  // A guide's lastmod is its last edit, or its publishing minute when that came later (a scheduled guide).
  "routes/detail-contents.$id": () =>
    publishedGuides(new Date()).map(({ guide }) => ({
      path: guidePath({ index: guide.id }),
      lastmod: guide.updatedAt > guide.publishAt ? guide.updatedAt : guide.publishAt,
    })),
  "routes/product.$id": () => listProducts(null).map((product) => productPath(product.index)),
};

function escapeXml(value: string) {
  return value.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * Every route that declares `sitemap`: its address, or for an address with parameters, each published
 * page behind it; none of a menu section the owner hides (DESIGN §10 "Hidden menus").
 */
export function sitemapXml(origin: string, routeTable: RouteTable) {
  const shown = getHomeMenu().isViewFlags;
  const paths = routeTable.routes
    .filter(({ facts }) => facts.access === "public" && facts.sitemap && (facts.section === undefined || shown[facts.section]))
    .flatMap((route): SitemapPage[] => {
      if (!route.hasParams) return [route.path];
      const listPages = CONTENT_PAGES[route.id];
      if (!listPages) throw new Error(`${route.id} is in the sitemap but the sitemap cannot list its pages (CONTENT_PAGES).`);
      return listPages();
    });
  // The owner's profile picture (사이트 설정 > 사이트 정보) is the home page's image, for image search.
  const picture = currentSiteIdentity().profileImage;
  const image = (path: string) =>
    path === "/" && picture ? `<image:image><image:loc>${escapeXml(`${origin}${picture}`)}</image:loc></image:image>` : "";
  const urls = paths
    .map((page) => {
      const { path, lastmod } = typeof page === "string" ? { path: page, lastmod: null } : page;
      return `  <url><loc>${escapeXml(`${origin}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 19)}Z</lastmod>` : ""}${image(path)}</url>`;
    })
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">\n${urls}\n</urlset>\n`;
}

/** Admin screens and the API are not for search engines. */
export function robotsTxt(origin: string) {
  const disallowed = [
    "/admin-login",
    "/home-update",
    "/product-upsert/",
    "/reels-category-upsert/",
    "/reels-upsert/",
    "/detail-category-upsert/",
    "/detail-list-upsert/",
    "/career-background-update/",
    "/instagram-token",
    "/instagram-connect",
    "/navi",
    "/api/",
  ];
  return ["User-agent: *", ...disallowed.map((path) => `Disallow: ${path}`), "", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
}
