// The Korean copy of the owner's 방문·클릭 통계 screen. Beside ko.ts rather than in it: ko.ts is one
// module in a chunk every public page loads (at its 100 KiB budget), and these strings serve one
// admin page. esbuild splits by module, so a module of their own keeps them off public pages.

export const koInsights = {
  title: "방문·클릭 통계",
  intro:
    "최근 30일(한국 시간) 동안 방문자가 제품 버튼과 파트너 광고를 누른 횟수, 릴스를 본 횟수입니다. 관리자 본인의 클릭과 검색 로봇은 세지 않으며, 쿠키·IP 등 방문자 정보는 저장하지 않습니다.",
  kinds: { product: "제품 버튼 클릭", ad: "광고 클릭", reel: "릴스 조회" },
  totalsTitle: "30일 합계",
  chartTitle: "일별 클릭·조회 (최근 30일)",
  chartSummary: (parts: string[], busiest: string | null) =>
    `최근 30일 ${parts.join(", ")}.${busiest ? ` 가장 많은 날은 ${busiest}입니다.` : ""}`,
  busiestDay: (day: string, count: string) => `${day} (${count})`,
  empty: "아직 기록된 클릭이나 조회가 없습니다.",
  tableToggle: "날짜별 숫자 보기",
  dateHeader: "날짜",
  top: { product: "많이 누른 제품", reel: "많이 본 릴스", ad: "많이 누른 광고" },
  noneYet: "아직 기록이 없습니다.",
  deleted: (id: number) => `삭제됨 (${id})`,
  times: (count: number) => `${count.toLocaleString("ko-KR")}회`,
  day: (month: number, date: number) => `${month}월 ${date}일`,
} as const;
