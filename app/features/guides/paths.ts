/** The guide category list in edit mode, where its "위로"/"아래로" post and come back to. */
export const GUIDE_CATEGORY_EDIT_PATH = "/detail-category?mode=edit";

/** A guide's one address (links, canonical URL, sitemap, feed, share dialog); here, not in route-info.ts, which every page loads. */
export function guidePath(guide: { index: number }) {
  return `/detail-contents/${guide.index}`;
}

/** The one address of a guide category's list. */
export function guideCategoryPath(category: { index: number; categoryNm: string }) {
  return `/detail-list/${category.index}/${encodeURIComponent(category.categoryNm)}`;
}
