/**
 * The Korean words of /navi (every content and admin page in one list) alone: decision 0008, ko.ts
 * ships with every page, and only this page names every admin screen.
 */
export const koNavi = {
  title: "전체 페이지",
  contentPages: "콘텐츠 페이지",
  adminPages: "관리자 페이지",
  privacyPages: "개인정보처리방침",
  links: {
    home: "홈",
    career: "경력",
    ai: "배변훈련 AI",
    reels: "릴스 모음",
    products: "제품 소개",
    detail: "상세 정보",
    login: "관리자 로그인",
    homeUpdate: "메뉴 수정",
    productRegister: "제품 등록",
    categoryRegister: "릴스 카테고리 등록",
    guideCategoryRegister: "글 카테고리 등록",
    reelsInbox: "미분류 릴스",
    instagram: "인스타그램 연결",
    careerUpdate: "경력 수정",
    siteSettings: "사이트 설정",
    insights: "방문·유입 경로·클릭 통계",
    poonpee: "푼피 개인정보처리방침",
    phonefinder: "폰파인더 개인정보처리방침",
  },
} as const;
