/**
 * The words of the owner's statistics (/insights) and of her group buys at a glance (the product
 * list's edit mode, whose server module puts them together). Beside ko-admin.ts, not inside it: only
 * these screens load them, and the other admin screens are at their JavaScript budget
 * (docs/architecture.md §7, decision 0008).
 */
export const koInsights = {
  /** Her group buys at a glance: the product list's edit mode and /insights (docs/product.md §4). */
  groupBuys: {
    title: "공동구매별 구매 버튼 클릭",
    hint: "공동구매마다 기간 동안 구매 버튼을 누른 횟수와, 누른 방문자가 어디에서 왔는지입니다. 기간이 끝나지 않았으면 오늘까지 셉니다.",
    none: "등록된 공동구매가 없습니다.",
    window: (from: string, to: string) => `${from} ~ ${to}`,
    noStart: "바로 시작",
    noEnd: "마감 없음",
    clicks: (count: number) => `버튼 클릭 ${count.toLocaleString("ko-KR")}회`,
  },
  /** 방문·유입 경로·클릭 통계 */
  insights: {
    title: "방문·유입 경로·클릭 통계",
    intro: (days: number) =>
      `최근 ${days}일(한국 시간) 동안 방문자가 사이트의 페이지를 연 횟수와 어디에서 왔는지, 제품 버튼과 파트너 광고를 누른 횟수, 릴스를 본 횟수입니다. 같은 방문자가 한 시간 안에 같은 페이지를 다시 열면 한 번으로 셉니다. 관리자 본인과 검색 로봇은 세지 않으며, 쿠키·IP 등 방문자 정보는 저장하지 않습니다.`,
    periodLabel: "기간",
    period: (days: number) => `최근 ${days}일`,
    visitsTitle: "방문",
    visitsTotal: (days: number) => `${days}일 동안 페이지 방문`,
    sourcesTitle: "어디에서 왔나요",
    sources: { instagram: "인스타그램", kakaotalk: "카카오톡", search: "검색", direct: "직접 방문", other: "기타" },
    sourcesHint:
      "인스타그램·카카오톡 앱 안에서 연 방문은 그 앱으로 셉니다. 주소를 직접 입력했거나 즐겨찾기로 연 방문은 '직접 방문', 다른 사이트의 링크로 온 방문은 '기타'입니다. 사이트 안에서 옮겨 다닌 페이지는 처음 들어온 경로로 셉니다.",
    share: (percent: number) => `${percent}%`,
    pagesTitle: "페이지별 방문",
    pages: {
      "/": "홈",
      "/reels-category": "릴스 모음",
      "/reels-list/:id/:title": "릴스 목록 (카테고리별)",
      "/reels-content/:info": "릴스 보기",
      "/detail-category": "상세 정보",
      "/detail-list/:id/:title": "글 목록 (카테고리별)",
      "/detail-contents/:id": "글 읽기",
      "/product-list": "제품 소개",
      "/product/:id": "제품 상세",
      "/career-background": "경력",
      "/ai": "배변훈련 AI",
      "/ai/privacy": "배변훈련 AI 개인정보 안내",
      "/search": "검색",
      "/navi": "전체 페이지",
      "/phonefinder/privacy": "폰파인더 개인정보처리방침",
      "/poonpee/privacy": "푼피 개인정보처리방침",
    } as Record<string, string | undefined>,
    noVisits: "아직 기록된 방문이 없습니다.",
    kinds: { product: "제품 버튼 클릭", ad: "광고 클릭", reel: "릴스 조회", guide: "글 읽기" },
    totalsTitle: (days: number) => `클릭·조회 ${days}일 합계`,
    chartTitle: (days: number) => `일별 클릭·조회 (최근 ${days}일)`,
    chartSummary: (days: number, parts: string[], busiest: string | null) =>
      `최근 ${days}일 ${parts.join(", ")}.${busiest ? ` 가장 많은 날은 ${busiest}입니다.` : ""}`,
    busiestDay: (day: string, count: string) => `${day} (${count})`,
    empty: "아직 기록된 클릭이나 조회가 없습니다.",
    tableToggle: "날짜별 숫자 보기",
    dateHeader: "날짜",
    top: { product: "많이 누른 제품", reel: "많이 본 릴스", ad: "많이 누른 광고", guide: "많이 읽은 글" },
    noneYet: "아직 기록이 없습니다.",
    deleted: (id: number) => `삭제됨 (${id})`,
    times: (count: number) => `${count.toLocaleString("ko-KR")}회`,
    day: (month: number, date: number) => `${month}월 ${date}일`,
  },
} as const;
