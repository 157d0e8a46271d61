import { ko } from "~/copy/ko";
import { pageMeta, type MetaArgs } from "~/lib/seo";

/**
 * The previews of one category's list (its reels, its guides): the category's name, description
 * (else its section's) and picture, and its one address; a list the loader did not find is the 404.
 */
export function categoryListMeta(
  args: MetaArgs,
  list: { category: { categoryNm: string; description: string; image: string | null }; sectionDescription: string; path: string } | null,
) {
  if (!list) return pageMeta(args, { title: ko.errors.notFoundTitle, noindex: true });
  return pageMeta(args, {
    title: list.category.categoryNm,
    description: list.category.description || list.sectionDescription,
    image: list.category.image,
    canonicalPath: list.path,
  });
}
