import { ko } from "./ko";

/**
 * The Korean words of the home page (/) alone (decision 0008: ko.ts ships with every page). The
 * introduction names only the menus visitors see (DESIGN §10 "Hidden menus"); with neither shown it
 * is the site's plain description.
 */
export const koHome = {
  introduction: ({ reels, products }: { reels: boolean; products: boolean }) =>
    reels && products
      ? "아동 작업치료사가 전하는 발달·배변훈련 정보, 릴스 모음, 추천 제품과 공동구매를 한곳에서 만나보세요."
      : reels
        ? "아동 작업치료사가 전하는 발달·배변훈련 정보와 릴스 모음을 한곳에서 만나보세요."
        : products
          ? "아동 작업치료사가 전하는 발달·배변훈련 정보와 추천 제품, 공동구매를 한곳에서 만나보세요."
          : ko.site.description,
} as const;
