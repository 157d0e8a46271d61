/**
 * The Korean words of the search page (/search) alone (decision 0008: ko.ts ships with every page;
 * the header's own label, ko.search, stays there).
 */
export const koSearch = {
  title: "검색",
  fieldLabel: "검색어",
  placeholder: "글, 릴스, 제품, 카테고리 검색",
  submit: "검색",
  hint: "글의 제목과 본문, 릴스의 제목과 설명, 제품 이름, 릴스 카테고리 이름에서 찾아 드려요. 여러 단어를 쓰면 모두 들어 있는 것만 보여 드려요.",
  noResults: (text: string) => `'${text}'에 대한 검색 결과가 없습니다.`,
  reels: "릴스",
  products: "제품",
  categories: "릴스 카테고리",
  guides: "상세 정보",
  count: (count: number) => `${count.toLocaleString("ko-KR")}건`,
  more: (limit: number) => `최근 ${limit}건만 보여 드려요. 검색어를 더 자세히 입력해 보세요.`,
  cut: (chars: number, words: number) => `검색어는 앞의 ${chars}자, 단어 ${words}개까지만 사용했어요.`,
  reelsCount: (count: number) => `릴스 ${count.toLocaleString("ko-KR")}개`,
} as const;
