/**
 * The Korean words of the guide pages (상세/심화 정보: /detail-category, /detail-list, /detail-contents)
 * alone (decision 0008: ko.ts ships with every page). The owner's words for them are in ko-admin.ts.
 */
export const koGuides = {
  sectionDescription: "아동 작업치료사가 자세히 정리한 발달·배변훈련 안내 글을 카테고리별로 읽어 보세요.",
  searchLabel: "카테고리 검색",
  searchPlaceholder: "카테고리 이름을 입력해 주세요.",
  noCategories: "등록된 카테고리가 없습니다.",
  noSearchResult: "검색 결과가 없습니다.",
  showAllCategories: "전체 카테고리 보기",
  guidesCount: (count: number) => `글 ${count.toLocaleString("ko-KR")}개`,
  noGuidesBadge: "글 없음",
  listSearchLabel: "글 제목 검색",
  listSearchPlaceholder: "제목을 입력해 주세요.",
  showAll: "전체 글 보기",
  noGuides: "등록된 글이 없습니다.",
  noMatch: (keyword: string) => `‘${keyword}’에 맞는 글이 없습니다.`,
  notExist: "글이 존재하지 않습니다.",
  hidden: "비공개",
  scheduled: "예약됨",
  scheduledAt: (when: string) => `${when} 공개 예정`,
  published: "게시일",
  updated: "수정일",
  readingMinutes: (minutes: number) => `${minutes}분 읽기`,
  toc: "목차",
  neighbours: "같은 카테고리의 다른 글",
  previous: "이전 글",
  next: "다음 글",
  coverAlt: (title: string) => `${title} 대표 이미지`,
  categoryImageAlt: (name: string) => `${name} 카테고리 대표 이미지`,
  /** Inside a guide's text (rendered on the server). */
  reelCard: "릴스",
  productCard: "제품",
  table: "표",
  feedTitle: (site: string) => `${site} 상세 정보`,
  feedLink: "RSS 피드",
} as const;
