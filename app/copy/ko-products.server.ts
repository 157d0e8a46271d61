/**
 * The words of the product pages' group buys (docs/product.md §2, §4), put together on the server
 * into each card's text and sent with the page's data: the product list is at its JavaScript budget
 * (docs/architecture.md §7), and what a card says depends on the moment of the request anyway.
 */
export const koProducts = {
  /** adDisclosure when the owner left it blank: never empty on a group buy. */
  disclosure: "광고 · 판매 수수료를 받는 공동구매입니다",
  /** The product form's placeholders, handed to it as data (no admin page's JavaScript carries them). */
  formPlaceholders: {
    name: "제품명을 입력해 주세요.",
    description: "제품 설명을 입력해 주세요.",
    note: "예: 2개 이상 무료배송",
    sellerInfo: "상호, 사업자등록번호, 연락처와 교환·환불 규정",
  },
  states: { upcoming: "오픈 예정", open: "진행 중", closed: "마감", soldOut: "품절" },
  weekdays: ["일", "월", "화", "수", "목", "금", "토"],
  date: (month: number, day: number, weekday: string) => `${month}월 ${day}일(${weekday})`,
  today: "오늘",
  /** "오전 10:00", "오후 2:30": an opening time, as a shop announces it. */
  clock12: (hour: number, minute: string) => `${hour < 12 ? "오전" : "오후"} ${hour % 12 === 0 ? 12 : hour % 12}:${minute}`,
  opens: (when: string) => `${when} 오픈`,
  /** "D-2 · 12월 5일(금) 23:59 마감" */
  closesIn: (days: number, when: string) => `D-${days} · ${when} 마감`,
  closesToday: (time: string) => `오늘 ${time} 마감`,
  closedAt: (when: string) => `${when} 마감`,
  price: "정가",
  groupBuyPrice: "공구가",
  /** A recommendation's one price. */
  priceOnly: "가격",
  won: (amount: number) => `${amount.toLocaleString("ko-KR")}원`,
  discount: (rate: number) => `${rate}% 할인`,
  pastTitle: "지난 공동구매",
  notify: "오픈 알림 받기",
  notifyHint: "카카오톡 채널을 추가하면 오픈 소식을 받아 볼 수 있어요.",
  seller: "판매자 정보",
  sellerName: "판매자",
  inquiry: "판매자에게 문의하기",
  backToList: "제품 목록 보기",
  /** The description of a product page's preview: its state and price before its text. */
  previewLine: (parts: string[]) => parts.join(" · "),
} as const;
