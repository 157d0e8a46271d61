import { listCategories } from "~/features/reels/categories.server";
import { listReels } from "~/features/reels/reels.server";
import { categoryPath, reelPath } from "~/lib/route-info";

const STATIC_PAGES = [
  "/",
  "/career-background",
  "/ai",
  "/ai/privacy",
  "/reels-category",
  "/product-list",
  "/poonpee/privacy",
  "/phonefinder/privacy",
];

function escapeXml(value: string) {
  return value.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Every public page a visitor can reach: the fixed pages, each published category and its reels. */
export function sitemapXml(origin: string) {
  const paths = [...STATIC_PAGES];
  for (const category of listCategories(null)) {
    paths.push(categoryPath(category));
    for (const reel of listReels(null, category.index).reels) {
      paths.push(reelPath(reel));
    }
  }
  const urls = paths.map((path) => `  <url><loc>${escapeXml(`${origin}${path}`)}</loc></url>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** Admin screens and the API are not for search engines. */
export function robotsTxt(origin: string) {
  const disallowed = [
    "/admin-login",
    "/home-update",
    "/product-upsert/",
    "/reels-category-upsert/",
    "/reels-upsert/",
    "/career-background-update/",
    "/instagram-token",
    "/navi",
    "/api/",
  ];
  return ["User-agent: *", ...disallowed.map((path) => `Disallow: ${path}`), "", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
}
