/**
 * The Korean words of the guide pages (상세/심화 정보: /detail-category, /detail-list, /detail-contents)
 * alone (decision 0008: ko.ts ships with every page; what they say as the reel pages do, they take
 * from ko.reels). The owner's words for them are in ko-guides-admin.ts, the server's in ko-server.server.ts.
 */
export const koGuides = {
  guidesCount: (count: number) => `글 ${count.toLocaleString("ko-KR")}개`,
  noGuidesBadge: "글 없음",
  listSearchLabel: "글 제목 검색",
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
} as const;
